#pragma once
// The life of one unilateral contact across integrator steps, shared by the
// scenes with compliant contacts (ellipses, street): the onset located on the
// integrator's dense output, where the approach speed ρ̇⁻ of the damped laws
// is taken (DESIGN.md: never guessed from a window of distances); the deepest
// penetration; the force-vs-penetration loop; and the summary when it ends.
// A scene keeps one TrackedContact per possible contact (or derives its own
// contact record from it) and, at each accepted step:
//   1. earliest_crossing() over the contacts that may have changed,
//   2. if one crossed: restarts its integrator at that time and calls
//      begin_contact() or end_contact(),
//   3. follow_contact() for every active contact at the accepted state.
#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/event.h"
#include "core/impact_loop.h"
#include "integrators/root_find.h"
#include "integrators/stepper.h"

namespace cl {

struct TrackedContact {
  bool active = false;         ///< gap <= 0 since the located onset
  double gap = 1;              ///< at the last accepted state, m (> 0 apart)
  double impact_speed = 0;     ///< ρ̇ at the located onset, m/s (> 0 approaching)
  double onset = 0;            ///< s
  double max_penetration = 0;  ///< m
  size_t loop = 0;             ///< id of its force-vs-penetration loop in the scene's ImpactLoopLog
};

/// One finished impact.
struct ImpactSummary {
  double onset = 0;            ///< s
  double impact_speed = 0;     ///< ρ̇ at the onset, m/s
  double max_penetration = 0;  ///< m
  double duration = 0;         ///< s
  double rebound_speed = 0;    ///< −ρ̇ at the end, m/s
  double restitution = 0;      ///< rebound / impact speed (NaN if the impact speed was not > 0)
};

/// Event columns of an ImpactSummary, in order: v_impact, max_penetration,
/// duration, v_rebound, restitution.
const std::vector<std::string>& impact_fields();
/// Writes the summary into `event.fields` from index `first` on.
void write_impact_fields(const ImpactSummary& impact, Event& event, size_t first);

/// A contact whose gap changed sign inside the step just taken, and when (s).
struct ContactCrossing {
  size_t index = 0;
  double t = 0;
};

/// The earliest contact among `candidates` (indices into `contacts`) whose
/// gap changed sign over the step [t0, stepper.t()]: inactive ones reaching
/// gap <= 0, active ones reaching gap > 0. The time is located on the dense
/// output to 1e-12 relative. `gap_at(index, y)` gives the gap of contact
/// `index` at state y (m); contacts[index].gap must hold it at t0. A contact
/// that began or ended at t0 has a gap there that is a round-off of zero,
/// either side: its crossing is looked for after its gap left zero.
template <class Contacts, class GapAt>
std::optional<ContactCrossing> earliest_crossing(const Stepper& stepper, double t0, const Contacts& contacts,
                                                 const std::vector<size_t>& candidates, GapAt&& gap_at) {
  const double t1 = stepper.t();
  std::optional<ContactCrossing> earliest;
  Vec y_probe;  // sized at the first crossing
  for (size_t index : candidates) {
    const TrackedContact& c = contacts[index];
    const double gap1 = gap_at(index, stepper.y());
    if (c.active ? !(gap1 > 0) : !(gap1 <= 0)) continue;
    y_probe.resize(stepper.y().size());
    const std::function<double(double)> gap_on_step = [&](double t) {
      stepper.dense(t, y_probe);
      return gap_at(index, y_probe);
    };
    const double t = find_root_after_event(gap_on_step, t0, c.gap, t1, gap1, 1e-12 * std::max(1.0, std::abs(t1)));
    if (!earliest || t < earliest->t) earliest = ContactCrossing{index, t};
  }
  return earliest;
}

/// Starts contact `c` at its located onset t (s) with approach speed `rate`
/// (m/s), `gap` (m, ~0) and normal force `force` (N), and opens its loop.
void begin_contact(TrackedContact& c, double t, double rate, double gap, double force, ImpactLoopLog& loops,
                   const std::string& kind, int i, int j);
/// Ends contact `c` at its located end t (s), separating at −`rate` (m/s).
ImpactSummary end_contact(TrackedContact& c, double t, double rate);
/// Takes an accepted state of an active contact: gap (m) and normal force (N).
void follow_contact(TrackedContact& c, double gap, double force, ImpactLoopLog& loops);

}  // namespace cl
