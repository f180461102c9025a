#pragma once
// The contact-law inspector: for each recent impact of a run, the
// restitution asked for (c_τ, or e of the impulse law) against the one
// measured (rebound over approach normal speed), with the closed form of a
// head-on frictionless impact under the same law beside it, the deepest
// penetration, the contact time and the work the normal force took (the
// area inside its force–penetration loop); plus short notes in plain
// language where a law cannot give what was asked or where friction, spin
// or an oblique hit moves the measured value off the closed form.
#include <cstddef>
#include <string>
#include <vector>

#include "run/simulation.h"

namespace cl {

struct InspectedImpact {
  double t = 0;            ///< s, the located onset
  std::string kind;        ///< "wall", "pair", ...
  int i = -1, j = -1;      ///< the bodies that met, counted from 0; -1 where the event names none
  double v_in = 0;         ///< m/s, approach normal speed
  double e_measured = 0;   ///< rebound / approach normal speed
  double max_penetration;  ///< m; NaN for impulses (no penetration)
  double duration;         ///< s; NaN for impulses
  double loop_area;        ///< J, the work the normal force took; NaN without a loop
};

struct ImpactInspection {
  std::string law;            ///< the run's law choice ("hunt_crossley", "impulse"); empty if it has none
  std::string asked_name;     ///< "c_tau" or "e"
  double asked = 0;           ///< its value
  double e_closed_form = 0;   ///< e_eff of a head-on frictionless impact under the law (NaN if none)
  double floor = 0;           ///< the lowest e_eff the law reaches (NaN for impulses)
  std::vector<InspectedImpact> impacts;  ///< the latest, oldest first
  std::vector<std::string> notes;        ///< plain-language remarks, most important first
};

/// Relative gap between a measured restitution and the closed form above
/// which the inspector says why (friction, spin, an oblique hit).
constexpr double kClosedFormGap = 0.01;

/// The latest `latest` impacts of `sim` (events with an approach and a
/// rebound speed) and the notes on them.
ImpactInspection inspect_impacts(const Simulation& sim, size_t latest = 20);

}  // namespace cl
