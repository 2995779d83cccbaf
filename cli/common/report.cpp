// Output formatting (see report.hpp).
#include "cli/common/report.hpp"

#include <cstdio>

namespace ll::cli {

namespace {

std::string printf_string(const char* format, double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, value);
    return buffer;
}

}  // namespace

std::string format_progress(const Progress& p) {
    const Statistics& s = p.stats;
    std::string out = "[t=" + printf_string("%.2f", p.elapsed_s) + "s] ";
    if (p.plan != nullptr) {
        out += "plan " + std::to_string(p.plan_number) + " cost " + std::to_string(p.plan_cost) +
               " (" + std::to_string(p.plan->size()) + " steps)";
    } else if (p.new_best_h) {
        out += "new best h=" + format_h(s.best_h) + " expansions=" + std::to_string(s.expansions) +
               " evaluations=" + std::to_string(s.evaluations);
    } else {
        double rate = p.elapsed_s > 0 ? static_cast<double>(s.evaluations) / p.elapsed_s : 0.0;
        out += "expansions=" + std::to_string(s.expansions) +
               " evaluations=" + std::to_string(s.evaluations) +
               " generated=" + std::to_string(s.generated) + " best h=" + format_h(s.best_h) +
               " evals/s=" + printf_string("%.0f", rate);
    }
    return out + "\n";
}

const char* describe_failure(SearchStatus status) {
    switch (status) {
        case SearchStatus::Solved:
            return "solved";
        case SearchStatus::Unsolvable:
            return "proven unsolvable";
        case SearchStatus::ExpansionLimit:
            return "expansion limit reached";
        case SearchStatus::OutOfMemory:
            return "out of memory";
        case SearchStatus::OutOfTime:
            return "out of time";
    }
    return "unknown";
}

std::string quiet_limit_line(SearchStatus status, const Limits& limits, double total_time_s,
                             double peak_memory_mb) {
    if (status == SearchStatus::OutOfTime) {
        return "lazylifted: out of time (time limit " + format_h(limits.time_limit_s) + " s, " +
               printf_string("%.2f", total_time_s) + " s elapsed)\n";
    }
    if (status == SearchStatus::OutOfMemory) {
        return "lazylifted: out of memory (memory limit " + format_h(limits.memory_limit_mb) +
               " MB, peak " + printf_string("%.1f", peak_memory_mb) + " MB)\n";
    }
    return "";
}

std::string format_summary(const SearchResult& result, double total_time_s, double peak_memory_mb) {
    std::string out;
    if (result.status == SearchStatus::Solved) {
        out += "Solution found.\n";
        out += "Plan length: " + std::to_string(result.plan.size()) + " step(s).";
        out += "\nPlan cost: " + std::to_string(result.plan_cost) + "\n";
    } else {
        out += std::string("Search stopped without finding a solution: ") +
               describe_failure(result.status) + "\n";
    }
    out += format_statistics(result.stats);
    out += "Total time: " + printf_string("%.4f", total_time_s) + " s\n";
    out += "Peak memory: " + printf_string("%.1f", peak_memory_mb) + " MB\n";
    return out;
}

}  // namespace ll::cli
