// What `lazylifted plan` reports after a search, as values: the plan file
// text, the stdout text (plan, configuration line, summary, optimality
// claim) and the --stats-json object. One definition for the CLI and the
// planning service (cli/serve), so both say the same thing.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "cli/common/stats_json.hpp"
#include "core/pipeline.hpp"

namespace ll::cli {

struct RunReport {
    std::string plan_text;  // IPC plan ("" unless solved)
    std::string stdout_text;
    nlohmann::json stats;
    double peak_memory_mb = 0;
};

// Fills `run` with the resolved configuration, space, heuristic and model.
RunReport make_run_report(const PlanOutcome& outcome, RunInfo& run, double total_time_s);

}  // namespace ll::cli
