// The report of a finished search (see run_report.hpp).
#include "cli/common/run_report.hpp"

#include <algorithm>

#include "cli/common/report.hpp"
#include "core/common/resources.hpp"
#include "core/optimality.hpp"

namespace ll::cli {

RunReport make_run_report(const PlanOutcome& outcome, RunInfo& run, double total_time_s) {
    run.heuristic = to_string(outcome.options.heuristic);
    run.config = describe_search(outcome.options);
    run.space = to_string(outcome.options.space);
    run.model = outcome.model_name;
    const SearchResult& result = outcome.result;
    RunReport report;
    if (result.status == SearchStatus::Solved) {
        report.plan_text = ll::format_plan(outcome.task, result.plan);
    }
    report.peak_memory_mb = std::max(result.stats.peak_memory_mb, peak_memory_mb());
    const Optimality optimal = optimality(outcome.options, outcome.task);
    const bool claim = optimal.claimed && result.status == SearchStatus::Solved;
    report.stdout_text = report.plan_text + "Configuration: " + run.config + " (space " +
                         run.space + ", model " + (run.model.empty() ? "none" : run.model) + ")\n" +
                         format_summary(result, total_time_s, report.peak_memory_mb);
    if (claim) report.stdout_text += "Optimal: yes (" + optimal.reason + ")\n";
    report.stats = search_stats_json(result, run, total_time_s, report.peak_memory_mb);
    report.stats["optimal"] = claim;
    report.stats["optimality"] = optimal.reason;
    return report;
}

}  // namespace ll::cli
