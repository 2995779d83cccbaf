// The WebAssembly boundary: embind functions that take and return JSON text.
// Nothing may escape into JS as a C++ exception (it would arrive as a bare
// pointer, TOOLCHAIN quirk 5): every entry point catches everything and turns
// it into a structured error. `solve` is a thin adapter over the core's one
// pipeline (ll::plan_request: option rules, parse, model, search, validation
// of every plan) and its one vocabulary (status names, statistics fields,
// configuration aliases). The JSON shapes are documented in wasm/README.md.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/error.hpp"
#include "core/explain.hpp"
#include "core/explain_json.hpp"
#include "core/heuristic_session.hpp"
#include "core/learning/model.hpp"
#include "core/optimality.hpp"
#include "core/partial_tree.hpp"
#include "core/pddl/parser.hpp"
#include "core/pddl/requirements.hpp"
#include "core/pipeline.hpp"
#include "core/planner.hpp"
#include "core/search/search_config.hpp"
#include "core/search/search_result.hpp"
#include "core/search/statistics_json.hpp"
#include "core/task/task.hpp"
#include "core/validation/plan_trace.hpp"
#include "core/validation/validator.hpp"
#include "wasm/error_json.hpp"
#include "wasm/request.hpp"

#ifndef LL_VERSION
#define LL_VERSION "unknown"
#endif

namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

using ll::wasm::current_error_json;
using ll::wasm::error_json;

// "peak_memory_mb" -> "peakMemoryMb": JS names of the core's snake_case keys.
std::string camel_case(std::string_view key) {
    std::string out;
    bool upper = false;
    for (char c : key) {
        if (c == '_') {
            upper = true;
        } else {
            out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
            upper = false;
        }
    }
    return out;
}

// The core's statistics serialisation (ll::statistics_json: every field, the
// WL colour counts included), with its keys in camelCase for JS.
json stats_json(const ll::Statistics& stats) {
    const json core = ll::statistics_json(stats);
    json out = json::object();
    for (const auto& [key, value] : core.items())
        out[camel_case(key)] = value;
    return out;
}

json plan_json(const ll::Task& task, const std::vector<ll::GroundAction>& plan) {
    json steps = json::array();
    for (const ll::GroundAction& action : plan)
        steps.push_back(ll::to_string(task, action));
    return steps;
}

json response_json(std::string_view status, const ll::Statistics& stats, json config = nullptr) {
    return {{"status", status},
            {"plan", json::array()},
            {"cost", nullptr},
            {"config", std::move(config)},
            {"stats", stats_json(stats)}};
}

// ---- solve ----

// A plan an anytime search found (Progress::plan, validated by the pipeline):
// {number, cost, costKind, steps}. The steps are the lines of its IPC text
// (ll::format_plan); its closing comment "; cost = N (general cost)" gives
// the cost kind, as the response's costKind.
json found_plan_json(const ll::Progress& p) {
    json steps = json::array();
    const char* cost_kind = "unit";
    std::string_view text = p.plan_text;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        if (!line.empty() && line.front() != ';') steps.push_back(std::string(line));
        if (line.find("(general cost)") != std::string_view::npos) cost_kind = "general";
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return {{"number", p.plan_number},
            {"cost", p.plan_cost},
            {"costKind", cost_kind},
            {"steps", std::move(steps)}};
}

