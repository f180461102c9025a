// Brent root finding: where it lands (within t_tol, on the gb side) and
// what it costs (evaluations of g, compared with plain bisection).
#include <cmath>
#include <functional>
#include <string>

#include <doctest/doctest.h>

#include "integrators/root_find.h"

namespace {

struct RootCase {
  std::string name;
  std::function<double(double)> g;
  double a, b;
  double root;  // known to double precision
};

/// Runs find_root on [a, b] (g(a), g(b) evaluated up front, as an event
/// locator has them) and counts the evaluations find_root makes itself.
double locate(const RootCase& c, double t_tol, int& evaluations) {
  evaluations = 0;
  const auto counted = [&](double t) {
    ++evaluations;
    return c.g(t);
  };
  return cl::find_root(counted, c.a, c.g(c.a), c.b, c.g(c.b), t_tol);
}

bool same_sign_or_zero(double value, double reference) {
  return value == 0 || (value > 0) == (reference > 0);
}

}  // namespace

TEST_CASE("find_root lands within t_tol of the root, on the side of g(b)") {
  const RootCase cases[] = {
      // Wallis's cubic, increasing through the root: the gb side is after it.
      {"t^3 - 2t - 5", [](double t) { return t * t * t - 2 * t - 5; }, 2.0, 3.0,
       2.0945514815423265},
      // Decreasing through the root: g(b) < 0, still after the root.
      {"cos t - t", [](double t) { return std::cos(t) - t; }, 0.0, 1.0, 0.7390851332151607},
      // Bracket given backwards (b < a), as when integrating backwards in time.
      {"exp(-t) - 1/2, reversed", [](double t) { return std::exp(-t) - 0.5; }, 2.0, 0.0,
       std::log(2.0)},
      // Triple root: g is flat there, so interpolation creeps and bisection must take over.
      {"(t - 1/3)^3", [](double t) { return std::pow(t - 1.0 / 3, 3); }, 0.0, 1.0, 1.0 / 3},
      // A steep switch, like a contact gap changing sign within a step.
      {"tanh(200 (t - 0.7))", [](double t) { return std::tanh(200 * (t - 0.7)); }, 0.0, 1.0, 0.7},
  };
  for (const RootCase& c : cases) {
    for (double t_tol : {1e-6, 1e-10, 1e-14}) {
      int evaluations = 0;
      const double t = locate(c, t_tol, evaluations);
      // How far past the root, measured in the direction from a to b.
      const double past_root = (t - c.root) * (c.b > c.a ? 1 : -1);
      const double bisection_evaluations = std::ceil(std::log2(std::abs(c.b - c.a) / t_tol));
      MESSAGE(c.name << "  t_tol=" << t_tol << "  past root by " << past_root << " s, "
                     << evaluations << " evaluations (bisection: " << bisection_evaluations << ")");
      CAPTURE(c.name);
      CAPTURE(t_tol);
      // The contract: on the gb side of the root ...
      CHECK(same_sign_or_zero(c.g(t), c.g(c.b)));
      // ... and no more than t_tol past it. The reference roots are exact to
      // about 1 ulp, hence the 4 ulp of slack.
      CHECK(past_root >= -4e-16);
      CHECK(past_root <= t_tol + 4e-16);
      // Brent forces a bisection whenever interpolation stops halving the
      // bracket, so it is never much worse than bisection. The worst case
      // here is the triple root, where interpolation converges only
      // linearly (measured ~2.9x bisection's count); 4x leaves margin.
      CHECK(evaluations <= 4 * bisection_evaluations);
    }
  }
}

TEST_CASE("find_root on smooth simple roots beats bisection") {
  // Superlinear convergence: to 1e-12 on [2, 3] bisection needs 40 evaluations.
  const RootCase wallis{"t^3 - 2t - 5", [](double t) { return t * t * t - 2 * t - 5; }, 2.0, 3.0,
                        2.0945514815423265};
  int evaluations = 0;
  locate(wallis, 1e-12, evaluations);
  MESSAGE("Wallis cubic to 1e-12: " << evaluations << " evaluations (bisection: 40)");
  CHECK(evaluations <= 12);  // inverse quadratic interpolation converges in a handful
}

