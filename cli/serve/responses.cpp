// Response bodies of both APIs (see responses.hpp).
#include "cli/serve/responses.hpp"

#include <cmath>
#include <string>

#include "cli/common/version.hpp"
#include "cli/serve/plan_job.hpp"
#include "core/heuristics/heuristic_list.hpp"
#include "core/search/engine_list.hpp"
#include "core/search/search_config.hpp"
#include "core/search/search_space.hpp"

namespace ll::cli::serve {

namespace {

nlohmann::json exit_code_json(const PlanAnswer& answer) {
    return answer.exit_code < 0 ? nlohmann::json(nullptr) : nlohmann::json(answer.exit_code);
}

nlohmann::json choice_arg(const std::string& name, const std::string& description,
                          const std::vector<std::string>& choices, const std::string& fallback) {
    return {{"name", name},       {"type", "categorical"}, {"description", description},
            {"choices", choices}, {"default", fallback},   {"optional", true}};
}

std::vector<std::string> alias_names() {
    std::vector<std::string> names;
    for (const SearchAlias& alias : search_aliases())
        names.emplace_back(alias.name);
    return names;
}

template <class Entries>
std::vector<std::string> vocabulary_names(const Entries& vocabulary) {
    std::vector<std::string> names;
    for (std::string_view name : vocabulary.names())
        names.emplace_back(name);
    return names;
}

nlohmann::json solve_args(const ServeConfig& config, const ShippedModels& models) {
    std::vector<std::string> model_choices{"auto", "none"};
    for (const std::string& name : models.names())
        model_choices.push_back(name);
    nlohmann::json args = nlohmann::json::array();
    args.push_back({{"name", "domain"}, {"type", "file"}, {"description", "domain file"}});
    args.push_back({{"name", "problem"}, {"type", "file"}, {"description", "problem file"}});
    args.push_back(
        choice_arg("config", "search configuration (docs/search.md)", alias_names(), "default"));
    args.push_back(
        choice_arg("space", "search space", vocabulary_names(space_kind_names()), "auto"));
    args.push_back(choice_arg("heuristic", "main heuristic", vocabulary_names(heuristic_list()),
                              "from config"));
    args.push_back(
        choice_arg("search", "search engine", vocabulary_names(engine_list()), "from config"));
    args.push_back(choice_arg("model", "pretrained model by name; auto: by domain fingerprint",
                              model_choices, "auto"));
    args.push_back({{"name", "time-limit"},
                    {"type", "int"},
                    {"description", "seconds, at most the server's"},
                    {"default", config.time_limit_s},
                    {"optional", true}});
    args.push_back({{"name", "memory-limit"},
                    {"type", "int"},
                    {"description", "MB, at most the server's"},
                    {"default", config.memory_limit_mb},
                    {"optional", true}});
    return args;
}

}  // namespace

nlohmann::json solve_body(const PlanAnswer& answer) {
    if (!answer.solved()) {
        return {{"status", "error"},
                {"result",
                 {{"error", answer.error + " [" + answer.category + ", exit " +
                                (answer.exit_code < 0 ? std::string("none")
                                                      : std::to_string(answer.exit_code)) +
                                "]"},
                  {"output", answer.output},
                  {"category", answer.category},
                  {"exit_code", exit_code_json(answer)},
                  {"parse_status", "err"}}}};
    }
    nlohmann::json plan = nlohmann::json::array();
    for (const std::string& step : answer.plan)
        plan.push_back({{"name", step}});
    return {{"status", "ok"},
            {"result",
             {{"plan", plan},
              {"output", answer.output},
              {"cost", answer.cost},
              {"length", answer.plan.size()},
              {"type", "full"},
              {"parse_status", "ok"},
              {"category", answer.category},
              {"exit_code", answer.exit_code},
              {"stats", answer.stats}}}};
}

nlohmann::json check_body(const JobView& view) {
    if (view.state != JobState::Done) return {{"status", "PENDING"}};
    const PlanAnswer& answer = view.answer;
    nlohmann::json output = nlohmann::json::object();
    if (answer.solved()) output["sas_plan"] = answer.plan_text;
    const std::string stderr_text =
        answer.solved() ? "" : answer.category + ": " + answer.error + "\n";
    return {{"status", "ok"},
            {"result",
             {{"output", output},
              {"stdout", answer.output},
              {"stderr", stderr_text},
              {"call", std::string(kPackageName) + " plan domain problem"},
              {"category", answer.category},
              {"exit_code", exit_code_json(answer)},
              {"stats", answer.stats}}}};
}

nlohmann::json editor_adaptor_body(const JobView& view) {
    if (view.state != JobState::Done) return {{"status", "PENDING"}};
    return {{"status", "ok"}, {"plans", nlohmann::json::array({solve_body(view.answer)})}};
}

nlohmann::json package_list_body(const ServeConfig& config, const ShippedModels& models) {
    nlohmann::json manifest = {
        {"package_name", kPackageName},
        {"name", "LazyLifted"},
        {"description",
         "A lifted classical planner (STRIPS with typing, negative preconditions, "
         "equality, static action costs), greedy best-first search guided by learnt "
         "WL heuristics or relaxation heuristics; optimal search with the astar-*, bfs "
         "and ucs configurations."},
        {"version", kVersion},
        {"install-size", "0"},
        {"dependencies", nlohmann::json::array()},
        {"endpoint",
         {{"services",
           {{"solve",
             {{"args", solve_args(config, models)},
              {"call", std::string(kPackageName) + " plan {domain} {problem}"},
              {"return", {{"type", "plan"}, {"files", "sas_plan"}}}}}}}}}};
    return {{kPackageName, manifest}};
}

}  // namespace ll::cli::serve
