#include "contact/hertz_stiffness.h"

#include <cmath>
#include <cstdio>
#include <limits>

#include "core/text.h"

namespace cl {
namespace {

bool valid_material(const ElasticMaterial& m) {
  return std::isfinite(m.youngs_modulus) && m.youngs_modulus > 0 && m.poisson_ratio > -1 &&
         m.poisson_ratio <= 0.5;
}

/// A radius of curvature is valid unless NaN or 0 (a corner: no Hertz contact).
bool valid_radius(double r) { return !std::isnan(r) && r != 0; }

/// `x` as printf's %g writes it (six significant digits: enough to say which number failed).
std::string g(double x) {
  char digits[32];
  std::snprintf(digits, sizeof digits, "%g", x);
  return digits;
}

/// A result without a stiffness, and why.
HertzStiffness failure(HertzStatus status, double effective_radius, std::string message) {
  return {status, 0, effective_radius, std::move(message)};
}

}  // namespace

double hertz_compliance(const ElasticMaterial& material) {
  return (1 - material.poisson_ratio * material.poisson_ratio) / material.youngs_modulus;
}

HertzStiffness hertz_stiffness(const ElasticMaterial& material1, double radius1,
                               const ElasticMaterial& material2, double radius2, double body_size,
                               double max_radius_over_size) {
  if (!valid_material(material1) || !valid_material(material2))
    return failure(HertzStatus::InvalidInput, 0,
                   text("hertz.invalid_material", {{"e1", g(material1.youngs_modulus)},
                                                   {"nu1", g(material1.poisson_ratio)},
                                                   {"e2", g(material2.youngs_modulus)},
                                                   {"nu2", g(material2.poisson_ratio)}}));
  if (!valid_radius(radius1) || !valid_radius(radius2))
    return failure(HertzStatus::InvalidInput, 0, text("hertz.zero_radius", {{"r1", g(radius1)}, {"r2", g(radius2)}}));
  if (!(std::isfinite(body_size) && body_size > 0 && max_radius_over_size > 0))
    return failure(HertzStatus::InvalidInput, 0,
                   text("hertz.invalid_size", {{"size", g(body_size)}, {"limit", g(max_radius_over_size)}}));

  // Work with curvatures: 1/inf = 0 makes a flat surface need no special case.
  const double curvature = 1 / radius1 + 1 / radius2;  // 1/R*, 1/m
  if (curvature <= 0)
    return failure(HertzStatus::Conformal,
                   curvature == 0 ? std::numeric_limits<double>::infinity() : 1 / curvature,
                   text("hertz.conformal", {{"curvature", g(curvature)}, {"r1", g(radius1)}, {"r2", g(radius2)}}));
  const double effective_radius = 1 / curvature;
  if (effective_radius > max_radius_over_size * body_size)
    return failure(HertzStatus::NearlyConformal, effective_radius,
                   text("hertz.nearly_conformal", {{"radius", g(effective_radius)},
                                                   {"ratio", g(max_radius_over_size)},
                                                   {"size", g(body_size)}}));

  const double compliance = hertz_compliance(material1) + hertz_compliance(material2);  // 1/Pa
  return {
      HertzStatus::Ok, 4 / (3 * compliance) * std::sqrt(effective_radius), effective_radius, {}};
}

}  // namespace cl
