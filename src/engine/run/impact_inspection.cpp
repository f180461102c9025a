#include "run/impact_inspection.h"

#include <cmath>
#include <cstdio>

#include "contact/effective_restitution.h"
#include "contact/impulse_law.h"
#include "contact/normal_law.h"
#include "core/text.h"

namespace cl {
namespace {

const double kNaN = std::nan("");

/// `digits` significant digits: what a note on restitutions needs.
std::string digits3(double x, int digits = 3) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*g", digits, x);
  return text;
}

/// The work round one force–penetration loop, J (trapezoids; loading counts
/// positive, unloading negative, so the sum is what the damping took).
double loop_work(const ImpactLoop& loop) {
  double work = 0;
  for (size_t k = 1; k < loop.penetration.size(); ++k)
    work += 0.5 * (loop.force[k] + loop.force[k - 1]) * (loop.penetration[k] - loop.penetration[k - 1]);
  return work;
}

/// The field named `name` of `e`, NaN when the scene has no such field.
double field(const Event& e, const std::vector<std::string>& names, const char* name) {
  for (size_t f = 0; f < names.size() && f < e.fields.size(); ++f)
    if (names[f] == name) return e.fields[f];
  return kNaN;
}

/// A body index field of `e` (0-based), or -1 if the event has none.
int body(const Event& e, const std::vector<std::string>& names, const char* name) {
  const double index = field(e, names, name);
  return index >= 0 ? static_cast<int>(index) : -1;
}

/// Where the law cannot give e = `asked` (read as the restitution wanted):
/// what it gives instead, and which law and c_τ would.
std::string floor_note(NormalLaw law, double asked, double got) {
  for (NormalLaw other : {NormalLaw::Flores, NormalLaw::LinearSpringDashpot})
    if (const std::optional<double> c = c_tau_for_restitution(other, asked))
      return text("inspect.floor_use", {{"law", normal_law_name(law)},
                                        {"floor", digits3(restitution_floor(law))},
                                        {"asked", digits3(asked)},
                                        {"got", digits3(got)},
                                        {"other", normal_law_name(other)},
                                        {"c_tau", digits3(*c)}});
  return text("inspect.floor", {{"law", normal_law_name(law)},
                                {"floor", digits3(restitution_floor(law))},
                                {"asked", digits3(asked)},
                                {"got", digits3(got)}});
}

}  // namespace

ImpactInspection inspect_impacts(const Simulation& sim, size_t latest) {
  ImpactInspection out;
  out.e_closed_form = out.floor = kNaN;
  const ParamValues& p = sim.params();
  const std::optional<size_t> law_index = p.index_of("law");
  if (!law_index) return out;
  out.law = p.format(*law_index);
  const std::optional<NormalLaw> law = normal_law_with_id(out.law);
  const bool impulse = out.law == kImpulseLawId;
  if (impulse && p.index_of("e")) {
    out.asked_name = "e";
    out.asked = p.number("e");
    out.e_closed_form = out.asked;
  } else if (law && p.index_of("c_tau")) {
    out.asked_name = "c_tau";
    out.asked = p.number("c_tau");
    out.e_closed_form = effective_restitution(*law, out.asked);
    out.floor = restitution_floor(*law);
  }

  // Impacts: events with an approach and a rebound normal speed.
  const std::vector<std::string>& names = sim.description().event_fields;
  const ImpactLoopLog* loops = sim.scene().impact_loops();
  for (const Event& e : sim.events().events()) {
    double v_in = field(e, names, "v_impact"), v_out = field(e, names, "v_rebound");
    if (std::isnan(v_in)) v_in = field(e, names, "vn_before"), v_out = field(e, names, "vn_after");
    v_in = std::abs(v_in), v_out = std::abs(v_out);
    if (!(v_in > 0) || std::isnan(v_out)) continue;
    InspectedImpact impact{e.t, e.kind, body(e, names, "i"), body(e, names, "j"), v_in, v_out / v_in,
                           field(e, names, "max_penetration"), field(e, names, "duration"), kNaN};
    if (loops)
      for (const ImpactLoop& loop : loops->loops())
        if (loop.onset == e.t && loop.kind == e.kind) impact.loop_area = loop_work(loop);
    out.impacts.push_back(impact);
  }
  if (out.impacts.size() > latest) out.impacts.erase(out.impacts.begin(), out.impacts.end() - static_cast<long>(latest));

  // Notes, the law's limits first.
  if (law && *law == NormalLaw::Hertz)
    out.notes.push_back(text("inspect.hertz_elastic"));
  else if (law && !std::isnan(out.floor) && out.asked < out.floor)
    out.notes.push_back(floor_note(*law, out.asked, out.e_closed_form));
  else if (law && std::abs(out.e_closed_form - out.asked) > kClosedFormGap * out.asked)
    out.notes.push_back(text("inspect.c_tau_not_e", {{"law", normal_law_name(*law)},
                                                     {"e", digits3(out.e_closed_form)},
                                                     {"c_tau", digits3(out.asked)}}));
  size_t off = 0;
  const InspectedImpact* worst = nullptr;
  for (const InspectedImpact& impact : out.impacts) {
    const double gap = std::abs(impact.e_measured - out.e_closed_form);
    if (!(gap > kClosedFormGap * out.e_closed_form)) continue;
    ++off;
    if (!worst || gap > std::abs(worst->e_measured - out.e_closed_form)) worst = &impact;
  }
  if (worst) {
    const double friction = p.index_of("friction") ? p.number("friction") : 0;
    const std::string why = friction > 0 ? text("inspect.why_friction", {{"friction", digits3(friction)}})
                                         : text("inspect.why_oblique");
    out.notes.push_back(text("inspect.off_closed_form", {{"off", std::to_string(off)},
                                                         {"count", std::to_string(out.impacts.size())},
                                                         {"e", digits3(out.e_closed_form)},
                                                         {"farthest", digits3(worst->e_measured)},
                                                         {"t", digits3(worst->t, 4)},
                                                         {"why", why}}));
  }
  return out;
}

}  // namespace cl
