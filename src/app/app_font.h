// The app's font: DejaVu Sans with only the glyphs the app draws
// (assets/fonts/README.md), compiled into the app from the .ttf by the build
// (src/app/CMakeLists.txt). No file to fetch or open before the first frame:
// the page's app is linked without a file system.
#pragma once

#include <cstddef>

namespace cl::app {

extern const unsigned char kAppFontTtf[];
extern const std::size_t kAppFontTtfSize;  // bytes

}  // namespace cl::app
