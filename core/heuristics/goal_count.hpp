// Goal counting: the number of unsatisfied goal literals. For a partial
// action ρ it counts the goal literals still unsatisfied after the effects
// that every action of A(s, ρ) has in common ("unavoidable" effects): an
// unavoidable add satisfies a positive goal, an unavoidable delete of an
// achieved positive goal unsatisfies it (the authors' code keeps counting it
// as satisfied), and symmetrically for negative goals.
#pragma once

#include "core/heuristics/heuristic.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"

namespace ll {

class GoalCountHeuristic : public ActionSetHeuristic {
  public:
    // `successors` may be null when only ρ = None is ever evaluated.
    GoalCountHeuristic(const Task& task, const StateLayout& layout, const GoalChecker& goal,
                       SuccessorGenerator* successors = nullptr)
        : task_(task), layout_(layout), goal_(goal), successors_(successors) {}
    double evaluate(const State& state, const PartialAction& partial) override;
    using ActionSetHeuristic::evaluate;

  private:
    const Task& task_;
    const StateLayout& layout_;
    const GoalChecker& goal_;
    SuccessorGenerator* successors_;
};

}  // namespace ll
