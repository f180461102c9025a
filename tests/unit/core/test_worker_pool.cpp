// The worker pool runs every part of a job once, on as many threads as it
// is allowed, and a second caller while a job is running runs its own parts.
#include <doctest/doctest.h>

#include <atomic>
#include <set>
#include <thread>
#include <vector>

#include "core/worker_pool.h"

TEST_CASE("worker pool: every part runs exactly once, with every thread limit") {
  cl::WorkerPool pool(3);
  CHECK(pool.threads() == 4);
  for (const int threads : {4, 2, 1}) {
    pool.limit_threads(threads);
    CHECK(pool.threads() == threads);
    for (const int parts : {0, 1, 2, 7, 64}) {
      for (int job = 0; job < 50; ++job) {
        std::vector<std::atomic<int>> runs(static_cast<size_t>(parts));
        pool.run(parts, [&](int p) { runs[p].fetch_add(1); });
        int wrong = 0;
        for (const std::atomic<int>& count : runs) wrong += count.load() != 1;
        REQUIRE(wrong == 0);
      }
    }
  }
}

TEST_CASE("worker pool: limited to one thread, every part runs on the caller") {
  cl::WorkerPool pool(2);
  pool.limit_threads(1);
  std::set<std::thread::id> seen;
  pool.run(16, [&](int) { seen.insert(std::this_thread::get_id()); });  // one thread: no lock needed
  CHECK(seen == std::set<std::thread::id>{std::this_thread::get_id()});
}

TEST_CASE("worker pool: callers on two threads at once each get all their parts run") {
  cl::WorkerPool pool(2);
  std::atomic<long long> sums[2] = {0, 0};
  std::vector<std::thread> callers;
  for (int c = 0; c < 2; ++c)
    callers.emplace_back([&, c] {
      for (int job = 0; job < 200; ++job) pool.run(10, [&](int p) { sums[c].fetch_add(p + 1); });
    });
  for (std::thread& t : callers) t.join();
  MESSAGE("sums of parts 1..10 over 200 jobs: " << sums[0].load() << ", " << sums[1].load());
  CHECK(sums[0].load() == 200 * 55);
  CHECK(sums[1].load() == 200 * 55);
}
