// hadd / hmax / hFF over the relaxed explorer (ground or lifted).
#include "core/heuristics/relaxation.hpp"

namespace ll {

RelaxationHeuristic::RelaxationHeuristic(Kind kind, const Task& task, const StateLayout& layout,
                                         const StaticFacts& statics, const GoalChecker& goal,
                                         RelaxationSource grounding, CostType cost_type)
    : kind_(kind),
      goal_(goal),
      explorer_(task, layout, statics, grounding, false, AdjustedCosts(task, cost_type)) {}

double RelaxationHeuristic::evaluate(const State& state, const PartialAction&) {
    last_explored_ = false;
    if (goal_.is_goal(state)) return 0;
    const auto aggregation =
        kind_ == Kind::Max ? datalog::Aggregation::Max : datalog::Aggregation::Sum;
    if (!explorer_.explore(state, aggregation)) return kDeadEnd;
    last_explored_ = true;
    if (kind_ == Kind::FF) return explorer_.relaxed_plan_cost();
    return explorer_.goal_cost(aggregation);
}

std::vector<GroundAction> RelaxationHeuristic::last_relaxed_plan() {
    std::vector<GroundAction> plan;
    explorer_.relaxed_plan(&plan);
    return plan;
}

void RelaxationHeuristic::helpful_actions(ActionList& out) {
    if (last_explored_) explorer_.helpful_actions(out);
}

}  // namespace ll
