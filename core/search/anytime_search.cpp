// Lazy weighted A* under a cost bound (see header).
#include "core/search/anytime_search.hpp"

#include "core/common/error.hpp"
#include "core/task/action_costs.hpp"

namespace ll {

LazyWeightedSearch::LazyWeightedSearch(SearchSpace& space, EngineSetup setup, const Task& task)
    : SearchEngine(space, std::move(setup)), task_(task) {
    require_path_costs(space, "lazy weighted A*");
    if (space.deferred() == nullptr)
        throw Error(ErrorCategory::Internal, "lazy weighted A* needs deferred generation");
    // Popped pairs are re-parented through their recorded edge; goals are
    // tested when popped, at their path cost, not while their parent is
    // expanded (where one beyond the bound would end the search).
    expansion_.record_edges = true;
    expansion_.stop_at_goal = false;
}

void LazyWeightedSearch::grow(NodeId node) {
    while (g_.size() <= static_cast<std::size_t>(node)) {
        g_.push_back(std::numeric_limits<double>::infinity());
        dead_.push_back(0);
    }
}

SearchStatus LazyWeightedSearch::search() {
    DeferredSuccessors& deferred = *space_.deferred();
    const bool with_preferred = !setup_.preferred.empty();
    SearchStatus status;
    if (!start(context_, with_preferred, status)) return status;
    NodeId current = context_.node();
    grow(current);
    g_[current] = 0;
    best_h_ = main_value(context_);
    for (;;) {
        if (limit_reached(status)) return status;
        queue_transitions(deferred, current);
        // The next node: the first popped pair that reaches a state that is
        // new or cheaper than before, and is not a dead end.
        for (current = -1; current < 0;) {
            const std::int64_t at = pop();
            if (at < 0) return SearchStatus::Unsolvable;
            if (time_passed()) return SearchStatus::OutOfTime;
            const NodeId node = take(deferred, static_cast<std::size_t>(at));
            if (node < 0) continue;
            if (space_.is_goal(node)) {
                goal_ = node;
                return SearchStatus::Solved;
            }
            if (!evaluate(node, context_, with_preferred)) {
                dead_[node] = 1;
                continue;
            }
            const double h = main_value(context_);
            if (h < best_h_) {
                best_h_ = h;
                turns_preferred_ -= setup_.boost;
            }
            current = node;
        }
    }
}

void LazyWeightedSearch::queue_transitions(DeferredSuccessors& deferred, NodeId node) {
    expansion_.clear();
    const ActionList& actions = deferred.transitions(node, expansion_, prune_);
    ++stats_.expansions;
    stats_.generated_transitions += expansion_.transitions;
    stats_.symmetric_pruned += expansion_.symmetric;
    if (actions.empty()) return;
    if (!setup_.preferred.empty()) collect_preferred(context_);
    preferred_flags_.clear();
    if (!helpful_.empty())
        deferred.preferred_flags(node, actions, helpful_state_, helpful_, preferred_flags_);
    const double g = g_[node];
    const double weighted_h = setup_.weight * main_value(context_);
    for (std::size_t i = 0; i < actions.size(); ++i) {
        const SchemaId schema = actions.schema(i);
        const std::span<const ObjectId> arguments = actions.arguments(i);
        const double child_g = g + action_cost(task_, schema, arguments);
        if (child_g >= setup_.cost_bound) continue;
        const std::int32_t at = pending_.push(node, schema, arguments);
        const Entry entry{child_g + weighted_h, next_sequence_++, at};
        all_.push(entry);
        if (!preferred_flags_.empty() && preferred_flags_[i] != 0) preferred_.push(entry);
    }
}

std::int64_t LazyWeightedSearch::pop() {
    if (all_.empty() && preferred_.empty()) return -1;
    const bool preferred = all_.empty() || (!preferred_.empty() && turns_preferred_ < turns_all_);
    Queue& queue = preferred ? preferred_ : all_;
    ++(preferred ? turns_preferred_ : turns_all_);
    const std::int32_t at = queue.top().at;
    queue.pop();
    return at;
}

NodeId LazyWeightedSearch::take(DeferredSuccessors& deferred, std::size_t at) {
    const NodeId parent = pending_.parent(at);
    const SchemaId schema = pending_.schema(at);
    pending_.arguments(at, deferred.arity(schema), arguments_);
    // The parent's path cost now: it may have dropped since the pair was queued.
    const double g = g_[parent] + action_cost(task_, schema, arguments_);
    expansion_.clear();
    bool is_new = false;
    const NodeId node = deferred.child(parent, schema, arguments_, expansion_, is_new);
    stats_.generated += expansion_.generated;
    grow(node);
    if (!is_new) {
        if (dead_[node] != 0 || !(g < g_[node])) return -1;
        space_.reparent(expansion_, expansion_.edges.size() - 1);
        ++reopened_;
    }
    g_[node] = g;
    return node;
}

void LazyWeightedSearch::count_open_memory(Statistics& stats) const {
    stats.open_entries = static_cast<std::int64_t>(all_.size() + preferred_.size());
    stats.open_bytes =
        stats.open_entries * static_cast<std::int64_t>(sizeof(Entry)) + pending_.bytes();
}

}  // namespace ll
