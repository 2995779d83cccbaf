// Goal counting: the number of unsatisfied goal literals.
#pragma once

#include "core/heuristics/heuristic.hpp"
#include "core/task/goal.hpp"

namespace ll {

class GoalCountHeuristic : public ActionSetHeuristic {
  public:
    explicit GoalCountHeuristic(const GoalChecker& goal) : goal_(goal) {}
    double evaluate(const State& state, const PartialAction& partial) override;
    using ActionSetHeuristic::evaluate;

  private:
    const GoalChecker& goal_;
};

}  // namespace ll
