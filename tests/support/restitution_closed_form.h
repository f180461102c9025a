#pragma once
// What every head-on impact of two bodies, or of a body and a boundary,
// must give: the engine's closed form of the 1-DOF impact
// (contact/effective_restitution.h), itself measured against integrated
// impacts in tests/physics/test_contact_restitution.cpp.
#include "contact/effective_restitution.h"

namespace test {

inline double predicted_restitution(cl::NormalLaw law, double c) { return cl::effective_restitution(law, c); }

}  // namespace test
