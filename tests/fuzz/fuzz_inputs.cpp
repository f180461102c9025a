#include "fuzz/fuzz_inputs.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/number_format.h"
#include "io/query_string.h"
#include "run/simulation.h"

namespace fuzz {

bool verbose = false;

uint64_t Draws::next() {
  if (rng_) return (*rng_)();
  uint64_t bits = 0;
  for (int k = 0; k < 8 && position_ < size_; ++k) bits |= static_cast<uint64_t>(data_[position_++]) << (8 * k);
  return bits;
}

namespace {

using nlohmann::json;

void show(const char* what, const std::string& text) {
  if (verbose) std::fprintf(stderr, "%s (%zu bytes): %.2000s\n", what, text.size(), text.c_str());
}

/// Numbers a hostile input likes: the ends of double, zero, signs, huge whole numbers.
double extreme_number(Draws& d) {
  static const std::vector<double> values = {0,     -0.0,  1e308, -1e308, 1e-320, -1e-9, 1e-300, 1e15,
                                             1e19,  -1e9,  1e6,   1e10,   0.5,    -1,    7,      2147483648.0};
  return pick(values, d);
}

std::string number_text(double x) { return cl::format_number(x); }

/// Known good expressions: the scenes' preset walls and streets, as text to mutate and embed.
const std::vector<std::string>& good_expressions() {
  static const std::vector<std::string> list = [] {
    std::vector<std::string> out;
    for (const char* id : {"implicit", "street"}) {
      const cl::SceneEntry& e = *cl::find_scene(id);
      for (const cl::Preset& p : e.create()->presets(cl::ParamValues(e.description().params)))
        for (const auto& [name, value] : p.values)
          if ((name == "wall" || name == "street") && !value.empty()) out.push_back(value);
    }
    return out;
  }();
  return list;
}

std::string random_formula(Draws& d, int depth) {
  static const std::vector<std::string> unary = {"sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
                                                 "tanh", "asinh", "acosh", "atanh", "log", "ln", "log2", "log10",
                                                 "exp", "sqrt", "sign", "rint", "abs"};
  static const std::vector<std::string> binary = {"+", "-", "*", "/", "^", "<", ">", "<=", ">=", "==", "!=", "&&", "||"};
  if (depth <= 0 || d.chance(0.3)) {
    switch (d.below(6)) {
      case 0: return "x";
      case 1: return "y";
      case 2: return "pi";
      case 3: return number_text(extreme_number(d));
      default: return number_text(std::round(d.uniform() * 200 - 100) / (1 + d.below(10)));
    }
  }
  switch (d.below(6)) {
    case 0: return pick(unary, d) + "(" + random_formula(d, depth - 1) + ")";
    case 1: return "atan2(" + random_formula(d, depth - 1) + ", " + random_formula(d, depth - 1) + ")";
    case 2: return std::string(d.chance(0.5) ? "min(" : "max(") + random_formula(d, depth - 1) + ", " +
                   random_formula(d, depth - 1) + ")";
    case 3: return "(" + random_formula(d, depth - 1) + " < 0 ? " + random_formula(d, depth - 1) + " : " +
                   random_formula(d, depth - 1) + ")";
    case 4: return "-(" + random_formula(d, depth - 1) + ")";
    default: return "(" + random_formula(d, depth - 1) + pick(binary, d) + random_formula(d, depth - 1) + ")";
  }
}

std::string pathological_expression(Draws& d) {
  const size_t n = 1 + d.below(1200);
  switch (d.below(7)) {
    case 0: {
      std::string s = "x";
      for (size_t k = 0; k < n; k += 2) s += "+x";
      return s;
    }
    case 1: return std::string(n % 120, '(') + "x" + std::string(n % 120, ')');
    case 2: {
      std::string s = "x";
      for (size_t k = 0; k < n % 200; ++k) s = "sin(" + s + ")";
      return s;
    }
    case 3: return "x^2+y^2-2.25+sin(1e" + std::to_string(d.below(12)) + "*x)";
    case 4: return pick(std::vector<std::string>{"sign(x)", "rint(x)", "x<0?1:2", "atan2(x,-1)", "1/x", "0/0",
                                                 "x^1e300", "1e308*x*x", "sqrt(-1)", "log(0)"},
                        d) +
                   (d.chance(0.5) ? " - (12 + x)" : " + x^2 + y^2 - 100");
    case 5: return std::string(n, d.chance(0.5) ? '(' : 'x');
    default: {
      std::string s;
      for (size_t k = 0; k < n % 60; ++k) s += static_cast<char>(d.below(256));
      return s;
    }
  }
}

/// The node a random walk from `root` ends on (objects and arrays followed at
/// random, at least two levels down where there are two: a file's values, not its frame).
json* random_node(json& root, Draws& d) {
  json* node = &root;
  for (int depth = 0; (node->is_object() || node->is_array()) && !node->empty() && (depth < 2 || d.chance(0.7));
       ++depth) {
    auto it = node->begin();
    std::advance(it, static_cast<long>(d.below(node->size())));
    node = &*it;
  }
  return node;
}

/// One structural change of a JSON document: an extreme number, another
/// type, an unknown or a missing key, a long list.
void mutate_json(json& doc, Draws& d) {
  json* node = random_node(doc, d);
  switch (d.below(7)) {
    case 0: *node = extreme_number(d); break;
    case 1: *node = pick(std::vector<json>{nullptr, true, "text", json::array(), json::object(), 1e300, -5}, d); break;
    case 2: if (node->is_object()) (*node)["unexpected"] = 1; break;
    case 3:
      if (node->is_object() && !node->empty()) node->erase(node->begin());
      break;
    case 4:
      if (node->is_array() && !node->empty()) {
        const json first = node->front();
        const size_t copies = d.chance(0.5) ? d.below(50) : d.below(25000);
        for (size_t k = 0; k < copies; ++k) node->push_back(first);
      }
      break;
    case 5: *node = junk_text(d); break;
    default: if (node->is_object()) (*node)["t"] = extreme_number(d); break;
  }
}

/// Wraps the text's first value that follows a ':' in `levels` arrays.
void nest_deeply(std::string& text, size_t levels) {
  const size_t colon = text.find(':');
  if (colon == std::string::npos) return;
  const size_t end = text.find_first_of(",}", colon);
  if (end == std::string::npos) return;
  text.insert(end, std::string(levels, ']'));
  text.insert(colon + 1, std::string(levels, '['));
}

/// A document's text; invalid UTF-8 put in a string (which json cannot
/// write as it is) becomes U+FFFD: byte edits add raw bytes elsewhere.
std::string dumped(const json& doc, int indent = -1) {
  return doc.dump(indent, ' ', false, json::error_handler_t::replace);
}

/// Structural changes, then now and then deep nesting and byte edits.
std::string mutated_text(json doc, Draws& d) {
  const size_t changes = d.below(3);
  for (size_t k = 0; k < changes; ++k) mutate_json(doc, d);
  std::string text = dumped(doc, d.chance(0.5) ? 2 : -1);
  if (d.chance(0.05)) nest_deeply(text, d.chance(0.5) ? 20 + d.below(40) : 150000);
  if (d.chance(0.05)) {
    const size_t digit = text.find_first_of("123456789");
    if (digit != std::string::npos) text.insert(digit, "1e400");
  }
  if (d.chance(0.25)) mutate_bytes(text, d);
  return text;
}

}  // namespace

std::string junk_text(Draws& d) {
  static const std::vector<std::string> values = {"",       "nan", "inf",   "-inf",  "1e400", "-1e400", "0x1p3",
                                                  "1e-400", " 1",  "1 ",    "1.2.3", "\xff\xfe", "%00", "\"",
                                                  "1,5",    "١",   "1e309", "--1",   "+",     std::string(5000, '9')};
  return pick(values, d);
}

std::string random_value_text(const cl::ParamSpec& spec, Draws& d) {
  switch (spec.kind) {
    case cl::ParamKind::Choice:
      return d.chance(0.9) ? pick(spec.choices, d) : junk_text(d);
    case cl::ParamKind::Text: {
      std::string text = random_expression(d);
      if (spec.name == "street") std::replace(text.begin(), text.end(), 'y', 'x');  // a street is s(x)
      return text;
    }
    default: {
      const double u = d.uniform();
      if (u < 0.1) return number_text(spec.min);
      if (u < 0.2) return number_text(spec.max);
      if (u < 0.25) return number_text(extreme_number(d));
      if (u < 0.3) return junk_text(d);
      const double x = d.uniform();
      double value = spec.min > 0 && spec.max >= 100 * spec.min
                         ? std::exp(std::log(spec.min) + x * (std::log(spec.max) - std::log(spec.min)))
                         : spec.min + x * (spec.max - spec.min);
      if (spec.kind == cl::ParamKind::Integer) value = std::round(value);
      return number_text(value);
    }
  }
}

void mutate_bytes(std::string& text, Draws& d) {
  static const std::string alphabet = "xy0123456789.+-*/^()<>?:,e[]{}\":\\ \n\t\x01\x7f\xc3\xa9\xff";
  const size_t edits = 1 + d.below(4);
  for (size_t k = 0; k < edits; ++k) {
    const size_t at = d.below(text.size() + 1);
    switch (d.below(4)) {
      case 0: text.insert(at, 1, alphabet[d.below(alphabet.size())]); break;
      case 1: if (at < text.size()) text.erase(at, 1 + d.below(3)); break;
      case 2: if (at < text.size()) text[at] = alphabet[d.below(alphabet.size())]; break;
      default: if (d.chance(0.3)) text.resize(at); break;
    }
  }
}

json state_of(const cl::SceneEntry& entry, const cl::ParamValues& params) {
  cl::Simulation sim(entry.create());
  if (!sim.set_params(params)) sim.reset();  // a refusal keeps the defaults' run
  return sim.scene().state_json();
}

cl::ParamValues random_params(const cl::SceneEntry& entry, Draws& d) {
  cl::ParamValues p(entry.description().params);
  if (d.chance(0.3)) {
    const std::vector<cl::Preset> presets = entry.create()->presets(p);
    if (!presets.empty())
      for (const auto& [name, value] : pick(presets, d).values) p.set(name, value);
  }
  const auto& specs = entry.description().params;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (d.chance(0.5)) continue;
    if (specs[i].kind == cl::ParamKind::Text && d.chance(0.5)) {
      p.set(specs[i].name, pick(good_expressions(), d));
      continue;
    }
    p.set(specs[i].name, random_value_text(specs[i], d));
  }
  if (verbose)
    for (size_t i = 0; i < specs.size(); ++i) std::fprintf(stderr, "  %s = %s\n", specs[i].name.c_str(), p.format(i).c_str());
  return p;
}