TEST_CASE("find_root returns b itself when g(b) is exactly zero") {
  int evaluations = 0;
  const auto g = [&](double t) {
    ++evaluations;
    return t - 1.0;
  };
  const double t = cl::find_root(g, 0.0, -1.0, 1.0, 0.0, 1e-9);
  MESSAGE("g(b) = 0: returned " << t << " after " << evaluations << " evaluations");
  CHECK(t == 1.0);  // the event is exactly at b: nothing to search
  CHECK(evaluations == 0);
}

TEST_CASE("find_root with a t_tol below the resolution of t stops at a few ulps") {
  // t_tol = 1e-300 cannot be met near t ~ 0.74 (ulp ~ 1.1e-16): the bracket
  // stops at a few ulps wide instead of looping.
  const RootCase c{"cos t - t", [](double t) { return std::cos(t) - t; }, 0.0, 1.0,
                   0.7390851332151607};
  int evaluations = 0;
  const double t = locate(c, 1e-300, evaluations);
  MESSAGE("t_tol = 1e-300: past root by " << t - c.root << " s after " << evaluations
                                          << " evaluations");
  CHECK(same_sign_or_zero(c.g(t), c.g(c.b)));
  CHECK(std::abs(t - c.root) <= 8e-16);  // 4 eps |t|: the floor on the bracket width
}

TEST_CASE("after an event at a, the bracket starts where g has left zero for the side asked") {
  // A contact ended at a = 0 (g a round-off below zero there), opened, and
  // touches again at t = 2 ms: g(t) = t (0.002 − t) − 1e-16 (m).
  const auto g = [](double t) { return t * (0.002 - t) - 1e-16; };
  const double b = 0.01;
  const std::optional<cl::RootBracketEnd> start = cl::bracket_start_after_event(g, 0.0, b, true);
  REQUIRE(start);
  CHECK(start->g > 0);
  CHECK(start->g == g(start->t));
  const double t = cl::find_root(g, start->t, start->g, b, g(b), 1e-14);
  MESSAGE("bracket starts at " << start->t << " s; touches again at " << t << " s (exact 0.002 s)");
  CHECK(std::abs(t - 0.002) <= 1e-12);
  // Closing from the start, it never opened: no bracket.
  CHECK_FALSE(cl::bracket_start_after_event([](double t) { return -t - 1e-16; }, 0.0, b, true));
  // The other side: a contact that began at a and parted again.
  const std::optional<cl::RootBracketEnd> inside =
      cl::bracket_start_after_event([&](double t) { return -g(t); }, 0.0, b, false);
  REQUIRE(inside);
  CHECK(inside->g <= 0);
}

TEST_CASE("find_root_after_event: the crossing after g left zero, or a if it never did") {
  const auto g = [](double t) { return t * (0.002 - t) - 1e-16; };  // ended at 0, touches again at 2 ms
  const double t = cl::find_root_after_event(g, 0.0, g(0.0), 0.01, g(0.01), 1e-14);
  MESSAGE("touches again at " << t << " s (exact 0.002 s)");
  CHECK(std::abs(t - 0.002) <= 1e-12);
  const auto closing = [](double t) { return -t - 1e-16; };
  CHECK(cl::find_root_after_event(closing, 0.0, closing(0.0), 0.01, closing(0.01), 1e-14) == 0.0);
  // A proper bracket is find_root's.
  const auto line = [](double t) { return t - 0.25; };
  CHECK(cl::find_root_after_event(line, 0.0, -0.25, 1.0, 0.75, 1e-12) == cl::find_root(line, 0.0, -0.25, 1.0, 0.75, 1e-12));
}
