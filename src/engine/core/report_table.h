#pragma once
// A small table a scene computes from its run (e.g. seed 003's Table 3.2-1:
// pile compression after a 1D spring pile), shown in the panel and exported
// as CSV. Plain data; the scene decides when it has one.
#include <string>
#include <vector>

namespace cl {

struct ReportColumn {
  std::string name;  ///< "pile height"
  std::string unit;  ///< "m", "%"; empty when dimensionless
};

struct ReportTable {
  std::string title;
  std::vector<ReportColumn> columns;
  std::vector<std::vector<double>> rows;  ///< each row has columns.size() values
};

}  // namespace cl
