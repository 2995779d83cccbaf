// The --stats-json file: one JSON object per run, written for every outcome
// (errors included) so that benchmark scripts never have to scrape stdout.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/common/error.hpp"
#include "core/search/search_result.hpp"

namespace ll::cli {

// What the run was asked to do; echoed into the stats file.
struct RunInfo {
    std::string domain;  // file paths as given on the command line
    std::string problem;
    std::string space;  // option values as given (or the defaults)
    std::string heuristic;
    Limits limits;
    std::string config;  // canonical search configuration (search_config.hpp)
    std::string model;   // the learnt model used ("" for none)
};

// A finished search. `plan_length` is the number of steps when solved.
nlohmann::json search_stats_json(const SearchResult& result, const RunInfo& run,
                                 double total_time_s, double peak_memory_mb);

// {"status":"error","error":{category,message,file,line,column}, ...}.
nlohmann::json error_stats_json(const Error& error, const RunInfo& run, double total_time_s,
                                int exit_code);

// A bad_alloc outside the search's own memory check: status out-of-memory
// without search statistics.
nlohmann::json out_of_memory_stats_json(const RunInfo& run, double total_time_s,
                                        double peak_memory_mb);

// Pretty-printed with a trailing newline; throws Error(Input) when the file
// cannot be written.
void write_json_file(const std::string& path, const nlohmann::json& json);

// The --stats-json file of a run (nothing when `path` is empty). Returns
// false, after printing "error: FILE: cannot write file: ..." on `err`, when
// it cannot be written: a run asked for statistics it did not get must not
// exit 0 (a script would read a missing or stale file), see
// exit_code_after_stats.
bool write_stats_file(const std::optional<std::string>& path, const nlohmann::json& json,
                      std::ostream& err);
// The exit code of a run after writing its stats file: unchanged if written
// or if the run already failed, else 31 (kExitInputError, like an unwritable
// plan file).
int exit_code_after_stats(int code, bool stats_written);

}  // namespace ll::cli
