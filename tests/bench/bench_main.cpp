// Benchmark (not a test): every scene's section prints wall times, steps and
// real-time factors, best of several repetitions.
//   bench [repetitions] [section ...]   (default 7 repetitions, all sections;
//                                        sections may cap the repetitions)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bench/bench_registry.h"

int main(int argc, char** argv) {
  int repetitions = 7;
  std::vector<std::string> chosen;
  for (int k = 1; k < argc; ++k) {
    if (std::strspn(argv[k], "0123456789") == std::strlen(argv[k]))
      repetitions = std::max(1, std::atoi(argv[k]));
    else
      chosen.push_back(argv[k]);
  }
  for (const std::string& name : chosen)
    if (std::none_of(bench::sections().begin(), bench::sections().end(),
                     [&](const bench::Section& s) { return s.name == name; })) {
      std::fprintf(stderr, "bench: no section '%s'; sections:", name.c_str());
      for (const bench::Section& s : bench::sections()) std::fprintf(stderr, " %s", s.name.c_str());
      std::fprintf(stderr, "\n");
      return 2;
    }
  bool first = true;
  for (const bench::Section& s : bench::sections()) {
    if (!chosen.empty() && std::find(chosen.begin(), chosen.end(), s.name) == chosen.end()) continue;
    if (!first) std::printf("\n");
    first = false;
    s.run(repetitions);
  }
  return 0;
}
