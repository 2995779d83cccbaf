// hadd / hmax / hFF over the ground relaxed task or the lifted exploration.
#include "core/heuristics/relaxation.hpp"

namespace ll {

RelaxationHeuristic::RelaxationHeuristic(Kind kind, const Task& task, const StateLayout& layout,
                                         const StaticFacts& statics, const GoalChecker& goal,
                                         RelaxationGrounding grounding)
    : kind_(kind),
      task_(task),
      layout_(layout),
      statics_(statics),
      goal_(goal),
      grounding_(grounding) {}

void RelaxationHeuristic::set_budget(Budget* budget) {
    budget_ = budget;
    if (ground_) ground_->set_budget(budget);
    if (lifted_) lifted_->set_budget(budget);
}

// Grounds at the first evaluation, when the budget is known: grounding may
// take a while on large tasks and must respect the limits.
void RelaxationHeuristic::prepare() {
    prepared_ = true;
    ground_ = ground_relaxation_for(grounding_, task_, layout_, statics_, budget_, false);
    if (ground_) return;
    lifted_.emplace(task_, layout_, statics_, datalog::build_program(task_));
    lifted_->set_budget(budget_);
}

double RelaxationHeuristic::evaluate(const State& state, const PartialAction&) {
    last_explored_ = false;
    if (goal_.is_goal(state)) return 0;
    if (!prepared_) prepare();
    const auto aggregation =
        kind_ == Kind::Max ? datalog::Aggregation::Max : datalog::Aggregation::Sum;
    if (ground_) {
        if (!ground_->explore(state, aggregation)) return kDeadEnd;
        last_explored_ = true;
        if (kind_ == Kind::FF) return ground_->relaxed_plan();
        return ground_->goal_cost(aggregation);
    }
    if (!lifted_->explore(state, aggregation)) return kDeadEnd;
    last_explored_ = true;
    if (kind_ == Kind::FF) return lifted_->relaxed_plan();
    return lifted_->goal_cost(aggregation);
}

std::vector<GroundAction> RelaxationHeuristic::last_relaxed_plan() {
    std::vector<GroundAction> plan;
    if (ground_) {
        ground_->relaxed_plan(&plan);
    } else if (lifted_) {
        lifted_->relaxed_plan(&plan);
    }
    return plan;
}

void RelaxationHeuristic::helpful_actions(std::vector<GroundAction>& out) {
    if (!last_explored_) return;
    if (ground_) {
        ground_->helpful_actions(out);
    } else {
        lifted_->helpful_actions(out);
    }
}

}  // namespace ll
