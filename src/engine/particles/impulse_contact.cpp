#include "particles/impulse_contact.h"

#include "contact/impulse_law.h"
#include "particles/sphere_overlap.h"

namespace cl {

ImpulseOutcome collide_spheres(Eigen::Vector3d& x_a, Eigen::Vector3d& v_a, double w_a, Eigen::Vector3d& x_b,
                               Eigen::Vector3d& v_b, double w_b, double r_a, double r_b, double e, double k_p) {
  const SphereOverlap o = sphere_overlap(x_a, x_b, r_a + r_b);
  if (o.depth < 0) return {};
  ImpulseOutcome out{true, false};
  const double w = w_a + w_b;
  const double closing = (v_b - v_a).dot(o.normal);  // < 0: approaching
  if (closing < 0) {
    const double j = restitution_impulse(-closing, w, e).impulse;  // kg m/s
    v_a -= (j * w_a) * o.normal;
    v_b += (j * w_b) * o.normal;
    out.impact = true;
  }
  if (k_p > 0) {
    const double push = k_p * o.depth / w;
    x_a -= (push * w_a) * o.normal;
    x_b += (push * w_b) * o.normal;
  }
  return out;
}

ImpulseOutcome collide_sphere_plane(Eigen::Vector3d& x, Eigen::Vector3d& v, double r, const Eigen::Vector3d& n,
                                    double offset, double e, double k_p) {
  const double depth = r - (x.dot(n) - offset);
  if (depth < 0) return {};
  ImpulseOutcome out{true, false};
  const double normal_speed = v.dot(n);
  if (normal_speed < 0) {
    v += restitution_impulse(-normal_speed, 1, e).impulse * n;  // w = 1: P is the speed change
    out.impact = true;
  }
  if (k_p > 0) x += (k_p * depth) * n;
  return out;
}

}  // namespace cl
