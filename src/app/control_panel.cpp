// The ImGui control panel: scene picker, transport, parameters generated
// from the scene's parameter list, presets, export.
#include <cfloat>
#include <cstdio>

#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include "app.h"
#include "core/number_format.h"
#include "scenes/registry.h"

namespace cl::app {
namespace {

const ImVec4 kWarning{0.95f, 0.75f, 0.30f, 1.0f};
const ImVec4 kError{1.0f, 0.45f, 0.40f, 1.0f};
const ImVec4 kMuted{0.62f, 0.65f, 0.70f, 1.0f};

void help_tooltip(const ParamSpec& s) {
  if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 22);
  ImGui::TextUnformatted(s.help.c_str());
  ImGui::TextColored(kMuted, "%s = %s   %s", s.name.c_str(), describe_range(s).c_str(),
                     s.apply == ParamApply::Live ? "applies at once" : "applies on Reset");
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

std::string label_with_unit(const ParamSpec& s) {
  return s.unit.empty() ? s.label : s.label + " (" + s.unit + ")";
}

}  // namespace

void App::remember_widget(const std::string& label) {
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  widget_rects_[label] = ImVec4(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y);
}

void App::draw_panel() {
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos({10, 10}, ImGuiCond_FirstUseEver);
  // Fixed width, height fitted to the content (0), capped by the canvas.
  ImGui::SetNextWindowSize({std::min(330.0f, io.DisplaySize.x - 20), 0}, ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints({200, 0}, {FLT_MAX, io.DisplaySize.y - 20});
  if (io.DisplaySize.x < 520) ImGui::SetNextWindowCollapsed(true, ImGuiCond_FirstUseEver);
  // Begin() still lays out a collapsed window that auto-fits its height: ask both.
  const bool open = ImGui::Begin("ContactLab", nullptr) && !ImGui::IsWindowCollapsed();
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  widget_rects_["panel"] = ImVec4(pos.x, pos.y, size.x, size.y);
  panel_right_ = open ? pos.x + size.x : 0;
  if (!open) {  // collapsed: nothing inside is drawn (or clickable) but the compact bar
    ImGui::End();
    draw_compact_bar(pos.y + size.y + 6);
    return;
  }

  const SceneDescription& d = sim_->description();
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##scene", d.title.c_str())) {
    for (const SceneEntry& e : all_scenes()) {
      const SceneDescription& other = e.description();
      if (ImGui::Selectable(other.title.c_str(), other.id == d.id) && other.id != d.id) {
        start_scene(other.id, ParamValues(other.params));
        running_ = false;
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", other.summary.c_str());
    }
    ImGui::EndCombo();
  }
  remember_widget("scene");
  draw_transport();
  const bool parameters_open = ImGui::CollapsingHeader("Parameters", ImGuiTreeNodeFlags_DefaultOpen);
  remember_widget("Parameters");
  if (parameters_open) draw_parameters();
  draw_report();
  const bool export_open = ImGui::CollapsingHeader("Export");
  remember_widget("Export");
  if (export_open) draw_exports();
  const bool view_open = ImGui::CollapsingHeader("View");
  remember_widget("View");
  if (view_open) {
    if (ImGui::Button("Reset view")) command("reset_view");
    ImGui::TextColored(kMuted, "Drag to pan, wheel or pinch to zoom,\ndouble-click to reset the view.");
  }
  ImGui::End();
}

void App::draw_compact_bar(float top) {
  ImGui::SetNextWindowPos({8, top}, ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.75f);
  ImGui::Begin("##embed", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings);
  if (ImGui::Button(running_ ? "Pause" : "Play")) command("toggle");
  remember_widget(running_ ? "Pause" : "Play");
  ImGui::SameLine();
  if (ImGui::Button("Reset")) command("reset");
  remember_widget("Reset");
  ImGui::SameLine();
  ImGui::Text("t = %.2f s", sim_->time());
  if (behind_) ImGui::TextColored(kWarning, "slower than real time");
  if (sim_->failed()) ImGui::TextColored(kError, "stopped: see message");
  ImGui::End();
}

void App::draw_embed_panel() {
  panel_right_ = 0;
  draw_compact_bar(8);
}

void App::draw_transport() {
  if (ImGui::Button(running_ ? "Pause" : "Play", {70, 0})) command("toggle");
  remember_widget(running_ ? "Pause" : "Play");
  ImGui::SameLine();
  if (ImGui::Button("Step")) command("step");
  remember_widget("Step");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Advance 10 ms of simulated time and pause");
  ImGui::SameLine();
  const bool pending = sim_->reset_pending();
  if (pending) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.55f, 0.40f, 0.10f, 1.0f));
  if (ImGui::Button("Reset")) command("reset");
  remember_widget("Reset");
  if (pending) ImGui::PopStyleColor();
  ImGui::SameLine();
  ImGui::Text("t = %.3f s", sim_->time());

