#include "io/impact_loops_io.h"

#include <nlohmann/json.hpp>

#include "core/number_format.h"

namespace cl {

void write_impact_loops_csv(std::ostream& out, const ImpactLoopLog& log) {
  out << "impact,onset,kind,i,j,penetration,force\n";
  for (const ImpactLoop& loop : log.loops()) {
    const std::string head = std::to_string(loop.id) + ',' + format_number(loop.onset) + ',' + loop.kind + ',' +
                             std::to_string(loop.i) + ',' + (loop.j >= 0 ? std::to_string(loop.j) : "") + ',';
    for (size_t k = 0; k < loop.penetration.size(); ++k)
      out << head << format_number(loop.penetration[k]) << ',' << format_number(loop.force[k]) << '\n';
  }
}

nlohmann::json impact_loops_json(const ImpactLoopLog& log) {
  nlohmann::json loops = nlohmann::json::array();
  for (const ImpactLoop& loop : log.loops())
    loops.push_back({{"id", loop.id},
                     {"onset", loop.onset},
                     {"kind", loop.kind},
                     {"i", loop.i},
                     {"j", loop.j >= 0 ? nlohmann::json(loop.j) : nlohmann::json(nullptr)},
                     {"penetration", loop.penetration},
                     {"force", loop.force}});
  return {{"revision", log.revision()}, {"dropped", log.dropped()}, {"loops", loops}};
}

}  // namespace cl
