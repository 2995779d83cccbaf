// Lazy GBFS: expand the current node, queue its children under its values,
// pop until a node evaluates as alive, repeat.
#include "core/search/lazy_search.hpp"

namespace ll {

SearchStatus LazySearch::search() {
    const bool with_preferred = !setup_.preferred.empty();
    SearchStatus status;
    if (!start(context_, with_preferred, status)) return status;
    OpenList& open = *setup_.open;
    NodeId current = context_.node();
    for (;;) {
        if (limit_reached(status)) return status;
        close(current);
        expand(current);
        if (expansion_.goal >= 0) {
            goal_ = expansion_.goal;
            return SearchStatus::Solved;
        }
        if (with_preferred) collect_preferred(context_);
        for (NodeId child : expansion_.children)
            open.push(context_, child, is_preferred(child));

        // The next node: the first popped one that is new and not a dead end.
        for (current = -1; current < 0;) {
            if (open.empty()) return SearchStatus::Unsolvable;
            const NodeId node = open.pop();
            if (is_closed(node)) continue;
            if (time_passed()) return SearchStatus::OutOfTime;
            if (!evaluate(node, context_, with_preferred)) {
                close(node);
                continue;
            }
            current = node;
        }
    }
}

}  // namespace ll
