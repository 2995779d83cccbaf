// The report of a finished search (see run_report.hpp).
#include "cli/common/run_report.hpp"

#include <algorithm>

#include "cli/common/report.hpp"
#include "core/common/resources.hpp"
#include "core/optimality.hpp"

namespace ll::cli {

namespace {
std::string final_plan_explanation(FinalPlanReason reason) {
    switch (reason) {
        case FinalPlanReason::TimeLimit:
            return "time limit reached";
        case FinalPlanReason::ProvedOptimal:
            return "proved optimal by A* with an admissible heuristic";
        case FinalPlanReason::Exhausted:
            return "search space exhausted: no cheaper plan exists";
        case FinalPlanReason::OtherLimit:
            return "memory or expansion limit reached";
        default:
            return to_string(reason);
    }
}
}  // namespace

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
    // Anytime search: which plan is final, and why.
    report.stats["plans_found"] = result.plans_found;
    report.stats["final_plan"] = to_string(result.final_plan);
    if (result.final_plan != FinalPlanReason::None &&
        result.final_plan != FinalPlanReason::FirstPlan) {
        report.stdout_text += "Plans found: " + std::to_string(result.plans_found) + "; plan " +
                              std::to_string(result.plans_found) + " is final (" +
                              final_plan_explanation(result.final_plan) + ")\n";
    }
    return report;
}

}  // namespace ll::cli
