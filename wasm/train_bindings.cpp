// The trainer module (lltrain.mjs + lltrain.wasm), separate from the planner
// module so that the page loads its Clp and trainer only when a student
// opens "Learn a heuristic". Two embind functions, JSON text in and out
// (shapes in wasm/README.md):
//   generate(request)            problems made from one problem (core/generation)
//   train(request, onProgress)   lltrain --bootstrap: solve, train, repeat
// with the defaults and the problem order of the native lltrain, so that the
// same inputs give the same model. Nothing escapes as a C++ exception.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/common/error.hpp"
#include "core/generation/problem_generator.hpp"
#include "core/learning/graph_support.hpp"
#include "core/learning/model.hpp"
#include "core/pddl/parser.hpp"
#include "core/training/bootstrap.hpp"
#include "core/training/trainer.hpp"
#include "wasm/error_json.hpp"

namespace {

using json = nlohmann::json;
using ll::Error;
using ll::ErrorCategory;
using Clock = std::chrono::steady_clock;

json error_response() {
    return {{"status", "error"}, {"error", ll::wasm::current_error_json()}};
}

double number_field(const json& request, const char* key, double fallback, double lo, double hi) {
    if (!request.contains(key)) return fallback;
    const json& v = request[key];
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < lo ||
        v.get<double>() > hi)
        throw Error(ErrorCategory::Usage, std::string(key) + ": expected a number in [" +
                                              std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return v.get<double>();
}

std::string string_field(const json& request, const char* key, const char* fallback = nullptr) {
    if (!request.contains(key)) {
        if (fallback != nullptr) return fallback;
        throw Error(ErrorCategory::Usage, std::string("missing field ") + key);
    }
    if (!request[key].is_string())
        throw Error(ErrorCategory::Usage, std::string(key) + ": expected a string");
    return request[key].get<std::string>();
}

json parse_request(const std::string& text) {
    json request = json::parse(text, nullptr, false);
    if (!request.is_object()) throw Error(ErrorCategory::Usage, "the request is not a JSON object");
    return request;
}

// ---- generate ----

std::string generate(const std::string& request_text) {
    try {
        const json request = parse_request(request_text);
        ll::ProblemGeneratorOptions options;
        options.count = static_cast<int>(number_field(request, "count", 10, 1, 1000));
        options.seed = static_cast<std::uint64_t>(number_field(request, "seed", 2024, 0, 1e15));
        options.min_scale = number_field(request, "minScale", 0.5, 0.01, 100);
        options.max_scale = number_field(request, "maxScale", 1.5, options.min_scale, 100);
        const std::string goals = string_field(request, "goals", "problem");
        if (goals != "problem" && goals != "any")
            throw Error(ErrorCategory::Usage, "goals: expected \"problem\" or \"any\"");
        options.goals_of_any_predicate = goals == "any";
        const auto problems = ll::generate_problems(
            string_field(request, "domain"), string_field(request, "problem"), options, nullptr,
            string_field(request, "domainFile", "domain.pddl"),
            string_field(request, "problemFile", "problem.pddl"));
        json out = json::array();
        for (const ll::GeneratedProblem& p : problems)
            out.push_back({{"name", p.name},
                           {"text", p.text},
                           {"witness", p.witness},
                           {"objects", p.num_objects},
                           {"goals", p.num_goals}});
        return json{{"status", "ok"}, {"problems", std::move(out)}}.dump();
    } catch (...) {
        return error_response().dump();
    }
}

// ---- train ----

// A given plan (IPC text) is used when it parses and is valid, as lltrain
// --bootstrap uses a plan file; otherwise the problem is solved, and the
// reason is returned in `ignored`.
void take_plan(ll::BootstrapProblem& problem, const json& entry, json& ignored) {
    if (!entry.contains("plan") || entry["plan"].is_null()) return;
    const std::string why =
        ll::use_given_plan(problem, string_field(entry, "plan"), problem.name + ".plan");
    if (!why.empty()) ignored.push_back({{"problem", problem.name}, {"reason", why}});
}

// The problems parsed and ordered as lltrain orders a folder: by name, then
// smallest first.
std::vector<ll::BootstrapProblem> training_problems(const std::string& domain,
                                                    const std::string& domain_file,
                                                    const json& list, json& ignored) {
    if (!list.is_array() || list.empty())
        throw Error(ErrorCategory::Usage,
                    "problems: expected a non-empty array of {name, text, plan?}");
    std::vector<const json*> entries;
    for (const json& p : list) {
        if (!p.is_object()) throw Error(ErrorCategory::Usage, "problems: expected objects");
        string_field(p, "name");
        entries.push_back(&p);
    }
    std::sort(entries.begin(), entries.end(), [](const json* a, const json* b) {
        return (*a)["name"].get<std::string>() < (*b)["name"].get<std::string>();
    });
    std::vector<ll::BootstrapProblem> problems;
    for (const json* e : entries) {
        const std::string name = string_field(*e, "name");
        ll::Task task =
            ll::parse_task(domain, string_field(*e, "text"), domain_file, name + ".pddl");
        ll::require_graph_encodable(task, "training: learned models");
        problems.push_back({name, std::move(task), {}, false});
        take_plan(problems.back(), *e, ignored);
    }
    std::stable_sort(problems.begin(), problems.end(), [](const auto& a, const auto& b) {
        return ll::training_size_key(a.task) < ll::training_size_key(b.task);
    });
    return problems;
}

ll::BootstrapOptions bootstrap_options(const json& request) {
    ll::BootstrapOptions options;
    options.trainer.iteration_candidates = ll::default_iteration_candidates(true);
    options.trainer.wl.iterations = options.trainer.iteration_candidates.back();
    options.trainer.seed = static_cast<std::uint64_t>(number_field(request, "seed", 2024, 0, 1e15));
    options.time_limit_per_problem_s = number_field(request, "solveTimeLimit", 10, 0.1, 3600);
    options.time_budget_s = number_field(request, "timeBudget", 600, 1, 86400);
    options.max_rounds = static_cast<int>(number_field(request, "maxRounds", 8, 1, 100));
    return options;
}

const char* phase_name(ll::TrainerProgress::Phase phase) {
    switch (phase) {
        case ll::TrainerProgress::Phase::Dataset:
            return "dataset";
        case ll::TrainerProgress::Phase::Tuning:
            return "selection";
        case ll::TrainerProgress::Phase::Refit:
            return "refit";
    }
    return "dataset";
}

json progress_json(const ll::BootstrapProgress& p) {
    json report = {{"round", p.round}};
    if (!p.problem.empty()) {
        report["phase"] = "solving";
        report["problem"] = p.problem;
        report["solved"] = p.solved;
        report["done"] = p.done;
        report["total"] = p.total;
    } else {
        report["phase"] = phase_name(p.training.phase);
        report["done"] = p.training.done;
        report["total"] = p.training.total;
        report["detail"] = p.training.detail;
    }
    return report;
}

json result_json(const ll::BootstrapResult& result, double seconds) {
    json rounds = json::array();
    for (const ll::BootstrapRound& r : result.rounds)
        rounds.push_back({{"round", r.round},
                          {"attempted", r.attempted},
                          {"solved", r.solved},
                          {"withPlans", r.with_plans},
                          {"trained", r.trained}});
    int with_plans = 0;
    for (const auto& p : result.problems)
        with_plans += p.has_plan;
    const ll::TrainerSummary& s = result.trained->summary;
    json validation = nullptr;
    if (s.chosen >= 0) {
        const ll::SelectionCandidate& c = s.candidates[static_cast<std::size_t>(s.chosen)];
        validation = {{"problems", s.validation_problems},
                      {"solved", c.search.solved},
                      {"evaluations", c.search.evaluations},
                      {"loss", c.validation_loss}};
    }
    return {{"status", "ok"},
            {"model", ll::save_model(result.trained->model)},
            {"rounds", std::move(rounds)},
            {"problems", static_cast<int>(result.problems.size())},
            {"problemsWithPlans", with_plans},
            {"iterations", s.chosen_iterations},
            {"c", s.chosen_c},
            {"nonZeroWeights", s.non_zero_weights},
            {"validation", std::move(validation)},
            {"trainingTimeS", seconds}};
}

// onProgress(reportJson) after every problem solved or not and every
// training step. It must not throw (see wasm/README.md).
std::string train(const std::string& request_text, emscripten::val on_progress) {
    const Clock::time_point start = Clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    try {
        const json request = parse_request(request_text);
        const std::string domain = string_field(request, "domain");
        json ignored = json::array();
        std::vector<ll::BootstrapProblem> problems =
            training_problems(domain, string_field(request, "domainFile", "domain.pddl"),
                              request.value("problems", json()), ignored);
        const ll::BootstrapOptions options = bootstrap_options(request);
        const bool report = on_progress.typeOf().as<std::string>() == "function";
        ll::BootstrapResult result = ll::bootstrap(std::move(problems), options, elapsed,
                                                   [&](const ll::BootstrapProgress& p) {
                                                       if (report)
                                                           on_progress(progress_json(p).dump());
                                                   });
        if (!result.trained)
            throw Error(ErrorCategory::Input,
                        "the planner solved none of the problems within " +
                            std::to_string(options.time_limit_per_problem_s) +
                            " s each; give easier problems or a longer solveTimeLimit");
        json response = result_json(result, elapsed());
        response["ignoredPlans"] = std::move(ignored);
        return response.dump();
    } catch (...) {
        return error_response().dump();
    }
}

}  // namespace

EMSCRIPTEN_BINDINGS(lltrain) {
    emscripten::function("generate", &generate);
    emscripten::function("train", &train);
}
