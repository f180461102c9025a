// Simulation: the exact sample grid, layout ids, live vs reset parameters,
// stopping on non-finite values with the last good state, stop_early.
// A tiny analytic scene (defined here) makes every expectation exact.
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "run/simulation.h"
#include "scenes/registry.h"

namespace {

/// x(t) = x0 exp(rate t), piecewise when `rate` changes while running. The
/// series are t, q1..qn with q_k = k x; the last one becomes NaN once
/// t >= fail_at. An event "tick" at every whole second.
class ToyScene final : public cl::CopyableScene<ToyScene> {
 public:
  static const cl::SceneDescription& desc() {
    static const cl::SceneDescription d = [] {
      cl::SceneDescription s;
      s.id = "toy";
      s.params.resize(4);
      s.params[0] = {"n", "", cl::ParamKind::Integer, cl::ParamApply::Reset, 1, 1, 6};
      s.params[1] = {"rate", "1/s", cl::ParamKind::Real, cl::ParamApply::Live, -1, -10, 10};
      s.params[2] = {"fail_at", "s", cl::ParamKind::Real, cl::ParamApply::Live, 1e9, 0, 1e9};
      s.params[3] = {"x0", "", cl::ParamKind::Real, cl::ParamApply::Reset, 1, -10, 10};
      s.event_fields = {"x"};
      return s;
    }();
    return d;
  }
  const cl::SceneDescription& description() const override { return desc(); }

  std::optional<std::string> reset(const cl::ParamValues& p) override {
    if (p.number("x0") == 7) return std::string("x0 = 7 makes no valid start");
    n_ = p.integer("n");
    rate_ = p.number("rate");
    fail_at_ = p.number("fail_at");
    t0_ = t_ = 0;
    x_at_t0_ = p.number("x0");
    steps_ = 0;
    return std::nullopt;
  }
  std::optional<std::string> apply_live(const cl::ParamValues& p) override {
    if (p.number("rate") == 9) return std::string("rate = 9 is refused while running");
    live_seen_n = p.integer("n");
    x_at_t0_ = x();
    t0_ = t_;
    rate_ = p.number("rate");
    fail_at_ = p.number("fail_at");
    return std::nullopt;
  }
  std::optional<std::string> step_to(double t_end, std::vector<cl::Event>& events, const YieldCheck&) override {
    for (double second = std::floor(t_) + 1; second <= t_end; ++second) {
      if (second <= t_) continue;
      cl::Event e = cl::make_event(second, "tick", 1);
      e.fields[0] = x_at(second);
      events.push_back(e);
    }
    t_ = t_end;
    ++steps_;
    return std::nullopt;
  }
  double time() const override { return t_; }
  int live_seen_n = 0;  // n as apply_live last saw it
  long long step_count() const override { return steps_; }
  std::vector<cl::SeriesSpec> series() const override {
    std::vector<cl::SeriesSpec> s = {{"t", "s"}};
    for (int k = 1; k <= n_; ++k) s.push_back({"q" + std::to_string(k), "m"});
    return s;
  }
  std::vector<std::vector<std::string>> default_plots() const override { return {{"q1"}}; }
  void sample(std::vector<double>& v) const override {
    v.assign(1 + n_, 0.0);
    v[0] = t_;
    for (int k = 1; k <= n_; ++k) v[k] = k * x();
    if (t_ >= fail_at_) v[n_] = std::nan("");
  }
  cl::Sketch sketch(const cl::Palette&) const override { return {}; }
  cl::Theory theory() const override { return {}; }
  nlohmann::json state_json() const override { return {{"t", t_}, {"x", x()}}; }
  std::optional<std::string> load_state_json(const nlohmann::json& s) override {
    if (!s.is_object() || !s.contains("t") || !s.contains("x")) return std::string("toy state needs t and x");
    t0_ = t_ = s["t"].get<double>();
    x_at_t0_ = s["x"].get<double>();
    return std::nullopt;
  }

  double x() const { return x_at(t_); }
  double x_at(double t) const { return x_at_t0_ * std::exp(rate_ * (t - t0_)); }

 private:
  int n_ = 1;
  double rate_ = -1, fail_at_ = 1e9, t0_ = 0, t_ = 0, x_at_t0_ = 1;
  long long steps_ = 0;
};

cl::Simulation make_toy() { return cl::Simulation(std::make_unique<ToyScene>()); }

/// Values that differ between two recordings of the same series (exactly, bit for bit).
int count_differing(const cl::SeriesRecorder& a, const cl::SeriesRecorder& b) {
  REQUIRE(a.size() == b.size());
  int differing = 0;
  for (size_t s = 0; s < a.names().size(); ++s)
    for (size_t k = 0; k < a.size(); ++k)
      if (a.at(s, k) != b.at(s, k)) ++differing;
  return differing;
}

cl::ParamValues with(const cl::Simulation& sim, const std::string& name, const std::string& value) {
  cl::ParamValues p = sim.params();
  REQUIRE(!p.set(name, value));
  return p;
}

}  // namespace