  ImGui::SetNextItemWidth(-FLT_MIN);
  const double speed_min = 0.01, speed_max = 10;
  ImGui::SliderScalar("##speed", ImGuiDataType_Double, &speed_, &speed_min, &speed_max, "speed %.3gx",
                      ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  remember_widget("speed");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Simulated seconds per real second");
  if (running_) {
    if (behind_)
      ImGui::TextColored(kWarning, "Can't keep up: running at %.2fx instead of %.2fx", real_time_factor_, speed_);
    else
      ImGui::TextColored(kMuted, "real-time factor %.2fx", real_time_factor_);
  }
  if (sim_->failed()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kError, "%s", sim_->failure().c_str());
    ImGui::PopTextWrapPos();
  } else if (!last_message_.empty() && last_level_ == MessageLevel::Error) {
    ImGui::PushTextWrapPos(0);  // wrap at the panel's edge
    ImGui::TextColored(last_level_ == MessageLevel::Error ? kError : kWarning, "%s", last_message_.c_str());
    ImGui::PopTextWrapPos();
  }
}

void App::draw_parameters() {
  const std::vector<Preset> presets = sim_->scene().presets(sim_->params());
  if (!presets.empty()) {
    ImGui::TextColored(kMuted, "Presets");
    for (size_t k = 0; k < presets.size(); ++k) {
      if (k > 0) {  // continue the row while the next button fits
        const ImGuiStyle& style = ImGui::GetStyle();
        const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
        const float next_right = ImGui::GetItemRectMax().x + style.ItemSpacing.x +
                                 ImGui::CalcTextSize(presets[k].name.c_str()).x + 2 * style.FramePadding.x;
        if (next_right <= right_edge) ImGui::SameLine();
      }
      if (ImGui::SmallButton(presets[k].name.c_str())) {
        ParamValues values = sim_->params();
        std::string problems;
        for (const auto& [name, value] : presets[k].values)
          if (auto error = values.set(name, value)) problems += *error + "; ";
        if (problems.empty()) {
          set_params(values);
          reset_run();
        } else {
          message(MessageLevel::Error, "preset not applied: " + problems);
        }
      }
      remember_widget(presets[k].name);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", presets[k].help.c_str());
    }
    ImGui::Separator();
  }

  if (sim_->reset_pending()) {
    ImGui::TextColored(kWarning, "Changes marked * apply on Reset");
    ImGui::SameLine();
    if (ImGui::SmallButton("Reset now")) command("reset");
  }
  ParamValues values = sim_->params();
  const auto& specs = sim_->description().params;
  const float label_width = ImGui::GetFontSize() * 9.5f;
  bool changed = false;
  for (size_t i = 0; i < specs.size(); ++i) {
    const ParamSpec& s = specs[i];
    ImGui::PushID(static_cast<int>(i));
    const std::string label = label_with_unit(s);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label.c_str());
    help_tooltip(s);
    ImGui::SameLine(label_width);
    ImGui::SetNextItemWidth(-FLT_MIN);
    switch (s.kind) {
      case ParamKind::Real:
      case ParamKind::Integer: {
        double v = values.number_at(i);
        const ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp | (s.log_scale ? ImGuiSliderFlags_Logarithmic : 0);
        const char* format = s.kind == ParamKind::Integer ? "%.0f" : (s.log_scale ? "%.3g" : "%.4g");
        if (ImGui::SliderScalar("##v", ImGuiDataType_Double, &v, &s.min, &s.max, format, flags)) {
          if (s.kind == ParamKind::Integer) v = std::round(v);
          changed |= !values.set_number(i, v).has_value();
        }
        break;
      }
      case ParamKind::Choice: {
        int index = static_cast<int>(values.number_at(i));
        if (ImGui::BeginCombo("##c", s.choices[index].c_str())) {
          for (size_t c = 0; c < s.choices.size(); ++c)
            if (ImGui::Selectable(s.choices[c].c_str(), static_cast<int>(c) == index))
              changed |= !values.set_number(i, static_cast<double>(c)).has_value();
          ImGui::EndCombo();
        }
        break;
      }
      case ParamKind::Text: {
        std::string text = values.text_at(i);
        if (ImGui::InputText("##t", &text, ImGuiInputTextFlags_EnterReturnsTrue))
          changed |= !values.set_text(i, text).has_value();
        break;
      }
    }
    remember_widget(s.name);
    help_tooltip(s);
    ImGui::PopID();
  }
  if (changed) set_params(values);
  if (ImGui::Button("Defaults")) command("defaults");
  remember_widget("Defaults");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Restore every parameter's default and reset");
}

