#include "io/compare_spec.h"

#include "core/message_text.h"
#include "core/text.h"

namespace cl {
namespace {

/// Splits at `separator` outside parentheses.
std::vector<std::string> split_top_level(const std::string& text, char separator) {
  std::vector<std::string> parts(1);
  int depth = 0;
  for (char c : text) {
    if (c == '(') ++depth;
    if (c == ')' && depth > 0) --depth;
    if (c == separator && depth == 0) {
      parts.emplace_back();
      continue;
    }
    parts.back() += c;
  }
  return parts;
}

std::optional<std::string> check_count(size_t count) {
  if (count < 2) return cl::text("compare.too_few");
  if (count > kMaxVariants)
    return cl::text("compare.too_many", {{"max", std::to_string(kMaxVariants)}, {"count", std::to_string(count)}});
  return std::nullopt;
}

}  // namespace

CompareParse parse_compare_spec(const std::string& text) {
  CompareParse out;
  const std::vector<std::string> parts = split_top_level(text, '|');
  if (auto error = check_count(parts.size())) return {{}, *error};
  std::string previous_name;
  for (size_t k = 0; k < parts.size(); ++k) {
    Variant variant;
    if (!parts[k].empty()) {
      for (const std::string& change : split_top_level(parts[k], ',')) {
        const size_t colon = change.find(':');
        if (colon == std::string::npos) {
          if (previous_name.empty() || !variant.changes.empty())
            return {{}, cl::text("compare.not_name_value",
                                 {{"n", std::to_string(k + 1)}, {"change", cl::quoted(change)}})};
          variant.changes.push_back({previous_name, change});
          continue;
        }
        if (colon == 0)
          return {{}, cl::text("compare.no_name", {{"n", std::to_string(k + 1)}, {"change", cl::quoted(change)}})};
        variant.changes.push_back({change.substr(0, colon), change.substr(colon + 1)});
      }
    }
    if (!variant.changes.empty()) previous_name = variant.changes.front().name;
    out.variants.push_back(std::move(variant));
  }
  return out;
}

CompareParse parse_compare_options(const std::vector<std::string>& options) {
  std::vector<std::pair<std::string, std::vector<std::string>>> columns;
  for (const std::string& option : options) {
    const size_t eq = option.find('=');
    if (eq == std::string::npos || eq == 0)
      return {{}, cl::text("compare.option_form", {{"option", cl::quoted(option)}})};
    columns.push_back({option.substr(0, eq), split_top_level(option.substr(eq + 1), ',')});
    if (columns.back().second.size() != columns.front().second.size())
      return {{}, cl::text("compare.option_counts", {{"first", cl::quoted(columns.front().first)},
                                                     {"first_count", std::to_string(columns.front().second.size())},
                                                     {"other", cl::quoted(columns.back().first)},
                                                     {"other_count", std::to_string(columns.back().second.size())}})};
  }
  if (columns.empty()) return {{}, cl::text("compare.no_option")};
  if (auto error = check_count(columns.front().second.size())) return {{}, *error};
  CompareParse out;
  out.variants.resize(columns.front().second.size());
  for (const auto& [name, values] : columns)
    for (size_t k = 0; k < values.size(); ++k) out.variants[k].changes.push_back({name, values[k]});
  return out;
}

std::string compare_spec_text(const std::vector<Variant>& variants) {
  std::string text;
  for (size_t k = 0; k < variants.size(); ++k) {
    if (k) text += '|';
    for (size_t c = 0; c < variants[k].changes.size(); ++c)
      text += (c ? "," : "") + variants[k].changes[c].name + ":" + variants[k].changes[c].value;
  }
  return text;
}

}  // namespace cl
