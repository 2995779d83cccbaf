// The WebAssembly boundary: embind functions that take and return JSON text.
// Nothing may escape into JS as a C++ exception (it would arrive as a bare
// pointer, TOOLCHAIN quirk 5): every entry point catches everything and turns
// it into a structured error. Every plan handed out has been replayed by the
// independent validator first. The JSON shapes are documented in wasm/README.md.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/error.hpp"
#include "core/pddl/parser.hpp"
#include "core/planner.hpp"
#include "core/search/search_result.hpp"
#include "core/task/task.hpp"
#include "core/validation/validator.hpp"

#ifndef LL_VERSION
#define LL_VERSION "unknown"
#endif

namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Infinity and NaN are not JSON: report them as null.
json finite_or_null(double value) {
    return std::isfinite(value) ? json(value) : json(nullptr);
}

// A position without a file or line (line 0) is reported as nulls.
json error_json(std::string_view category, const std::string& message,
                const ll::SourcePosition& pos = {}) {
    return {{"category", category},
            {"message", message},
            {"file", pos.file.empty() ? json(nullptr) : json(pos.file)},
            {"line", pos.line > 0 ? json(pos.line) : json(nullptr)},
            {"column", pos.line > 0 && pos.column > 0 ? json(pos.column) : json(nullptr)}};
}

json error_json(const ll::Error& e) {
    return error_json(ll::to_string(e.category()), e.message(), e.position());
}

json stats_json(const ll::Statistics& s) {
    return {
        {"expansions", s.expansions},
        {"evaluations", s.evaluations},
        {"generated", s.generated},
        {"generatedTransitions", s.generated_transitions},
        {"deadEnds", s.dead_ends},
        {"skippedEvaluations", s.skipped_evaluations},
        {"initialH", finite_or_null(s.initial_h)},
        {"bestH", finite_or_null(s.best_h)},
        {"averageBranchingFactor", s.average_branching_factor()},
        {"searchTimeS", s.search_time_s},
        {"peakMemoryMb", s.peak_memory_mb},
    };
}

const char* status_name(ll::SearchStatus status) {
    switch (status) {
        case ll::SearchStatus::Solved:
            return "solved";
        case ll::SearchStatus::Unsolvable:
            return "unsolvable";
        case ll::SearchStatus::ExpansionLimit:
            return "limit";
        case ll::SearchStatus::OutOfMemory:
            return "memory";
        case ll::SearchStatus::OutOfTime:
            return "timeout";
    }
    return "error";
}

json plan_json(const ll::Task& task, const std::vector<ll::GroundAction>& plan) {
    json steps = json::array();
    for (const ll::GroundAction& action : plan)
        steps.push_back(ll::to_string(task, action));
    return steps;
}

// ---- request decoding: wrong shapes are Usage errors ----

std::string required_string(const json& request, const char* key) {
    auto it = request.find(key);
    if (it == request.end() || !it->is_string()) {
        throw ll::Error(ll::ErrorCategory::Usage,
                        std::string("request field '") + key + "' must be a string");
    }
    return it->get<std::string>();
}

std::string optional_string(const json& request, const char* key, std::string fallback) {
    auto it = request.find(key);
    if (it == request.end() || it->is_null()) return fallback;
    if (!it->is_string()) {
        throw ll::Error(ll::ErrorCategory::Usage,
                        std::string("request field '") + key + "' must be a string");
    }
    return it->get<std::string>();
}

std::optional<double> optional_positive_number(const json& request, const char* key) {
    auto it = request.find(key);
    if (it == request.end() || it->is_null()) return std::nullopt;
    if (!it->is_number() || !(it->get<double>() > 0) || !std::isfinite(it->get<double>())) {
        throw ll::Error(ll::ErrorCategory::Usage,
                        std::string("request field '") + key + "' must be a positive number");
    }
    return it->get<double>();
}

std::optional<std::int64_t> optional_non_negative_integer(const json& request, const char* key) {
    auto it = request.find(key);
    if (it == request.end() || it->is_null()) return std::nullopt;
    bool integral = it->is_number_integer() ||
                    (it->is_number_float() && std::floor(it->get<double>()) == it->get<double>() &&
                     std::fabs(it->get<double>()) < 9e15);
    if (!integral || it->get<double>() < 0) {
        throw ll::Error(ll::ErrorCategory::Usage,
                        std::string("request field '") + key + "' must be a non-negative integer");
    }
    return static_cast<std::int64_t>(it->get<double>());
}

