// A course page's commands (the postMessage protocol of io/host_message.h):
// the engine has already validated the message completely; here it is
// carried out on the running app and answered.
#include <algorithm>

#include "app.h"
#include "core/message_text.h"
#include "core/text.h"
#include "io/scene_file.h"

namespace cl::app {
namespace {

nlohmann::json reply_frame(std::optional<long long> id) {
  nlohmann::json reply = {{"type", "contactlab"}, {"v", kHostProtocolVersion}};
  if (id) reply["id"] = *id;
  return reply;
}

/// `count` indices spread evenly over [0, size), first and last included.
std::vector<size_t> spread(size_t size, size_t count) {
  std::vector<size_t> picked;
  if (size <= count) {
    for (size_t k = 0; k < size; ++k) picked.push_back(k);
    return picked;
  }
  for (size_t k = 0; k < count; ++k) picked.push_back((k * (size - 1) + (count - 1) / 2) / (count - 1));
  return picked;
}

/// The commands that change the run or the picture. The others only read,
/// so a host page that polls the state does not keep a paused app drawing.
bool changes_picture(HostCommand command) {
  switch (command) {
    case HostCommand::SetParams:
    case HostCommand::Load:
    case HostCommand::Play:
    case HostCommand::Pause:
    case HostCommand::Step:
    case HostCommand::Reset:
      return true;
    default:
      return false;
  }
}

}  // namespace

nlohmann::json App::params_json() const {
  nlohmann::json params = nlohmann::json::object();
  for (size_t i = 0; i < sim_->params().specs().size(); ++i) params[sim_->params().specs()[i].name] = sim_->params().format(i);
  return params;
}

std::string App::host_message(const std::string& text) {
  const HostMessageParse parsed = parse_host_message(text, sim_->description());
  if (parsed.message && changes_picture(parsed.message->command)) wake();
  nlohmann::json reply = reply_frame(parsed.id);
  std::optional<std::string> error;  // "host message refused: ..."
  if (!parsed.message) {
    error = parsed.error;
  } else {
    nlohmann::json result;
    if (auto run_error = run_host_command(*parsed.message, result))
      error = cl::text("app.host.refused", {{"error", *run_error}});
    else reply["result"] = std::move(result);
  }
  reply["ok"] = !error;
  if (error) {
    reply["error"] = *error;
    message(MessageLevel::Warning, *error);
  }
  // Every text in a reply is checked UTF-8 already; an exception here would
  // abort the page, so a stray byte would become U+FFFD rather than that.
  return reply.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::optional<std::string> App::run_host_command(const HostMessage& m, nlohmann::json& result) {
  switch (m.command) {
    case HostCommand::Hello:
      result = {{"protocol", kHostProtocolVersion}, {"scene", sim_->description().id}, {"description", scene_info()},
                {"params", params_json()},          {"running", running_},              {"t", sim_->time()}};
      return std::nullopt;
    case HostCommand::GetParams:
      result = {{"scene", sim_->description().id}, {"params", params_json()}};
      return std::nullopt;
    case HostCommand::SetParams: {
      ParamValues values = sim_->params();
      for (const auto& [name, value] : m.values)
        if (auto error = values.set(name, value)) return error;  // not expected: the parser checked each
      if (auto error = set_params(values)) return error;
      result = {{"params", params_json()}, {"pending", sim_->pending_params()}};
      return std::nullopt;
    }
    case HostCommand::Load:
      if (!prepared_now(m.scene, starts_of(m.scene, *m.params), [this, m] {
            nlohmann::json later;
            if (auto error = run_host_command(m, later)) message(MessageLevel::Error, *error);
          })) {
        result = {{"scene", m.scene}, {"starting", start_progress_}};  // loaded once its wall is traced
        return std::nullopt;
      }
      if (auto error = load_scene(m.scene, *m.params, m.state ? &*m.state : nullptr))
        return text("app.host.load_refused", {{"error", *error}});
      result = {{"scene", sim_->description().id}, {"t", sim_->time()}};
      return std::nullopt;
    case HostCommand::Play:
    case HostCommand::Pause:
    case HostCommand::Step:
    case HostCommand::Reset: {
      const char* name = m.command == HostCommand::Play    ? "play"
                         : m.command == HostCommand::Pause ? "pause"
                         : m.command == HostCommand::Step  ? "step"
                                                           : "reset";
      command(name);
      result = {{"running", running_}, {"t", sim_->time()}, {"failed", sim_->failed()}};
      return std::nullopt;
    }
    case HostCommand::GetState:
      result = scene_file_json(*sim_, compare_variants());
      result["running"] = running_;
      result["t"] = sim_->time();
      return std::nullopt;
    case HostCommand::GetSeries: {
      const SeriesRecorder& recorded = sim_->series();
      const std::vector<std::string>& names = recorded.names();
      const std::vector<SeriesSpec> specs = sim_->scene().series();  // the recorder's columns, in order
      std::vector<size_t> chosen;
      for (const std::string& name : m.series_names) {
        const std::optional<size_t> found = find_series(specs, name);
        if (!found) return text("app.host.no_series", {{"name", quoted(name)}});
        chosen.push_back(*found);
      }
      if (m.series_names.empty())
        for (size_t k = 0; k < names.size(); ++k) chosen.push_back(k);
      const std::vector<size_t> samples = spread(recorded.size(), m.max_points.value_or(recorded.size()));
      nlohmann::json series = nlohmann::json::array();
      for (size_t k : chosen) {
        nlohmann::json values = nlohmann::json::array();
        for (size_t i : samples) values.push_back(recorded.at(k, i));
        series.push_back({{"name", names[k]}, {"unit", specs[k].unit}, {"label", specs[k].label}, {"values", values}});
      }
      result = {{"samples", samples.size()}, {"series", series}};
      return std::nullopt;
    }
    case HostCommand::Export: {
      const std::optional<ExportText> file = export_text(m.what);
      if (!file) return text("app.host.nothing_to_export", {{"scene", sim_->description().id}, {"what", m.what}});
      result = {{"what", m.what}, {"filename", file->filename}, {"mime", file->mime}, {"text", file->text}};
      return std::nullopt;
    }
    case HostCommand::GetActivityRecord:
      result = {{"record", nullptr}};  // the page's own (web/host_link.js fills it in)
      return std::nullopt;
    case HostCommand::LoadData:
      // The page's fit panel reads the table (web/host_link.js answers once it has, or with its reason).
      result = {{"name", m.data_name}, {"title", nullptr}, {"rows", nullptr}, {"columns", nullptr}};
      return std::nullopt;
  }
  return text("app.host.unknown_command");
}

}  // namespace cl::app
