#pragma once
// The theory of a world of ellipses (world.h) for the page: its contact law
// with the running numbers (k₀ at the contacts now), the equations of
// motion of an ellipse with its observer mass, and the energy audit.
// Scenes add their own assumptions.
#include "core/theory.h"
#include "world/world.h"

namespace cl {

/// Sections "contact law", "equations of motion" and "energy audit" of `world` as it runs.
std::vector<TheorySection> world_theory(const World& world);

/// The integrator's name and its step or tolerance, as a sentence.
std::string integrator_sentence(const StepperSettings& stepper);

}  // namespace cl
