// The canvas's device px per CSS px, which SDL asks
// emscripten_get_device_pixel_ratio() for whenever it sizes the canvas: the
// screen's, times the share the app draws at (App::drawing_share,
// drawing_scale.h), never below one device px per CSS px. Linked with
// --js-library, this replaces Emscripten's function of the same name.
mergeInto(LibraryManager.library, {
  $clDrawingShare: 1,
  emscripten_get_device_pixel_ratio__deps: ['$clDrawingShare'],
  emscripten_get_device_pixel_ratio__sig: 'd',
  emscripten_get_device_pixel_ratio: function () {
    var screen = devicePixelRatio || 1;
    return Math.max(Math.min(screen, 1), screen * clDrawingShare);
  },
  cl_page_set_drawing_share__deps: ['$clDrawingShare'],
  cl_page_set_drawing_share__sig: 'vd',
  cl_page_set_drawing_share: function (share) {
    clDrawingShare = share;
  },
});
