#include "core/impact_loop.h"

namespace cl {

size_t ImpactLoopLog::begin(double onset, std::string kind, int i, int j) {
  ++revision_;
  if (loops_.size() == capacity_) loops_.pop_front();
  auto loop = std::make_shared<ImpactLoop>();
  loop->id = next_id_++;
  loop->onset = onset;
  loop->kind = std::move(kind);
  loop->i = i;
  loop->j = j;
  loops_.push_back(std::move(loop));
  return loops_.back()->id;
}

void ImpactLoopLog::add_point(size_t id, double penetration, double force) {
  if (loops_.empty() || id < loops_.front()->id || id > loops_.back()->id) return;
  std::shared_ptr<ImpactLoop>& kept_loop = loops_[id - loops_.front()->id];
  // Shared with a copy of the log (a snapshot): this one gets its own before it changes.
  if (kept_loop.use_count() > 1) kept_loop = std::make_shared<ImpactLoop>(*kept_loop);
  ImpactLoop& loop = *kept_loop;
  if (loop.offered++ % loop.stride != 0) return;
  if (loop.penetration.size() == max_points_) {  // keep every other point, take half as many from now on
    size_t kept = 0;
    for (size_t k = 0; k < loop.penetration.size(); k += 2, ++kept) {
      loop.penetration[kept] = loop.penetration[k];
      loop.force[kept] = loop.force[k];
    }
    loop.penetration.resize(kept);
    loop.force.resize(kept);
    loop.stride *= 2;
    if ((loop.offered - 1) % loop.stride != 0) return;
  }
  ++revision_;
  loop.penetration.push_back(penetration);
  loop.force.push_back(force);
}

void ImpactLoopLog::clear() {
  loops_.clear();
  next_id_ = 0;
  ++revision_;
}

}  // namespace cl
