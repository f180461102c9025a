#pragma once
// The campaign's command-line classes (issue 34): --compare specs, sweep
// plans and sweep merges as a hostile user types them. Their code lives in
// src/cli, outside the engine library, so each case writes its input files
// into a scratch folder, runs the release CLI there in a child process and
// reads every CSV it wrote for non-finite cells.
#include <string>

#include "fuzz/fuzz_inputs.h"
#include "fuzz/fuzz_run.h"

namespace fuzz {

/// s of CPU time a case may take, a measure the machine's load does not
/// change; the CLI gets SIGXCPU after it.
constexpr unsigned kHangLimit = 20;
/// s of wall time after which a case that waits instead of computing (a
/// blocking read) is stopped (SIGALRM).
constexpr unsigned kWallBackstop = 300;

/// The CLI these classes run: the build's (CONTACTLAB_CLI), or a copy that
/// a build running beside the campaign cannot replace.
extern std::string cli_path;

/// contactlab run SCENE --compare ... (or a scene file's "compare"): 2-4
/// variants mostly, of laws, integrators and body counts, and specs the CLI
/// must refuse (one or 50 variants, lists of different lengths, a key twice,
/// unknown names, bad values).
Outcome compare_case(Draws& d);
/// contactlab sweep SCENE --vary NAME=FROM:TO:COUNT ...: a few runs of a
/// numeric parameter, and ranges, counts, shards, --jobs, --until and
/// scene-file starts the CLI must refuse.
Outcome sweep_case(Draws& d);
/// contactlab sweep --merge ...: a sweep's slices as the CLI writes them,
/// then lost, doubled, truncated or mutated slices, non-canonical row keys,
/// huge lines, empty files, directories, devices, link loops and long names
/// as inputs or --out.
Outcome merge_case(Draws& d);

}  // namespace fuzz
