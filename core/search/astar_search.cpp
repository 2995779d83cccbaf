// A* and uniform-cost search (see header).
#include "core/search/astar_search.hpp"

namespace ll {

AStarSearch::AStarSearch(SearchSpace& space, EngineSetup setup)
    : SearchEngine(space, std::move(setup)) {
    require_path_costs(space, setup_.evaluators.empty() ? "ucs" : "astar");
    expansion_.record_edges = true;
    expansion_.stop_at_goal = false;
}

void AStarSearch::grow(NodeId node) {
    const auto needed = static_cast<std::size_t>(node) + 1;
    while (g_.size() < needed) {
        g_.push_back(kDeadEnd);
        h_.push_back(kUnevaluated);
    }
}

void AStarSearch::push(NodeId node, double g, double h) {
    open_.push(Entry{g + setup_.weight * h, g, next_sequence_++, node});
}

bool AStarSearch::relax(std::size_t i, double g) {
    const Edge& edge = expansion_.edges[i];
    const NodeId child = edge.child;
    const double child_g = g + edge.cost;
    if (edge.is_new) grow(child);
    if (!(child_g < g_[child]) || h_[child] == kDeadEnd) return true;
    // Anytime: no plan through this path is cheaper than the bound.
    if (child_g >= setup_.cost_bound) return true;
    if (h_[child] == kUnevaluated) {
        // A new child (or one left out by the bound before): evaluated once,
        // one clock read per evaluation.
        if (time_passed()) return false;
        if (!edge.is_new) space_.reparent(expansion_, i);
        g_[child] = child_g;
        if (!evaluate(child, context_, false)) {
            h_[child] = kDeadEnd;
            close(child);
            return true;
        }
        h_[child] = main_value(context_);
        if (!within_bound(child_g, h_[child])) return true;
        push(child, child_g, h_[child]);
        return true;
    }
    if (!within_bound(child_g, h_[child])) return true;
    space_.reparent(expansion_, i);
    g_[child] = child_g;
    if (is_closed(child)) {
        reopen(child);
        ++reopened_;
    }
    if (setup_.observer != nullptr) setup_.observer->reopened(edge, child_g);
    push(child, child_g, h_[child]);
    return true;
}

SearchStatus AStarSearch::search() {
    SearchStatus status;
    if (!start(context_, false, status)) return status;
    const NodeId root = context_.node();
    grow(root);
    g_[root] = 0;
    h_[root] = main_value(context_);
    push(root, 0, h_[root]);
    while (!open_.empty()) {
        const Entry top = open_.top();
        open_.pop();
        // Stale: queued again since at a lower g, or expanded at this g.
        if (top.g > g_[top.node] || is_closed(top.node)) continue;
        if (space_.is_goal(top.node)) {
            goal_ = top.node;
            return SearchStatus::Solved;
        }
        if (limit_reached(status)) return status;
        close(top.node);
        expand(top.node);
        for (std::size_t i = 0; i < expansion_.edges.size(); ++i) {
            if (!relax(i, top.g)) return SearchStatus::OutOfTime;
        }
    }
    return SearchStatus::Unsolvable;
}

}  // namespace ll
