// Eager GBFS. With a single best-first list and no preferred operators it
// is the paper's search: the same expansions as the first version.
#include "core/search/eager_search.hpp"

namespace ll {

SearchStatus EagerSearch::search() {
    SearchStatus status;
    if (!start(context_, false, status)) return status;
    OpenList& open = *setup_.open;
    open.push(context_, context_.node(), false);

    while (!open.empty()) {
        if (limit_reached(status)) return status;
        const NodeId node = open.pop();
        if (is_closed(node)) continue;  // popped before from another list
        close(node);
        expand(node);
        if (expansion_.goal >= 0) {
            goal_ = expansion_.goal;
            return SearchStatus::Solved;
        }
        if (!setup_.preferred.empty() && !expansion_.children.empty()) {
            // Fast Downward evaluates the expanded state again for its
            // preferred operators; a chain's end has not been evaluated yet.
            const NodeId from = expansion_.expanded;
            parent_context_.reset(from, space_.parent(from), space_.state_id(from),
                                  space_.state(from), space_.partial(from), &space_);
            collect_preferred(parent_context_);
        }
        for (NodeId child : expansion_.children) {
            // One expansion of a large task evaluates thousands of children.
            if (time_passed()) return SearchStatus::OutOfTime;
            if (!evaluate(child, context_, false)) {
                close(child);
                continue;
            }
            open.push(context_, child, is_preferred(child));
        }
    }
    return SearchStatus::Unsolvable;
}

}  // namespace ll