std::string random_expression(Draws& d) {
  std::string text;
  const size_t kind = d.below(10);
  if (kind < 6) {
    text = random_formula(d, 1 + static_cast<int>(d.below(6)));
  } else if (kind == 6) {
    text = pick(good_expressions(), d);
    mutate_bytes(text, d);
  } else if (kind < 9) {
    text = pathological_expression(d);
  } else {
    text = pick(good_expressions(), d) + pick(std::vector<std::string>{" + ", " * ", " - "}, d) + random_formula(d, 3);
  }
  show("expression", text);
  return text;
}

std::string random_scene_file(Draws& d) {
  const cl::SceneEntry& entry = pick(cl::all_scenes(), d);
  const cl::ParamValues params = d.chance(0.5) ? random_params(entry, d) : cl::ParamValues(entry.description().params);
  json params_json = json::object();
  for (size_t i = 0; i < params.specs().size(); ++i) {
    const cl::ParamSpec& s = params.specs()[i];
    if (s.kind == cl::ParamKind::Real || s.kind == cl::ParamKind::Integer) params_json[s.name] = params.number_at(i);
    else params_json[s.name] = params.format(i);
  }
  json doc = {{"format", "contactlab-scene/1"}, {"scene", entry.description().id}, {"params", params_json}};
  if (d.chance(0.8)) doc["state"] = state_of(entry, params);
  if (d.chance(0.05)) doc["format"] = pick(std::vector<json>{"contactlab-scene/99", 1, nullptr, "contactlab-scene/1 "}, d);
  if (d.chance(0.05)) doc["scene"] = pick(std::vector<json>{"warp_drive", 5, "", "pendulum", "pile"}, d);
  const std::string text = d.chance(0.3) ? dumped(doc, 2) : mutated_text(doc, d);
  show("scene file", text);
  return text;
}

