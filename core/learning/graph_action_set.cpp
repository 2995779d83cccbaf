// Whether a partial action commits to anything beyond its state, and the
// base of the builders that encode A(s, ρ).
#include "core/learning/graph_action_set.hpp"

namespace ll {

bool commits_to_nothing(const Task& task, SuccessorGenerator& successors, const State& state,
                        const PartialAction& partial) {
    if (partial.is_none()) return true;
    if (!partial.prefix.empty() || partial.is_complete(task)) return false;
    for (SchemaId s = 0; s < task.num_schemas(); ++s) {
        if (s != partial.schema && successors.has_applicable(state, s, {})) return false;
    }
    return true;
}

ActionSetGraphBuilder::ActionSetGraphBuilder(const Task& task, const StateLayout& layout,
                                             const StaticFacts& statics,
                                             SuccessorGenerator& successors)
    : task_(task),
      successors_(successors),
      encoder_(task, layout, colour_objects_by_unary_statics(task, statics)),
      effects_(task, layout) {}

bool ActionSetGraphBuilder::build_state_graph_if_uncommitted(const State& state,
                                                             const PartialAction& partial,
                                                             Graph& out) {
    encoder_.begin(out);
    if (!commits_to_nothing(task_, successors_, state, partial)) return false;
    encoder_.add_atoms(out, state, nullptr);
    return true;
}

}  // namespace ll
