#pragma once
// A teacher's question measured on a run (the studio's "predict, then
// observe"): a quantity of the run summary (run/run_summary.h: e_first,
// max_penetration, E_lost, t_first_event, the scene's own such as
// pile_height) or of a recorded series (y, E_total, ...), read when the run
// reaches the question's time. The summary then covers the run from its start
// to that time; a series gives its value at that instant (a sample time, so
// the scene is exactly there).
#include <optional>
#include <string>
#include <vector>

#include "core/event.h"
#include "core/scene.h"
#include "run/run_summary.h"

namespace cl {

struct Question {
  std::string text;      ///< what the student is asked
  std::string quantity;  ///< a run-summary quantity or a series name
  double at = 0;         ///< s of simulated time when the answer is read (> 0)
  double tolerance = 0;  ///< a prediction this close to the answer is right (the quantity's unit)
};

/// What a question may ask of `scene` as it is built: the run-summary
/// quantities, then the scene's series (not the time "t").
std::vector<SeriesSpec> question_quantities(const Scene& scene);

/// Why `question` cannot be measured on a scene offering `known`
/// (question_quantities): its quantity unknown, named with the known ones.
std::optional<std::string> question_problem(const Question& question, const std::vector<SeriesSpec>& known);

/// Measures questions on one run from its start: feed it the run's events and
/// samples (Simulation::on_event and on_sample); each answer is taken at the
/// first sample at or after its question's time.
class QuestionMeter {
 public:
  /// `start`: the scene at the run's start (its energy and series). A
  /// question whose quantity `start` does not offer reads nothing (see question_problem).
  QuestionMeter(const Scene& start, std::vector<Question> questions);

  void observe(const Event& event);
  /// At a sample time: `scene` is exactly there, `sample` its values (Scene::sample).
  void sample(const Scene& scene, const std::vector<double>& sample);

  struct Reading {
    SeriesSpec quantity;  ///< name, unit and label (the label in the current language)
    bool taken = false;   ///< the run has reached the question's time
    double value;         ///< the answer once taken; NaN if the quantity has none (no impact by then)
  };
  const std::vector<Question>& questions() const { return questions_; }
  const std::vector<Reading>& readings() const { return readings_; }

 private:
  std::vector<Question> questions_;
  std::vector<Reading> readings_;
  static constexpr int kFromSummary = -1, kUnknown = -2;
  std::vector<int> series_index_;  // per question: its series in the sample, or one of the two above
  RunSummary summary_;
};

}  // namespace cl
