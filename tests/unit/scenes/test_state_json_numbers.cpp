// Reading a scene file's state (scenes/state_json_numbers.h): keys renamed
// since the file was written are read under their new names.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "scenes/state_json_numbers.h"

TEST_CASE("old keys are read under their new names, a new key present wins") {
  const nlohmann::json old = {{"x", 1}, {"z", 2}, {"vz", 3}};
  const nlohmann::json renamed = cl::with_old_keys_renamed(old, {{"z", "y"}, {"vz", "vy"}});
  CHECK(renamed == nlohmann::json{{"x", 1}, {"y", 2}, {"vy", 3}});
  const nlohmann::json both = cl::with_old_keys_renamed({{"z", 2}, {"y", 5}}, {{"z", "y"}});
  CHECK(both["y"] == 5);  // written by today's page: its own value
  CHECK(cl::with_old_keys_renamed(nlohmann::json::array({1, 2}), {{"z", "y"}}) == nlohmann::json::array({1, 2}));
}
