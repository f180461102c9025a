#pragma once
// Normal force against penetration through single impacts: the hysteresis
// loops of a damped contact law (the area inside a loop is the work the
// damping took). Kept in bounded memory: the latest `capacity` impacts, each
// thinned by halves when it reaches `max_points`. The log is a record that
// every snapshot of a run copies (one per sample): copies share the loops,
// and a loop still growing is copied on its first point after a copy, so a
// snapshot copies pointers, not the points of 64 impacts.
#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace cl {

struct ImpactLoop {
  size_t id = 0;       ///< counts impacts from 0 since reset
  double onset = 0;    ///< s, the located start of the contact
  std::string kind;    ///< "wall", "pair", "street"
  int i = 0, j = -1;   ///< bodies (j < 0: the wall or street)
  std::vector<double> penetration;  ///< m (> 0 in contact)
  std::vector<double> force;        ///< normal force, N
  size_t stride = 1;   ///< keeps every stride-th point offered
  size_t offered = 0;  ///< points offered so far
};

class ImpactLoopLog {
 public:
  explicit ImpactLoopLog(size_t capacity = 64, size_t max_points = 512)
      : capacity_(capacity), max_points_(max_points) {}

  /// Starts the loop of a new impact; returns its id for add_point().
  size_t begin(double onset, std::string kind, int i, int j);
  /// Appends a point to impact `id` (ignored if that loop was forgotten).
  void add_point(size_t id, double penetration, double force);
  void clear();

  /// The loops kept, oldest first: a view for range-for and indexing.
  class Loops {
   public:
    using Kept = std::deque<std::shared_ptr<ImpactLoop>>;
    class Iterator {
     public:
      explicit Iterator(Kept::const_iterator at) : at_(at) {}
      const ImpactLoop& operator*() const { return **at_; }
      Iterator& operator++() { return ++at_, *this; }
      bool operator!=(const Iterator& other) const { return at_ != other.at_; }

     private:
      Kept::const_iterator at_;
    };
    explicit Loops(const Kept& kept) : kept_(kept) {}
    Iterator begin() const { return Iterator(kept_.begin()); }
    Iterator end() const { return Iterator(kept_.end()); }
    size_t size() const { return kept_.size(); }
    bool empty() const { return kept_.empty(); }
    const ImpactLoop& operator[](size_t k) const { return *kept_[k]; }
    const ImpactLoop& front() const { return *kept_.front(); }
    const ImpactLoop& back() const { return *kept_.back(); }

   private:
    const Kept& kept_;
  };
  Loops loops() const { return Loops(loops_); }
  /// Loops forgotten because the log was full.
  size_t dropped() const { return next_id_ - loops_.size(); }
  /// Changes whenever a loop or a point is added or the log is cleared.
  size_t revision() const { return revision_; }

 private:
  size_t capacity_, max_points_;
  std::deque<std::shared_ptr<ImpactLoop>> loops_;  // shared with copies of the log until written
  size_t next_id_ = 0;
  size_t revision_ = 0;
};

}  // namespace cl
