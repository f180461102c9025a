// The pile's measurements: its height, the width of its bottom, and the
// compression table of seed 003 (Table 3.2-1) from the means over the run.
#include <algorithm>
#include <cmath>
#include <limits>

#include "contact/normal_law.h"
#include "core/number_format.h"
#include "core/text.h"
#include "scenes/pile.h"

namespace cl {

double PileScene::pile_height() const {
  double top = 0;
  particles().for_each_position([&](size_t, const Eigen::Vector3d& x, bool touching) {
    if (touching) top = std::max(top, x.z() + law().r);
  });
  return top;
}

double PileScene::bottom_diameter() const {
  const size_t n = particles().size();
  if (n == 0) return 0;
  // The lowest particle, the first added among equals.
  size_t lowest = n;
  Eigen::Vector3d bottom = Eigen::Vector3d::Zero();
  particles().for_each_position([&](size_t i, const Eigen::Vector3d& x, bool) {
    if (lowest == n || x.z() < bottom.z() || (x.z() == bottom.z() && i < lowest)) {
      lowest = i;
      bottom = x;
    }
  });
  const double r = law().r;
  const double ground = std::max(0.0, r - bottom.z());
  // The largest overlap with another particle, from the nearest one's distance.
  double nearest_squared = std::numeric_limits<double>::infinity();  // m^2
  particles().for_each_position([&](size_t i, const Eigen::Vector3d& x, bool) {
    if (i != lowest) nearest_squared = std::min(nearest_squared, (x - bottom).squaredNorm());
  });
  const double pair = std::max(0.0, 2 * r - std::sqrt(nearest_squared));
  return 2 * r - 0.5 * ground - 0.5 * pair;
}

int PileScene::particles_in_pile() const {
  // Those touching something; the rest are still falling.
  int in_pile = 0;
  particles().for_each_position([&](size_t, const Eigen::Vector3d&, bool touching) { in_pile += touching ? 1 : 0; });
  return in_pile;
}

void PileScene::update_pile_means(double state_time) {
  if (setup_.dim != 1 || !law().spring_dashpot()) return;
  const int n = particles_in_pile();
  if (n != means_.particles) {
    means_ = {n, state_time, 0, 0, 0};
    return;
  }
  const double dt = state_time - (means_.since + means_.duration);  // s, one step
  means_.duration += dt;
  means_.height += pile_height() * dt;
  means_.diameter += bottom_diameter() * dt;
}

std::vector<std::pair<SeriesSpec, double>> PileScene::summary_values() const {
  return {{{"pile_height", "m", text("pile.series.pile_height")}, pile_height()},
          {{"particles", "", text("pile.series.n")}, static_cast<double>(particles().size())}};
}

bool PileScene::has_report(const ParamValues& params) const {
  return params.choice("dim") == "1" && params.choice("law") == normal_law_id(NormalLaw::LinearSpringDashpot);
}

std::optional<ReportTable> PileScene::report() const {
  if (setup_.dim != 1 || !law().spring_dashpot()) return std::nullopt;
  ReportTable t;
  t.title = text("pile.report.title");
  // The column names are the CSV header (machine names, like the series'): not translated.
  t.columns = {{"k_s", "N/m"},         {"particles in pile", ""},          {"pile height", "m"},
               {"pile compression", "%"}, {"bottom particle D", "m"},      {"bottom compression", "%"},
               {"static pile height", "m"}, {"static bottom D", "m"}, {"averaged over", "s"}};
  const int in_pile = particles_in_pile();
  if (in_pile == 0) return t;  // nothing has piled up yet: no row
  const double r = law().r, d = 2 * r, n = in_pile;
  // Means since the pile last changed, or the moment if it just did.
  const bool averaged = means_.particles == in_pile && means_.duration > 0;
  const double height = averaged ? means_.height / means_.duration : pile_height();
  const double diameter = averaged ? means_.diameter / means_.duration : bottom_diameter();
  // Static estimate: the contact under particle i carries the n - i + 1 particles above it.
  const double load = setup_.m * law().g / law().k_s;  // m of overlap per particle carried
  const double static_height = n * d - load * n * (n + 1) / 2;
  const double static_diameter = d - 0.5 * load * (2 * n - 1);
  t.rows = {{law().k_s, n, height, 100 * (1 - height / (n * d)), diameter, 100 * (1 - diameter / d), static_height,
             static_diameter, averaged ? means_.duration : 0.0}};
  return t;
}

}  // namespace cl
