// The ImGui control panel: scene picker, transport, parameters generated
// from the scene's parameter list, presets, export.
#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cstdio>
#include <cstdlib>

#include <imgui.h>
#include <misc/cpp/imgui_stdlib.h>

#include "app.h"
#include "core/number_format.h"
#include "core/text.h"
#include "imgui_theme.h"
#include "scenes/registry.h"

namespace cl::app {
namespace {

/// As much of `text` as fits in `width` px on one line, cut after a word, with an ellipsis if cut.
std::string first_line(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  const float room = width - ImGui::CalcTextSize("\u2026").x;
  size_t fits = 0;
  for (size_t space = text.find(' '); space != std::string::npos; space = text.find(' ', space + 1)) {
    if (ImGui::CalcTextSize(text.c_str(), text.c_str() + space).x > room) break;
    fits = space;
  }
  return text.substr(0, fits) + "\u2026";
}


constexpr float kSliderMinWidth = 150;  // px
constexpr float kTouchTarget = 40;      // CSS px, the smallest comfortable button on a touch screen
constexpr float kIdleAlpha = 0.5f;      // a parameter the current law or method does not use

/// A padlock (a shackle over a body) in `color`, one text line tall, at the cursor.
void lock_icon(const ImVec4& color) {
  const float h = ImGui::GetFontSize();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::Dummy({0.75f * h, ImGui::GetFrameHeight()});
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  const ImU32 ink = ImGui::GetColorU32(color);
  const float top = at.y + ImGui::GetStyle().FramePadding.y, w = 0.62f * h;
  const float cx = at.x + 0.5f * w, r = 0.3f * w, body = top + 0.45f * h;
  constexpr float pi = 3.14159265f;
  draw.PathArcTo({cx, top + 0.1f * h + r}, r, pi, 2 * pi);
  draw.PathStroke(ink, 0, 1.6f);
  draw.AddLine({cx - r, top + 0.1f * h + r}, {cx - r, body}, ink, 1.6f);
  draw.AddLine({cx + r, top + 0.1f * h + r}, {cx + r, body}, ink, 1.6f);
  draw.AddRectFilled({at.x, body}, {at.x + w, top + 0.95f * h}, ink, 1.5f);
}

/// Under an activity: "Locked by your teacher: <reason>".
std::string lock_text(const ParamSpec& s) {
  return s.lock_reason.empty() ? text("panel.activity.locked_tooltip")
                               : text("panel.activity.locked_because", {{"reason", s.lock_reason}});
}

/// "Not used with Leapfrog." when parameter i does not act under `values`, else "".
std::string idle_text(const ParamValues& values, size_t i) {
  if (param_in_effect(values, i)) return "";
  const size_t c = *values.index_of(values.specs()[i].in_effect_when.first);
  const auto chosen = static_cast<size_t>(values.number_at(c));
  return text("panel.param.not_in_effect", {{"choice", values.specs()[c].choice_label(chosen)}});
}

/// `idle`: idle_text() of the parameter, said first.
void help_tooltip(const ParamSpec& s, bool pending, const std::string& idle, const ImVec4& muted) {
  if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 22);
  if (!idle.empty()) ImGui::TextUnformatted(idle.c_str());
  if (s.access == ParamAccess::Locked) ImGui::TextUnformatted(lock_text(s).c_str());
  ImGui::TextUnformatted(s.help().c_str());
  const std::string applies = s.apply == ParamApply::Live ? text("panel.param.applies_live")
                              : pending                   ? text("panel.param.applies_pending")
                                                          : text("panel.param.applies_on_reset");
  ImGui::TextColored(muted, "%s = %s   %s", s.name.c_str(), describe_range(s).c_str(), applies.c_str());
  if (s.kind == ParamKind::Real || s.kind == ParamKind::Integer)
    ImGui::TextColored(muted, "%s", text("panel.type_hint").c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

/// "thread length (m) *": the unit, and a star when the value waits for Reset.
std::string panel_label(const ParamSpec& s) {
  std::string label = s.unit.empty() ? s.label() : s.label() + " (" + s.unit + ")";
  return s.apply == ParamApply::Reset ? label + " *" : label;
}

/// The parameters' label column: the longest label at the current font size, px.
float label_column_width(const std::vector<ParamSpec>& specs) {
  float width = 0;
  for (const ParamSpec& s : specs) {
    const float lock = s.access == ParamAccess::Locked ? 0.75f * ImGui::GetFontSize() + ImGui::GetStyle().ItemSpacing.x : 0;
    if (s.access != ParamAccess::Hidden) width = std::max(width, lock + ImGui::CalcTextSize(panel_label(s).c_str()).x);
  }
  return width + ImGui::GetStyle().ItemSpacing.x;
}

/// A button's width for `label` at the current font size, px.
float button_width(const std::string& label) {
  return ImGui::CalcTextSize(label.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x;
}

/// Play and Pause share one button, as wide as the wider of the two (70 px at least): it does not jump.
float play_button_width() { return std::max({70.0f, button_width(text("panel.play")), button_width(text("panel.pause"))}); }

/// The transport row (Play, Step, Reset, the time) in the current language, px, with room for a scrollbar.
float transport_width() {
  const ImGuiStyle& style = ImGui::GetStyle();
  return play_button_width() + button_width(text("panel.step")) + button_width(text("panel.reset")) +
         ImGui::CalcTextSize("t = 000.000 s").x + 3 * style.ItemSpacing.x + style.ScrollbarSize;
}

/// A double-click on the last slider opens it for typing, as Ctrl+click does.
void type_on_double_click() {
  if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) ImGui::SetKeyboardFocusHere(-1);
}

/// The character position named in an expression error ("... at position 10"), or -1.
/// The word in either case: German capitalises it ("an Position 10").
int error_position(const std::string& error) {
  std::string lower = error;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  const std::string key = "position ";
  const size_t at = lower.rfind(key);
  if (at == std::string::npos) return -1;
  return std::atoi(error.c_str() + at + key.size());
}

}  // namespace

void App::remember_widget(const std::string& label) {
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  widget_rects_[label] = ImVec4(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y);
}

void App::draw_panel() {
  const ImGuiIO& io = ImGui::GetIO();
  const SceneDescription& d = sim_->description();
  // Label column: the longest label at the current font size; sliders get the rest.
  // The transport row too: a language's longer button names must not push the time out.
  const float content = std::max(label_column_width(param_specs()) + kSliderMinWidth, transport_width());
  const float width = std::clamp(content + 2 * ImGui::GetStyle().WindowPadding.x, 330.0f,
                                 std::max(200.0f, io.DisplaySize.x - 20));
  ImGui::SetNextWindowPos({10, 10}, ImGuiCond_FirstUseEver);
  // Fixed width, height fitted to the content (0), capped by the canvas.
  ImGui::SetNextWindowSize({width, 0}, ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints({200, 0}, {FLT_MAX, io.DisplaySize.y - 20});
  // Collapsed on a narrow screen, open again once it is wide: on each crossing
  // of the width, so the user's own choice holds in between.
  const bool narrow = io.DisplaySize.x < kNarrowScreen;
  if (narrow != panel_was_narrow_) ImGui::SetNextWindowCollapsed(narrow, ImGuiCond_Always);
  panel_was_narrow_ = narrow;
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

  if (activity_ && !activity_->title.empty()) {  // the teacher's words first
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(activity_->title.c_str());
    if (!activity_->instruction.empty()) ImGui::TextUnformatted(activity_->instruction.c_str());
    ImGui::PopTextWrapPos();
    remember_widget("activity");
    ImGui::Separator();
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::BeginDisabled(activity_.has_value());  // an activity is one scene's
  if (ImGui::BeginCombo("##scene", d.title().c_str())) {
    for (const SceneEntry& e : all_scenes()) {
      const SceneDescription& other = e.description();
      if (ImGui::Selectable(other.title().c_str(), other.id == d.id)) switch_scene(other.id);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", other.summary().c_str());
    }
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  remember_widget("scene");
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(panel_colors(theme_).muted, "%s", d.caption().c_str());
  ImGui::PopTextWrapPos();
  remember_widget("caption");
  draw_transport();
  // Open by itself while comparing, so a compare link shows what it compares.
  ImGui::SetNextItemOpen(!variants_.empty(), ImGuiCond_Once);
  const bool compare_open = ImGui::CollapsingHeader((text("panel.compare") + "###compare").c_str());
  remember_widget("Compare");
  if (compare_open) draw_compare_panel();
  const bool parameters_open =
      ImGui::CollapsingHeader((text("panel.parameters") + "###parameters").c_str(), ImGuiTreeNodeFlags_DefaultOpen);
  remember_widget("Parameters");
  if (parameters_open) draw_parameters();
  draw_report();
  const bool export_open = ImGui::CollapsingHeader((text("panel.export") + "###export").c_str());
  remember_widget("Export");
  if (export_open) draw_exports();
  const bool view_open = ImGui::CollapsingHeader((text("panel.view") + "###view").c_str());
  remember_widget("View");
  if (view_open) {
    if (ImGui::Button((text("panel.reset_view") + "###reset_view").c_str())) command("reset_view");
    ImGui::SameLine();
    bool legend = legend_shown();
    if (ImGui::Checkbox((text("panel.legend") + "###legend").c_str(), &legend)) show_legend_ = legend;
    remember_widget("Legend");
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(panel_colors(theme_).muted, "%s", text("panel.view_hint").c_str());
    ImGui::TextColored(panel_colors(theme_).muted, "%s", text("panel.keys_hint").c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

void App::draw_compact_bar(float top) {
  ImGui::SetNextWindowPos({8, top}, ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.94f);  // the caption stays readable over the scene
  // Phones: buttons at least 40 CSS px tall, as touch guidelines ask.
  const bool touch = page_coarse_pointer();
  if (touch) ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, {14, std::max(4.0f, 0.5f * (kTouchTarget - ImGui::GetFontSize()))});
  ImGui::Begin("##embed", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings);
  if (ImGui::Button(((running_ ? text("panel.pause") : text("panel.play")) + "###toggle").c_str())) command("toggle");
  remember_widget(running_ ? "Pause" : "Play");
  ImGui::SameLine();
  if (ImGui::Button((text("panel.reset") + "###reset").c_str())) command("reset");
  remember_widget("Reset");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::Text("t = %.2f s", sim_->time());
  const std::string speed = speed_text();
  if (!speed.empty() && (waiting_start_ || meter_.factor() < 0.95)) ImGui::TextColored(panel_colors(theme_).warning, "%s", speed.c_str());
  if (sim_->failed()) ImGui::TextColored(panel_colors(theme_).error, "%s", text("panel.stopped").c_str());
  if (embed_) {  // the embed view has no panel: the caption goes here
    // Narrow enough to leave the middle of a small embed, where the scene is, free.
    const float width = ImGui::GetIO().DisplaySize.x;
    const float wrap = width < 600 ? width - 40 : std::min(360.0f, 0.4f * width);
    const std::string caption = sim_->description().caption();
    if (caption_shown_) {
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
      ImGui::TextColored(panel_colors(theme_).muted, "%s", caption.c_str());
      ImGui::PopTextWrapPos();
    } else {
      // One line, cut at a word, until asked for more: a whole caption covered a small embed's bodies.
      ImGui::TextColored(panel_colors(theme_).muted, "%s", first_line(caption, wrap).c_str());
    }
    remember_widget("caption");
    const std::string toggle = caption_shown_ ? text("panel.hide_caption") : text("panel.caption");
    if (ImGui::SmallButton((toggle + "###caption").c_str())) caption_shown_ = !caption_shown_;
    remember_widget(caption_shown_ ? "Hide caption" : "Caption");
    ImGui::SameLine();
  }
  if (embed_ || panel_right_ == 0) {  // no View section here: the legend's switch
    if (ImGui::SmallButton(((legend_shown() ? text("panel.hide_legend") : text("panel.legend")) + "###legend").c_str()))
      show_legend_ = !legend_shown();
    remember_widget("Legend");
  }
  ImGui::End();
  if (touch) ImGui::PopStyleVar();
}

void App::draw_embed_panel() {
  panel_right_ = 0;
  draw_compact_bar(8);
}

void App::draw_transport() {
  if (ImGui::Button(((running_ ? text("panel.pause") : text("panel.play")) + "###toggle").c_str(), {play_button_width(), 0}))
    command("toggle");
  remember_widget(running_ ? "Pause" : "Play");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text("panel.play_tooltip").c_str());
  ImGui::SameLine();
  if (ImGui::Button((text("panel.step") + "###step").c_str())) command("step");
  remember_widget("Step");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text("panel.step_tooltip").c_str());
  ImGui::SameLine();
  const bool pending = sim_->reset_pending();
  if (pending) ImGui::PushStyleColor(ImGuiCol_Button, panel_colors(theme_).pending_button);
  if (ImGui::Button((text("panel.reset") + "###reset").c_str())) command("reset");
  remember_widget("Reset");
  if (pending) ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text("panel.reset_tooltip").c_str());
  ImGui::SameLine();
  ImGui::Text("t = %.3f s", sim_->time());

  ImGui::SetNextItemWidth(-FLT_MIN);
  const double speed_min = 0.01, speed_max = 10;
  ImGui::SliderScalar("##speed", ImGuiDataType_Double, &speed_, &speed_min, &speed_max,
                      text("panel.speed_slider", {{"value", "%.3g"}}).c_str(),
                      ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  remember_widget("speed");
  type_on_double_click();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s\n%s", text("panel.speed_tooltip").c_str(), text("panel.type_hint").c_str());
  ImGui::PushTextWrapPos(0);  // wrap at the panel's edge
  const std::string speed = speed_text();
  // The line is there before the speed is known (a second after Play), so
  // nothing below it moves under the user's pointer when it appears.
  ImGui::TextColored(meter_.factor() < 0.95 ? panel_colors(theme_).warning : panel_colors(theme_).muted, "%s",
                     speed.empty() ? " " : speed.c_str());
  remember_widget("speed_text");
  if (sim_->failed())
    ImGui::TextColored(panel_colors(theme_).error, "%s", sim_->failure().c_str());
  else if (!last_message_.empty() && last_level_ == MessageLevel::Error)
    ImGui::TextColored(panel_colors(theme_).error, "%s", last_message_.c_str());
  ImGui::PopTextWrapPos();
}

void App::draw_parameters() {
  std::vector<Preset> presets = sim_->scene().presets(sim_->params());
  presets.erase(std::remove_if(presets.begin(), presets.end(), [this](const Preset& p) { return !preset_offered(p); }),
                presets.end());
  if (!presets.empty()) {
    ImGui::TextColored(panel_colors(theme_).muted, "%s", text("panel.presets").c_str());
    for (size_t k = 0; k < presets.size(); ++k) {
      if (k > 0) {  // continue the row while the next button fits
        const ImGuiStyle& style = ImGui::GetStyle();
        const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
        const float next_right = ImGui::GetItemRectMax().x + style.ItemSpacing.x +
                                 ImGui::CalcTextSize(presets[k].name().c_str()).x + 2 * style.FramePadding.x;
        if (next_right <= right_edge) ImGui::SameLine();
      }
      if (ImGui::SmallButton(presets[k].name().c_str()))
        if (auto error = apply_preset(presets[k].name())) message(MessageLevel::Error, *error);
      remember_widget(presets[k].name());
      if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 22);
        ImGui::TextUnformatted(presets[k].help().c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
    }
    ImGui::Separator();
  }

  const std::vector<std::string> pending = sim_->pending_params();
  if (pending.empty()) {
    ImGui::TextColored(panel_colors(theme_).muted, "%s", text("panel.pending_none").c_str());
  } else {
    ImGui::AlignTextToFramePadding();
    const std::string changes = pending.size() == 1 ? text("panel.pending_one")
                                                    : text("panel.pending_many", {{"count", std::to_string(pending.size())}});
    ImGui::TextColored(panel_colors(theme_).warning, "%s", changes.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton((text("panel.reset_now") + "###reset_now").c_str())) command("reset");
    remember_widget("Reset now");
  }
  remember_widget("pending");
  ParamValues values = sim_->params();
  const float label_width = label_column_width(param_specs());
  bool changed = false;
  for (size_t i = 0; i < values.specs().size(); ++i) draw_parameter(i, values, label_width, changed);
  if (changed)
    if (auto error = set_params(values)) message(MessageLevel::Error, text("app.value_not_applied", {{"error", *error}}));
  if (ImGui::Button((text("panel.defaults") + "###defaults").c_str())) command("defaults");
  remember_widget("Defaults");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", text(activity_ ? "panel.activity.defaults_tooltip" : "panel.defaults_tooltip").c_str());
}

void App::draw_parameter(size_t i, ParamValues& values, float label_width, bool& changed) {
  const ParamSpec& s = param_specs()[i];  // an activity's range, lock or hiding
  if (s.access == ParamAccess::Hidden) return;
  const bool locked = s.access == ParamAccess::Locked;
  ImGui::PushID(static_cast<int>(i));
  const std::vector<std::string> pending = sim_->pending_params();
  const bool is_pending = std::find(pending.begin(), pending.end(), s.name) != pending.end();
  // Dimmed, still editable, when the current law or method does not use it
  // (c_tau under the impulse law): set now, it acts once that choice changes.
  const std::string idle = idle_text(values, i);
  if (!idle.empty()) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, ImGui::GetStyle().Alpha * kIdleAlpha);
  if (locked) {
    lock_icon(panel_colors(theme_).muted);
    remember_widget(s.name + ":lock");
    help_tooltip(s, is_pending, idle, panel_colors(theme_).muted);
    ImGui::SameLine();
  }
  ImGui::AlignTextToFramePadding();
  if (is_pending)
    ImGui::TextColored(panel_colors(theme_).warning, "%s", panel_label(s).c_str());
  else
    ImGui::TextUnformatted(panel_label(s).c_str());
  remember_widget(s.name + ":label");
  help_tooltip(s, is_pending, idle, panel_colors(theme_).muted);
  ImGui::SameLine(label_width + ImGui::GetStyle().WindowPadding.x);
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::BeginDisabled(locked);  // shown, read-only: the value and why it is fixed (the tooltip)
  switch (s.kind) {
    case ParamKind::Real:
    case ParamKind::Integer: {
      double v = values.number_at(i);
      // Not clamped: a value typed out of range is refused with its reason,
      // as every other path refuses it, instead of quietly becoming the limit.
      const ImGuiSliderFlags flags = s.log_scale ? ImGuiSliderFlags_Logarithmic : 0;
      const char* format = s.kind == ParamKind::Integer ? "%.0f" : (s.log_scale ? "%.3g" : "%.4g");
      auto apply = [&](double value) {
        if (s.kind == ParamKind::Integer) value = std::round(value);
        if (auto error = values.set_number(i, value))
          message(MessageLevel::Error, text("app.value_not_applied", {{"error", *error}}));
        else
          changed = true;
      };
      if (ImGui::SliderScalar("##v", ImGuiDataType_Double, &v, &s.min, &s.max, format, flags)) {
        // A typed value (Ctrl+click, double-click) is applied when the field is
        // left, as the HTML field does, not at each keystroke ("1", "10", ...).
        if (ImGui::GetIO().WantTextInput) typed_numbers_[s.name] = v;
        else apply(v);
      }
      if (ImGui::IsItemDeactivated())
        if (auto typed = typed_numbers_.find(s.name); typed != typed_numbers_.end()) {
          apply(typed->second);
          typed_numbers_.erase(typed);
        }
      type_on_double_click();
      break;
    }
    case ParamKind::Choice: {
      int index = static_cast<int>(values.number_at(i));
      if (ImGui::BeginCombo("##c", s.choice_label(index).c_str())) {
        for (size_t c = 0; c < s.choices.size(); ++c)
          if (ImGui::Selectable(s.choice_label(c).c_str(), static_cast<int>(c) == index))
            changed |= !values.set_number(i, static_cast<double>(c)).has_value();
        ImGui::EndCombo();
      }
      break;
    }
    case ParamKind::Text:
      draw_text_parameter(i, values);
      break;
  }
  ImGui::EndDisabled();
  if (!idle.empty()) ImGui::PopStyleVar();
  remember_widget(s.name);
  help_tooltip(s, is_pending, idle, panel_colors(theme_).muted);
  if (locked && !s.lock_reason.empty()) {  // why, in view: a student need not hover to find it
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(panel_colors(theme_).muted, "%s", lock_text(s).c_str());
    ImGui::PopTextWrapPos();
    remember_widget(s.name + ":reason");
  }
  ImGui::PopID();
}

void App::draw_text_parameter(size_t i, ParamValues& values) {
  const ParamSpec& s = values.specs()[i];
  auto draft = drafts_.find(s.name);
  std::string text = draft != drafts_.end() ? draft->second.text : values.text_at(i);
  if (draft != drafts_.end()) {
    ImGui::PushStyleColor(ImGuiCol_Border, panel_colors(theme_).error);
    ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 1.5f);
  }
  const bool submitted = ImGui::InputTextWithHint("##t", s.placeholder().c_str(), &text, ImGuiInputTextFlags_EnterReturnsTrue);
  if (draft != drafts_.end()) {
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
  }
  if (submitted) {
    // Checked at once (the scene compiles the expression), so a mistake never
    // replaces the running one and the typed text is kept for mending.
    ParamValues trial = values;
    std::optional<std::string> error = trial.set_text(i, text);
    if (!error) error = set_params(trial);
    if (error) {
      drafts_[s.name] = {text, *error};
    } else {
      drafts_.erase(s.name);
      values = trial;
    }
    draft = drafts_.find(s.name);
  }
  if (draft == drafts_.end()) return;
  // Mark the offending character under the field, then say what is wrong.
  const int position = error_position(draft->second.error);
  const ImVec2 frame_min = ImGui::GetItemRectMin(), frame_max = ImGui::GetItemRectMax();
  if (position >= 0 && position <= static_cast<int>(draft->second.text.size()) && !ImGui::IsItemActive()) {
    const float x = frame_min.x + ImGui::GetStyle().FramePadding.x +
                    ImGui::CalcTextSize(draft->second.text.substr(0, static_cast<size_t>(position)).c_str()).x;
    const float w = std::max(6.0f, ImGui::CalcTextSize(draft->second.text.substr(static_cast<size_t>(position), 1).c_str()).x);
    if (x < frame_max.x)
      ImGui::GetWindowDrawList()->AddLine({x, frame_max.y - 3}, {std::min(x + w, frame_max.x), frame_max.y - 3},
                                          ImGui::GetColorU32(panel_colors(theme_).error), 2.0f);
  }
  ImGui::PushTextWrapPos(0);
  const std::string running = values.text_at(i).empty() ? cl::text("panel.draft_builtin") : values.text_at(i);
  ImGui::TextColored(panel_colors(theme_).error, "%s",
                     cl::text("panel.draft_error", {{"error", draft->second.error}, {"current", running}}).c_str());
  ImGui::PopTextWrapPos();
  remember_widget(s.name + ":error");
}

void App::draw_exports() {
  if (ImGui::Button((text("panel.export.series_csv") + "###series_csv").c_str())) export_file("series");
  remember_widget("Series CSV");
  ImGui::SameLine();
  if (ImGui::Button((text("panel.export.events_csv") + "###events_csv").c_str())) export_file("events");
  remember_widget("Events CSV");
  ImGui::SameLine();
  if (ImGui::Button((text("panel.export.png") + "###png").c_str())) export_file("png");
  remember_widget("PNG");
  if (sim_->scene().impact_loops()) {
    ImGui::SameLine();
    if (ImGui::Button((text("panel.export.loops_csv") + "###loops_csv").c_str())) export_file("loops");
    remember_widget("Loops CSV");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text("panel.export.loops_tooltip").c_str());
  }
  if (ImGui::Button((text("panel.export.save_scene") + "###save_scene").c_str())) export_file("scene");
  remember_widget("Save scene");
  ImGui::SameLine();
  if (ImGui::Button((text("panel.export.load_scene") + "###load_scene").c_str())) page_open_scene_file();
  remember_widget("Load scene...");
  const SeriesRecorder& r = sim_->series();
  const std::string summary = text("panel.export.summary", {{"samples", std::to_string(r.size())},
                                                            {"series", std::to_string(r.names().size())},
                                                            {"interval", format_number(r.stride() * sim_->sample_interval())},
                                                            {"events", std::to_string(sim_->events().total())}});
  ImGui::TextColored(panel_colors(theme_).muted, "%s", summary.c_str());
}

void App::draw_report() {
  // Any scene's summary table (the pile's compression after a 1D spring pile), when it has one.
  const std::optional<ReportTable> table = sim_->scene().report();
  if (!table) return;
  const bool open = ImGui::CollapsingHeader((table->title + "###report").c_str());
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
  if (ImGui::Button((text("panel.export.report_csv") + "###report_csv").c_str())) export_file("report");
  remember_widget("Report CSV");
}

}  // namespace cl::app