struct Request {
    std::string domain, problem, domain_file, problem_file;
    std::string model_text;  // empty: no model
    ll::PlannerOptions options;
};

Request decode_request(const std::string& request_text) {
    json request;
    try {
        request = json::parse(request_text);
    } catch (const json::parse_error& e) {
        throw ll::Error(ll::ErrorCategory::Usage, std::string("request is not JSON: ") + e.what());
    }
    if (!request.is_object()) {
        throw ll::Error(ll::ErrorCategory::Usage, "request must be a JSON object");
    }
    Request r;
    r.domain = required_string(request, "domain");
    r.problem = required_string(request, "problem");
    r.domain_file = optional_string(request, "domainFile", "domain.pddl");
    r.problem_file = optional_string(request, "problemFile", "problem.pddl");
    r.options.space = ll::parse_space_kind(optional_string(request, "space", "state"));
    // A model (JSON text or object) implies the learnt heuristic.
    const auto model = request.find("model");
    const bool has_model = model != request.end() && !model->is_null();
    r.options.heuristic =
        ll::parse_heuristic_kind(optional_string(request, "heuristic", has_model ? "wl" : "ff"));
    if (has_model) {
        if (r.options.heuristic != ll::HeuristicKind::Wl) {
            throw ll::Error(ll::ErrorCategory::Usage, "\"model\" is only used by heuristic \"wl\"");
        }
        const std::string text = model->is_string() ? model->get<std::string>() : model->dump();
        r.model_text = text;
    } else if (r.options.heuristic == ll::HeuristicKind::Wl) {
        throw ll::Error(ll::ErrorCategory::Usage, "heuristic \"wl\" needs a \"model\"");
    }
    r.options.dead_ends =
        ll::parse_dead_end_detection(optional_string(request, "deadEnds", "auto"));
    if (auto ms = optional_positive_number(request, "timeLimitMs")) {
        r.options.limits.time_limit_s = *ms / 1000.0;
    }
    if (auto mb = optional_positive_number(request, "memoryLimitMb")) {
        r.options.limits.memory_limit_mb = *mb;
    }
    if (auto n = optional_non_negative_integer(request, "maxExpansions")) {
        r.options.limits.max_expansions = *n;
    }
    if (auto ms = optional_positive_number(request, "progressIntervalMs")) {
        r.options.progress_interval_s = *ms / 1000.0;
    }
    return r;
}

json error_response(json error) {
    return {{"status", "error"},
            {"plan", json::array()},
            {"cost", nullptr},
            {"stats", stats_json({})},
            {"error", std::move(error)}};
}

// ---- solve ----

json solve_impl(const std::string& request_text, const emscripten::val* on_progress) {
    const Clock::time_point start = Clock::now();
    Request request = decode_request(request_text);
    ll::Task task =
        ll::parse_task(request.domain, request.problem, request.domain_file, request.problem_file);
    if (!request.model_text.empty()) {
        auto model = std::make_shared<ll::WlModel>(ll::load_model(request.model_text, "model"));
        ll::check_model_matches(*model, task, "model");
        request.options.model = std::move(model);
    }
    const double parse_time_s = seconds_since(start);
    // Like the CLI, the time limit covers the whole call, parsing included.
    if (std::isfinite(request.options.limits.time_limit_s)) {
        request.options.limits.time_limit_s =
            std::max(request.options.limits.time_limit_s - parse_time_s, 1e-3);
    }

    ll::ProgressCallback progress;
    if (on_progress != nullptr) {
        progress = [on_progress](const ll::Progress& p) {
            json report = {{"elapsedS", p.elapsed_s},
                           {"newBestH", p.new_best_h},
                           {"stats", stats_json(p.stats)}};
            (*on_progress)(report.dump());
        };
    }
    ll::SearchResult result = ll::solve(task, request.options, progress);

    json response = {{"status", status_name(result.status)},
                     {"plan", json::array()},
                     {"cost", nullptr},
                     {"stats", stats_json(result.stats)}};
    if (result.status == ll::SearchStatus::Solved) {
        ll::ValidationResult check = ll::validate_plan(task, result.plan);
        if (!check.valid) {
            throw ll::Error(ll::ErrorCategory::Internal,
                            "the planner produced an invalid plan: " + check.message);
        }
        response["plan"] = plan_json(task, result.plan);
        response["cost"] = result.plan.size();  // unit costs: cost = length
    }
    response["stats"]["parseTimeS"] = parse_time_s;
    response["stats"]["totalTimeS"] = seconds_since(start);
    return response;
}

