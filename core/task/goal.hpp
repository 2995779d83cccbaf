// Goal test on packed states. Static goal atoms are decided once.
#pragma once

#include <vector>

#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"
#include "core/task/task.hpp"

namespace ll {

class GoalChecker {
  public:
    GoalChecker(const Task& task, const StateLayout& layout, const StaticFacts& statics);
    bool is_goal(const State& state) const;
    // Number of goal literals the state does not satisfy (static ones included).
    int unsatisfied(const State& state) const;
    // False if a static goal literal is false: no state is ever a goal.
    bool reachable_in_principle() const { return static_unsatisfied_ == 0; }

  private:
    const StateLayout& layout_;
    std::vector<GroundAtom> positive_, negative_;  // fluent goal literals
    int static_unsatisfied_ = 0;
};

}  // namespace ll
