#include "io/theory_json.h"

namespace cl {

nlohmann::json theory_json(const Theory& theory) {
  nlohmann::json sections = nlohmann::json::array();
  for (const TheorySection& section : theory.sections) {
    nlohmann::json items = nlohmann::json::array();
    for (const TheoryItem& item : section.items)
      items.push_back(item.tex.empty() ? nlohmann::json{{"text", item.text}} : nlohmann::json{{"tex", item.tex}});
    sections.push_back({{"heading", section.heading}, {"items", std::move(items)}});
  }
  return {{"summary", theory.summary}, {"sections", std::move(sections)}};
}

}  // namespace cl
