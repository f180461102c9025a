#pragma once
// Ellipses and discs drawn as instanced WebGL2 / OpenGL 3 geometry: one
// quad per shape, its outline and fill found per pixel by the fragment
// shader (antialiased over a pixel). A thousand ellipses or ten thousand
// particles cost a few kilobytes of instance data per frame, where ImGui's
// polylines and circle fans cost hundreds of thousands of vertices to build,
// upload and rasterize.
//
// Shapes join a batch in ImGui's draw list order: add() queues a shape in
// the current batch; flush() puts the batch into the draw list as a
// callback, so whatever ImGui drew before lies under it and what it draws
// after lies over it. Batches live until the next frame starts (begin_frame).
#include <deque>
#include <vector>

#include <imgui.h>

namespace cl::app {

class InstancedShapes {
 public:
  /// A shape in ImGui's display coordinates (px): an ellipse centred at
  /// (x, y) with semi-axes (a, b) turned by `angle` (rad, screen y down),
  /// filled with `fill` and outlined `width` px wide with `stroke` (ImGui
  /// colours; 0: none).
  struct Shape {
    float x, y, a, b, angle, width;
    ImU32 fill, stroke;
  };

  /// Compiles the program for GLSL `glsl_version` ("#version 300 es", "#version 150").
  bool init(const char* glsl_version);
  /// Forgets last frame's batches.
  void begin_frame();
  void add(const Shape& shape) { open_.push_back(shape); }
  /// Ends the current batch into `draw` (nothing if it is empty).
  void flush(ImDrawList& draw);
  /// Whether the program is built (else callers draw with ImGui's shapes).
  bool ready() const { return program_ != 0; }

 private:
  struct Batch {
    const InstancedShapes* owner;
    std::vector<Shape> shapes;
  };
  static void draw_batch(const ImDrawList* list, const ImDrawCmd* cmd);
  void draw(const std::vector<Shape>& shapes) const;

  unsigned program_ = 0, vao_ = 0, buffer_ = 0;
  int display_location_ = -1;
  std::vector<Shape> open_;
  std::deque<Batch> batches_;  // a deque keeps each batch where its callback points
};

}  // namespace cl::app
