#pragma once
// A scene's theory (core/theory.h) as the page's theory panel reads it:
// {"summary", "sections": [{"heading", "items": [{"tex"} | {"text"}]}]}.
#include <nlohmann/json.hpp>

#include "core/theory.h"

namespace cl {

nlohmann::json theory_json(const Theory& theory);

}  // namespace cl
