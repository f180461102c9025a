#pragma once
// Hysteresis loops (force vs penetration per impact) as a CSV table for the
// CLI and the app's export, and as JSON for the page's loop plot.
#include <ostream>

#include <nlohmann/json_fwd.hpp>

#include "core/impact_loop.h"

namespace cl {

/// "impact,onset,kind,i,j,penetration,force": one row per point, impacts in
/// order; j is empty for the wall or street.
void write_impact_loops_csv(std::ostream& out, const ImpactLoopLog& log);

/// {"revision": r, "dropped": d, "loops": [{"id", "onset", "kind", "i", "j"
/// (null for the wall or street), "penetration": [m...], "force": [N...]}]}.
nlohmann::json impact_loops_json(const ImpactLoopLog& log);

}  // namespace cl