TEST_CASE("Simulation samples exactly on the grid k * dt") {
  for (double dt : {0.01, 1.0 / 60, 0.003, 0.25}) {
    cl::Simulation sim = make_toy();
    sim.set_sample_interval(dt);
    // Advance in uneven frames, as the app does.
    const double frames[] = {0.0071, 1.0 / 60, 0.013, 0.1, 0.00002};
    for (int i = 0; sim.time() < 3; ++i) sim.advance(frames[i % 5]);
    const cl::SeriesRecorder& rec = sim.series();
    const double rate = 1 / dt;
    const bool round_rate = std::abs(rate - std::round(rate)) <= 1e-9 * rate;
    int off_grid = 0;
    double worst_value_error = 0;
    for (size_t k = 0; k < rec.size(); ++k) {
      const double expected_t = round_rate ? k / std::round(rate) : k * dt;
      if (rec.at(0, k) != expected_t) ++off_grid;
      worst_value_error = std::max(worst_value_error, std::abs(rec.at(1, k) - std::exp(-expected_t)));
    }
    const size_t expected_count = static_cast<size_t>(std::floor(sim.time() / dt + 1e-9)) + 1;
    MESSAGE("dt " << dt << ": " << rec.size() << " samples to t = " << sim.time() << ", " << off_grid
                  << " off the grid, worst |x - exp(-t)| " << worst_value_error);
    CHECK(off_grid == 0);  // bit-exact: 0.3 prints as 0.3, not 0.30000000000000004
    CHECK(rec.size() == expected_count);
    // The scene is evaluated at the sample time itself: only exp's rounding remains.
    CHECK(worst_value_error <= 1e-15);
  }
}

TEST_CASE("Simulation layout id changes only when the set of series changes") {
  cl::Simulation sim = make_toy();
  const int first = sim.layout();
  REQUIRE(!sim.reset());
  CHECK(sim.layout() == first);
  sim.set_sample_interval(0.02);
  CHECK(sim.layout() == first);
  REQUIRE(!sim.set_params(with(sim, "x0", "2")));
  REQUIRE(!sim.reset());
  CHECK(sim.layout() == first);  // new values, same series
  REQUIRE(!sim.set_params(with(sim, "n", "3")));
  CHECK(sim.layout() == first);  // waits for the reset
  CHECK(sim.series().names().size() == 2);
  REQUIRE(!sim.reset());
  const int second = sim.layout();
  CHECK(second != first);
  CHECK(sim.series().names() == std::vector<std::string>{"t", "q1", "q2", "q3"});
  REQUIRE(!sim.reset());
  CHECK(sim.layout() == second);
  REQUIRE(!sim.set_params(with(sim, "n", "1")));
  REQUIRE(!sim.reset());
  CHECK(sim.layout() != second);

  cl::Simulation pendulum(cl::find_scene("pendulum")->create());
  const int p0 = pendulum.layout();
  pendulum.advance(0.5);
  REQUIRE(!pendulum.set_params(with(pendulum, "L", "2")));
  REQUIRE(!pendulum.reset());
  CHECK(pendulum.layout() == p0);
}

TEST_CASE("Simulation::set_params: live values act at once, reset values wait") {
  cl::Simulation sim = make_toy();
  sim.set_sample_interval(0.5);
  sim.advance(1.0);
  CHECK(!sim.reset_pending());
  REQUIRE(!sim.set_params(with(sim, "rate", "2")));
  CHECK(!sim.reset_pending());  // live: nothing to wait for
  sim.advance(1.0);
  // x(2) = x(1) e^{2 (2 - 1)} = e^{-1} e^{2} = e.
  const auto& rec = sim.series();
  const double x2 = rec.at(1, rec.size() - 1);
  MESSAGE("x(2) after the live rate change: " << x2 << " (expected e = " << std::exp(1.0) << ")");
  CHECK(rec.at(0, rec.size() - 1) == 2.0);
  CHECK(x2 == doctest::Approx(std::exp(1.0)).epsilon(1e-14));  // two exp() roundings

  REQUIRE(!sim.set_params(with(sim, "x0", "3")));
  CHECK(sim.reset_pending());
  CHECK(sim.time() == 2.0);  // the run goes on
  REQUIRE(!sim.set_params(with(sim, "x0", "1")));
  CHECK(!sim.reset_pending());  // back to what the run was built with
  REQUIRE(!sim.set_params(with(sim, "x0", "3")));
  REQUIRE(!sim.reset());
  CHECK(!sim.reset_pending());
  CHECK(sim.time() == 0);
  CHECK(sim.series().size() == 1);
  CHECK(sim.series().at(1, 0) == 3.0);

  // A refused live value changes nothing.
  const cl::ParamValues before = sim.params();
  const auto error = sim.set_params(with(sim, "rate", "9"));
  REQUIRE(error);
  MESSAGE("refused: " << *error);
  CHECK(sim.params() == before);

  // A reset that cannot start keeps the old run.
  sim.advance(0.75);
  REQUIRE(!sim.set_params(with(sim, "x0", "7")));
  const auto reset_error = sim.reset();
  REQUIRE(reset_error);
  CHECK(sim.time() == 0.75);
  CHECK(sim.series().size() == 2);  // samples at 0 and 0.5 still there
}

