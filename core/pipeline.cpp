// Parse → model → solve → validate (see header).
#include "core/pipeline.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <utility>

#include "core/common/error.hpp"
#include "core/common/resources.hpp"
#include "core/learning/model.hpp"
#include "core/pddl/parser.hpp"
#include "core/task/action_costs.hpp"
#include "core/validation/validator.hpp"

namespace ll {

const std::vector<GraphKind>& auto_model_preference(SpaceKind space) {
    // Each space first takes the graphs trained for it.
    static const std::vector<GraphKind> state{GraphKind::Ilg, GraphKind::Aeg, GraphKind::Aoag};
    static const std::vector<GraphKind> partial{GraphKind::Aoag, GraphKind::Aeg, GraphKind::Ilg};
    return space == SpaceKind::Partial ? partial : state;
}

// Whether the options leave room for a learnt model: no main heuristic
// other than wl, from the options or from the configuration text.
bool accepts_auto_model(const OptionValues& values) {
    if (values.heuristic) return *values.heuristic == "wl";
    for (const ParsedSearchConfig& phase : parse_search_phases(values.config.value_or("default"))) {
        // bfs and ucs use no heuristic; astar only the one it names.
        if (is_optimal_engine(phase.config.engine) && !phase.sets_heuristic) continue;
        if (!phase.sets_heuristic || phase.heuristic == HeuristicKind::Wl) return true;
        for (HeuristicKind k : phase.config.extra_heuristics) {
            if (k == HeuristicKind::Wl) return true;
        }
    }
    return false;
}

// The default's model phase runs in the state space whatever the task's
// size: its model is one trained there.
SpaceKind model_space(const OptionValues& values, SpaceKind run_space) {
    if (values.space && *values.space != "auto") return run_space;
    for (const ParsedSearchConfig& phase : parse_search_phases(values.config.value_or("default"))) {
        const bool evaluates_wl =
            values.heuristic ? *values.heuristic == "wl"
                             : !phase.sets_heuristic || phase.heuristic == HeuristicKind::Wl;
        if (!evaluates_wl) continue;
        return phase.config.space != SpaceKind::Auto ? phase.config.space : run_space;
    }
    return run_space;
}

ResolvedModel resolve_request_model(const PlanRequest& request, const Task& task, SpaceKind space) {
    std::optional<std::string> auto_text;
    std::string model_name = request.model_text ? request.model_name : "";
    if (!request.model_text && request.catalog != nullptr && request.read_catalog_file &&
        accepts_auto_model(request.options)) {
        if (auto entry = select_model(*request.catalog, domain_fingerprint(task),
                                      auto_model_preference(model_space(request.options, space)))) {
            auto_text = request.read_catalog_file(entry->file);
            model_name = entry->file;
        }
    }
    const std::optional<std::string_view> model_text =
        request.model_text
            ? request.model_text
            : (auto_text ? std::optional<std::string_view>(*auto_text) : std::nullopt);
    if (!model_text) return {};
    auto model = std::make_shared<WlModel>(load_model(*model_text, model_name));
    check_model_matches(*model, task, model_name);
    return {std::move(model), std::move(model_name)};
}

namespace {

// The artificial action of an ADL goal (task.hpp) is not part of the plan.
void drop_goal_actions(const Task& task, std::vector<GroundAction>& plan) {
    plan.erase(std::remove_if(
                   plan.begin(), plan.end(),
                   [&](const GroundAction& a) { return task.schemas[a.schema].is_goal_action; }),
               plan.end());
}

}  // namespace

std::int64_t check_plan(const Task& task, std::vector<GroundAction>& plan, Budget* budget) {
    drop_goal_actions(task, plan);
    // A search that does not charge the task's costs (cost-type one) may
    // find a plan through an action whose cost :init leaves undefined: an
    // error in the task, as when a search that charges costs generates that
    // action (and as in Fast Downward's translator).
    for (const GroundAction& action : plan)
        action_cost(task, action);  // throws Error(Input) naming the value
    const ValidationResult check = validate_plan(task, plan, StateObserver{}, budget);
    if (!check.valid) {
        throw Error(ErrorCategory::Internal,
                    "the planner produced an invalid plan: " + check.message);
    }
    return check.plan_cost;
}

namespace {

// A plan checked, with its cost.
struct CheckedPlan {
    std::vector<GroundAction> plan;
    std::int64_t cost = 0;
};

// The solved result's plan checked (its cost set), unless it is `reported`,
// checked already. A limit reached while checking falls back to the plan
// reported last (an anytime search's earlier plan), or else ends the run
// with that status and no plan.
void check_final_plan(const Task& task, SearchResult& result,
                      const std::optional<CheckedPlan>& reported, Budget& budget) {
    drop_goal_actions(task, result.plan);
    try {
        if (reported && reported->plan == result.plan) {
            result.plan_cost = reported->cost;
            return;
        }
        result.plan_cost = check_plan(task, result.plan, &budget);
    } catch (const LimitReached& limit) {
        if (reported) {
            result.plan = reported->plan;
            result.plan_cost = reported->cost;
            return;
        }
        result.status = limit.kind() == LimitReached::Kind::Time ? SearchStatus::OutOfTime
                                                                 : SearchStatus::OutOfMemory;
        result.plan.clear();
    }
}

}  // namespace

PlanOutcome plan_request(const PlanRequest& request, const ProgressCallback& progress) {
    Stopwatch clock;
    OptionValues values = request.options;
    // Option errors before any parsing; a model from the catalogue may still
    // come for a configuration that asks for wl.
    values.has_model = request.model_text.has_value() ||
                       (request.catalog != nullptr && accepts_auto_model(values));
    const bool optimal_engine = is_optimal_engine(make_planner_options(values).search.engine);

    Task task = parse_task(request.domain_text, request.problem_text, request.domain_name,
                           request.problem_name);
    const bool auto_space = !values.space || *values.space == "auto";
    // The optimal engines run in the state space whatever the task's size.
    const SpaceKind space = !auto_space      ? parse_space_kind(*values.space)
                            : optimal_engine ? SpaceKind::State
                                             : choose_space(task);
    ResolvedModel resolved = resolve_request_model(request, task, space);
    values.has_model = resolved.model != nullptr;
    PlannerOptions options = make_planner_options(values);
    options.space = space;
    options.limits = request.limits;
    options.progress_interval_s = request.progress_interval_s;
    options.trace = request.trace;
    options.model = std::move(resolved.model);
    std::string model_name = std::move(resolved.name);
    const double parse_time_s = clock.seconds();
    // The limit is for the whole run, like Fast Downward's overall limit.
    if (std::isfinite(options.limits.time_limit_s)) {
        options.limits.time_limit_s = std::max(options.limits.time_limit_s - parse_time_s, 1e-3);
    }
    // Every plan an anytime search reports is checked as it is found,
    // within the run's limits (re-deriving derived atoms along a plan can
    // take longer than finding it; a plan whose check the limit stops is
    // not reported); the final plan is checked again only when it is not
    // the last one reported (an anytime search ends at the time limit).
    Budget budget(&clock, request.limits.time_limit_s, request.limits.memory_limit_mb);
    std::optional<CheckedPlan> last_checked;
    const ProgressCallback checked = [&](const Progress& p) {
        if (p.plan == nullptr) {
            if (progress) progress(p);
            return;
        }
        CheckedPlan found{*p.plan, 0};
        try {
            found.cost = check_plan(task, found.plan, &budget);
        } catch (const LimitReached&) {
            return;
        }
        last_checked = found;
        if (!progress) return;
        Progress valid = p;
        valid.plan_cost = found.cost;
        valid.plan = &found.plan;
        valid.plan_text = format_plan(task, found.plan);
        progress(valid);
    };
    SearchResult result = solve(task, options, checked);
    if (result.status == SearchStatus::Solved) check_final_plan(task, result, last_checked, budget);
    options.limits = request.limits;
    return PlanOutcome{std::move(task), std::move(model_name), std::move(options),
                       std::move(result), parse_time_s};
}

std::string format_plan(const Task& task, std::span<const GroundAction> plan) {
    std::string out;
    for (const GroundAction& a : plan)
        out += to_string(task, a) + "\n";
    // Fast Downward's wording: "general cost" when actions have costs.
    out += "; cost = " + std::to_string(plan_cost(task, plan)) +
           (task.has_action_costs ? " (general cost)\n" : " (unit cost)\n");
    return out;
}

}  // namespace ll