void App::draw_exports() {
  if (ImGui::Button("Series CSV")) export_file("series");
  remember_widget("Series CSV");
  ImGui::SameLine();
  if (ImGui::Button("Events CSV")) export_file("events");
  remember_widget("Events CSV");
  ImGui::SameLine();
  if (ImGui::Button("PNG")) export_file("png");
  remember_widget("PNG");
  if (sim_->scene().impact_loops()) {
    ImGui::SameLine();
    if (ImGui::Button("Loops CSV")) export_file("loops");
    remember_widget("Loops CSV");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Normal force against penetration of the latest 64 impacts");
  }
  if (ImGui::Button("Save scene")) export_file("scene");
  remember_widget("Save scene");
  ImGui::SameLine();
  if (ImGui::Button("Load scene...")) page_open_scene_file();
  remember_widget("Load scene...");
  const SeriesRecorder& r = sim_->series();
  ImGui::TextColored(kMuted, "%zu samples x %zu series (every %s s), %zu events", r.size(), r.names().size(),
                     format_number(r.stride() * sim_->sample_interval()).c_str(), sim_->events().total());
}

void App::draw_report() {
  // Any scene's summary table (the pile's compression after a 1D spring pile), when it has one.
  const std::optional<ReportTable> table = sim_->scene().report();
  if (!table) return;
  const bool open = ImGui::CollapsingHeader(table->title.c_str());
  remember_widget("Report");
  if (!open) return;
  // Scrolls sideways; as tall as its rows (a scrolling table would fill the panel).
  const ImVec2 size(0, ImGui::GetTextLineHeightWithSpacing() * (static_cast<float>(table->rows.size()) + 2.5f));
  if (ImGui::BeginTable("report", static_cast<int>(table->columns.size()),
                        ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX, size)) {
    for (const ReportColumn& c : table->columns)
      ImGui::TableSetupColumn((c.unit.empty() ? c.name : c.name + " / " + c.unit).c_str());
    ImGui::TableHeadersRow();
    for (const std::vector<double>& row : table->rows) {
      ImGui::TableNextRow();
      for (double value : row) {
        ImGui::TableNextColumn();
        ImGui::Text("%.4g", value);
      }
    }
    ImGui::EndTable();
  }
  if (ImGui::Button("Report CSV")) export_file("report");
  remember_widget("Report CSV");
}

}  // namespace cl::app
