// What the explanation views evaluate: a parsed task, the states
// along a plan (the initial state alone without one) and the heuristic the
// search would use on them, built by the planner's own rules (space, model
// from the request or the catalogue, main heuristic; make_action_set_heuristic),
// so every h shown is the h the search computes.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/heuristics/heuristic.hpp"
#include "core/pipeline.hpp"
#include "core/planner.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"
#include "core/task/partial_action.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"

namespace ll {

class HeuristicSession {
  public:
    // Parses the task and the plan, resolves the options like the planner
    // (space: the request's, else a given model's, else choose_space; model
    // as plan_request; heuristic: the request's, else wl with a model, ff
    // without) and replays the plan. Throws ll::Error for bad input, options,
    // models and for a plan step that is not applicable (Input).
    HeuristicSession(const PlanRequest& request, std::optional<std::string_view> plan_text,
                     std::string_view plan_name = "plan");
    HeuristicSession(const HeuristicSession&) = delete;
    HeuristicSession& operator=(const HeuristicSession&) = delete;

    const Task& task() const { return task_; }
    const PlannerOptions& options() const { return options_; }
    const std::string& model_name() const { return model_name_; }
    // The states along the plan: state(0) is the initial state, state(i) the
    // one after i actions; num_states() = plan().size() + 1.
    int num_states() const { return static_cast<int>(states_.size()); }
    const State& state(int step) const { return states_.at(static_cast<std::size_t>(step)); }
    const std::vector<GroundAction>& plan() const { return plan_; }

    bool is_goal(int step) const { return goal_.is_goal(state(step)); }
    ActionSetHeuristic& heuristic() { return *heuristic_; }
    SuccessorGenerator& successors() { return successors_; }

    // The partial action a path names: [] is None, [schema, object...] binds
    // the first parameters. Throws ll::Error(Usage) for unknown names or a
    // path longer than the schema's arity.
    PartialAction partial_action(std::span<const std::string> path) const;
    // "stack(b1, ?)" for a partial action, "" for None.
    std::string describe(const PartialAction& partial) const;

  private:
    Task task_;
    StateLayout layout_;
    StaticFacts statics_;
    GoalChecker goal_;
    SuccessorGenerator successors_;
    PlannerOptions options_;
    std::string model_name_;
    std::unique_ptr<ActionSetHeuristic> heuristic_;
    std::vector<GroundAction> plan_;
    std::vector<State> states_;
};

}  // namespace ll
