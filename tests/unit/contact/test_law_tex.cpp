// The contact laws as formulas: numbers written for TeX, each law's β as
// normal_law computes it.
#include <string>

#include <doctest/doctest.h>

#include "contact/law_tex.h"

TEST_CASE("tex_number: four significant digits, powers of ten written out") {
  CHECK(cl::tex_number(0.0375) == "0.0375");
  CHECK(cl::tex_number(-2) == "-2");
  CHECK(cl::tex_number(0) == "0");
  CHECK(cl::tex_number(1234.5678) == "1235");
  CHECK(cl::tex_number(123456.0) == R"(1.235\times 10^{5})");
  CHECK(cl::tex_number(1e5) == R"(10^{5})");
  CHECK(cl::tex_number(1e4) == R"(10^{4})");  // not printf's "1e+04"
  CHECK(cl::tex_number(12346.0) == R"(1.235\times 10^{4})");
  CHECK(cl::tex_number(9.99996e5) == R"(10^{6})");  // rounding carries into the next decade
  CHECK(cl::tex_number(2.5e-7) == R"(2.5\times 10^{-7})");
  CHECK(cl::tex_number(0.001) == "0.001");
  CHECK(cl::tex_number(1.0 / 0.0) == R"(\text{NaN})");
}

TEST_CASE("normal law formulas: the symbols, then the run's numbers with β from c_τ") {
  cl::NormalLawParams params;
  params.hertz_stiffness = 2.5e6;
  params.restitution = 0.975;
  const std::string hc = cl::normal_law_values_tex(cl::NormalLaw::HuntCrossley, params, true);
  MESSAGE(cl::normal_law_tex(cl::NormalLaw::HuntCrossley));
  MESSAGE(hc);
  CHECK(hc.find(R"(k_0 = 2.5\times 10^{6})") != std::string::npos);
  CHECK(hc.find(R"(\beta = 0.0375)") != std::string::npos);  // 3/2 (1 − 0.975)
  CHECK(cl::normal_law_tex(cl::NormalLaw::HuntCrossley).find(R"(\tfrac{3}{2}(1-c_\tau))") != std::string::npos);
  // Where k_0 follows each contact's curvature it is not written as one number.
  CHECK(cl::normal_law_values_tex(cl::NormalLaw::Flores, params, false).find("k_0") == std::string::npos);
  CHECK(cl::normal_law_values_tex(cl::NormalLaw::Flores, params, false).find(R"(\beta = 0.04103)") != std::string::npos);
  CHECK(cl::normal_law_values_tex(cl::NormalLaw::Hertz, params, true).find("beta") == std::string::npos);
  params.linear_stiffness = 8000;
  params.effective_mass = 0.5;
  params.restitution = 0.5;
  const std::string linear = cl::normal_law_values_tex(cl::NormalLaw::LinearSpringDashpot, params, true);
  MESSAGE(linear);
  CHECK(linear.find(R"(\zeta = 0.2155)") != std::string::npos);  // −ln 0.5 / sqrt(π² + ln² 0.5); d = 2 ζ sqrt(8000 · 0.5)
  CHECK(linear.find(R"(d = 2\zeta\sqrt{k_l m_\text{eff}} = 27.25)") != std::string::npos);
}
