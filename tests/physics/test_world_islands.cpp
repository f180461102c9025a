// Island stepping (issue 14) against the global integration it replaced.
// The world advances bodies that cannot touch anything in closed form and
// integrates only islands of bodies that touch or might, each with its own
// adaptive step. Its results must be those of one system integrated as a
// whole, within the tolerance:
// * the seed case (ellipses defaults, two ellipses, Hunt–Crossley c_τ 0.975,
//   friction 0.01): every position within 1e-6 m at 1 s, of the global
//   integration recorded before the move and of today's "global" stepping;
// * a 20-body gas (a 2, b 1, the seed's area fraction) for 2 s: the same
//   impacts at the same times while the two runs have not yet parted
//   (a gas is chaotic: each impact multiplies a difference), and an energy
//   audit that closes to 1e-6 of E0 in both.
// The reference tests/physics/global_reference.json was written by the
// global integration of commit 1d36b98 (before the move):
//   CONTACTLAB_WRITE_GLOBAL_REFERENCE=1 build/bin/physics_tests -tc="islands*"
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "run/simulation.h"
#include "scenes/ellipses.h"
#include "scenes/registry.h"
#include "support/scene_params.h"

namespace {

std::string reference_path() { return std::string(CONTACTLAB_TESTS_DIR) + "/physics/global_reference.json"; }

bool writing_reference() { return std::getenv("CONTACTLAB_WRITE_GLOBAL_REFERENCE") != nullptr; }

struct Case {
  const char* name;
  test::Values values;
  double until;  // s
};

const Case kSeed{"seed", {}, 1.0};
// The seed's area fraction 2 pi a b / (pi 6.5^2) with 20 bodies: R = 6.5 sqrt(10).
const Case kGas{"gas20", {{"n", "20"}, {"R_wall", "20.554804791094465"}}, 2.0};

/// A run: its state at the end, its impacts in time order, the worst audit residual.
nlohmann::json run(const Case& c, const std::string& stepping) {
  cl::Simulation sim(cl::find_scene("ellipses")->create());
  test::Values values = c.values;
  if (!stepping.empty()) values["stepping"] = stepping;
  auto error = sim.set_params(test::scene_params("ellipses", values));
  REQUIRE_MESSAGE(!error, error.value_or(""));
  error = sim.reset();
  REQUIRE_MESSAGE(!error, error.value_or(""));
  sim.set_sample_interval(0.01);
  nlohmann::json impacts = nlohmann::json::array();
  sim.on_event = [&](const cl::Event& e) {
    impacts.push_back({e.kind, e.fields[0], e.kind == "pair" ? e.fields[1] : -1.0, e.t});
  };
  sim.advance(c.until);
  REQUIRE_MESSAGE(!sim.failed(), sim.failure());
  const auto& names = sim.series().names();
  const size_t audit = static_cast<size_t>(std::find(names.begin(), names.end(), "E_audit") - names.begin());
  const size_t total = static_cast<size_t>(std::find(names.begin(), names.end(), "E_total") - names.begin());
  REQUIRE(audit < names.size());
  const double e0 = sim.series().at(total, 0);
  double worst_audit = 0;
  for (size_t k = 0; k < sim.series().size(); ++k)
    worst_audit = std::max(worst_audit, std::abs(sim.series().at(audit, k)) / e0);
  // Impacts are reported as they end; in time order of their onsets for comparing.
  std::vector<nlohmann::json> sorted(impacts.begin(), impacts.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const nlohmann::json& a, const nlohmann::json& b) { return a[3].get<double>() < b[3].get<double>(); });
  return {{"t", sim.time()},
          {"state", sim.scene().state_json()["bodies"]},
          {"impacts", sorted},
          {"worst_audit", worst_audit},
          {"steps", sim.scene().step_count()}};
}

nlohmann::json reference() {
  std::ifstream in(reference_path());
  REQUIRE_MESSAGE(in, "no reference " << reference_path());
  return nlohmann::json::parse(in);
}

/// Largest difference (m) of the bodies' centres between two runs' states.
double largest_position_difference(const nlohmann::json& a, const nlohmann::json& b) {
  REQUIRE(a.size() == b.size());
  double worst = 0;
  for (size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, std::hypot(a[i]["x"].get<double>() - b[i]["x"].get<double>(),
                                       a[i]["y"].get<double>() - b[i]["y"].get<double>()));
  return worst;
}

struct ImpactAgreement {
  size_t matching = 0;      // leading impacts with the same bodies
  double worst_time = 0;    // s, their largest difference of onset
  double parted_at = 0;     // s, onset of the first impact that differs (or the end)
};