TEST_CASE("Simulation stops on a non-finite value and keeps the last good state") {
  cl::Simulation sim = make_toy();
  REQUIRE(!sim.set_params(with(sim, "n", "2")));
  REQUIRE(!sim.set_params(with(sim, "fail_at", "0.537")));
  REQUIRE(!sim.reset());
  sim.set_sample_interval(0.01);
  const double advanced = sim.advance(1.0);
  MESSAGE("failure: " << sim.failure());
  MESSAGE("advanced " << advanced << " s, stopped at t = " << sim.time());
  REQUIRE(sim.failed());
  CHECK(sim.failure().find("q2") != std::string::npos);        // names the quantity
  CHECK(sim.failure().find("t = 0.53 s") != std::string::npos); // and the time of the last good state
  CHECK(sim.time() == 0.53);  // the last sample before the NaN
  std::vector<double> values;
  sim.scene().sample(values);
  CHECK(std::isfinite(values[2]));
  CHECK(values[1] == std::exp(-0.53));
  const auto& rec = sim.series();
  CHECK(rec.at(0, rec.size() - 1) == 0.53);
  CHECK(rec.size() == 54);
  CHECK(sim.advance(1.0) == 0);  // stopped until reset
  CHECK(sim.time() == 0.53);

  REQUIRE(!sim.set_params(with(sim, "fail_at", "1e9")));
  REQUIRE(!sim.reset());
  CHECK(!sim.failed());
  CHECK(sim.advance(1.0) > 0);
}

TEST_CASE("Simulation refuses a start or a state whose first sample is not finite, and changes nothing") {
  cl::Simulation sim = make_toy();
  REQUIRE(!sim.set_params(with(sim, "n", "2")));
  REQUIRE(!sim.reset());
  sim.advance(0.25);
  const double t_before = sim.time();
  const size_t samples_before = sim.series().size();
  // q2 is NaN from t = fail_at = 0 on: the reset's own first sample.
  REQUIRE(!sim.set_params(with(sim, "fail_at", "0")));
  const auto reset_error = sim.reset();
  REQUIRE(reset_error);
  MESSAGE(*reset_error);
  CHECK(reset_error->find("q2 became nan") != std::string::npos);
  CHECK(sim.time() == t_before);
  CHECK(sim.series().size() == samples_before);
  // A state whose values overflow: q2 = 2 x = inf.
  REQUIRE(!sim.set_params(with(sim, "fail_at", "1e9")));
  const auto state_error = sim.load_state(nlohmann::json{{"t", 0}, {"x", 1e308}});
  REQUIRE(state_error);
  MESSAGE(*state_error);
  CHECK(state_error->find("q2 became inf") != std::string::npos);
  CHECK(sim.time() == t_before);
  CHECK(!sim.failed());
}

TEST_CASE("Simulation: a sample interval below 1e-6 s is a programming error (callers check kMinSampleInterval)") {
  cl::Simulation sim = make_toy();
  CHECK_THROWS_AS(sim.set_sample_interval(1e-300), std::invalid_argument);
  CHECK_THROWS_AS(sim.set_sample_interval(1e-7), std::invalid_argument);
  CHECK_NOTHROW(sim.set_sample_interval(1e-6));
}

