// The blind heuristic (see header).
#include "core/heuristics/blind.hpp"

namespace ll {

BlindHeuristic::BlindHeuristic(const Task& task, const GoalChecker& goal, CostType cost_type)
    : goal_(goal) {
    const bool unit = !task.has_action_costs || cost_type == CostType::One;
    min_cost_ = unit ? 1 : min_action_cost(task) + (cost_type == CostType::PlusOne ? 1 : 0);
}

double BlindHeuristic::evaluate(const State& state, const PartialAction&) {
    return goal_.is_goal(state) ? 0 : min_cost_;
}

}  // namespace ll
