#include "core/worker_pool.h"

#include <algorithm>

#ifndef CONTACTLAB_NO_THREADS
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
struct WorkerPool::Workers {
  std::vector<std::thread> threads;
  std::mutex in_use;  // held by the caller of run() while its job lasts
  std::mutex lock;    // guards everything below
  std::condition_variable job_posted, job_done;
  const std::function<void(int)>* work = nullptr;
  int parts = 0, next_part = 0, parts_done = 0;
  long long job = 0;  // counts the jobs posted
  int active = 0;     // workers taking part (the others sleep through jobs)
  bool stopping = false;

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

  void serve(int index) {
    std::unique_lock<std::mutex> held(lock);
    long long seen = 0;
    for (;;) {
      job_posted.wait(held, [&] { return stopping || job != seen; });
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
  w.next_part = w.parts_done = 0;
  ++w.job;
  w.job_posted.notify_all();
  w.work_through(held);
  w.job_done.wait(held, [&] { return w.parts_done == parts; });
}

#endif

}  // namespace cl
