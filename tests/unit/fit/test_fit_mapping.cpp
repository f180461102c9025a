// Which measured column is what (fit/fit_mapping.h): "COLUMN[UNIT]=TARGET"
// parsed, columns found by name, values converted to the target's unit,
// event times without a time column, and every wrong mapping refused with
// what the file or the scene offers.
#include <cmath>

#include <doctest/doctest.h>

#include "core/message_text.h"
#include "fit/fit_mapping.h"
#include "scenes/registry.h"

namespace {

cl::MeasuredTable table() {
  // Tracker-like: t in ms, y in mm, a frame without a mark, out of order.
  cl::MeasuredTable t;
  t.columns = {{"t", "ms", {0, 20, 10, 30}}, {"y", "mm", {300, 280, std::nan(""), 250}}, {"n", "", {1, 2, 3, 4}}};
  return t;
}

std::optional<std::string> read(const std::string& map, cl::FitTarget& target, std::vector<std::string>& notes,
                                const cl::MeasuredTable& t = table()) {
  std::vector<cl::ColumnMapping> mappings;
  if (auto error = cl::parse_column_mappings(map, mappings)) return error;
  const auto scene = cl::find_scene("pile")->create();
  return cl::read_fit_target(t, mappings, scene->description(), scene->series(), target, notes);
}

std::string refusal(const std::string& map) {
  cl::FitTarget target;
  std::vector<std::string> notes;
  const auto error = read(map, target, notes);
  REQUIRE(error);
  MESSAGE(*error);
  return *error;
}

}  // namespace

TEST_CASE("fit mapping: entries with units in brackets") {
  std::vector<cl::ColumnMapping> m;
  REQUIRE_FALSE(cl::parse_column_mappings(" t = t , Height [mm]=com_height", m));
  REQUIRE(m.size() == 2);
  CHECK(m[0].column == "t");
  CHECK(m[0].target == "t");
  CHECK(m[1].column == "Height");
  CHECK(m[1].unit == "mm");
  CHECK(m[1].target == "com_height");
  for (const char* bad : {"", "t", "=t", "t=", "t=t,,y=com_height", "a=b=c"}) CHECK(cl::parse_column_mappings(bad, m));
}

TEST_CASE("fit mapping: a series at the data's times, in SI units, sorted, rows with an empty cell left out") {
  cl::FitTarget target;
  std::vector<std::string> notes;
  REQUIRE_FALSE(read("t=t,y=com_height", target, notes));
  CHECK(target.kind == cl::FitTarget::Kind::Series);
  CHECK(target.name == "com_height");
  CHECK(target.times == std::vector<double>{0, 0.02, 0.03});
  REQUIRE(target.values.size() == 3);
  CHECK(target.values[0] == doctest::Approx(0.3));
  CHECK(target.values[2] == doctest::Approx(0.25));
  CHECK(notes.empty());
}

TEST_CASE("fit mapping: event times need no time column; a column without a unit is read in the target's, with a note") {
  cl::FitTarget target;
  std::vector<std::string> notes;
  REQUIRE_FALSE(read("n=bounce", target, notes));
  CHECK(target.kind == cl::FitTarget::Kind::EventTimes);
  CHECK(target.times == std::vector<double>{1, 2, 3, 4});
  CHECK(target.values.empty());
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].find("'n'") != std::string::npos);
  // The mapping's unit overrides the file's.
  REQUIRE_FALSE(read("n[ms]=bounce", target, notes));
  CHECK(target.times[0] == doctest::Approx(0.001));
}

TEST_CASE("fit mapping: wrong mappings are refused, naming what there is") {
  CHECK(refusal("t=t,height=com_height").find("t, y, n") != std::string::npos);  // the file's columns
  CHECK(refusal("t=t,y=altitude").find("com_height") != std::string::npos);       // the scene's series and events
  CHECK(refusal("t=t,y=bounce").find("bounce") != std::string::npos);             // events take no time column
  CHECK(refusal("y=com_height").find("t=t") != std::string::npos);                // a series needs times
  CHECK(refusal("t=t,y=t").find("'y'") != std::string::npos);                     // two time columns
  CHECK_FALSE(refusal("t=t,y=com_height,n=pile_height").empty());                 // one target at a time
  CHECK(refusal("t=t,y[s]=com_height").find("'y' in s") != std::string::npos);    // seconds are no height
  CHECK_FALSE(refusal("t=t").empty());                                             // nothing to fit
}
