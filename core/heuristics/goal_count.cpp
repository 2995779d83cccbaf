// Goal counting over states (the partial-action variant arrives with PS²).
#include "core/heuristics/goal_count.hpp"

namespace ll {

double GoalCountHeuristic::evaluate(const State& state, const PartialAction&) {
    if (!goal_.reachable_in_principle()) return kDeadEnd;
    return goal_.unsatisfied(state);
}

}  // namespace ll
