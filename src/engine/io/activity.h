#pragma once
// A teacher's activity (the studio): data on top of a scene, in one
// versioned JSON document that travels in a link and as a file:
//   {"format": "contactlab-activity/1", "scene": "pendulum",
//    "title": "...", "instruction": "...",
//    "params": {"L": "1.2", ...},                     the run's start (the rest: the scene's defaults)
//    "controls": {"g": {"access": "hidden"},          per parameter: who may change it
//                 "L": {"access": "locked", "reason": "..."},
//                 "v0": {"min": 1, "max": 4}},        and a narrower range
//    "presets": ["olympiad"],                         the presets offered (absent: all)
//    "legend": true, "theory": false, "plots": "x,y;tension",
//    "questions": [{"text": "...", "quantity": "e_first",   up to three, each answered by the run:
//                   "at": 2, "tolerance": 0.05}]}         its quantity at `at` s (run/question_meter.h)
// Every key but "format" and "scene" is optional. The whole document is
// checked before anything uses it; one problem refuses all of it, named.
// "plots" is the page's layout (web/plots/dock.js), passed on as written.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/param.h"
#include "run/question_meter.h"

namespace cl {

/// The one activity format this build writes and reads.
inline constexpr const char* kActivityFormat = "contactlab-activity/1";
/// Longest title and instruction, and a locked parameter's reason (bytes).
inline constexpr size_t kActivityTitleBytes = 200;
inline constexpr size_t kActivityInstructionBytes = 2000;
inline constexpr size_t kActivityReasonBytes = 300;
/// Longest plot layout (bytes): far more than the plot dock's six panels take.
inline constexpr size_t kActivityPlotsBytes = 1000;
/// Questions one activity asks at most, and the longest question text (bytes).
inline constexpr size_t kActivityQuestions = 3;
inline constexpr size_t kActivityQuestionBytes = 500;

struct Activity {
  std::string scene;  ///< scene id
  /// The scene's parameter list as students get it: each spec with the
  /// activity's access, lock reason and (narrowed) min and max, and its
  /// default the teacher's value. The one list the panel, the page's
  /// controls, the host page and the checks read under the activity.
  std::vector<ParamSpec> specs;
  ParamValues params;  ///< the teacher's values, on the scene's own specs
  /// Ids of the presets offered; nullopt: every preset of the scene.
  std::optional<std::vector<std::string>> presets;
  bool legend = true;   ///< the canvas legend shown at start
  bool theory = false;  ///< the theory panel open (else not offered)
  std::string title, instruction;
  std::string plots;  ///< the page's plot layout ("x,y;tension"); "" the scene's default
  /// Asked of the student, answered by the run. Their quantities are names
  /// here; whether the scene measures them is asked of a built run
  /// (activity_question_problem), as series depend on the parameters.
  std::vector<Question> questions;
};

struct ActivityParse {
  std::optional<Activity> activity;
  std::string error;  ///< when activity is empty: what is wrong, named
};

/// Parses and checks an activity's text (within io/json_text.h's limits).
ActivityParse parse_activity(const std::string& text);

/// The activity as its file and link carry it: every key written, each
/// parameter's value in full, "controls" only for the parameters it restricts.
nlohmann::json activity_json(const Activity& activity);

/// Why a question of `activity` cannot be measured on `scene` (the activity's
/// scene, built from its values): the first unknown quantity, named; nothing when all are known.
std::optional<std::string> activity_question_problem(const Activity& activity, const Scene& scene);

/// Why `values` (of the activity's scene) may not replace `current` under the
/// activity: the first parameter that differs and is locked, hidden, or
/// outside its narrowed range; nothing when every change is allowed.
std::optional<std::string> activity_refusal(const Activity& activity, const ParamValues& current,
                                            const ParamValues& values);

}  // namespace cl
