// Stats JSON building (see stats_json.hpp).
#include "cli/common/stats_json.hpp"

#include "core/search/statistics_json.hpp"

#include <cmath>
#include <ostream>

#include "cli/common/exit_codes.hpp"
#include "cli/common/files.hpp"

namespace ll::cli {

namespace {

// JSON has no infinity: an unbounded limit or a dead-end h is null.
nlohmann::json finite_or_null(double value) {
    if (!std::isfinite(value)) return nullptr;
    return value;
}

void add_run_info(nlohmann::json& j, const RunInfo& run) {
    j["space"] = run.space;
    j["heuristic"] = run.heuristic;
    if (!run.config.empty()) j["config"] = run.config;
    j["model"] = run.model.empty() ? nlohmann::json(nullptr) : nlohmann::json(run.model);
    j["domain"] = run.domain;
    j["problem"] = run.problem;
    j["time_limit_s"] = finite_or_null(run.limits.time_limit_s);
    j["memory_limit_mb"] = finite_or_null(run.limits.memory_limit_mb);
    j["max_expansions"] = run.limits.max_expansions < 0 ? nlohmann::json(nullptr)
                                                        : nlohmann::json(run.limits.max_expansions);
}

}  // namespace

nlohmann::json search_stats_json(const SearchResult& result, const RunInfo& run,
                                 double total_time_s, double peak_memory_mb) {
    const Statistics& s = result.stats;
    nlohmann::json j;
    j["status"] = ll::to_string(result.status);
    j["exit_code"] = exit_code_for(result.status);
    bool solved = result.status == SearchStatus::Solved;
    j["plan_length"] = solved ? nlohmann::json(result.plan.size()) : nlohmann::json(nullptr);
    j["plan_cost"] = solved ? nlohmann::json(result.plan_cost) : nlohmann::json(nullptr);
    j.update(statistics_json(s));
    j["total_time_s"] = total_time_s;
    j["peak_memory_mb"] = peak_memory_mb;
    add_run_info(j, run);
    return j;
}

nlohmann::json error_stats_json(const Error& error, const RunInfo& run, double total_time_s,
                                int exit_code) {
    const SourcePosition& pos = error.position();
    nlohmann::json e;
    e["category"] = to_string(error.category());
    e["message"] = error.message();
    e["file"] = pos.file.empty() ? nlohmann::json(nullptr) : nlohmann::json(pos.file);
    e["line"] = pos.line > 0 ? nlohmann::json(pos.line) : nlohmann::json(nullptr);
    e["column"] = pos.line > 0 ? nlohmann::json(pos.column) : nlohmann::json(nullptr);
    nlohmann::json j;
    j["status"] = "error";
    j["exit_code"] = exit_code;
    j["error"] = e;
    j["plan_length"] = nullptr;
    j["total_time_s"] = total_time_s;
    add_run_info(j, run);
    return j;
}

nlohmann::json out_of_memory_stats_json(const RunInfo& run, double total_time_s,
                                        double peak_memory_mb) {
    nlohmann::json j;
    j["status"] = "out-of-memory";
    j["exit_code"] = static_cast<int>(kExitOutOfMemory);
    j["plan_length"] = nullptr;
    j["total_time_s"] = total_time_s;
    j["peak_memory_mb"] = peak_memory_mb;
    add_run_info(j, run);
    return j;
}

void write_json_file(const std::string& path, const nlohmann::json& json) {
    // Replace invalid UTF-8 (a message quoting a binary file) instead of throwing.
    write_text_file(path,
                    json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

bool write_stats_file(const std::optional<std::string>& path, const nlohmann::json& json,
                      std::ostream& err) {
    if (!path) return true;
    try {
        write_json_file(*path, json);
        return true;
    } catch (const std::exception& e) {
        err << "error: " << e.what() << "\n";
        return false;
    }
}

int exit_code_after_stats(int code, bool stats_written) {
    return stats_written || code != kExitSuccess ? code : static_cast<int>(kExitInputError);
}

}  // namespace ll::cli
