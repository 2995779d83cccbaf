// Delete-relaxation heuristics computed on the lifted task through the
// relaxed Datalog exploration: hadd, hmax and hFF.
#pragma once

#include <memory>

#include "core/heuristics/datalog/exploration.hpp"
#include "core/heuristics/heuristic.hpp"
#include "core/task/goal.hpp"

namespace ll {

class RelaxationHeuristic : public ActionSetHeuristic {
  public:
    enum class Kind { Add, Max, FF };

    RelaxationHeuristic(Kind kind, const Task& task, const StateLayout& layout,
                        const StaticFacts& statics, const GoalChecker& goal);
    double evaluate(const State& state, const PartialAction& partial) override;
    using ActionSetHeuristic::evaluate;

    // The relaxed plan of the last FF evaluation (for tests and explanations).
    std::vector<GroundAction> last_relaxed_plan();

    // Helpful actions (relaxed-plan actions applicable in the state) of the
    // last evaluation that reached the goal; FF only.
    bool provides_helpful_actions() const override { return kind_ == Kind::FF; }
    void set_budget(Budget* budget) override { exploration_.set_budget(budget); }
    void helpful_actions(std::vector<GroundAction>& out) override;

  private:
    Kind kind_;
    const GoalChecker& goal_;
    datalog::Exploration exploration_;
    bool last_explored_ = false;  // the last evaluation has a relaxed plan
};

}  // namespace ll
