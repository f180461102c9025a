#pragma once
// A scene's model as the page's theory panel shows it: sections (the
// contact law, the equations of motion, the energy audit, assumptions and
// limits), each a sequence of formulas (TeX, typeset by KaTeX) and
// sentences (in the page's language, from the message table). Built from
// the running model, so the numbers are the ones being integrated.
#include <string>
#include <vector>

namespace cl {

/// One formula or one sentence.
struct TheoryItem {
  std::string tex;   ///< a display formula, or empty
  std::string text;  ///< a sentence, or empty
};

struct TheorySection {
  std::string heading;
  std::vector<TheoryItem> items;

  TheorySection& formula(std::string tex) {
    items.push_back({std::move(tex), {}});
    return *this;
  }
  TheorySection& sentence(std::string text) {
    items.push_back({{}, std::move(text)});
    return *this;
  }
};

struct Theory {
  std::string summary;  ///< one line: what is modelled
  std::vector<TheorySection> sections;
};

}  // namespace cl
