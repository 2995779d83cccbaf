// Dispatch between the ground relaxed task and the lifted exploration.
#include "core/heuristics/relaxed_explorer.hpp"

namespace ll {

RelaxedExplorer::RelaxedExplorer(const Task& task, const StateLayout& layout,
                                 const StaticFacts& statics, RelaxationSource grounding,
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

// Prepared only once it finished: the grounding attempt may throw
// LimitReached (the phase's share ends), and a continued phase tries again.
void RelaxedExplorer::prepare(const State& state) {
    const Task* task = &task_;
    AdjustedCosts costs = costs_;
    if (task_.has_conditional_effects()) {
        // Same predicates and layout; extra schemas for the conditional effects.
        conditional_ = relax_conditional_effects(task_);
        task = conditional_->task.get();
        costs = costs_.on(*task);
    }
    ground_ =
        ground_relaxation_for(grounding_, *task, layout_, statics_, budget_, restricted_, costs);
    if (!ground_ || representatives_are_smaller(*task, costs, state)) {
        ground_.reset();
        make_lifted(*task, costs);
    }
    prepared_ = true;
}

void RelaxedExplorer::make_lifted(const Task& task, AdjustedCosts costs) {
    if (lifted_) return;
    lifted_.emplace(task, layout_, statics_,
                    datalog::build_program(task, datalog::ProgramOptions{restricted_}), costs);
    lifted_->set_budget(budget_);
    // First actions may name any object: restricted explorations keep all.
    if (grounding_.representatives && !restricted_) {
        representatives_.emplace(task_, layout_, task);
        if (!representatives_->any()) representatives_.reset();
    }
}

// A ground relaxed task of copies: the lifted closure over the first
// state's representatives is 50 times smaller (childsnack hard p08: 1.6
// million ground actions, ~100 ms per evaluation; a few thousand facts
// lifted). A lifted fact costs more than a ground one, hence the margin;
// small ground tasks are kept, they are cheap anyway.
bool RelaxedExplorer::representatives_are_smaller(const Task& task, AdjustedCosts costs,
                                                  const State& state) {
    constexpr std::size_t kMinGroundSize = 100000, kRatio = 50;
    if (!grounding_.representatives || restricted_ ||
        grounding_.grounding != RelaxationGrounding::Auto) {
        return false;
    }
    const std::size_t ground_size = static_cast<std::size_t>(ground_->num_actions()) +
                                    static_cast<std::size_t>(ground_->num_facts());
    if (ground_size < kMinGroundSize) return false;
    make_lifted(task, costs);
    if (representatives_ && representatives_->compute(state) &&
        lifted_->explore_closure(state, ground_size / kRatio, representatives_->dropped())) {
        return true;
    }
    lifted_.reset();
    representatives_.reset();
    return false;
}

void RelaxedExplorer::to_original(std::vector<GroundAction>& actions, std::size_t from) const {
    if (!conditional_) return;
    for (std::size_t i = from; i < actions.size(); ++i)
        actions[i] = to_original_action(*conditional_, task_, actions[i]);
}

bool RelaxedExplorer::explore(const State& state, datalog::Aggregation aggregation,
                              std::span<const GroundAction> first_actions) {
    if (!prepared_) prepare(state);
    if (ground_) return ground_->explore(state, aggregation, first_actions);
    if (representatives_ && representatives_->compute(state)) {
        return lifted_->explore(state, aggregation, first_actions, representatives_->dropped());
    }
    return lifted_->explore(state, aggregation, first_actions);
}

int RelaxedExplorer::goal_cost(datalog::Aggregation aggregation) const {
    return ground_ ? ground_->goal_cost(aggregation) : lifted_->goal_cost(aggregation);
}

int RelaxedExplorer::relaxed_plan(std::vector<GroundAction>* actions) {
    const std::size_t from = actions != nullptr ? actions->size() : 0;
    const int n =
        ground_ ? ground_->relaxed_plan(actions) : (lifted_ ? lifted_->relaxed_plan(actions) : 0);
    if (actions != nullptr) to_original(*actions, from);
    return n;
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

void RelaxedExplorer::helpful_actions(ActionList& out) {
    const std::size_t from = out.size();
    if (ground_) {
        ground_->helpful_actions(out);
    } else if (lifted_) {
        lifted_->helpful_actions(out);
    }
    if (!conditional_) return;
    std::vector<GroundAction> original;
    for (std::size_t i = from; i < out.size(); ++i)
        original.push_back(to_original_action(*conditional_, task_, out.action(i)));
    out.truncate(from);
    for (const GroundAction& a : original)
        out.push_back(a);
}

}  // namespace ll
