// Human-readable output of a planner run, Fast Downward style: the plan file
// text, the summary lines after a search and the progress lines during it.
#pragma once

#include <span>
#include <string>

#include "core/common/statistics.hpp"
#include "core/search/search_result.hpp"
#include "core/task/task.hpp"

namespace ll::cli {

// "7", "7.5" or "inf" (core/common/statistics.hpp).
using ll::format_h;

// One line of progress for stderr: "[t=1.23s] new best h=7 ..." on a new
// best h, otherwise the periodic line with throughput.
std::string format_progress(const Progress& progress);

// "Solution found." (or why not), plan length, the statistics as
// format_statistics() prints them, total time and peak memory, one per line.
std::string format_summary(const SearchResult& result, double total_time_s, double peak_memory_mb);

// The reason line for an unsuccessful search, e.g. "proven unsolvable".
const char* describe_failure(SearchStatus status);

// What --quiet still prints on stderr: one line when the run ended out of
// time or out of memory ("lazylifted: out of time (time limit 2 s, 2.00 s
// elapsed)\n"), since the exit code alone is easy to miss; "" otherwise.
std::string quiet_limit_line(SearchStatus status, const Limits& limits, double total_time_s,
                             double peak_memory_mb);

}  // namespace ll::cli
