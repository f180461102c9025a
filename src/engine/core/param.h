#pragma once
// Scene parameters: one declaration per parameter (name, unit, default,
// range) drives the UI panel, URL hash, JSON scene files, CLI --set flags and
// validation; its words (label, help) are in the message table under its
// text key. Nothing about a parameter is written twice.
#include <optional>
#include <utility>
#include <string>
#include <vector>

namespace cl {

enum class ParamKind {
  Real,     ///< any finite value in [min, max]
  Integer,  ///< whole number in [min, max]
  Choice,   ///< one of `choices`, stored as its index
  Text,     ///< free text (an expression), checked by the scene
};

/// Who may change a parameter: everyone, or, under a teacher's activity
/// (io/activity.h), nobody (locked: shown read-only with the teacher's
/// reason) or nobody and unseen (hidden).
enum class ParamAccess { Shown, Locked, Hidden };

/// When a new value takes effect.
enum class ParamApply {
  Live,   ///< applied at once, even while running (restitution, speed, ...)
  Reset,  ///< defines the initial state or the model: applied on reset
};

struct ParamSpec {
  std::string name;  ///< key in URL, JSON and CLI, e.g. "L"
  std::string unit;  ///< SI unit, e.g. "m/s"; empty when dimensionless
  ParamKind kind = ParamKind::Real;
  ParamApply apply = ParamApply::Reset;
  double default_value = 0;
  double min = 0, max = 0;
  std::vector<std::string> choices;  ///< for Choice
  std::string default_text;          ///< for Text
  bool log_scale = false;            ///< UI slider hint for ranges over decades
  /// The key this parameter had before a rename, and its choices' old texts
  /// (old -> new): links, scene files and host pages that use them still load.
  std::string old_name;
  std::vector<std::pair<std::string, std::string>> old_choices;
  /// Its words in the message table: "<text_key>.label", ".help", for a
  /// Choice ".choice.<choice>" each, and for some Text ones ".placeholder"
  /// ("pendulum.l", "integrator.rtol").
  std::string text_key;
  /// For a Choice whose choices other parameters share (the contact laws, the
  /// integrators): where their words are, if not under text_key.
  std::string choice_text_key;
  /// The parameter acts only while the Choice parameter `in_effect_when.first`
  /// is one of `.second` (c_tau under the damped laws, e under the impulse
  /// law); empty: always. A sweep varies one that acts.
  std::pair<std::string, std::vector<std::string>> in_effect_when;
  /// Shown in a scene's own list; an activity's copy of the list may lock or
  /// hide a parameter (with the teacher's reason) and narrow [min, max].
  ParamAccess access = ParamAccess::Shown;
  std::string lock_reason;

  /// Short human label, e.g. "thread length".
  std::string label() const;
  /// What it does, one or two sentences.
  std::string help() const;
  /// For Text: a hint with two examples, shown in an empty field; "" if none.
  std::string placeholder() const;
  /// For Choice: choice c in words ("Hunt–Crossley" for hunt_crossley), as
  /// the panel and the page list it; links, files and the CLI keep `choices`.
  std::string choice_label(size_t c) const;
};

/// Sets in_effect_when on the specs named in `names`.
void set_in_effect_when(std::vector<ParamSpec>& specs, const std::vector<std::string>& names, const std::string& choice,
                        const std::vector<std::string>& choices);

/// Gives every spec without a text key the key "<prefix>.<name in lowercase>".
void set_text_keys(std::vector<ParamSpec>& specs, const std::string& prefix);

/// Values of a scene's parameters, in the order of its spec list.
class ParamValues {
 public:
  ParamValues() = default;
  explicit ParamValues(const std::vector<ParamSpec>& specs);

  const std::vector<ParamSpec>& specs() const { return *specs_; }
  /// The parameter's index by its name or its old name.
  std::optional<size_t> index_of(const std::string& name) const;

  double number(const std::string& name) const;
  int integer(const std::string& name) const { return static_cast<int>(number(name)); }
  const std::string& choice(const std::string& name) const;
  const std::string& text(const std::string& name) const;

  double number_at(size_t i) const { return numbers_[i]; }
  const std::string& text_at(size_t i) const { return texts_[i]; }

  /// Parses and validates `value` for parameter `name`. On error returns a
  /// message naming the parameter, and leaves the values unchanged.
  std::optional<std::string> set(const std::string& name, const std::string& value);
  /// Sets a number (Real, Integer or Choice index) after validation.
  std::optional<std::string> set_number(size_t i, double value);
  std::optional<std::string> set_text(size_t i, const std::string& value);

  /// Text form of a value that parses back to exactly the same value.
  std::string format(size_t i) const;
  bool is_default(size_t i) const;
  void restore_default(size_t i);

  /// These values with every Live parameter taken from `requested`: what a
  /// running model uses while the Reset ones wait for a reset.
  ParamValues with_live_from(const ParamValues& requested) const;

  bool operator==(const ParamValues& o) const {
    return numbers_ == o.numbers_ && texts_ == o.texts_;
  }
  bool operator!=(const ParamValues& o) const { return !(*this == o); }

 private:
  size_t require(const std::string& name) const;
  const std::vector<ParamSpec>* specs_ = nullptr;
  std::vector<double> numbers_;
  std::vector<std::string> texts_;
};

/// Whether parameter i acts under `values` (its in_effect_when choice is one
/// of its choices; always when it has none). The panel dims one that does not.
bool param_in_effect(const ParamValues& values, size_t i);

/// "[0, 100] m/s" style description of the accepted values.
std::string describe_range(const ParamSpec& spec);

}  // namespace cl
