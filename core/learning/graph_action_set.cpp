// Whether a partial action commits to anything beyond its state.
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

}  // namespace ll
