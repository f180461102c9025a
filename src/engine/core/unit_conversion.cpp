#include "core/unit_conversion.h"

#include <array>

namespace cl {
namespace {

constexpr double kPi = 3.14159265358979323846;

struct Unit {
  const char* name;
  const char* si;   // the SI unit of its dimension, as series name theirs
  double factor;    // value in si = factor * value in this unit
};

constexpr std::array<Unit, 30> kUnits = {{
    {"m", "m", 1.0},          {"cm", "m", 1e-2},         {"mm", "m", 1e-3},       {"µm", "m", 1e-6},
    {"km", "m", 1e3},         {"s", "s", 1.0},           {"ms", "s", 1e-3},       {"µs", "s", 1e-6},
    {"us", "s", 1e-6},        {"min", "s", 60.0},        {"m/s", "m/s", 1.0},     {"cm/s", "m/s", 1e-2},
    {"mm/s", "m/s", 1e-3},    {"km/h", "m/s", 1.0 / 3.6}, {"m/s²", "m/s²", 1.0},  {"m/s^2", "m/s²", 1.0},
    {"N", "N", 1.0},          {"mN", "N", 1e-3},         {"kN", "N", 1e3},        {"J", "J", 1.0},
    {"mJ", "J", 1e-3},        {"kg", "kg", 1.0},         {"g", "kg", 1e-3},       {"rad", "rad", 1.0},
    {"deg", "rad", kPi / 180}, {"°", "rad", kPi / 180},   {"rad/s", "rad/s", 1.0}, {"Pa", "Pa", 1.0},
    {"MPa", "Pa", 1e6},       {"GPa", "Pa", 1e9},
}};

const Unit* find_unit(const std::string& name) {
  for (const Unit& unit : kUnits)
    if (name == unit.name) return &unit;
  return nullptr;
}

}  // namespace

std::optional<double> si_factor(const std::string& unit, const std::string& si_unit) {
  const Unit* from = find_unit(unit);
  const Unit* to = find_unit(si_unit);
  if (!from || !to || std::string(from->si) != to->si) return std::nullopt;
  return from->factor / to->factor;
}

std::vector<std::string> units_like(const std::string& si_unit) {
  std::vector<std::string> names;
  const Unit* to = find_unit(si_unit);
  if (!to) return names;
  for (const Unit& unit : kUnits)
    if (std::string(unit.si) == to->si) names.push_back(unit.name);
  return names;
}

}  // namespace cl
