// Restriction heuristics of the delete relaxation (paper Def. 4, appendix A):
// h(s, ρ) is the relaxation heuristic of the task in which the first action
// must be drawn from A(s, ρ). Modifications 1–2 (the nullary ε and ε as a
// precondition of every schema) are compiled into the Datalog program once;
// at each evaluation the actions of A(s, ρ) enter as temporary ground facts
// (act_a at cost 1, achieving ε and a's add effects; a's preconditions hold
// in s, so this is exactly their temporary ground rule fired) that vanish
// with the evaluation. For ρ = None it is the plain relaxation heuristic
// (the definitions agree: every relaxed plan starts with an applicable action).
// With `grounding` other than lifted, both programs are ground once when they
// fit (ground_relaxation.hpp), the restricted one with ε in every action.
#pragma once

#include "core/heuristics/heuristic.hpp"
#include "core/heuristics/relaxation.hpp"
#include "core/heuristics/relaxed_explorer.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"

namespace ll {

class RestrictedRelaxationHeuristic : public ActionSetHeuristic, private HeuristicExplainer {
  public:
    RestrictedRelaxationHeuristic(RelaxationHeuristic::Kind kind, const Task& task,
                                  const StateLayout& layout, const StaticFacts& statics,
                                  const GoalChecker& goal, SuccessorGenerator& successors,
                                  RelaxationSource grounding = RelaxationGrounding::Lifted,
                                  CostType cost_type = CostType::Normal);
    double evaluate(const State& state, const PartialAction& partial) override;
    using ActionSetHeuristic::evaluate;

    std::vector<GroundAction> last_relaxed_plan();
    HeuristicExplainer* explainer() override { return this; }
    std::optional<std::vector<GroundAction>> relaxed_plan() override { return last_relaxed_plan(); }

    // Helpful actions of the last evaluation: for ρ = None those of hFF; for
    // a restriction, the first actions (from A(s, ρ)) its relaxed plan uses.
    bool provides_helpful_actions() const override {
        return kind_ == RelaxationHeuristic::Kind::FF;
    }
    void helpful_actions(ActionList& out) override;
    void set_budget(Budget* budget) override {
        unrestricted_.set_budget(budget);
        restricted_.set_budget(budget);
    }

  private:
    RelaxationHeuristic::Kind kind_;
    const GoalChecker& goal_;
    SuccessorGenerator& successors_;
    RelaxationHeuristic unrestricted_;
    RelaxedExplorer restricted_;
    std::vector<GroundAction> first_actions_;
    bool last_was_restricted_ = false;
    bool last_explored_ = false;
};

}  // namespace ll
