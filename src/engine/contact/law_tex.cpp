#include "contact/law_tex.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "contact/normal_law_terms.h"

namespace cl {
namespace {

/// β of a damped Hertz-family law, or NaN for the others.
double hertz_beta(NormalLaw law, double c_tau) {
  switch (law) {
    case NormalLaw::HuntCrossley: return hunt_crossley_beta(c_tau);
    case NormalLaw::LankaraniNikravesh: return lankarani_nikravesh_beta(c_tau);
    case NormalLaw::Flores: return flores_beta(c_tau);
    case NormalLaw::Gonthier: return gonthier_beta(c_tau);
    case NormalLaw::Hertz:
    case NormalLaw::LinearSpringDashpot: break;
  }
  return std::nan("");
}

/// β in symbols, as the law's paper writes it.
const char* beta_tex(NormalLaw law) {
  switch (law) {
    case NormalLaw::HuntCrossley: return R"(\tfrac{3}{2}(1-c_\tau))";
    case NormalLaw::LankaraniNikravesh: return R"(\tfrac{3}{4}(1-c_\tau^2))";
    case NormalLaw::Flores: return R"(\dfrac{8(1-c_\tau)}{5c_\tau})";
    case NormalLaw::Gonthier: return R"(\dfrac{1-c_\tau^2}{c_\tau})";
    case NormalLaw::Hertz:
    case NormalLaw::LinearSpringDashpot: break;
  }
  return "";
}

const char* const kRateRatio = R"(\dfrac{\dot\rho}{\dot\rho^-})";

}  // namespace

std::string tex_number(double x, int digits) {
  if (!std::isfinite(x)) return R"(\text{NaN})";
  if (x == 0) return "0";
  const int exponent = static_cast<int>(std::floor(std::log10(std::fabs(x))));
  char buffer[64];
  if (exponent >= -3 && exponent < digits) {  // %g itself switches to e+NN from `digits` on
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, x);
    return buffer;
  }
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, x / std::pow(10.0, exponent));
  std::string mantissa = buffer;
  if (mantissa == "10") {  // rounding carried into the next decade
    mantissa = "1";
    std::snprintf(buffer, sizeof buffer, "%d", exponent + 1);
  } else {
    std::snprintf(buffer, sizeof buffer, "%d", exponent);
  }
  const std::string power = std::string(R"(10^{)") + buffer + "}";
  return mantissa == "1" ? power : mantissa + R"(\times )" + power;
}

std::string normal_law_tex(NormalLaw law) {
  const std::string spring = R"(f_n = k_0\,\rho^{3/2})";
  switch (law) {
    case NormalLaw::Hertz: return spring;
    case NormalLaw::LinearSpringDashpot: return R"(f_n = k_l\,\rho + d\,\dot\rho)";
    default: break;
  }
  return spring + R"(\left[1 + \beta\,)" + kRateRatio + R"(\right],\quad \beta = )" + beta_tex(law);
}

std::string normal_law_values_tex(NormalLaw law, const NormalLawParams& params, bool stiffness_known) {
  if (law == NormalLaw::LinearSpringDashpot) {
    const double zeta = linear_damping_ratio(params.restitution);
    std::string tex = R"(k_l = )" + tex_number(params.linear_stiffness) + R"(\ \mathrm{N/m},\quad c_\tau = )" +
                      tex_number(params.restitution) + R"(,\quad \zeta = )" + tex_number(zeta);
    if (params.effective_mass > 0)
      tex += R"(,\quad d = 2\zeta\sqrt{k_l m_\text{eff}} = )" +
             tex_number(2 * zeta * std::sqrt(params.linear_stiffness * params.effective_mass)) + R"(\ \mathrm{N\,s/m})";
    return tex;
  }
  std::string tex;
  if (stiffness_known) tex = R"(k_0 = )" + tex_number(params.hertz_stiffness) + R"(\ \mathrm{N/m^{3/2}})";
  if (law == NormalLaw::Hertz) return tex;
  if (!tex.empty()) tex += R"(,\quad )";
  return tex + R"(c_\tau = )" + tex_number(params.restitution) + R"(,\quad \beta = )" +
         tex_number(hertz_beta(law, params.restitution));
}

std::string hertz_stiffness_tex() {
  return R"(k_0 = \dfrac{4}{3(\sigma_1+\sigma_2)}\sqrt{\dfrac{R_1R_2}{R_1+R_2}},\quad \sigma_i = \dfrac{1-\nu_i^2}{E_i})";
}

std::string elastic_energy_tex(NormalLaw law) {
  return law == NormalLaw::LinearSpringDashpot ? R"(U = \tfrac12 k_l\,\rho^2)" : R"(U = \tfrac25 k_0\,\rho^{5/2})";
}

std::string friction_law_tex(FrictionLaw law) {
  return law == FrictionLaw::SpeedProportional ? R"(f_t = -\mu_v\,f_n\,v_t)"
                                               : R"(f_t = -\mu\,f_n \tanh(v_t / v_\text{reg}))";
}

std::string friction_law_values_tex(FrictionLaw law, const FrictionParams& params) {
  if (law == FrictionLaw::SpeedProportional)
    return R"(\mu_v = )" + tex_number(params.speed_coefficient) + R"(\ \mathrm{s/m})";
  return R"(\mu = )" + tex_number(params.coulomb_coefficient) + R"(,\quad v_\text{reg} = )" +
         tex_number(params.regularisation_speed) + R"(\ \mathrm{m/s})";
}

std::string impulse_law_tex() { return R"(v_n^+ = -e\,v_n^-,\quad P = \dfrac{(1+e)\,v_n^-}{w})"; }

}  // namespace cl
