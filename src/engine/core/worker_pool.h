#pragma once
// A few threads that share the parts of one computation (a large pile's
// contact sum). run(parts, work) calls work(p) once for every p in
// [0, parts), on the calling thread and the pool's workers at once, and
// returns when all are done. Which thread runs a part, and when, must not
// change what it computes: callers split their work by data (particle
// ranges), so that their numbers are the same with any number of threads.
//
// One pool per process (shared()), with a worker per hardware thread but
// the caller's. Built without threads (the WebAssembly engine: the page runs
// on one thread, see src/engine/CMakeLists.txt) it has no workers. A caller
// that finds the pool busy (another simulation on another thread, such as
// the CLI's sweep jobs) runs its parts itself.
#include <functional>
#include <memory>
#include <utility>

namespace cl {

class WorkerPool {
 public:
#ifdef CONTACTLAB_NO_THREADS
  static constexpr bool kThreaded = false;
#else
  static constexpr bool kThreaded = true;
#endif
  static WorkerPool& shared();

  explicit WorkerPool(int workers);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  /// Threads that run parts at once: the caller and the workers in use.
  int threads() const;
  /// Uses at most `threads` (>= 1) from now on; 1 runs every part on the caller.
  void limit_threads(int threads);
  void run(int parts, const std::function<void(int)>& work);
  /// Part p of `parts` near-equal ranges of [0, count): [begin, end).
  static std::pair<int, int> part_range(int count, int parts, int p) {
    return {static_cast<int>(1LL * count * p / parts), static_cast<int>(1LL * count * (p + 1) / parts)};
  }

 private:
  struct Workers;
  std::unique_ptr<Workers> workers_;  // null without threads
};

}  // namespace cl
