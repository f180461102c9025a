#include "core/worker_pool.h"

#include <algorithm>

#ifndef CONTACTLAB_NO_THREADS
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>
#endif

namespace cl {

#ifdef CONTACTLAB_NO_THREADS

struct WorkerPool::Workers {};

WorkerPool& WorkerPool::shared() {
  static WorkerPool pool(0);
  return pool;
}

WorkerPool::WorkerPool(int) {}
WorkerPool::~WorkerPool() = default;
int WorkerPool::threads() const { return 1; }
void WorkerPool::limit_threads(int) {}

void WorkerPool::run(int parts, const std::function<void(int)>& work) {
  for (int p = 0; p < parts; ++p) work(p);
}

#else

// The job in progress: workers claim its parts one at a time under the
// lock, so a part is never claimed from a job that has already returned.
// A pile's step posts a few jobs a millisecond apart: a worker that has
// just finished one, and the caller waiting for its last part, watch for
// 0.1 ms before they sleep, since waking a sleeping thread can take longer
// than the wait itself (the 100,000-particle pile on two threads, six
// rounds in turn: 0.3 s of its fall in 166-228 ms instead of 219-325 ms,
// landed in 433-481 ms instead of 467-592 ms).
struct WorkerPool::Workers {
  static constexpr std::chrono::microseconds kWatch{100};  // before sleeping

  std::vector<std::thread> threads;
  std::mutex in_use;  // held by the caller of run() while its job lasts
  std::mutex lock;    // guards everything below (the atomics are changed under it too, and watched without it)
  std::condition_variable job_posted, job_done;
  const std::function<void(int)>* work = nullptr;
  int parts = 0, next_part = 0;
  std::atomic<int> parts_done{0};
  std::atomic<long long> job{0};  // counts the jobs posted
  int active = 0;     // workers taking part (the others sleep through jobs)
  int sleeping = 0;   // workers waiting on job_posted
  std::atomic<bool> stopping{false};

  /// Runs parts of the current job until none is left; `held` locks `lock`.
  void work_through(std::unique_lock<std::mutex>& held) {
    const long long this_job = job;
    while (job == this_job && next_part < parts) {
      const int part = next_part++;
      held.unlock();
      (*work)(part);
      held.lock();
      if (++parts_done == parts) job_done.notify_all();
    }
  }

  /// Returns once `condition` (checked without the lock) holds, or after kWatch.
  template <class Condition>
  static void watch(Condition condition) {
    const auto until = std::chrono::steady_clock::now() + kWatch;
    while (!condition() && std::chrono::steady_clock::now() < until) {
    }
  }

  void serve(int index) {
    std::unique_lock<std::mutex> held(lock);
    long long seen = 0;
    for (;;) {
      held.unlock();
      watch([&] { return job != seen || stopping; });
      held.lock();
      ++sleeping;
      job_posted.wait(held, [&] { return stopping || job != seen; });
      --sleeping;
      if (stopping) return;
      seen = job;
      if (index < active) work_through(held);
    }
  }
};

WorkerPool& WorkerPool::shared() {
  static WorkerPool pool(static_cast<int>(std::thread::hardware_concurrency()) - 1);
  return pool;
}

WorkerPool::WorkerPool(int workers) : workers_(std::make_unique<Workers>()) {
  workers = std::max(workers, 0);
  workers_->active = workers;
  for (int i = 0; i < workers; ++i) workers_->threads.emplace_back([this, i] { workers_->serve(i); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> held(workers_->lock);
    workers_->stopping = true;
  }
  workers_->job_posted.notify_all();
  for (std::thread& t : workers_->threads) t.join();
}

int WorkerPool::threads() const {
  std::lock_guard<std::mutex> held(workers_->lock);
  return workers_->active + 1;
}

void WorkerPool::limit_threads(int threads) {
  std::lock_guard<std::mutex> held(workers_->lock);
  workers_->active = std::clamp(threads - 1, 0, static_cast<int>(workers_->threads.size()));
}

void WorkerPool::run(int parts, const std::function<void(int)>& work) {
  Workers& w = *workers_;
  std::unique_lock<std::mutex> in_use(w.in_use, std::try_to_lock);
  if (parts <= 1 || !in_use.owns_lock() || threads() == 1) {
    for (int p = 0; p < parts; ++p) work(p);
    return;
  }
  std::unique_lock<std::mutex> held(w.lock);
  w.work = &work;
  w.parts = parts;
  w.next_part = 0;
  w.parts_done = 0;
  ++w.job;
  if (w.sleeping > 0) w.job_posted.notify_all();
  w.work_through(held);
  if (w.parts_done == parts) return;
  held.unlock();
  Workers::watch([&] { return w.parts_done == parts; });
  held.lock();
  w.job_done.wait(held, [&] { return w.parts_done == parts; });
}

#endif

}  // namespace cl
