#include "core/param.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

#include "core/message_text.h"
#include "core/number_format.h"
#include "core/text.h"

namespace cl {

std::string ParamSpec::label() const { return text(text_key + ".label"); }
std::string ParamSpec::help() const { return text(text_key + ".help"); }
std::string ParamSpec::placeholder() const {
  return has_text(text_key + ".placeholder") ? text(text_key + ".placeholder") : std::string();
}

std::string ParamSpec::choice_label(size_t c) const {
  return text((choice_text_key.empty() ? text_key : choice_text_key) + ".choice." + choices.at(c));
}

void set_in_effect_when(std::vector<ParamSpec>& specs, const std::vector<std::string>& names, const std::string& choice,
                        const std::vector<std::string>& choices) {
  for (ParamSpec& s : specs)
    if (std::find(names.begin(), names.end(), s.name) != names.end()) s.in_effect_when = {choice, choices};
}

bool param_in_effect(const ParamValues& values, size_t i) {
  const auto& [choice, acting] = values.specs().at(i).in_effect_when;
  if (choice.empty()) return true;
  const auto at = values.index_of(choice);
  if (!at) return true;
  const std::string& chosen = values.specs()[*at].choices.at(static_cast<size_t>(values.number_at(*at)));
  return std::find(acting.begin(), acting.end(), chosen) != acting.end();
}

void set_text_keys(std::vector<ParamSpec>& specs, const std::string& prefix) {
  for (ParamSpec& s : specs) {
    if (!s.text_key.empty()) continue;
    std::string name = s.name;  // table keys are lowercase: "pendulum.l" for L
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    s.text_key = prefix + "." + name;
  }
}

ParamValues::ParamValues(const std::vector<ParamSpec>& specs) : specs_(&specs) {
  numbers_.reserve(specs.size());
  texts_.reserve(specs.size());
  for (const ParamSpec& s : specs) {
    numbers_.push_back(s.default_value);
    texts_.push_back(s.default_text);
  }
}

ParamValues ParamValues::with_live_from(const ParamValues& requested) const {
  ParamValues running = *this;
  for (size_t i = 0; i < specs_->size(); ++i)
    if ((*specs_)[i].apply == ParamApply::Live) {
      running.numbers_[i] = requested.numbers_[i];
      running.texts_[i] = requested.texts_[i];
    }
  return running;
}

std::optional<size_t> ParamValues::index_of(const std::string& name) const {
  for (size_t i = 0; i < specs_->size(); ++i)
    if ((*specs_)[i].name == name) return i;
  for (size_t i = 0; i < specs_->size(); ++i)
    if (!name.empty() && (*specs_)[i].old_name == name) return i;
  return std::nullopt;
}

size_t ParamValues::require(const std::string& name) const {
  if (auto i = index_of(name)) return *i;
  throw std::logic_error("no parameter named '" + name + "'");
}

double ParamValues::number(const std::string& name) const { return numbers_[require(name)]; }

const std::string& ParamValues::choice(const std::string& name) const {
  const size_t i = require(name);
  return (*specs_)[i].choices.at(static_cast<size_t>(numbers_[i]));
}

const std::string& ParamValues::text(const std::string& name) const { return texts_[require(name)]; }

std::optional<std::string> ParamValues::set(const std::string& name, const std::string& value) {
  const auto i = index_of(name);
  if (!i) return cl::text("param.unknown", {{"name", quoted(name)}});
  const ParamSpec& s = (*specs_)[*i];
  if (s.kind == ParamKind::Text) return set_text(*i, value);
  if (s.kind == ParamKind::Choice) {
    std::string choice = value;
    for (const auto& [old_text, new_text] : s.old_choices)
      if (old_text == value) choice = new_text;
    for (size_t c = 0; c < s.choices.size(); ++c)
      if (s.choices[c] == choice) return set_number(*i, static_cast<double>(c));
    std::string options;
    for (const std::string& c : s.choices) options += (options.empty() ? "" : ", ") + c;
    return cl::text("param.not_a_choice", {{"name", name}, {"value", quoted(value)}, {"choices", options}});
  }
  const auto x = parse_number(value);
  if (!x) return cl::text("param.not_a_number", {{"name", name}, {"value", quoted(value)}});
  return set_number(*i, *x);
}

std::optional<std::string> ParamValues::set_number(size_t i, double value) {
  const ParamSpec& s = (*specs_)[i];
  if (s.kind == ParamKind::Text) return cl::text("param.takes_text", {{"name", s.name}});
  if (!std::isfinite(value)) return cl::text("param.not_finite", {{"name", s.name}});
  if (s.kind == ParamKind::Choice) {
    if (value != std::floor(value) || value < 0 || value >= static_cast<double>(s.choices.size()))
      return cl::text("param.choice_index", {{"name", s.name}});
  } else {
    if (s.kind == ParamKind::Integer && value != std::floor(value))
      return cl::text("param.not_whole", {{"name", s.name}, {"value", format_number(value)}});
    if (value < s.min || value > s.max)
      return cl::text("param.out_of_range",
                      {{"name", s.name}, {"value", format_number(value)}, {"range", describe_range(s)}});
  }
  numbers_[i] = value;
  return std::nullopt;
}

std::optional<std::string> ParamValues::set_text(size_t i, const std::string& value) {
  const ParamSpec& s = (*specs_)[i];
  if (s.kind != ParamKind::Text) return cl::text("param.takes_number", {{"name", s.name}});
  constexpr size_t max_length = 1000;  // keeps URLs and panels sane
  if (value.size() > max_length)
    return cl::text("param.text_too_long", {{"name", s.name}, {"max", std::to_string(max_length)}});
  if (!is_valid_utf8(value)) return cl::text("param.not_utf8", {{"name", s.name}});
  texts_[i] = value;
  return std::nullopt;
}

std::string ParamValues::format(size_t i) const {
  const ParamSpec& s = (*specs_)[i];
  switch (s.kind) {
    case ParamKind::Text: return texts_[i];
    case ParamKind::Choice: return s.choices.at(static_cast<size_t>(numbers_[i]));
    default: return format_number(numbers_[i]);
  }
}

bool ParamValues::is_default(size_t i) const {
  const ParamSpec& s = (*specs_)[i];
  return s.kind == ParamKind::Text ? texts_[i] == s.default_text : numbers_[i] == s.default_value;
}

void ParamValues::restore_default(size_t i) {
  numbers_[i] = (*specs_)[i].default_value;
  texts_[i] = (*specs_)[i].default_text;
}

std::string describe_range(const ParamSpec& s) {
  switch (s.kind) {
    case ParamKind::Text: return cl::text("param.range_text");
    case ParamKind::Choice: {
      std::string options;
      for (const std::string& c : s.choices) options += (options.empty() ? "" : " | ") + c;
      return options;
    }
    default: {
      std::string r = "[" + format_number(s.min) + ", " + format_number(s.max) + "]";
      if (!s.unit.empty()) r += " " + s.unit;
      return r;
    }
  }
}

}  // namespace cl
