#pragma once
// User text inside messages. A message names what it refuses, but the text
// came from a link, a file or a host page: it may be a megabyte long or not
// valid UTF-8, and the page shows messages as JSON strings (which must be
// UTF-8). These keep every message short and valid.
#include <cstddef>
#include <string>
#include <vector>

namespace cl {

/// Whether `text` is valid UTF-8 (text parameters must be: files save them as JSON).
bool is_valid_utf8(const std::string& text);

/// `text` as valid UTF-8 (each invalid byte becomes U+FFFD), cut at a
/// character boundary to at most about `max_bytes`, "..." marking a cut.
std::string printable(const std::string& text, size_t max_bytes = 1000);

/// printable(text, 60) in single quotes, with the full length when cut:
/// "'aaaa...' (1048576 bytes)".
std::string quoted(const std::string& text);

/// The first ten problems joined by "; ", then "; and 7 more".
std::string join_problems(const std::vector<std::string>& problems);

}  // namespace cl
