// A world's state is a whole snapshot (world/state.h, issue 36): a world
// restored from a copy taken mid-run, islands and their integrators
// included, runs on exactly as the original does.
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "world/world.h"

namespace {

/// Three ellipses with observers in a circular wall, Hunt–Crossley with
/// friction, under gravity: islands form and dissolve, contacts open and close.
cl::WorldModel three_in_a_wall(cl::Stepping stepping) {
  cl::WorldModel m;
  m.n = 3;
  m.body.m = 1;
  m.body.a = 1;
  m.body.b = 0.6;
  m.body.m_o = 0.5;
  m.body.s = {0.4, 0.2};
  m.body_material = {1e7, 0.28};
  m.boundary.kind = cl::BoundaryKind::CircleWall;
  m.boundary.radius = 5;
  m.boundary.material = {1e7, 0.28};
  m.gravity = {0, -9.81};
  m.contact.law = cl::NormalLaw::HuntCrossley;
  m.contact.c_tau = 0.8;
  m.contact.friction.speed_coefficient = 0.05;
  m.contact.stepping = stepping;
  return m;
}

cl::Vec start() {
  cl::Vec y = cl::Vec::Zero(6 * 3);
  y.segment<3>(0) << -2.5, 0, 0.3;
  y.segment<3>(3) << 0, 1.5, 1.2;
  y.segment<3>(6) << 2.4, -1, -0.7;
  y.segment<3>(9) << 4, 1, 2;
  y.segment<3>(12) << 0, -3, -1;
  y.segment<3>(15) << -3, 2, 0.5;
  return y;
}

/// A copy of `original`'s state taken at t_copy (mid-slab when `interrupted`:
/// advance_to stopped by its yield check), restored into a world that ran
/// elsewhere first; both then run to 2.5 s. Checks they agree bit for bit.
void check_snapshot(cl::Stepping stepping, double t_copy, bool interrupted) {
  const cl::WorldModel model = three_in_a_wall(stepping);
  cl::World original;
  REQUIRE_FALSE(original.start(model, 0, start()));
  cl::WorldEvents events;
  int checks = 0;
  const cl::World::YieldCheck stop_soon = [&] { return ++checks > 40; };
  REQUIRE_FALSE(original.advance_to(t_copy, events, interrupted ? stop_soon : nullptr));
  const cl::WorldState snapshot = original.state();
  const size_t impacts_before = events.impacts.size();
  REQUIRE_FALSE(original.advance_to(2.5, events));

  cl::World restored;
  REQUIRE_FALSE(restored.start(model, 0, start()));
  cl::WorldEvents ignored;
  REQUIRE_FALSE(restored.advance_to(1.9, ignored));  // its scratch and hints differ now
  restored.restore(snapshot);
  cl::WorldEvents after;
  REQUIRE_FALSE(restored.advance_to(2.5, after));

  const cl::Vec& a = original.state().y;
  const cl::Vec& b = restored.state().y;
  const std::string how = std::string(stepping == cl::Stepping::Islands ? "islands" : "global") +
                          (interrupted ? ", copied mid-slab" : ", copied between slabs");
  MESSAGE(how << " at t = " << snapshot.t << " s (slab open: " << snapshot.slab.open << "): "
              << events.impacts.size() - impacts_before << " impacts after the copy; largest difference "
              << (a - b).cwiseAbs().maxCoeff() << "; steps " << original.step_count() << " vs " << restored.step_count());
  CHECK(snapshot.slab.open == interrupted);
  CHECK(events.impacts.size() - impacts_before > 0);  // the copy was taken before more happened
  CHECK(after.impacts.size() == events.impacts.size() - impacts_before);
  CHECK(original.state().t == restored.state().t);
  CHECK((a - b).cwiseAbs().maxCoeff() == 0);
  CHECK(original.step_count() == restored.step_count());
}

}  // namespace

TEST_CASE("a world restored from a copy of its state runs on bit for bit") {
  for (cl::Stepping stepping : {cl::Stepping::Islands, cl::Stepping::Global}) {
    check_snapshot(stepping, 0.73, false);
    check_snapshot(stepping, 1.0, true);
  }
}
