// Delete-relaxation heuristics hadd, hmax and hFF. Computed on the relaxed
// task grounded once (ground_relaxation.hpp) when it fits, or on the lifted
// task through the relaxed Datalog exploration (datalog/exploration.hpp).
// With action costs, actions cost what `cost_type` makes of their cost
// (hadd/hmax: cheapest derivations; hFF: the relaxed plan's summed cost).
#pragma once

#include "core/heuristics/heuristic.hpp"
#include "core/heuristics/relaxed_explorer.hpp"
#include "core/task/goal.hpp"

namespace ll {

class RelaxationHeuristic : public ActionSetHeuristic, private HeuristicExplainer {
  public:
    enum class Kind { Add, Max, FF };

    RelaxationHeuristic(Kind kind, const Task& task, const StateLayout& layout,
                        const StaticFacts& statics, const GoalChecker& goal,
                        RelaxationSource grounding = RelaxationGrounding::Lifted,
                        CostType cost_type = CostType::Normal);
    double evaluate(const State& state, const PartialAction& partial) override;
    using ActionSetHeuristic::evaluate;

    // The relaxed plan of the last FF evaluation (for tests and explanations).
    std::vector<GroundAction> last_relaxed_plan();
    HeuristicExplainer* explainer() override { return this; }
    std::optional<std::vector<GroundAction>> relaxed_plan() override { return last_relaxed_plan(); }

    // Helpful actions (relaxed-plan actions applicable in the state) of the
    // last evaluation that reached the goal; FF only.
    bool provides_helpful_actions() const override { return kind_ == Kind::FF; }
    void set_budget(Budget* budget) override { explorer_.set_budget(budget); }
    void helpful_actions(ActionList& out) override;

    // Whether evaluations use the ground relaxed task (decided at the first
    // evaluation).
    bool is_ground() const { return explorer_.is_ground(); }

  private:
    Kind kind_;
    const GoalChecker& goal_;
    RelaxedExplorer explorer_;
    bool last_explored_ = false;  // the last evaluation has a relaxed plan
};

}  // namespace ll
