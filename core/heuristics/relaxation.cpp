// hadd / hmax / hFF over the relaxed exploration.
#include "core/heuristics/relaxation.hpp"

namespace ll {

RelaxationHeuristic::RelaxationHeuristic(Kind kind, const Task& task, const StateLayout& layout,
                                         const StaticFacts& statics, const GoalChecker& goal)
    : kind_(kind), goal_(goal), exploration_(task, layout, statics, datalog::build_program(task)) {}

double RelaxationHeuristic::evaluate(const State& state, const PartialAction&) {
    last_explored_ = false;
    if (goal_.is_goal(state)) return 0;
    const auto aggregation =
        kind_ == Kind::Max ? datalog::Aggregation::Max : datalog::Aggregation::Sum;
    if (!exploration_.explore(state, aggregation)) return kDeadEnd;
    last_explored_ = true;
    if (kind_ == Kind::FF) return exploration_.relaxed_plan();
    return exploration_.goal_cost(aggregation);
}

std::vector<GroundAction> RelaxationHeuristic::last_relaxed_plan() {
    std::vector<GroundAction> plan;
    exploration_.relaxed_plan(&plan);
    return plan;
}

void RelaxationHeuristic::helpful_actions(std::vector<GroundAction>& out) {
    if (last_explored_) exploration_.helpful_actions(out);
}

}  // namespace ll