std::string solve_guarded(const std::string& request_text, const emscripten::val* on_progress) {
    try {
        return solve_impl(request_text, on_progress).dump();
    } catch (const ll::Error& e) {
        return error_response(error_json(e)).dump();
    } catch (const std::bad_alloc&) {
        json response = error_response(error_json("memory", "out of memory"));
        response["status"] = "memory";
        response.erase("error");
        return response.dump();
    } catch (const std::exception& e) {
        return error_response(error_json("internal", e.what())).dump();
    } catch (...) {
        return error_response(error_json("internal", "unknown exception")).dump();
    }
}

std::string solve(const std::string& request_text) {
    return solve_guarded(request_text, nullptr);
}

// onProgress(reportJson) is called on every new best h and periodically. It
// must not throw: a JS exception would unwind through the search without
// running C++ destructors (see wasm/README.md).
std::string solve_with_progress(const std::string& request_text, emscripten::val on_progress) {
    return solve_guarded(request_text, &on_progress);
}

// ---- check ----

std::string check(const std::string& domain, const std::string& problem) {
    json diagnostics = json::array();
    json summary = nullptr;
    auto diagnostic = [&](json error) {
        error["severity"] = "error";
        diagnostics.push_back(std::move(error));
    };
    try {
        ll::Task task = ll::parse_task(domain, problem, "domain.pddl", "problem.pddl");
        summary = {{"domain", task.domain_name},
                   {"problem", task.problem_name},
                   {"types", task.types.size()},
                   {"objects", task.objects.size()},
                   {"predicates", task.predicates.size()},
                   {"actions", task.schemas.size()},
                   {"initialAtoms", task.initial_state.size()},
                   {"goalAtoms", task.goal_positive.size() + task.goal_negative.size()}};
    } catch (const ll::Error& e) {
        diagnostic(error_json(e));
    } catch (const std::bad_alloc&) {
        diagnostic(error_json("internal", "out of memory"));
    } catch (const std::exception& e) {
        diagnostic(error_json("internal", e.what()));
    } catch (...) {
        diagnostic(error_json("internal", "unknown exception"));
    }
    json response = {{"ok", diagnostics.empty()}, {"diagnostics", std::move(diagnostics)}};
    if (!summary.is_null()) response["summary"] = std::move(summary);
    return response.dump();
}

// ---- validate ----

std::string validate(const std::string& domain, const std::string& problem,
                     const std::string& plan_text) {
    auto invalid = [](json error) {
        json response = {{"valid", false},        {"message", error["message"]},
                         {"failedStep", nullptr}, {"unmetGoals", json::array()},
                         {"planLength", nullptr}, {"error", error}};
        return response.dump();
    };
    try {
        ll::Task task = ll::parse_task(domain, problem, "domain.pddl", "problem.pddl");
        std::vector<ll::GroundAction> plan = ll::parse_plan(task, plan_text, "plan");
        ll::ValidationResult result = ll::validate_plan(task, plan);
        json response = {
            {"valid", result.valid},
            {"message", result.message},
            {"failedStep", result.failed_step >= 0 ? json(result.failed_step) : json(nullptr)},
            {"unmetGoals", result.unmet_goals},
            {"planLength", result.plan_length}};
        return response.dump();
    } catch (const ll::Error& e) {
        return invalid(error_json(e));
    } catch (const std::bad_alloc&) {
        return invalid(error_json("internal", "out of memory"));
    } catch (const std::exception& e) {
        return invalid(error_json("internal", e.what()));
    } catch (...) {
        return invalid(error_json("internal", "unknown exception"));
    }
}

std::string version() {
    return LL_VERSION;
}

}  // namespace

EMSCRIPTEN_BINDINGS(lazylifted) {
    emscripten::function("solve", &solve);
    emscripten::function("solveWithProgress", &solve_with_progress);
    emscripten::function("check", &check);
    emscripten::function("validate", &validate);
    emscripten::function("version", &version);
}
