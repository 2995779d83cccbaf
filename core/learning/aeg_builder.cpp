// AEG construction: the effects of A(s, ρ) are summarised while enumerating
// it, then merged with the state.
#include "core/learning/aeg_builder.hpp"

#include "core/learning/graph_action_set.hpp"

namespace ll {

AegBuilder::AegBuilder(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                       SuccessorGenerator& successors)
    : task_(task),
      successors_(successors),
      encoder_(task, layout, colour_objects_by_unary_statics(task, statics)),
      effects_(task, layout) {}

void AegBuilder::build(const State& state, const PartialAction& partial, Graph& out) {
    encoder_.begin(out);
    if (commits_to_nothing(task_, successors_, state, partial)) {
        encoder_.add_atoms(out, state, nullptr);
        return;
    }
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
