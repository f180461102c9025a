// One island's integrator step with event location: contacts that began or
// ended inside the step are found on the dense output, the earliest is
// located and the island restarts there. Guards for a step rate that cannot
// keep up and for an island whose energy grew.
#include "world/world.h"

#include <algorithm>
#include <cmath>

#include "core/number_format.h"
#include "core/text.h"
#include "dynamics/free_flight.h"

namespace cl {
namespace {

// A contact's searches are skipped for a step while its gap exceeds this
// many times how far the bodies' points can approach within the step.
constexpr double kStageAllowance = 3;

/// The island's contacts by position, as earliest_crossing() reads them.
struct IslandContacts {
  const ContactTable& table;
  const std::vector<size_t>& indices;
  const ContactState& operator[](size_t k) const { return table[indices[k]]; }
};

}  // namespace

void World::restart(Island& island, double t, const Vec& y) {
  state_.retired_steps += island.stepper.steps();  // configure() starts a fresh integrator
  StepperSettings settings = model_.contact.stepper;
  const int k = static_cast<int>(island.bodies.size());
  settings.positions = 3 * k;  // y = [Q, V, work integrals]
  // The work integrals start at 0 in each island: held to the tolerance
  // relative to the energy the island holds, not to atol's 1e-12 J.
  double energy = island.elastic_energy;
  for (int l = 0; l < k; ++l)
    energy += cl::kinetic_energy(model_.body_of(island.bodies[l]), y.segment<3>(3 * l), y.segment<3>(3 * (k + l)));
  settings.quadratures = 2;
  settings.quadrature_atol = std::max(settings.rtol * energy, settings.atol);
  island.motion = IslandMotion::Integrating;
  island.stepper.configure(settings);
  island.stepper.start(t, y, rhs(island));
}

void World::resume(Island& island, double t, const Vec& y) {
  if (can_swing(island)) {
    start_swing(island, t, y);
    return;
  }
  // Global stepping integrates everything, always: it is the reference.
  bool touching = model_.contact.stepping == Stepping::Global || has_threads(island);
  for (size_t index : island.contacts) touching = touching || state_.contacts[index].active;
  if (touching) {
    restart(island, t, y);
    return;
  }
  state_.retired_steps += island.stepper.steps();
  island.stepper = Stepper();
  std::fill(island.skipped.begin(), island.skipped.end(), 0);  // coasting searches every contact
  island.motion = IslandMotion::Coasting;
  island.t = t;
  island.y = y;
}

Vec World::island_state(const Island& island) const {
  const int n = model_.n, k = static_cast<int>(island.bodies.size());
  Vec y(6 * k + 2);
  for (int l = 0; l < k; ++l) {
    const int i = island.bodies[l];
    y.segment<3>(3 * l) = state_.y.segment<3>(3 * i);
    y.segment<3>(3 * (k + l)) = state_.y.segment<3>(3 * (n + i));
  }
  y[6 * k] = y[6 * k + 1] = 0;  // the island's own work integrals, added to the world's at each slab end
  return y;
}

void World::plan_step(Island& island, double t_end) {
  if (island.contacts.empty()) return;  // a body on a thread alone: nothing to skip
  const int k = static_cast<int>(island.bodies.size());
  const Vec& y = island.stepper.y();
  const double h = std::min(island.stepper.next_step(), t_end - island.stepper.t());
  double energy = island.elastic_energy;
  for (int l = 0; l < k; ++l)
    energy += cl::kinetic_energy(model_.body_of(island.bodies[l]), y.segment<3>(3 * l), y.segment<3>(3 * (k + l)));
  const EllipseBody lightest = model_.lightest_body();
  double mass = k * model_.body.total_mass();  // kg, of the island
  if (!model_.mass_factors.empty()) {
    mass = 0;
    for (int i : island.bodies) mass += model_.body_of(i).total_mass();
  }
  const double reach = point_reach(lightest, farthest_point(lightest), energy, mass, model_.gravity.norm(), h);
  for (size_t p = 0; p < island.contacts.size(); ++p) {
    ContactState& c = state_.contacts[island.contacts[p]];
    island.closing[p] = island.local[p].second < 0 ? reach : 2 * reach;
    // The stages of a step stray from the motion by a fraction of its length: room for that.
    const auto apart = [&] { return c.gap > kStageAllowance * island.closing[p]; };
    island.skipped[p] = !c.active && apart();
    if (island.skipped[p] || !island.gap_is_bound[p]) continue;
    // A bound too small to skip on: the exact gap now, at the step's start.
    const ContactResponse r = respond(c, y, k, island.local[p].first, island.local[p].second, nullptr, PairSearch::Global);
    c.gap = r.geometry.gap;
    if (r.geometry.searched) {
      c.warm = r.geometry.warm;
      c.has_warm = true;
    }
    island.gap_is_bound[p] = 0;
    island.skipped[p] = apart();
  }
}

std::optional<ContactCrossing> World::contact_crossing(const Island& island, double t0,
                                                      const std::vector<ContactResponse>& at_end, bool thread_event) {
  const int k = static_cast<int>(island.bodies.size());
  const Stepper& stepper = island.stepper;
  const Vec& y_end = stepper.y();
  const std::function<double(size_t, const Vec&)> gap_at = [&](size_t p, const Vec& y) {
    if (&y == &y_end) return at_end[p].geometry.gap;
    return respond(state_.contacts[island.contacts[p]], y, k, island.local[p].first, island.local[p].second, nullptr,
                   PairSearch::Global)
        .geometry.gap;
  };
  std::vector<size_t> candidates;
  if (model_.contact.impulse) {
    candidates = impulse_candidates(island, stepper.t(), gap_at, y_end);
    if (thread_event) failure_.clear();  // a body resting on another at the step's end: judged again from the thread's event
  } else {
    for (size_t p = 0; p < island.contacts.size(); ++p)
      if (!island.skipped[p]) candidates.push_back(p);
  }
  const IslandContacts contacts{state_.contacts, island.contacts};
  return earliest_crossing(stepper, t0, contacts, candidates, gap_at);
}

std::optional<std::string> World::island_step(Island& island, double t_end, std::vector<FinishedImpact>& impacts) {
  const int k = static_cast<int>(island.bodies.size());
  Stepper& stepper = island.stepper;
  const double t0 = stepper.t();
  failure_.clear();
  plan_step(island, t_end);
  if (!failure_.empty()) return failure_;
  // Only a contact stiffer than the fixed step can follow flings the bodies: the guard watches islands that have one.
  const bool guarded = model_.contact.stepper.kind != IntegratorKind::Dopri5 && !model_.contact.impulse &&
                       !island.contacts.empty();
  const IslandEnergy before = guarded ? island_energy(island, stepper.y(), island.elastic_energy) : IslandEnergy{};
  if (!stepper.step(rhs(island), t_end)) return text("world.step_underflow");
  if (!failure_.empty()) return failure_;
  // The step's end gets the global search once: for the crossings and, if none, for the refresh.
  const Vec& y_end = stepper.y();
  const std::vector<ContactResponse> at_end = global_responses(island, y_end);
  if (guarded) {
    double elastic = 0;
    for (const ContactResponse& r : at_end) elastic += r.elastic_energy;
    if (auto error = blown_up(before, island_energy(island, y_end, elastic))) return error;
  }
  // A thread's event inside the step makes the rest of it wrong: the contacts are judged up to it.
  const bool threads = has_threads(island);
  std::optional<ThreadCrossing> thread;
  if (threads) thread = thread_crossing(island, t0);
  std::optional<ContactCrossing> crossing;
  if (!island.contacts.empty()) crossing = contact_crossing(island, t0, at_end, thread.has_value());
  if (!failure_.empty()) return failure_;
  if (threads) {
    const double t_cut = std::min(crossing ? crossing->t : stepper.t(), thread ? thread->t : stepper.t());
    report_pivot_passes(island, t0, t_cut);
  }
  if (thread && (!crossing || thread->t < crossing->t)) {
    const ThreadCrossing event = *thread;
    Vec y(y_end.size());
    stepper.dense(event.t, y);
    cross_thread(island, event.body, event.t, y);
    refresh_contacts(island, global_responses(island, y), y);
    resume(island, event.t, y);
    return failure_.empty() ? std::nullopt : std::optional(failure_);
  }
  if (!crossing) {
    // The force jumped (the last stage is stale), or a thread drifted: from here afresh.
    const bool jumped = refresh_contacts(island, at_end, y_end);
    const bool drifted = threads && threads_drifted(island, y_end);
    if (!jumped && !drifted) return failure_.empty() ? std::nullopt : std::optional(failure_);
    Vec y = y_end;
    if (drifted) project_threads(island, y);
    restart(island, stepper.t(), y);
    return failure_.empty() ? std::nullopt : std::optional(failure_);
  }
  // Restart exactly at the event, so the force law switches there and nowhere else.
  const double t = crossing->t;
  Vec y(y_end.size());
  stepper.dense(t, y);
  std::fill(island.skipped.begin(), island.skipped.end(), 0);  // every contact searched at the event
  refresh_contacts(island, global_responses(island, y), y);
  const size_t p = crossing->index;
  ContactState& c = state_.contacts[island.contacts[p]];
  const auto [la, lb] = island.local[p];
  const ContactResponse r = respond(c, y, k, la, lb, nullptr, PairSearch::Global);
  if (model_.contact.impulse) {
    apply_impulses(island, p, r, t, y, impacts);
    if (threads) snap_threads(island, t, y);
  } else if (!c.active) {
    open_contact(island, c, t, r);
  } else {
    count_contact_event(island, t);
    impacts.push_back(FinishedImpact{c.i, c.j, c.onset_point, c.onset_normal, end_contact(c, t, r.rate)});
  }
  resume(island, t, y);
  return failure_.empty() ? std::nullopt : std::optional(failure_);
}

std::optional<std::string> World::count_step_rate(bool integrated, double span) {
  // Integrator steps per island and simulated second, over the last
  // kStepRateWindow island-seconds: bounded by the parameters, not a clock.
  // An explicit integrator on a contact stiffer than it can follow (dopri5
  // resting on E = 1e12 Pa) or a fixed step far below the contact's time
  // scale (rk4 at dt = 1e-7 s through a long contact) would otherwise take
  // minutes for a second of simulated time.
  StepRate& r = state_.step_rate;
  if (integrated) {
    r.steps += 1;
    r.integrated_seconds += span;
  }
  r.island_seconds += span;
  if (r.steps > kStepAllowance && r.steps > kMaxStepRate * r.island_seconds) {
    const StepperSettings& stepper = model_.contact.stepper;
    const std::string step = format_number(round_significant(r.integrated_seconds / r.steps, 2));  // s, the mean step
    const std::string limit = format_number(kMaxStepRate);
    return stepper.kind == IntegratorKind::Dopri5
               ? text("world.step_rate_adaptive", {{"step", step}, {"rate", limit}, {"rtol", format_number(stepper.rtol)}})
               : text("world.step_rate", {{"step", step},
                                          {"rate", limit},
                                          {"dt", format_number(stepper.h)},
                                          {"integrator", integrator_id(stepper.kind)}});
  }
  if (r.island_seconds > kStepRateWindow) {  // the older half is forgotten
    r.steps *= 0.5;
    r.integrated_seconds *= 0.5;
    r.island_seconds *= 0.5;
  }
  return std::nullopt;
}

std::optional<std::string> World::blown_up(const IslandEnergy& before, const IslandEnergy& after) const {
  // Passive contacts only take energy out (W_k, the stiffness work, moves a
  // little): a step that more than doubles the energy of motion and springs
  // is a fixed step too long for the contact's stiffness, which flings the
  // bodies ever faster, and a run of huge speeds and angles never ends
  // (E_e = 1e12 Pa or k_linear = 1e12 N/m under euler). Stopped as it
  // starts, by the state alone: the same verdict in every build.
  const double gained = after.moving + after.potential - (before.moving + before.potential);  // J
  const double floor = 1e-6 * (before.moving + std::abs(before.potential)) + 1e-12;  // J, round-off at rest
  if (!(gained > before.moving + floor)) return std::nullopt;
  const StepperSettings& stepper = model_.contact.stepper;
  return text("world.blew_up", {{"before", format_number(before.moving)},
                                {"after", format_number(after.moving)},
                                {"integrator", integrator_id(stepper.kind)},
                                {"dt", format_number(stepper.h)}});
}

}  // namespace cl