std::string random_url_hash(Draws& d) {
  const cl::SceneEntry& entry = pick(cl::all_scenes(), d);
  std::string hash = pick(std::vector<std::string>{"#", "?", "", "#&"}, d);
  hash += "scene=" + (d.chance(0.9) ? entry.description().id : junk_text(d));
  const auto& specs = entry.description().params;
  const size_t pairs = d.below(14);
  for (size_t k = 0; k < pairs; ++k) {
    std::string key, value;
    if (d.chance(0.75)) {
      const cl::ParamSpec& s = pick(specs, d);
      key = s.name;
      value = random_value_text(s, d);
    } else {
      key = pick(std::vector<std::string>{"embed", "play", "plots", "scene", "", "=", "L%", "\xff"}, d);
      value = pick(std::vector<std::string>{"1", "0", "true", "yes", "x,y;tension", "", "%", "%zz"}, d);
    }
    hash += pick(std::vector<std::string>{"&", "&", "&&", ";"}, d);
    hash += d.chance(0.7) ? cl::encode_query({{key, value}}) : key + (d.chance(0.95) ? "=" : "") + value;
  }
  if (d.chance(0.01)) hash += "&L=" + std::string(70000, '1');
  if (d.chance(0.2)) mutate_bytes(hash, d);
  show("hash", hash);
  return hash;
}

