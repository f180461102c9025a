#pragma once
// Caps on what input may ask of the engine, in one place (README, "Limits").
// Each keeps a run's memory and time bounded; a refusal names the cap.
namespace cl {

/// s: the latest simulated time a state may carry or a CLI run may reach. A
/// double still resolves 2e-10 s at 1e6 s, below the smallest fixed step (1e-7 s).
constexpr double kMaxTime = 1e6;
/// s: the shortest sample interval.
constexpr double kMinSampleInterval = 1e-6;
/// Samples one CLI run may write (--until / --sample), compared runs
/// together: at most ~160 MB of CSV, and ~18 s of the costliest rows (the
/// street's, 43 us each with their contact searches and 25 numbers).
constexpr double kMaxSamples = 4e5;

}  // namespace cl
