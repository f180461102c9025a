#include "core/impact_inspection.h"

#include <cmath>
#include <cstdio>

#include "contact/effective_restitution.h"
#include "scenes/contact_params.h"

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

std::string law_title(const std::string& law) {
  if (const std::optional<NormalLaw> compliant = compliant_law_named(law)) return normal_law_name(*compliant);
  return law;
}

/// Where the law cannot give e = `asked` (read as the restitution wanted):
/// what it gives instead, and which law and c_τ would.
std::string floor_note(NormalLaw law, double asked, double got) {
  std::string note = std::string(normal_law_name(law)) + " cannot give a restitution below " +
                     digits3(restitution_floor(law)) + ", however small c_tau: c_tau = " +
                     digits3(asked) + " gives e = " + digits3(got) + ".";
  for (NormalLaw other : {NormalLaw::Flores, NormalLaw::LinearSpringDashpot})
    if (const std::optional<double> c = c_tau_for_restitution(other, asked)) {
      note += " For e = " + digits3(asked) + " use " + normal_law_name(other) + " with c_tau = " +
              digits3(*c) + ".";
      break;
    }
  return note;
}

}  // namespace

ImpactInspection inspect_impacts(const Simulation& sim, size_t latest) {
  ImpactInspection out;
  out.e_closed_form = out.floor = kNaN;
  const ParamValues& p = sim.params();
  const std::optional<size_t> law_index = p.index_of("law");
  if (!law_index) return out;
  out.law = p.format(*law_index);
  const std::optional<NormalLaw> law = compliant_law_named(out.law);
  const bool impulse = out.law == "impulse";
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
    InspectedImpact impact{e.t, e.kind, v_in, v_out / v_in, field(e, names, "max_penetration"),
                           field(e, names, "duration"), kNaN};
    if (loops)
      for (const ImpactLoop& loop : loops->loops())
        if (loop.onset == e.t && loop.kind == e.kind) impact.loop_area = loop_work(loop);
    out.impacts.push_back(impact);
  }
  if (out.impacts.size() > latest) out.impacts.erase(out.impacts.begin(), out.impacts.end() - static_cast<long>(latest));

  // Notes, the law's limits first.
  const std::string title = law_title(out.law);
  if (law && *law == NormalLaw::Hertz)
    out.notes.push_back("Pure Hertz has no damping: every impact is elastic (e = 1) whatever c_tau says.");
  else if (law && !std::isnan(out.floor) && out.asked < out.floor)
    out.notes.push_back(floor_note(*law, out.asked, out.e_closed_form));
  else if (law && std::abs(out.e_closed_form - out.asked) > kClosedFormGap * out.asked)
    out.notes.push_back(title + " gives e = " + digits3(out.e_closed_form) + " for c_tau = " +
                        digits3(out.asked) + " (head-on, no friction): c_tau is the law's parameter, "
                        "not the restitution it gives.");
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
    std::string why = friction > 0 ? "friction (" + digits3(friction) +
                                         ") turns part of the normal rebound into sliding and spin, and oblique hits on "
                                         "curved bodies pass energy between the normal and the tangential motion"
                                   : "an oblique hit on a curved body, or spin, passes energy between the normal "
                                     "and the tangential motion and rotation";
    out.notes.push_back(std::to_string(off) + " of " + std::to_string(out.impacts.size()) +
                        " impacts measure off the head-on closed form (e = " + digits3(out.e_closed_form) +
                        "), the farthest e = " + digits3(worst->e_measured) + " at t = " +
                        digits3(worst->t, 4) + " s: " + why + ".");
  }
  return out;
}

}  // namespace cl
