// AEG construction: the effects of A(s, ρ) are summarised while enumerating
// it, then merged with the state.
#include "core/learning/aeg_builder.hpp"

namespace ll {

AegBuilder::AegBuilder(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                       SuccessorGenerator& successors)
    : ActionSetGraphBuilder(task, layout, statics, successors) {}

void AegBuilder::build(const State& state, const PartialAction& partial, Graph& out) {
    if (build_state_graph_if_uncommitted(state, partial, out)) return;
    effects_.clear();
    const SchemaId schema = partial.schema;
    // Captures only `this` and one value, so the std::function needs no heap
    // allocation.
    successors_.for_each_applicable(state, schema, partial.prefix,
                                    [this, schema](std::span<const ObjectId> args) {
                                        effects_.add_action(schema, args);
                                        return true;
                                    });
    effects_.finish();
    encoder_.add_atoms(out, state, effects_.num_actions() > 0 ? &effects_ : nullptr);
}

}  // namespace ll
