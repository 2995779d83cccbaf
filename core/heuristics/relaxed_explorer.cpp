// Dispatch between the ground relaxed task and the lifted exploration.
#include "core/heuristics/relaxed_explorer.hpp"

namespace ll {

RelaxedExplorer::RelaxedExplorer(const Task& task, const StateLayout& layout,
                                 const StaticFacts& statics, RelaxationGrounding grounding,
                                 bool restricted, AdjustedCosts costs)
    : task_(task),
      layout_(layout),
      statics_(statics),
      grounding_(grounding),
      restricted_(restricted),
      costs_(costs) {}

void RelaxedExplorer::set_budget(Budget* budget) {
    budget_ = budget;
    if (ground_) ground_->set_budget(budget);
    if (lifted_) lifted_->set_budget(budget);
}

void RelaxedExplorer::prepare() {
    prepared_ = true;
    ground_ =
        ground_relaxation_for(grounding_, task_, layout_, statics_, budget_, restricted_, costs_);
    if (ground_) return;
    lifted_.emplace(task_, layout_, statics_,
                    datalog::build_program(task_, datalog::ProgramOptions{restricted_}), costs_);
    lifted_->set_budget(budget_);
}

bool RelaxedExplorer::explore(const State& state, datalog::Aggregation aggregation,
                              std::span<const GroundAction> first_actions) {
    if (!prepared_) prepare();
    return ground_ ? ground_->explore(state, aggregation, first_actions)
                   : lifted_->explore(state, aggregation, first_actions);
}

int RelaxedExplorer::goal_cost(datalog::Aggregation aggregation) const {
    return ground_ ? ground_->goal_cost(aggregation) : lifted_->goal_cost(aggregation);
}

int RelaxedExplorer::relaxed_plan(std::vector<GroundAction>* actions) {
    if (ground_) return ground_->relaxed_plan(actions);
    return lifted_ ? lifted_->relaxed_plan(actions) : 0;
}

int RelaxedExplorer::relaxed_plan_cost() {
    if (ground_) {
        ground_->relaxed_plan(nullptr);
        return ground_->relaxed_plan_cost();
    }
    if (!lifted_) return 0;
    lifted_->relaxed_plan(nullptr);
    return lifted_->relaxed_plan_cost();
}

void RelaxedExplorer::helpful_actions(std::vector<GroundAction>& out) {
    if (ground_) {
        ground_->helpful_actions(out);
    } else if (lifted_) {
        lifted_->helpful_actions(out);
    }
}

}  // namespace ll
