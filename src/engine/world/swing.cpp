// Swinging: an island of one body on a taut thread, with no contact it
// could make within the slab, is integrated in the thread's angle
// (world/swing.h) by the model's integrator; its state (t, y) follows each
// step. The thread going slack is located on the dense output of the angle,
// as thread_events.cpp locates it on the Cartesian one.
#include "world/swing.h"

#include <cmath>

#include "core/text.h"
#include "dynamics/free_flight.h"
#include "integrators/root_find.h"
#include "world/world.h"

namespace cl {
namespace {

constexpr double kPi = 3.14159265358979323846;

/// θ' = ω, ω' = −(g/L) sin θ.
OdeRhs swing_rhs(double g_over_length) {
  return [g_over_length](double, const Vec& s, Vec& dsdt) {
    dsdt[0] = s[1];
    dsdt[1] = -g_over_length * std::sin(s[0]);
  };
}

}  // namespace

SwingFrame swing_frame(const Thread& thread, const Eigen::Vector2d& gravity) {
  SwingFrame frame;
  frame.pivot = thread.pivot;
  frame.length = thread.length;
  const double g = gravity.norm();
  if (g > 0) frame.down = gravity / g;
  frame.side = Eigen::Vector2d(-frame.down.y(), frame.down.x());
  frame.g_over_length = g / thread.length;
  return frame;
}

Eigen::Vector2d swing_angle(const SwingFrame& frame, const Coordinates& Q, const Velocities& V) {
  const Eigen::Vector2d r = Q.head<2>() - frame.pivot;
  const double theta = std::atan2(r.dot(frame.side), r.dot(frame.down));
  // Across the thread: along dr/dθ = L (cos θ side − sin θ down).
  const Eigen::Vector2d across = std::cos(theta) * frame.side - std::sin(theta) * frame.down;
  return {theta, V.head<2>().dot(across) / frame.length};
}

void place_on_swing(const SwingFrame& frame, double cos_theta, double sin_theta, double omega, Coordinates& Q,
                    Velocities& V) {
  Q.head<2>() = frame.pivot + frame.length * (sin_theta * frame.side + cos_theta * frame.down);
  V.head<2>() = (frame.length * omega) * (cos_theta * frame.side - sin_theta * frame.down);
}

bool World::can_swing(const Island& island) const {
  if (island.bodies.size() != 1 || !island.contacts.empty() || model_.contact.stepping == Stepping::Global)
    return false;
  const int i = island.bodies.front();
  // A centre of mass off the thread's knot would couple the rotation in.
  return model_.tied(i) && !state_.slack[i] && centre_offset(model_.body_of(i)) == 0;
}

void World::start_swing(Island& island, double t, const Vec& y) {
  state_.retired_steps += island.stepper.steps();
  const Thread& thread = model_.threads[island.bodies.front()];
  const SwingFrame frame = swing_frame(thread, model_.gravity);
  StepperSettings settings = model_.contact.stepper;
  settings.positions = 1;  // [θ, ω]
  settings.quadratures = 0;
  settings.atol /= thread.length;  // rad and rad/s for the m and m/s of the Cartesian form
  island.motion = IslandMotion::Swinging;
  island.t = t;
  island.y = y;
  const Eigen::Vector2d angle = swing_angle(frame, y.segment<3>(0), y.segment<3>(3));
  island.stepper.configure(settings);
  island.stepper.start(t, Vec(angle), swing_rhs(frame.g_over_length));
}

std::optional<std::string> World::swing(Island& island, double t_end) {
  const SwingFrame frame = swing_frame(model_.threads[island.bodies.front()], model_.gravity);
  Stepper& stepper = island.stepper;
  const double t0 = stepper.t();
  const OdeRhs rhs = swing_rhs(frame.g_over_length);
  if (!stepper.step(rhs, t_end)) return text("world.step_underflow");
  // The body at time t of the step, at angle and rate s there, into y (at the step's start before).
  const auto place = [&](double t, const Vec& s, double cos_theta, double sin_theta, Vec& y) {
    Coordinates Q = y.segment<3>(0);
    Velocities V = y.segment<3>(3);
    place_on_swing(frame, cos_theta, sin_theta, s[1], Q, V);
    Q.z() += V.z() * (t - t0);  // the rotation turns on at its rate
    y.segment<3>(0) = Q;
    y.segment<3>(3) = V;
  };
  const Vec& s_end = stepper.y();
  const double cos_end = std::cos(s_end[0]), sin_end = std::sin(s_end[0]);
  const double pull_end = swing_pull(frame, cos_end, s_end[1]);
  if (pull_end >= 0) {
    place(stepper.t(), s_end, cos_end, sin_end, island.y);
    island.t = stepper.t();
    // Over the top: back within (−π, π], so dopri5's tolerance, relative to |θ|, stays what it was.
    if (std::abs(s_end[0]) > kPi) start_swing(island, island.t, Vec(island.y));
    return std::nullopt;
  }
  // The pull turned into a push inside the step: the thread goes slack where it crossed zero.
  Vec s(2);
  stepper.dense(t0, s);
  const double pull_start = swing_pull(frame, std::cos(s[0]), s[1]);
  const auto push = [&](double t) {
    stepper.dense(t, s);
    return -swing_pull(frame, std::cos(s[0]), s[1]);
  };
  const double tolerance = 1e-12 * std::max(1.0, std::abs(stepper.t()));  // s, as for every thread
  const double t = find_root_after_event(push, t0, -pull_start, stepper.t(), -pull_end, tolerance);
  stepper.dense(t, s);
  Vec y = island.y;
  place(t, s, std::cos(s[0]), std::sin(s[0]), y);
  failure_.clear();
  cross_thread(island, 0, t, y);
  resume(island, t, y);
  return failure_.empty() ? std::nullopt : std::optional(failure_);
}

}  // namespace cl
