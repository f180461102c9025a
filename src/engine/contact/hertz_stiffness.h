#pragma once
// Hertz contact stiffness of two elastic bodies touching at a point:
//   k0 = 4 / (3 (σ1 + σ2)) · sqrt(R*),   σ_i = (1 − ν_i²) / E_i,
//   1/R* = 1/R1 + 1/R2  (R* = R1 R2 / (R1 + R2)),
// so that the Hertz force is k0 ρ^{3/2} (seeds 000/001, after Hunt & Crossley).
// Radii are signed radii of curvature at the contact point: > 0 convex,
// < 0 concave (a circular wall seen from inside: R2 = −R_W), +inf flat.
// Hertz theory needs a small contact patch on non-conformal surfaces, i.e.
// 0 < R* and R* not much larger than the bodies. Otherwise the result says
// so (status + message) instead of returning NaN or a meaningless k0.
#include <string>

namespace cl {

/// Elastic constants of one body.
struct ElasticMaterial {
  double youngs_modulus = 1e7;  ///< E, Pa (N/m²); > 0
  double poisson_ratio = 0.28;  ///< ν, dimensionless; in (−1, 0.5]
};

/// σ = (1 − ν²) / E, 1/Pa: the body's share of the contact compliance.
double hertz_compliance(const ElasticMaterial& material);

/// Why a stiffness could not be computed.
enum class HertzStatus {
  Ok,
  InvalidInput,    ///< a material constant or radius out of range, or not finite
  Conformal,       ///< 1/R1 + 1/R2 <= 0: the surfaces fit into each other (or both flat)
  NearlyConformal  ///< R* beyond the allowed multiple of the body size
};

/// The Hertz stiffness of one contact, or why there is none.
struct HertzStiffness {
  HertzStatus status = HertzStatus::InvalidInput;
  double stiffness = 0;         ///< k0, N/m^{3/2}; 0 unless status is Ok
  double effective_radius = 0;  ///< R*, m; +inf for 1/R1 + 1/R2 = 0, < 0 when inverted
  std::string message;          ///< empty when Ok; otherwise names the numbers that failed
  bool ok() const { return status == HertzStatus::Ok; }
};

/// Largest R* / body_size accepted by default. The Hertz patch radius is
/// sqrt(R* ρ); at R* = 100 L it already reaches the body size L at a
/// penetration of L / 100, so beyond that the half-space assumption fails
/// for any penetration worth simulating.
constexpr double kMaxEffectiveRadiusOverSize = 100;

/// k0 for bodies of `material1`, `material2` with signed radii of curvature
/// `radius1`, `radius2` (m; +inf for a flat surface; 0 is invalid) at the
/// contact point. `body_size` (m, > 0; e.g. the larger semi-axis of the
/// smaller body) sets the scale for the near-conformal check R* <=
/// max_radius_over_size · body_size. Never returns NaN.
HertzStiffness hertz_stiffness(const ElasticMaterial& material1, double radius1,
                               const ElasticMaterial& material2, double radius2, double body_size,
                               double max_radius_over_size = kMaxEffectiveRadiusOverSize);

}  // namespace cl
