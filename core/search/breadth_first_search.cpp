// Breadth-first search over a FIFO queue (see header).
#include "core/search/breadth_first_search.hpp"

namespace ll {

BreadthFirstSearch::BreadthFirstSearch(SearchSpace& space, EngineSetup setup)
    : SearchEngine(space, std::move(setup)) {
    require_path_costs(space, "bfs");
}

SearchStatus BreadthFirstSearch::search() {
    SearchStatus status;
    if (!start(context_, false, status)) return status;
    queue_.push_back(context_.node());
    for (std::size_t head = 0; head < queue_.size(); ++head) {
        if (limit_reached(status)) return status;
        const NodeId node = queue_[head];
        close(node);
        expand(node);
        if (expansion_.goal >= 0) {
            goal_ = expansion_.goal;
            return SearchStatus::Solved;
        }
        for (NodeId child : expansion_.children) {
            if (time_passed()) return SearchStatus::OutOfTime;
            if (!evaluate(child, context_, false)) {
                close(child);
                continue;
            }
            queue_.push_back(child);
        }
    }
    return SearchStatus::Unsolvable;
}

}  // namespace ll
