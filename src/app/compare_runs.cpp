// Compare runs in the app: variants of the reference's start, each with a
// few parameters changed, run in step with it, drawn over it as coloured
// outlines, listed in the panel and in the link.
#include <algorithm>
#include <cfloat>

#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include "app.h"
#include "core/sketch_ghost.h"
#include "core/text.h"
#include "imgui_theme.h"
#include "io/compare_spec.h"
#include "scenes/registry.h"
#include "sketch_drawing.h"

namespace cl::app {
namespace {

/// "law:flores,c_tau:0.5": one variant's changes as the compare field shows them.
std::string changes_text(const Variant& v) { return compare_spec_text({v}); }

/// The scene's area (x, y, width, height px) in one tile per run, reference
/// first: two side by side (one above the other when the area is taller than
/// wide), three or four in a 2 x 2 grid read left to right, top to bottom.
std::vector<ImVec4> run_tiles(const ImVec4& area, size_t runs) {
  const bool grid = runs > 2;
  const int columns = grid || area.z >= area.w ? 2 : 1;
  const int rows = grid || columns == 1 ? 2 : 1;
  const float width = area.z / static_cast<float>(columns), height = area.w / static_cast<float>(rows);
  std::vector<ImVec4> tiles;
  for (size_t k = 0; k < runs; ++k)
    tiles.push_back({area.x + static_cast<float>(k % columns) * width,
                     area.y + static_cast<float>(k / columns) * height, width, height});
  return tiles;
}

/// Where tile k of `tiles` sits, in words for the legend ("top right").
std::string tile_place(const std::vector<ImVec4>& tiles, size_t k) {
  const bool top = tiles[k].y <= tiles[0].y, left = tiles[k].x <= tiles[0].x;
  const bool one_row = std::all_of(tiles.begin(), tiles.end(), [&](const ImVec4& t) { return t.y <= tiles[0].y; });
  const bool one_column = std::all_of(tiles.begin(), tiles.end(), [&](const ImVec4& t) { return t.x <= tiles[0].x; });
  if (one_row) return left ? text("panel.tile.left") : text("panel.tile.right");
  if (one_column) return top ? text("panel.tile.top") : text("panel.tile.bottom");
  if (top) return left ? text("panel.tile.top_left") : text("panel.tile.top_right");
  return left ? text("panel.tile.bottom_left") : text("panel.tile.bottom_right");
}

}  // namespace

const Simulation* App::run(size_t k) const {
  if (k == 0) return sim_.get();
  return k <= variants_.size() ? variants_[k - 1].sim.get() : nullptr;
}

int App::layout_id() const {
  // Variants may record other series than the reference (another law, another n).
  int layout = sim_->layout();
  for (const Comparison::Run& v : variants_) layout = 31 * layout + v.sim->layout();
  return 1000 * simulations_started_ + layout % 1000;
}

double App::series_revision() const {
  double revision = static_cast<double>(sim_->series().revision());
  for (const Comparison::Run& v : variants_) revision += static_cast<double>(v.sim->series().revision());
  return 1e9 * layout_id() + revision;
}

std::vector<Simulation*> App::all_runs() {
  std::vector<Simulation*> runs = {sim_.get()};
  for (Comparison::Run& v : variants_) runs.push_back(v.sim.get());
  return runs;
}

long long App::total_steps() const {
  long long steps = sim_->scene().step_count();
  for (const Comparison::Run& v : variants_) steps += v.sim->scene().step_count();
  return steps;
}

std::vector<Variant> App::compare_variants() const {
  if (variants_.empty()) return {};
  std::vector<Variant> others;
  for (const Comparison::Run& v : variants_) others.push_back(v.variant);
  std::vector<Variant> all = {reference_variant(sim_->params(), others)};
  all.insert(all.end(), others.begin(), others.end());
  return all;
}

std::optional<std::string> App::variant_values(const ParamValues& reference, std::vector<ParamValues>& out) const {
  std::vector<Variant> others;
  for (const Comparison::Run& v : variants_) others.push_back(v.variant);
  return variant_params(reference, others, out);
}

std::optional<std::string> App::set_variant_params(const ParamValues& values) {
  std::vector<ParamValues> params;
  if (auto error = variant_values(values, params)) return error;
  std::vector<ParamValues> before;
  for (size_t k = 0; k < variants_.size(); ++k) {
    before.push_back(variants_[k].sim->params());
    if (auto error = variants_[k].sim->set_params(params[k])) {
      for (size_t undo = 0; undo < k; ++undo) variants_[undo].sim->set_params(before[undo]);
      return text("app.compare.variant_error",
                  {{"number", std::to_string(k + 2)}, {"label", run_label(variants_[k].variant)}, {"error", *error}});
    }
  }
  return std::nullopt;
}

std::optional<std::string> App::reset_variants() {
  for (size_t k = 0; k < variants_.size(); ++k)
    if (auto error = variants_[k].sim->reset())
      return text("app.compare.variant_error",
                  {{"number", std::to_string(k + 2)}, {"label", run_label(variants_[k].variant)}, {"error", *error}});
  variant_failure_said_.assign(variants_.size(), false);
  return std::nullopt;
}

std::optional<std::string> App::set_compare(std::vector<Variant> variants) {
  const std::string id = sim_->description().id;
  if (!variants.empty() && !prepared_now(id, starts_of(id, sim_->params(), variants), [this, variants] {
        if (auto error = set_compare(variants)) message(MessageLevel::Error, *error);
      }))
    return std::nullopt;  // built once its walls are traced, over the next frames
  if (variants.empty()) {
    if (variants_.empty()) return std::nullopt;
    variants_.clear();
  } else {
    if (variants.size() < 2 || variants.size() > kMaxVariants)
      return text("app.compare.run_count",
                  {{"max", std::to_string(kMaxVariants)}, {"max_variants", std::to_string(kMaxVariants - 1)}});
    // The reference takes the first variant's changes. Where they differ from
    // the link's own values, the other variants keep the link's value of what
    // they do not change themselves, as the CLI runs them.
    std::vector<ParamValues> params;
    if (auto error = variant_params(sim_->params(), variants, params)) return error;
    for (const ParamValues& run : params)  // a variant may not change what an activity locks
      if (auto refused = activity_refusal(run)) return text("activity.variant_refused", {{"reason", *refused}});
    const ParamValues& base = sim_->params();
    for (const ParamChange& own : variants[0].changes) {
      const std::string base_value = base.format(*base.index_of(own.name));
      if (base_value == own.value) continue;
      for (size_t k = 1; k < variants.size(); ++k) {
        const bool changed = std::any_of(variants[k].changes.begin(), variants[k].changes.end(),
                                         [&](const ParamChange& c) { return c.name == own.name; });
        if (!changed) variants[k].changes.push_back({own.name, base_value});
      }
    }
    std::vector<Comparison::Run> runs;
    for (size_t k = 1; k < variants.size(); ++k) {
      auto sim = new_simulation(id);
      std::optional<std::string> error = sim->set_params(params[k]);
      if (!error) error = sim->reset();
      if (error)
        return text("app.compare.variant_error",
                    {{"number", std::to_string(k + 1)}, {"label", run_label(variants[k])}, {"error", *error}});
      runs.push_back({variants[k], std::move(sim)});
    }
    const ParamValues before = sim_->params();
    if (auto error = sim_->set_params(params[0])) return text("app.compare.reference_error", {{"error", *error}});
    if (auto error = sim_->reset()) {
      sim_->set_params(before);
      return text("app.compare.reference_error", {{"error", *error}});
    }
    variants_ = std::move(runs);
  }
  // A new start for every run, and a new set of series for the plots.
  variant_failure_said_.assign(variants_.size(), false);
  variant_draft_.clear();
  variant_draft_error_.clear();
  ++simulations_started_;
  step_until_ = -1;
  reported_failure_ = false;
  page_series_changed();
  update_hash();
  return std::nullopt;
}

std::optional<std::string> App::set_compare_text(const std::string& text) {
  if (text.empty()) return set_compare({});
  CompareParse parsed = parse_compare_spec(text);
  if (!parsed.error.empty()) return parsed.error;
  return set_compare(std::move(parsed.variants));
}

std::optional<std::string> App::add_variant() {
  std::vector<Variant> all = compare_variants();
  if (all.empty()) all.push_back({});
  if (all.size() >= kMaxVariants)
    return text("app.compare.full", {{"max", std::to_string(kMaxVariants)}});
  all.push_back(next_variant(sim_->params(), all));
  all[0] = {};  // the reference stays as the panel set it
  return set_compare(std::move(all));
}

std::optional<std::string> App::edit_variant(size_t k, const std::string& text) {
  std::vector<Variant> all = compare_variants();
  if (k == 0 || k >= all.size()) return cl::text("app.compare.no_variant", {{"number", std::to_string(k + 1)}});
  // One variant in the URL form: the reference placeholder, then it.
  CompareParse parsed = parse_compare_spec("|" + text);
  if (!parsed.error.empty()) return parsed.error;
  all[k] = parsed.variants[1];
  // The reference keeps its own values of what the edited variant now changes.
  all[0] = {};
  return set_compare(std::move(all));
}

void App::remove_variant(size_t k) {
  std::vector<Variant> all = compare_variants();
  if (k == 0 || k >= all.size()) return;
  all.erase(all.begin() + static_cast<long>(k));
  if (all.size() < 2) all.clear();
  else all[0] = {};
  set_compare(std::move(all));
}

void App::report_variant_failures() {
  for (size_t k = 0; k < variants_.size(); ++k) {
    const Simulation& sim = *variants_[k].sim;
    if (!sim.failed() || variant_failure_said_[k]) continue;
    variant_failure_said_[k] = true;
    message(MessageLevel::Warning,
            text("app.compare.variant_stopped", {{"label", run_label(variants_[k].variant)}, {"failure", sim.failure()}}));
  }
}

void App::draw_variants(const Sketch& reference, ImDrawList& draw) {
  for (size_t k = 0; k < variants_.size(); ++k)
    draw_sketch(ghost_sketch(variants_[k].sim->scene().sketch(palette()), reference, palette().runs[k + 1]), camera_, draw,
                sketch_style());
}

void App::draw_runs_side_by_side(const ImVec4& area, ImDrawList& draw) {
  run_tiles_ = run_tiles(area, run_count());
  const std::vector<Variant> all = compare_variants();
  for (size_t k = 0; k < run_tiles_.size(); ++k) {
    const ImVec4& t = run_tiles_[k];
    widget_rects_["tile " + std::to_string(k + 1)] = t;  // tests find each run's tile by it
    const ImVec2 lo(t.x, t.y), hi(t.x + t.z, t.y + t.w);
    Camera camera = camera_.tile(t.x, t.y, t.z, t.w);
    const Sketch sketch = run(k)->scene().sketch(palette());
    if (sketch.view_follows) camera.center_on(sketch.view_center);
    draw.PushClipRect(lo, hi, true);
    if (sketch.flat_grid) draw_grid(camera, draw, palette(), lo.x, lo.y, hi.x, hi.y);
    draw_sketch(sketch, camera, draw, sketch_style());
    if (sketch.flat_grid) draw_grid_labels(camera, draw, palette(), lo.x, lo.y, hi.x, hi.y);
    const std::string name = k == 0 ? text("panel.compare.reference", {{"label", run_label(all[k])}}) : run_label(all[k]);
    const ImVec2 size = ImGui::CalcTextSize(name.c_str());
    draw.AddRectFilled({lo.x + 4, lo.y + 4}, {lo.x + 12 + size.x, lo.y + 8 + size.y}, to_imgui(palette().text_backdrop), 3);
    draw.AddText({lo.x + 8, lo.y + 6}, to_imgui(palette().runs[k]), name.c_str());
    draw.PopClipRect();
    draw.AddRect({lo.x + 1, lo.y + 1}, {hi.x - 1, hi.y - 1}, to_imgui(palette().runs[k]), 0, 0, 1.5f);
  }
}

Camera App::view_camera_at(const ImVec2& screen) const {
  for (const ImVec4& t : run_tiles_)
    if (screen.x >= t.x && screen.x < t.x + t.z && screen.y >= t.y && screen.y < t.y + t.w)
      return camera_.tile(t.x, t.y, t.z, t.w);
  return camera_;
}

void App::pan_view(const ImVec2& screen, float dx, float dy) {
  // A tile shows the view at a smaller zoom: its pixels are that many of the whole view's.
  const double ratio = view_camera_at(screen).pixels_per_metre() / camera_.pixels_per_metre();
  camera_.pan_pixels(static_cast<float>(dx / ratio), static_cast<float>(dy / ratio));
}

void App::zoom_view(const ImVec2& screen, double factor) {
  // Zooming the whole view about the point that shows, in it, the world point under the
  // pointer keeps that point still in every tile too (they share the centre and the zoom).
  const Eigen::Vector2d world = view_camera_at(screen).to_world({screen.x, screen.y});
  camera_.zoom_at(camera_.to_screen(world), factor);
}

std::string App::run_label(const Variant& run) const { return run.shown_label(sim_->description().params); }

void App::add_compare_legend(std::vector<SketchLegendEntry>& legend) const {
  if (variants_.empty()) return;
  const std::vector<Variant> all = compare_variants();
  if (split_view()) {
    for (size_t k = 0; k < all.size() && k < run_tiles_.size(); ++k) {
      const std::string place = tile_place(run_tiles_, k);
      legend.push_back({SketchLegendEntry::Glyph::Line, palette().runs[k],
                        k == 0 ? text("panel.compare.legend_tile_reference", {{"place", place}, {"label", run_label(all[k])}})
                               : text("panel.compare.legend_tile", {{"place", place}, {"label", run_label(all[k])}})});
    }
    return;
  }
  legend.push_back({SketchLegendEntry::Glyph::Ring, palette().runs[0],
                    text("panel.compare.legend_reference", {{"label", run_label(all[0])}})});
  for (size_t k = 1; k < all.size(); ++k)
    legend.push_back({SketchLegendEntry::Glyph::Ring, palette().runs[k],
                      text("panel.compare.legend_variant", {{"label", run_label(all[k])}})});
}

void App::set_split_view(bool split) {
  split_view_ = split;
  update_hash();
}

std::string App::compare_json() const {
  nlohmann::json runs = nlohmann::json::array();
  const std::vector<Variant> all = compare_variants();
  for (size_t k = 0; k < all.size(); ++k) {
    const Simulation& sim = *run(k);
    runs.push_back({{"label", all[k].label()},
                    {"shown", run_label(all[k])},
                    {"changes", changes_text(all[k])},
                    {"color", css_color(palette().runs[k])},
                    {"failed", sim.failed()},
                    {"message", sim.failure()},
                    {"t", sim.time()},
                    {"events", sim.events().total()}});
  }
  return nlohmann::json{{"runs", runs}, {"max", kMaxVariants}, {"split", split_view_}}.dump();
}

std::string App::run_events_json(size_t k, long long since) const {
  const Simulation* sim = run(k);
  if (!sim) return "null";
  const EventLog& log = sim->events();
  const auto& kept = log.events();
  const long long total = static_cast<long long>(log.total());
  const long long first_kept = total - static_cast<long long>(kept.size());
  const long long from = std::max({since, first_kept, total - 20});
  const std::vector<std::string>& names = sim->description().event_fields;
  nlohmann::json events = nlohmann::json::array();
  for (long long i = from; i < total; ++i) {
    const Event& e = kept[static_cast<size_t>(i - first_kept)];
    nlohmann::json fields = nlohmann::json::object();
    for (size_t f = 0; f < names.size() && f < e.fields.size(); ++f)
      if (std::isfinite(e.fields[f])) fields[names[f]] = e.fields[f];
    events.push_back({{"t", e.t}, {"kind", e.kind}, {"fields", fields}});
  }
  return nlohmann::json{{"total", total}, {"events", events}, {"first", log.first_times()}}.dump();
}

void App::draw_compare_panel() {
  const std::vector<Variant> all = compare_variants();
  ImGui::PushTextWrapPos(0);
  if (all.empty())
    ImGui::TextDisabled("%s", text("panel.compare.intro").c_str());
  ImGui::PopTextWrapPos();
  for (size_t k = 0; k < all.size(); ++k) {
    ImGui::PushID(static_cast<int>(k));
    ImGui::ColorButton("##color", to_imvec4(palette().runs[k]),
                       ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoPicker, {14, 14});
    ImGui::SameLine();
    if (k == 0) {
      ImGui::TextUnformatted(text("panel.compare.reference", {{"label", run_label(all[0])}}).c_str());
      ImGui::PopID();
      continue;
    }
    const bool drafting = variant_draft_index_ == k && !variant_draft_error_.empty();
    std::string text = drafting ? variant_draft_ : changes_text(all[k]);
    const std::string remove_label = cl::text("panel.compare.remove");
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize(remove_label.c_str()).x - 3 * ImGui::GetStyle().ItemSpacing.x);
    if (drafting) ImGui::PushStyleColor(ImGuiCol_FrameBg, panel_colors(theme_).refused_field);
    const bool entered = ImGui::InputText("##changes", &text, ImGuiInputTextFlags_EnterReturnsTrue);
    if (drafting) ImGui::PopStyleColor();
    remember_widget("variant " + std::to_string(k + 1));
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", cl::text("panel.compare.changes_tooltip").c_str());
    if (entered || (ImGui::IsItemDeactivatedAfterEdit() && text != changes_text(all[k]))) {
      if (auto error = edit_variant(k, text)) {
        variant_draft_ = text;
        variant_draft_error_ = *error;
        variant_draft_index_ = k;
        message(MessageLevel::Error, *error);
      }
    }
    ImGui::SameLine();
    const bool removed = ImGui::Button((remove_label + "###remove").c_str());
    remember_widget("Remove " + std::to_string(k + 1));
    ImGui::PopID();
    if (removed) {
      remove_variant(k);
      break;  // the list changed under the loop
    }
  }
  if (!variant_draft_error_.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored({1.0f, 0.45f, 0.40f, 1.0f}, "%s", variant_draft_error_.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::BeginDisabled(all.size() >= kMaxVariants);
  if (ImGui::Button((text("panel.compare.add") + "###add_variant").c_str())) {
    if (auto error = add_variant()) message(MessageLevel::Error, *error);
  }
  ImGui::EndDisabled();
  remember_widget("Add variant");
  if (!all.empty()) {
    ImGui::SameLine();
    if (ImGui::Button((text("panel.compare.end") + "###end_comparison").c_str())) set_compare({});
    remember_widget("End comparison");
    bool split = split_view_;
    if (ImGui::Checkbox((text("panel.compare.side_by_side") + "###side_by_side").c_str(), &split)) set_split_view(split);
    remember_widget("Side by side");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text("panel.compare.side_by_side_tooltip").c_str());
  }
}

}  // namespace cl::app
