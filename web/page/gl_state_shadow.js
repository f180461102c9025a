/* The WebGL state ImGui's renderer asks for in every frame, answered from a
 * copy kept here. Its OpenGL backend saves the blend functions, the blend
 * equations and the scissor box before it draws and sets them back after.
 * Chromium answers each of those getParameter() calls with a synchronous
 * round trip to the GPU process: on a phone viewport at 4x CPU throttling
 * (cradle, playing) seven of them cost 8 ms of every frame, 9% of the main
 * thread. The copy starts from WebGL's initial state and follows the
 * setters wrapped here, the only calls that change that state, so it is
 * exact; anything else still goes to the context.
 *
 * Usage (module_loading.js): shadowGlState(canvas.getContext('webgl2', ...))
 * on the context as it is made, before the app runs; the app gets the same
 * context from the canvas.
 */

/** Wraps `gl`'s getParameter and the setters of the blend and scissor state. `gl`: a context just made. */
export function shadowGlState(gl) {
  var get = gl.getParameter.bind(gl);
  var FACTORS = [gl.ZERO, gl.ONE, gl.SRC_COLOR, gl.ONE_MINUS_SRC_COLOR, gl.DST_COLOR, gl.ONE_MINUS_DST_COLOR,
    gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.DST_ALPHA, gl.ONE_MINUS_DST_ALPHA, gl.CONSTANT_COLOR,
    gl.ONE_MINUS_CONSTANT_COLOR, gl.CONSTANT_ALPHA, gl.ONE_MINUS_CONSTANT_ALPHA, gl.SRC_ALPHA_SATURATE];
  var EQUATIONS = [gl.FUNC_ADD, gl.FUNC_SUBTRACT, gl.FUNC_REVERSE_SUBTRACT, gl.MIN, gl.MAX];
  var kept = new Map();

  // WebGL's initial state, which a new or restored context has: asking the
  // context instead would wait for the GPU process to have made it.
  function startFromDefaults() {
    noteFactors(gl.ONE, gl.ZERO, gl.ONE, gl.ZERO);
    noteEquations(gl.FUNC_ADD, gl.FUNC_ADD);
    kept.set(gl.SCISSOR_BOX, new Int32Array([0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight]));
  }

  // A setter with an argument WebGL refuses sets nothing (and records its
  // error): the copy follows only the calls the context accepts, with the
  // arguments as WebGL converts them (GLenum: unsigned, GLint/GLsizei: signed 32 bits).
  function wrap(name, accepted, note) {
    var set = gl[name].bind(gl);
    gl[name] = function () {
      set.apply(null, arguments);
      if (kept.size && accepted.apply(null, arguments)) note.apply(null, arguments);
    };
  }
  var isFactor = function (f) { return FACTORS.indexOf(f >>> 0) >= 0; };
  var isEquation = function (e) { return EQUATIONS.indexOf(e >>> 0) >= 0; };
  // WebGL refuses a constant colour and a constant alpha as the source and destination of one pair.
  var COLOUR = [gl.CONSTANT_COLOR, gl.ONE_MINUS_CONSTANT_COLOR];
  var ALPHA = [gl.CONSTANT_ALPHA, gl.ONE_MINUS_CONSTANT_ALPHA];
  var mixesConstants = function (a, b) {
    return (COLOUR.indexOf(a >>> 0) >= 0 && ALPHA.indexOf(b >>> 0) >= 0) || (ALPHA.indexOf(a >>> 0) >= 0 && COLOUR.indexOf(b >>> 0) >= 0);
  };
  function noteFactors(srcRgb, dstRgb, srcAlpha, dstAlpha) {
    kept.set(gl.BLEND_SRC_RGB, srcRgb >>> 0);
    kept.set(gl.BLEND_DST_RGB, dstRgb >>> 0);
    kept.set(gl.BLEND_SRC_ALPHA, srcAlpha >>> 0);
    kept.set(gl.BLEND_DST_ALPHA, dstAlpha >>> 0);
  }
  function noteEquations(rgb, alpha) {
    kept.set(gl.BLEND_EQUATION_RGB, rgb >>> 0);
    kept.set(gl.BLEND_EQUATION_ALPHA, alpha >>> 0);
  }
  wrap('blendFunc', function (s, d) { return isFactor(s) && isFactor(d) && !mixesConstants(s, d); },
    function (s, d) { noteFactors(s, d, s, d); });
  wrap('blendFuncSeparate', function (sr, dr, sa, da) {
    return isFactor(sr) && isFactor(dr) && isFactor(sa) && isFactor(da) && !mixesConstants(sr, dr);
  }, noteFactors);
  wrap('blendEquation', isEquation, function (e) { noteEquations(e, e); });
  wrap('blendEquationSeparate', function (rgb, alpha) { return isEquation(rgb) && isEquation(alpha); }, noteEquations);
  wrap('scissor', function (x, y, w, h) { return (w | 0) >= 0 && (h | 0) >= 0; },
    function (x, y, w, h) { kept.set(gl.SCISSOR_BOX, new Int32Array([x, y, w, h])); });

  gl.getParameter = function (name) {
    if (!kept.has(name)) return get(name);
    var value = kept.get(name);
    return value instanceof Int32Array ? new Int32Array(value) : value;  // the caller may change its copy
  };
  startFromDefaults();
  // A lost context answers null and a restored one starts from WebGL's defaults.
  gl.canvas.addEventListener('webglcontextlost', function () { kept.clear(); });
  gl.canvas.addEventListener('webglcontextrestored', startFromDefaults);
  return gl;
}
