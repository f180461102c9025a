#include "instanced_shapes.h"

#include <cstddef>
#include <cstdio>
#include <string>

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#define GL_GLEXT_PROTOTYPES
#include <SDL_opengl.h>
#endif

namespace cl::app {
namespace {

// The quad's corners come from gl_VertexID (a strip of 4); each instance
// carries its shape. `local` is the pixel's place in the shape's own frame
// (px), so the fragment shader can tell how far it lies from the outline.
const char* const kVertexShader = R"(
in vec4 shape;        // centre x, y, semi-axes a, b (px)
in vec2 turn_width;   // angle (rad, screen y down), outline width (px)
in vec4 fill_color;
in vec4 stroke_color;
uniform vec4 display;  // ImGui's display position and size (px)
out vec2 local;
out vec2 axes;
out float half_width;
out vec4 fill;
out vec4 stroke;
void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1)) * 2.0 - 1.0;
  local = corner * (shape.zw + vec2(0.5 * turn_width.y + 1.5));
  float c = cos(turn_width.x), s = sin(turn_width.x);
  vec2 p = shape.xy + vec2(c * local.x - s * local.y, s * local.x + c * local.y);
  vec2 ndc = (p - display.xy) / display.zw * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
  axes = max(shape.zw, vec2(0.25));
  half_width = 0.5 * turn_width.y;
  fill = fill_color;
  stroke = stroke_color;
}
)";

// Distance to the outline from the implicit |local / axes| = 1 over its
// gradient (exact on circles, close on ellipses near the outline), then
// coverage over one pixel for the fill and the outline band.
const char* const kFragmentShader = R"(
in vec2 local;
in vec2 axes;
in float half_width;
in vec4 fill;
in vec4 stroke;
out vec4 color;
void main() {
  vec2 q = local / axes;
  float r = max(length(q), 1e-6);
  float slope = max(length(local / (axes * axes)) / r, 1e-6);
  float d = (r - 1.0) / slope;
  float inside = clamp(0.5 - d, 0.0, 1.0) * fill.a;
  float ring = half_width > 0.0 ? clamp(half_width + 0.5 - abs(d), 0.0, 1.0) * stroke.a : 0.0;
  float a = ring + inside * (1.0 - ring);
  if (a <= 0.0) discard;
  color = vec4((stroke.rgb * ring + fill.rgb * inside * (1.0 - ring)) / a, a);
}
)";

unsigned compile(unsigned kind, const std::string& source) {
  const unsigned shader = glCreateShader(kind);
  const char* text = source.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[512] = {};
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    std::fprintf(stderr, "instanced shapes: shader not compiled: %s\n", log);
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

}  // namespace

bool InstancedShapes::init(const char* glsl_version) {
  const std::string prefix = std::string(glsl_version) + "\nprecision highp float;\n";
  const unsigned vertex = compile(GL_VERTEX_SHADER, prefix + kVertexShader);
  const unsigned fragment = compile(GL_FRAGMENT_SHADER, prefix + kFragmentShader);
  if (!vertex || !fragment) return false;
  const unsigned program = glCreateProgram();
  glAttachShader(program, vertex);
  glAttachShader(program, fragment);
  glLinkProgram(program);
  glDeleteShader(vertex);
  glDeleteShader(fragment);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (!ok) {
    glDeleteProgram(program);
    return false;
  }
  program_ = program;
  display_location_ = glGetUniformLocation(program, "display");

  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &buffer_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  struct Attribute {
    const char* name;
    int size;
    unsigned type;
    bool normalized;
    size_t offset;
  };
  const Attribute attributes[] = {
      {"shape", 4, GL_FLOAT, false, offsetof(Shape, x)},
      {"turn_width", 2, GL_FLOAT, false, offsetof(Shape, angle)},
      {"fill_color", 4, GL_UNSIGNED_BYTE, true, offsetof(Shape, fill)},  // ImU32 is R, G, B, A in memory
      {"stroke_color", 4, GL_UNSIGNED_BYTE, true, offsetof(Shape, stroke)},
  };
  for (const Attribute& a : attributes) {
    const GLint location = glGetAttribLocation(program, a.name);
    if (location < 0) continue;
    glEnableVertexAttribArray(static_cast<unsigned>(location));
    glVertexAttribPointer(static_cast<unsigned>(location), a.size, a.type, a.normalized ? GL_TRUE : GL_FALSE,
                          sizeof(Shape), reinterpret_cast<const void*>(a.offset));
    glVertexAttribDivisor(static_cast<unsigned>(location), 1);
  }
  glBindVertexArray(0);
  return true;
}

void InstancedShapes::begin_frame() {
  open_.clear();
  batches_.clear();
}

void InstancedShapes::flush(ImDrawList& draw) {
  if (open_.empty()) return;
  batches_.push_back(Batch{this, std::move(open_)});
  open_.clear();
  draw.AddCallback(&InstancedShapes::draw_batch, &batches_.back());
  draw.AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void InstancedShapes::draw_batch(const ImDrawList*, const ImDrawCmd* cmd) {
  const Batch& batch = *static_cast<const Batch*>(cmd->UserCallbackData);
  batch.owner->draw(batch.shapes);
}

void InstancedShapes::draw(const std::vector<Shape>& shapes) const {
  const ImDrawData* data = ImGui::GetDrawData();
  glUseProgram(program_);
  glUniform4f(display_location_, data->DisplayPos.x, data->DisplayPos.y, data->DisplaySize.x, data->DisplaySize.y);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(shapes.size() * sizeof(Shape)), shapes.data(), GL_STREAM_DRAW);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(shapes.size()));
  glBindVertexArray(0);
}

}  // namespace cl::app