std::string solve_guarded(const std::string& request_text, const emscripten::val* on_progress) {
    const Clock::time_point start = Clock::now();
    try {
        ll::wasm::DecodedRequest request;
        ll::wasm::decode_request(request_text, request);
        ll::ProgressCallback progress;
        if (on_progress != nullptr) {
            progress = [on_progress](const ll::Progress& p) {
                json report = {{"elapsedS", p.elapsed_s},
                               {"newBestH", p.new_best_h},
                               {"stats", stats_json(p.stats)}};
                if (p.plan != nullptr) report["plan"] = found_plan_json(p);
                (*on_progress)(report.dump());
            };
        }
        const ll::PlanOutcome outcome = ll::plan_request(request.plan, progress);
        const ll::SearchResult& result = outcome.result;
        json response = response_json(ll::to_string(result.status), result.stats,
                                      ll::describe_search(outcome.options));
        response["space"] = ll::to_string(outcome.options.space);  // "auto" resolved
        const ll::Optimality optimality = ll::optimality(outcome.options, outcome.task);
        response["optimal"] = optimality.claimed && result.status == ll::SearchStatus::Solved;
        response["optimality"] = optimality.reason;
        if (!result.trace.empty()) response["trace"] = json::parse(result.trace);
        // Anytime search: how many plans, and why the last one is final.
        response["plansFound"] = result.plans_found;
        response["finalPlan"] = ll::to_string(result.final_plan);
        if (result.status == ll::SearchStatus::Solved) {  // validated by plan_request
            response["plan"] = plan_json(outcome.task, result.plan);
            response["cost"] = result.plan_cost;  // the validator's (length without costs)
            response["costKind"] = outcome.task.has_action_costs ? "general" : "unit";
            // For the plan file's ;;! lines and its name (docs/js-api.md).
            response["domain"] = outcome.task.domain_name;
            response["problem"] = outcome.task.problem_name;
        }
        response["stats"]["parseTimeS"] = outcome.parse_time_s;
        response["stats"]["totalTimeS"] = seconds_since(start);
        return response.dump();
    } catch (const std::bad_alloc&) {
        json response = response_json(ll::to_string(ll::SearchStatus::OutOfMemory), {});
        response["stats"]["totalTimeS"] = seconds_since(start);
        return response.dump();
    } catch (...) {
        json response = response_json("error", {});
        response["error"] = current_error_json();
        return response.dump();
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

// ---- search configurations ----

// The core's alias table, `default` first: [{name, text, description}].
std::string search_aliases() {
    try {
        json aliases = json::array();
        for (const ll::SearchAlias& a : ll::search_aliases()) {
            aliases.push_back({{"name", a.name}, {"text", a.text}, {"description", a.description}});
        }
        return aliases.dump();
    } catch (...) {
        return "[]";
    }
}

// The core's requirement list (core/pddl/requirements.hpp), in its order:
// {supported: [":strips", ...], refused: [":fluents", ...]}.
std::string pddl_requirements() {
    json supported = json::array();
    json refused = json::array();
    for (const ll::pddl::RequirementEntry& r : ll::pddl::requirement_list())
        (r.supported() ? supported : refused).push_back(r.name);
    return json{{"supported", supported}, {"refused", refused}}.dump();
}

// ---- check ----

std::string check(const std::string& domain, const std::string& problem) {
    json diagnostics = json::array();
    json warnings = json::array();  // what the parser accepted with a warning
    json summary = nullptr;
    auto diagnostic = [&](json error) {
        error["severity"] = "error";
        diagnostics.push_back(std::move(error));
    };
    try {
        ll::Task task = ll::parse_task(domain, problem, "domain.pddl", "problem.pddl");
        summary = {{"domain", task.domain_name},
                   {"problem", task.problem_name},
                   // The signature a pretrained model must have been trained
                   // on (docs/model-format.md): the page picks models by it.
                   {"fingerprint", ll::domain_fingerprint(task)},
                   {"types", task.types.size()},
                   {"objects", task.objects.size()},
                   {"predicates", task.predicates.size()},
                   {"actions", task.schemas.size()},
                   {"initialAtoms", task.initial_state.size()},
                   {"goalAtoms", task.goal_positive.size() + task.goal_negative.size()}};
        for (const ll::Warning& w : task.warnings) {
            json warning = error_json("input", w.message, w.position);
            warning["severity"] = "warning";
            warnings.push_back(std::move(warning));
        }
    } catch (...) {
        diagnostic(current_error_json());
    }
    json response = {{"ok", diagnostics.empty()},
                     {"diagnostics", std::move(diagnostics)},
                     {"warnings", std::move(warnings)}};
    if (!summary.is_null()) response["summary"] = std::move(summary);
    return response.dump();
}

// ---- validate ----

std::string validate(const std::string& domain, const std::string& problem,
                     const std::string& plan_text) {
    auto invalid = [](json error) {
        json response = {{"valid", false},        {"message", error["message"]},
                         {"failedStep", nullptr}, {"unmetGoals", json::array()},
                         {"planLength", nullptr}, {"planCost", nullptr},
                         {"error", error}};
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
            {"planLength", result.plan_length},
            {"planCost", result.valid ? json(result.plan_cost) : json(nullptr)}};
        return response.dump();
    } catch (...) {
        return invalid(current_error_json());
    }
}

// ---- trace ----

json atoms_json(const ll::Task& task, const std::vector<ll::GroundAtom>& atoms) {
    json out = json::array();
    for (const ll::GroundAtom& atom : atoms)
        out.push_back(ll::to_string(task, atom));
    return out;
}

json trace_json(const ll::Task& task, const ll::PlanTrace& trace) {
    json predicates = json::array();
    for (const ll::Predicate& p : task.predicates) {
        predicates.push_back({{"name", p.name}, {"static", p.is_static}});
        if (p.is_derived) predicates.back()["derived"] = true;  // by the axioms
    }
    json states = json::array(), added = json::array(), deleted = json::array();
    for (std::size_t i = 0; i < trace.states.size(); ++i) {
        states.push_back(atoms_json(task, trace.states[i]));
        added.push_back(atoms_json(task, trace.added[i]));
        deleted.push_back(atoms_json(task, trace.deleted[i]));
    }
    const ll::ValidationResult& v = trace.validation;
    return {{"ok", true},
            {"valid", v.valid},
            {"message", v.message},
            {"failedStep", v.failed_step >= 0 ? json(v.failed_step) : json(nullptr)},
            {"unmetGoals", v.unmet_goals},
            {"predicates", std::move(predicates)},
            {"goals", atoms_json(task, task.goal_positive)},
            {"states", std::move(states)},
            {"added", std::move(added)},
            {"deleted", std::move(deleted)}};
}

// The states along a plan (ll::trace_plan: the validator's replay), for the
// page's step view. The shape is documented in docs/js-api.md.
std::string trace(const std::string& domain, const std::string& problem,
                  const std::string& plan_text) {
    auto failed = [](json error) {
        json response = {{"ok", false}, {"error", std::move(error)}};
        return response.dump();
    };
    try {
        ll::Task task = ll::parse_task(domain, problem, "domain.pddl", "problem.pddl");
        std::vector<ll::GroundAction> plan = ll::parse_plan(task, plan_text, "plan");
        return trace_json(task, ll::trace_plan(task, plan)).dump();
    } catch (...) {
        return failed(current_error_json());
    }
}

// ---- explain and the partial-action tree ----

// The session of the last explain/tree request: the page asks for one state
// after another, and level after level, of the same task, plan and model, so
// parsing, grounding (hFF on a large task takes seconds) and the model are
// paid once. One entry; a request with another key replaces it.
struct SessionCache {
    std::string key;
    std::unique_ptr<ll::HeuristicSession> session;
};

SessionCache& session_cache() {
    static SessionCache cache;
    return cache;
}

ll::HeuristicSession& session_for(const std::string& request_text,
                                  const ll::wasm::ExplainFields& fields) {
    SessionCache& cache = session_cache();
    std::string key = ll::wasm::session_key(request_text);
    if (cache.session && cache.key == key) return *cache.session;
    cache.session.reset();
    ll::wasm::DecodedRequest request;
    ll::wasm::decode_request(request_text, request);
    std::optional<std::string_view> plan;
    if (fields.plan) plan = *fields.plan;
    cache.session = std::make_unique<ll::HeuristicSession>(request.plan, plan);
    cache.key = std::move(key);
    return *cache.session;
}

// Runs `body` on the request's session; {"status": "ok", ...} or
// {"status": "error", "error": {...}}.
template <typename Body>
std::string explain_guarded(const std::string& request_text, Body body) {
    try {
        ll::wasm::ExplainFields fields;
        ll::wasm::decode_explain_fields(request_text, fields);
        json response = body(session_for(request_text, fields), fields);
        response["status"] = "ok";
        return response.dump();
    } catch (const std::bad_alloc&) {
        session_cache().session.reset();
        return json{{"status", "error"}, {"error", error_json("internal", "out of memory")}}.dump();
    } catch (...) {
        return json{{"status", "error"}, {"error", current_error_json()}}.dump();
    }
}

std::string explain(const std::string& request_text) {
    return explain_guarded(
        request_text, [](ll::HeuristicSession& session, const ll::wasm::ExplainFields& fields) {
            ll::ExplainOptions options;
            options.step = fields.step;
            options.path = fields.path;
            options.top_k = fields.top;
            return ll::explanation_json(ll::explain(session, options));
        });
}

std::string partial_action_children(const std::string& request_text) {
    return explain_guarded(
        request_text, [](ll::HeuristicSession& session, const ll::wasm::ExplainFields& fields) {
            return ll::tree_level_json(ll::partial_action_children(session, fields.step.value_or(0),
                                                                   fields.path, fields.limit));
        });
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
    emscripten::function("trace", &trace);
    emscripten::function("searchAliases", &search_aliases);
    emscripten::function("pddlRequirements", &pddl_requirements);
    emscripten::function("version", &version);
    emscripten::function("explain", &explain);
    emscripten::function("partialActionChildren", &partial_action_children);
}
