#include "core/palette.h"

namespace cl {
namespace {

// Okabe & Ito (2008), "Color Universal Design".
constexpr Rgba kBlack = 0x000000ff, kOrange = 0xe69f00ff, kSkyBlue = 0x56b4e9ff, kBluishGreen = 0x009e73ff,
               kYellow = 0xf0e442ff, kBlue = 0x0072b2ff, kVermillion = 0xd55e00ff, kReddishPurple = 0xcc79a7ff;

constexpr Palette kDark = {
    0x0f1115ff,  // background: the page's (web/style.css --bg)
    0xe6e6e6ff,  // ink
    0x5a606aff,  // ink_faint
    0xffffff12,  // grid
    0xffffff2d,  // grid_axis
    0xffffff80,  // grid_text: 5.2:1 on the background (WCAG asks 4.5:1)
    0xe6e6e6ff,  // text
    0x0f1115c8,  // text_backdrop
    0xc8b68cff,  // ground
    kVermillion, // contact
    kYellow,     // near
    kBluishGreen,
    kYellow,     // marker
    0xb0b0b0ff,  // pin
    0xffffffff,  // observer_fill
    kBlack,      // observer_stroke
    {kSkyBlue, kOrange, kBluishGreen, kReddishPurple, kYellow, kBlue},
    {0xd9d9d9ff, kOrange, kSkyBlue, kBluishGreen},
    1.0f,
};

constexpr Palette kLight = {
    0xffffffff,  // background
    0x1a1a1aff,  // ink
    0x8c8c8cff,  // ink_faint
    0x00000014,  // grid
    0x00000038,  // grid_axis
    0x00000099,  // grid_text: 5.7:1 on white
    0x1a1a1aff,  // text
    0xffffffd8,  // text_backdrop
    0x7a5c2eff,  // ground: dark earth
    kVermillion,
    0xb08800ff,  // near: a darker yellow, readable on white
    kBluishGreen,
    0xb08800ff,  // marker: the near colour, as in the dark theme (black is the observer's)
    0x505050ff,  // pin
    kBlack,      // observer_fill
    0xffffffff,  // observer_stroke
    {kBlue, kOrange, kBluishGreen, kReddishPurple, kSkyBlue, kBlack},
    {0x333333ff, kVermillion, kBlue, kBluishGreen},
    1.6f,        // read from the back of a lecture room
};

}  // namespace

const Palette& palette(Theme theme) { return theme == Theme::Light ? kLight : kDark; }

const char* theme_name(Theme theme) { return theme == Theme::Light ? "light" : "dark"; }

std::optional<Theme> theme_from_name(const std::string& name) {
  if (name == "dark") return Theme::Dark;
  if (name == "light") return Theme::Light;
  return std::nullopt;
}

}  // namespace cl
