// AOAG construction: A(s, ρ) is enumerated once into a flat scratch vector;
// a single action is encoded as its successor by applying its effects while
// merging (the same node order as the ILG of succ(s, a), without building
// the successor state).
#include "core/learning/aoag_builder.hpp"

namespace ll {

AoagBuilder::AoagBuilder(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                         SuccessorGenerator& successors)
    : ActionSetGraphBuilder(task, layout, statics, successors) {}

void AoagBuilder::build(const State& state, const PartialAction& partial, Graph& out) {
    if (build_state_graph_if_uncommitted(state, partial, out)) return;
    action_args_.clear();
    num_actions_ = 0;
    // Captures only `this`, so the std::function needs no heap allocation.
    successors_.for_each_applicable(
        state, partial.schema, partial.prefix, [this](std::span<const ObjectId> args) {
            action_args_.insert(action_args_.end(), args.begin(), args.end());
            ++num_actions_;
            return true;
        });
    const int arity = task_.schemas[partial.schema].arity();
    const int num_actions = num_actions_;
    if (num_actions == 1) {
        effects_.clear();
        effects_.add_action(partial.schema, action_args_);
        effects_.finish();
        encoder_.add_atoms(out, state, &effects_);
        return;
    }
    for (int a = 0; a < num_actions; ++a) {
        if (budget_ != nullptr) budget_->poll();
        encoder_.add_action(out, partial.schema,
                            std::span<const ObjectId>(action_args_)
                                .subspan(static_cast<std::size_t>(a) * arity, arity));
    }
    encoder_.add_atoms(out, state, nullptr);
}

}  // namespace ll