/// The leading impacts two runs share (same kind and bodies, onsets within
/// `time_tolerance`), up to the first that differs.
ImpactAgreement agreement(const nlohmann::json& a, const nlohmann::json& b, double time_tolerance, double until) {
  ImpactAgreement r;
  r.parted_at = until;
  for (size_t k = 0; k < std::min(a.size(), b.size()); ++k) {
    const double dt = std::abs(a[k][3].get<double>() - b[k][3].get<double>());
    if (a[k][0] != b[k][0] || a[k][1] != b[k][1] || a[k][2] != b[k][2] || dt > time_tolerance) {
      r.parted_at = std::min(a[k][3].get<double>(), b[k][3].get<double>());
      return r;
    }
    r.worst_time = std::max(r.worst_time, dt);
    ++r.matching;
  }
  if (a.size() != b.size()) r.parted_at = a.size() < b.size() ? b[a.size()][3].get<double>() : a[b.size()][3].get<double>();
  return r;
}

}  // namespace

TEST_CASE("islands: the seed case and a 20-body gas agree with the global integration") {
  if (writing_reference()) {
    const nlohmann::json recorded = {{"seed", run(kSeed, "")}, {"gas20", run(kGas, "")}};
    std::ofstream(reference_path()) << recorded.dump(1) << "\n";
    std::printf("wrote %s\n", reference_path().c_str());
    return;
  }
  const nlohmann::json global = reference();
  const nlohmann::json islands = run(kSeed, "islands"), seed_global = run(kSeed, "global");
  const double vs_reference = largest_position_difference(islands["state"], global["seed"]["state"]);
  const double vs_global = largest_position_difference(islands["state"], seed_global["state"]);
  const double global_vs_reference = largest_position_difference(seed_global["state"], global["seed"]["state"]);
  std::printf("seed case at 1 s: islands vs the recorded global %.3g m, vs global stepping now %.3g m; global now vs "
              "recorded %.3g m; steps: islands %lld, global %lld (recorded %lld)\n",
              vs_reference, vs_global, global_vs_reference, islands["steps"].get<long long>(),
              seed_global["steps"].get<long long>(), global["seed"]["steps"].get<long long>());
  CHECK(vs_reference <= 1e-6);
  CHECK(vs_global <= 1e-6);
  // The same stepping over the whole system; the contact searches and the
  // stiffness's rate have been made cheaper since the recording, which moves
  // the steps at round-off and the state by the integration's error:
  // measured 6.6e-7 m.
  CHECK(global_vs_reference <= 1e-6);

  const nlohmann::json gas = run(kGas, "islands");
  const nlohmann::json& gas_global = global["gas20"];
  const nlohmann::json& impacts = gas["impacts"];
  const nlohmann::json& impacts_global = gas_global["impacts"];
  // Onsets are located to 1e-12 s on each run's dense output; between runs
  // they differ by the integration's own error, which the tolerance (rtol
  // 1e-9) keeps near 1e-9 s until the runs part.
  constexpr double kOnsetTolerance = 1e-6;  // s
  const ImpactAgreement a = agreement(impacts, impacts_global, kOnsetTolerance, kGas.until);
  std::printf("20-body gas, 2 s: %zu impacts (global %zu); the first %zu agree, onsets within %.3g s, until t = %.3f s; "
              "worst audit residual %.3g of E0 (global %.3g); steps: islands %lld, global %lld\n",
              impacts.size(), impacts_global.size(), a.matching, a.worst_time, a.parted_at,
              gas["worst_audit"].get<double>(), gas_global["worst_audit"].get<double>(), gas["steps"].get<long long>(),
              gas_global["steps"].get<long long>());
  CHECK(a.matching >= 10);
  CHECK(a.parted_at >= 0.5);
  CHECK(gas["worst_audit"].get<double>() <= 1e-6);
  CHECK(gas_global["worst_audit"].get<double>() <= 1e-6);
}

TEST_CASE("islands: a 200-body gas sampled every 0.1 s keeps its islands to the bodies that may meet") {
  // A slab as long as a 0.1 s sample lets each body's energy-bounded reach
  // (metres) join neighbours, whose joined energy reaches farther still: the
  // islands grew to 174 of 200 bodies on average (0.44x real time instead of
  // 4.5x). The world shortens such a slab until no island is a crowd.
  cl::Simulation sim(cl::find_scene("ellipses")->create());
  auto error = sim.set_params(test::scene_params("ellipses", {{"n", "200"}, {"R_wall", "65"}}));
  REQUIRE_MESSAGE(!error, error.value_or(""));
  error = sim.reset();
  REQUIRE_MESSAGE(!error, error.value_or(""));
  sim.set_sample_interval(0.1);
  const cl::World& world = dynamic_cast<const cl::EllipsesScene&>(sim.scene()).world();
  double most = 0;  // bodies per island in the last slab of a sample, at most
  for (int k = 0; k < 5; ++k) {
    sim.advance(0.1);
    REQUIRE_MESSAGE(!sim.failed(), sim.failure());
    if (world.island_count() > 0)
      most = std::max(most, static_cast<double>(world.integrated_bodies()) / static_cast<double>(world.island_count()));
  }
  std::printf("200-body gas sampled every 0.1 s for 0.5 s: at most %.2f bodies per island in a sample's last slab\n",
              most);
  CHECK(most <= 8);
}
