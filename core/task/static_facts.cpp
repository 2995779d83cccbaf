// Static relations, built once from the initial state.
#include "core/task/static_facts.hpp"

namespace ll {

StaticFacts::StaticFacts(const Task& task)
    : tuples_(task.predicates.size()),
      stride_(task.predicates.size()),
      arity_(task.predicates.size()) {
    // Reuse the state packing (sort + dedupe) by treating statics as a layout of
    // their own: build one State holding only the static predicates.
    Task statics_only;
    statics_only.predicates = task.predicates;
    for (auto& p : statics_only.predicates)
        p.is_static = !p.is_static;
    StateLayout layout(statics_only);
    StateBuilder builder(layout);
    for (const GroundAtom& atom : task.initial_state) {
        if (task.predicates[atom.predicate].is_static) builder.add(atom.predicate, atom.arguments);
    }
    State packed = builder.build();
    for (PredicateId p = 0; p < task.num_predicates(); ++p) {
        arity_[p] = task.predicates[p].arity();
        stride_[p] = arity_[p] == 0 ? 1 : arity_[p];
        if (!task.predicates[p].is_static) continue;
        RelationView rel = packed.relation(layout, p);
        tuples_[p].assign(rel.data, rel.data + static_cast<std::size_t>(rel.size) * rel.stride);
    }
}

}  // namespace ll