TEST_CASE("Simulation::advance honours stop_early between samples") {
  cl::Simulation sim = make_toy();
  sim.set_sample_interval(0.01);
  int calls = 0;
  const double advanced = sim.advance(1.0, [&] { return ++calls >= 3; });
  MESSAGE("stopped after " << calls << " budget checks, advanced " << advanced << " s");
  CHECK(calls == 3);
  CHECK(sim.time() == 0.03);
  CHECK(advanced == 0.03);
  CHECK(sim.series().size() == 4);
  // The next call starts where the last stopped, on the grid.
  sim.advance(0.97);
  CHECK(sim.time() == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(sim.series().size() == 101);
}

TEST_CASE("Simulation logs events and streams samples and events") {
  cl::Simulation sim = make_toy();
  sim.set_sample_interval(0.1);
  int samples = 0;
  std::vector<double> event_times;
  sim.on_sample = [&](const std::vector<double>&) { ++samples; };
  sim.on_event = [&](const cl::Event& e) { event_times.push_back(e.t); };
  sim.advance(3.55);
  CHECK(samples == 35);  // t = 0.1 .. 3.5; t = 0 was recorded before the callback was set
  CHECK(event_times == std::vector<double>{1, 2, 3});
  CHECK(sim.events().total() == 3);
  CHECK(sim.events().events()[1].fields[0] == doctest::Approx(std::exp(-2.0)).epsilon(1e-15));
}

TEST_CASE("Simulation::advance_on_grid: a run chopped into frames equals one long run, bit for bit") {
  // The app owes simulated time frame by frame and advances only to sample
  // times; the CLI advances once. Both must call the scene at the same
  // times and so produce identical samples, events and states.
  auto make = [] {
    cl::Simulation sim(cl::find_scene("pendulum")->create());
    REQUIRE(!sim.set_params(with(sim, "e_thread", "0.5")));
    REQUIRE(!sim.reset());
    return sim;
  };
  cl::Simulation chopped = make();
  const double frames[] = {1.0 / 60, 0.004, 0.0333, 1.0 / 144, 0.05, 0.0101};
  double owed = 0;
  int frame_count = 0, empty_frames = 0;
  for (int i = 0; chopped.time() < 5; ++i, ++frame_count) {
    owed += frames[i % 6];
    const double advanced = chopped.advance_on_grid(owed);
    if (advanced == 0) ++empty_frames;
    owed -= advanced;
    // Every stop is on the grid: k / 100 exactly.
    CHECK(chopped.time() == std::round(chopped.time() * 100) / 100);
  }
  cl::Simulation whole = make();
  whole.advance(chopped.time());
  const int differing = count_differing(chopped.series(), whole.series());
  MESSAGE(frame_count << " frames (" << empty_frames << " too short to reach the next sample) to t = "
                      << chopped.time() << ": " << chopped.series().size() << " samples, " << differing
                      << " differing values, events " << chopped.events().total() << " vs "
                      << whole.events().total());
  CHECK(differing == 0);
  CHECK(chopped.time() == whole.time());
  CHECK(chopped.scene().state_json() == whole.scene().state_json());
  REQUIRE(chopped.events().total() == whole.events().total());
  CHECK(chopped.events().total() >= 3);  // slack, nail and snaps happened along the way
  for (size_t i = 0; i < chopped.events().events().size(); ++i)
    CHECK(chopped.events().events()[i].t == whole.events().events()[i].t);
}

TEST_CASE("A run that yields after every integrator step equals one that never yields, in every scene") {
  // The app hands the scene a wall-clock check between steps; a frame that
  // runs out of time stops between two steps and the next frame carries on.
  // That must not change a single step: same samples, events and state.
  for (const cl::SceneEntry& entry : cl::all_scenes()) {
    const std::string id = entry.description().id;
    cl::Simulation yielding(entry.create()), straight(entry.create());
    const double t_end = 2.0;  // s: events in every scene but the pile (it has none)
    long long calls = 0, yields = 0;
    while (yielding.time() < t_end - 1e-12) {
      yielding.advance(t_end - yielding.time(), [&] {
        ++calls;
        ++yields;
        return true;  // out of time after every step
      });
      REQUIRE_MESSAGE(++calls < 100000000, id << ": no progress");
    }
    straight.advance(t_end);
    const int differing = count_differing(yielding.series(), straight.series());
    MESSAGE(id << ": " << yields << " yields, " << yielding.scene().step_count() << " steps, " << yielding.series().size()
               << " samples, " << differing << " differing values, events " << yielding.events().total() << " vs "
               << straight.events().total());
    CHECK_MESSAGE(differing == 0, id);
    CHECK_MESSAGE(yielding.scene().state_json() == straight.scene().state_json(), id);
    CHECK_MESSAGE(yielding.events().total() == straight.events().total(), id);
    CHECK_MESSAGE(yielding.scene().step_count() == straight.scene().step_count(), id);
  }
}

TEST_CASE("simulation: a running scene sees the Live values as set and the Reset ones as built") {
  cl::Simulation sim(std::make_unique<ToyScene>());
  cl::ParamValues p = sim.params();
  REQUIRE(!p.set("n", "4"));     // Reset: waits
  REQUIRE(!p.set("rate", "2"));  // Live: at once
  REQUIRE(!sim.set_params(p));
  const auto& toy = dynamic_cast<const ToyScene&>(sim.scene());
  CHECK(toy.live_seen_n == 1);  // as built, not the pending 4
  CHECK(sim.params().integer("n") == 4);
  CHECK(sim.reset_pending());
  REQUIRE(!sim.reset());
  REQUIRE(!sim.set_params(sim.params()));
  CHECK(dynamic_cast<const ToyScene&>(sim.scene()).live_seen_n == 4);
}
