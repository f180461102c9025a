#pragma once
// Compare variants as text: "law:hunt_crossley|flores|linear" is three runs
// of one initial state that differ in the law. Variants are separated by
// '|', a variant's changes by ',' (outside parentheses, so an expression
// such as max(x, y) stays whole), a change is name:value; a bare value
// reuses the previous variant's first name. The first variant is the
// reference the others are compared with.
#include <optional>
#include <string>
#include <vector>

#include "run/comparison.h"

namespace cl {

struct CompareParse {
  std::vector<Variant> variants;
  std::string error;  ///< set when the text is malformed; variants then empty
};

/// Parses the URL/scene-file form; 2 to kMaxVariants variants.
CompareParse parse_compare_spec(const std::string& text);
/// The CLI's form: one "NAME=V1,V2,..." per --compare option, zipped (all
/// must list as many values).
CompareParse parse_compare_options(const std::vector<std::string>& options);
/// The URL form of `variants` (parse_compare_spec reads it back).
std::string compare_spec_text(const std::vector<Variant>& variants);

}  // namespace cl
