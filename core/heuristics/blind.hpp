// The blind heuristic: 0 in a goal state, otherwise the cheapest any action
// can cost (1 without action costs), a lower bound on any plan's cost.
// Admissible under the normal cost type; it only tells goals apart.
#pragma once

#include "core/heuristics/heuristic.hpp"
#include "core/task/action_costs.hpp"
#include "core/task/goal.hpp"

namespace ll {

class BlindHeuristic final : public ActionSetHeuristic {
  public:
    BlindHeuristic(const Task& task, const GoalChecker& goal, CostType cost_type);
    double evaluate(const State& state, const PartialAction& partial) override;
    using ActionSetHeuristic::evaluate;

  private:
    const GoalChecker& goal_;
    double min_cost_ = 1;
};

}  // namespace ll
