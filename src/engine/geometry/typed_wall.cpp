#include "geometry/typed_wall.h"

#include <list>

namespace cl {
namespace {

/// A wall of this thread: traced, being traced, or refused.
struct KeptWall {
  std::string text;
  double half_width;
  std::shared_ptr<TypedWall> wall;
  std::unique_ptr<ImplicitCurve::Tracing> tracing;  // while unfinished
  std::optional<std::string> error;
};

/// The wall for (text, half_width), moved to the front of this thread's
/// list; parsed, with its tracing started, if it was not there.
KeptWall& kept_wall(const std::string& text, double half_width) {
  thread_local std::list<KeptWall> kept;
  for (auto it = kept.begin(); it != kept.end(); ++it)
    if (it->text == text && it->half_width == half_width) {
      kept.splice(kept.begin(), kept, it);
      return kept.front();
    }
  kept.push_front({text, half_width, std::make_shared<TypedWall>(), nullptr, std::nullopt});
  if (kept.size() > TypedWall::kKeptWalls) kept.pop_back();
  KeptWall& k = kept.front();
  if (auto error = k.wall->expression.compile(text)) {
    k.error = error->message;
    return k;
  }
  // f refers to the kept wall's expression, which never moves (muParser holds pointers into it).
  const Expression2D* f = &k.wall->expression;
  const long long max_evaluations = static_cast<long long>(TypedWall::kWork / f->size());
  k.tracing = std::make_unique<ImplicitCurve::Tracing>([f](double x, double y) { return (*f)(x, y); }, half_width,
                                                       TypedWall::kLattice, max_evaluations);
  return k;
}

/// Works on the wall's tracing until done or `stop_early`; returns the share done.
double trace(KeptWall& k, const std::function<bool()>& stop_early) {
  if (!k.tracing) return 1;
  if (!k.tracing->advance(stop_early)) return k.tracing->progress();
  if (k.tracing->error())
    k.error = k.tracing->error();
  else
    k.wall->curve = std::move(k.tracing->curve());
  k.tracing.reset();
  return 1;
}

}  // namespace

std::optional<std::string> TypedWall::build(const std::string& text, double half_width,
                                            std::shared_ptr<const TypedWall>& out) {
  KeptWall& k = kept_wall(text, half_width);
  trace(k, nullptr);
  if (k.error) return k.error;
  out = k.wall;
  return std::nullopt;
}

double TypedWall::prepare(const std::string& text, double half_width, const std::function<bool()>& stop_early) {
  return trace(kept_wall(text, half_width), stop_early);
}

}  // namespace cl
