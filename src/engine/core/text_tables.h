#pragma once
// The message table's files as compiled in (generated from assets/text/*.json
// by text_tables.cmake); read by core/text.cpp only.
#include <utility>
#include <vector>

namespace cl {

/// Each file of the table: its name and its JSON text.
const std::vector<std::pair<const char*, const char*>>& text_table_files();

}  // namespace cl
