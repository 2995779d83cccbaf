// Restricted hFF / hadd / hmax over partial actions.
#include "core/heuristics/restricted_relaxation.hpp"

namespace ll {

RestrictedRelaxationHeuristic::RestrictedRelaxationHeuristic(
    RelaxationHeuristic::Kind kind, const Task& task, const StateLayout& layout,
    const StaticFacts& statics, const GoalChecker& goal, SuccessorGenerator& successors,
    RelaxationSource grounding, CostType cost_type)
    : kind_(kind),
      goal_(goal),
      successors_(successors),
      unrestricted_(kind, task, layout, statics, goal, grounding, cost_type),
      restricted_(task, layout, statics, grounding, /*restricted=*/true,
                  AdjustedCosts(task, cost_type)) {}

double RestrictedRelaxationHeuristic::evaluate(const State& state, const PartialAction& partial) {
    last_was_restricted_ = false;
    last_explored_ = false;
    if (partial.is_none()) return unrestricted_.evaluate(state);
    if (goal_.is_goal(state)) return 0;
    first_actions_.clear();
    successors_.for_each_applicable(
        state, partial.schema, partial.prefix, [&](std::span<const ObjectId> args) {
            first_actions_.push_back({partial.schema, {args.begin(), args.end()}});
            return true;
        });
    if (first_actions_.empty()) return kDeadEnd;  // ρ is not applicable in s
    last_was_restricted_ = true;
    const auto aggregation = kind_ == RelaxationHeuristic::Kind::Max ? datalog::Aggregation::Max
                                                                     : datalog::Aggregation::Sum;
    if (!restricted_.explore(state, aggregation, first_actions_)) return kDeadEnd;
    last_explored_ = true;
    if (kind_ == RelaxationHeuristic::Kind::FF) return restricted_.relaxed_plan_cost();
    return restricted_.goal_cost(aggregation);
}

std::vector<GroundAction> RestrictedRelaxationHeuristic::last_relaxed_plan() {
    if (!last_was_restricted_) return unrestricted_.last_relaxed_plan();
    std::vector<GroundAction> plan;
    restricted_.relaxed_plan(&plan);
    return plan;
}

void RestrictedRelaxationHeuristic::helpful_actions(ActionList& out) {
    if (!last_was_restricted_) {
        unrestricted_.helpful_actions(out);
    } else if (last_explored_) {
        restricted_.helpful_actions(out);
    }
}

}  // namespace ll
