// Whole-file reading and writing for the command-line programs. Failures are
// ll::Error(Input) naming the file (exit code 31).
#pragma once

#include <string>
#include <string_view>

namespace ll::cli {

std::string read_text_file(const std::string& path);
void write_text_file(const std::string& path, std::string_view text);

}  // namespace ll::cli
