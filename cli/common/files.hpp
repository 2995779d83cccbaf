// Whole-file reading and writing for the command-line programs. Failures are
// ll::Error(Input) naming the file (exit code 31).
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <string_view>

#include "core/common/resources.hpp"

namespace ll::cli {

// Inputs (PDDL, plans, models) larger than this are refused: the largest
// benchmark file is a few MB, and `lazylifted plan /dev/zero ...` must not
// read until memory runs out.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t(256) << 20;

struct ReadLimits {
    std::size_t max_bytes = kMaxInputFileBytes;
    // With a clock, the time limit (seconds since the clock started) is
    // checked after every 64 KiB: ll::LimitReached(Time) once it has passed.
    const Stopwatch* clock = nullptr;
    double time_limit_s = std::numeric_limits<double>::infinity();
};

// Throws ll::Error(Input) if the file cannot be read or is larger than
// limits.max_bytes ("file too large"), ll::LimitReached on the time limit.
std::string read_text_file(const std::string& path, const ReadLimits& limits = {});
void write_text_file(const std::string& path, std::string_view text);

}  // namespace ll::cli
