// The outermost frame of the command-line programs: whatever escapes a
// program's own error handling is reported as an internal error (exit 32),
// never as an uncaught exception.
#pragma once

#include <string>
#include <vector>

namespace ll::cli {

using ProgramRun = int (*)(const std::vector<std::string>& args);

int guarded_main(int argc, char** argv, ProgramRun run);

}  // namespace ll::cli