std::string random_host_message(Draws& d, const cl::SceneEntry& current) {
  static const std::vector<std::string> commands = {"get_params", "set_params", "load",       "play",  "pause",
                                                    "step",       "reset",      "get_state",  "get_series", "export"};
  const std::string cmd = d.chance(0.95) ? pick(commands, d) : junk_text(d);
  json m = {{"type", "contactlab"}, {"v", 1}, {"cmd", cmd}};
  if (d.chance(0.7)) m["id"] = d.chance(0.9) ? json(static_cast<long long>(d.below(1000000))) : json(extreme_number(d));
  const cl::SceneEntry& entry = cmd == "set_params" ? current : pick(cl::all_scenes(), d);
  if (cmd == "set_params" || (cmd == "load" && d.chance(0.5))) {
    json params = json::object();
    const cl::ParamValues values = random_params(entry, d);
    for (size_t i = 0; i < values.specs().size(); ++i) {
      const cl::ParamSpec& s = values.specs()[i];
      const bool number = s.kind == cl::ParamKind::Real || s.kind == cl::ParamKind::Integer;
      if (d.chance(0.2)) params[s.name] = number && d.chance(0.5) ? json(values.number_at(i)) : json(values.format(i));
    }
    m["params"] = params;
  }
  if (cmd == "load") {
    m["scene"] = entry.description().id;
    if (d.chance(0.3)) {
      const std::vector<cl::Preset> presets = entry.create()->presets(cl::ParamValues(entry.description().params));
      m["preset"] = presets.empty() || d.chance(0.2) ? "no such preset" : pick(presets, d).name();
    }
    if (d.chance(0.5)) m["state"] = state_of(entry, cl::ParamValues(entry.description().params));
  }
  if (cmd == "get_series") {
    if (d.chance(0.5)) m["names"] = json::array({"t", "x", "E_total", "no_such_series"});
    if (d.chance(0.5)) m["max_points"] = static_cast<long long>(d.below(3000000)) - 10;
  }
  if (cmd == "export") m["what"] = pick(std::vector<std::string>{"series", "events", "scene", "loops", "report", "png"}, d);
  if (d.chance(0.05)) m["v"] = 2;
  if (d.chance(0.05)) m["type"] = "other";
  const std::string text = d.chance(0.03) ? junk_text(d) : d.chance(0.5) ? dumped(m) : mutated_text(m, d);
  show("host message", text);
  return text;
}

bool showable(const std::string& message) {
  if (message.size() > 4096) return false;
  try {
    (void)json(message).dump();  // throws on invalid UTF-8, as the page's JSON would
  } catch (const json::exception&) {
    return false;
  }
  return true;
}

}  // namespace fuzz
