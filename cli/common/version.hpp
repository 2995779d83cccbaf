// The version printed by --version of the command-line programs; keep in
// step with project(... VERSION) in the top-level CMakeLists.txt.
#pragma once

namespace ll::cli {

inline constexpr const char* kVersion = "0.1.0";

}  // namespace ll::cli
