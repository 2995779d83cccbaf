// Lazy weighted A* under a cost bound (see header).
#include "core/search/anytime_search.hpp"

#include <algorithm>

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
    // Blind search (no evaluator): one pair of queues keyed by g.
    const std::size_t heuristics = std::max<std::size_t>(1, setup_.evaluators.size());
    queues_.resize(2 * heuristics);
    turns_.assign(2 * heuristics, 0);
    best_h_.assign(heuristics, std::numeric_limits<double>::infinity());
}

void LazyWeightedSearch::track_progress() {
    bool progress = false;
    for (std::size_t i = 0; i < setup_.evaluators.size(); ++i) {
        const double h = context_.value(*setup_.evaluators[i]);
        if (h < best_h_[i]) {
            best_h_[i] = h;
            progress = true;
        }
    }
    if (!progress) return;
    for (std::size_t q = 1; q < queues_.size(); q += 2)
        turns_[q] -= setup_.boost;
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
    track_progress();
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
            track_progress();
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
    weighted_h_.clear();
    for (Evaluator* e : setup_.evaluators)
        weighted_h_.push_back(setup_.weight * context_.value(*e));
    if (weighted_h_.empty()) weighted_h_.push_back(0);
    for (std::size_t i = 0; i < actions.size(); ++i) {
        const SchemaId schema = actions.schema(i);
        const std::span<const ObjectId> arguments = actions.arguments(i);
        const double child_g = g + action_cost(task_, schema, arguments);
        if (child_g >= setup_.cost_bound) continue;
        const std::int32_t at = pending_.push(node, schema, arguments);
        const bool preferred = !preferred_flags_.empty() && preferred_flags_[i] != 0;
        for (std::size_t h = 0; h < weighted_h_.size(); ++h) {
            const Queue::Key f{child_g + weighted_h_[h]};
            queues_[2 * h].push(f, at);
            if (preferred) queues_[2 * h + 1].push(f, at);
        }
    }
}

std::int64_t LazyWeightedSearch::pop() {
    std::size_t next = queues_.size();
    for (std::size_t q = 0; q < queues_.size(); ++q) {
        if (!queues_[q].empty() && (next == queues_.size() || turns_[q] < turns_[next])) next = q;
    }
    if (next == queues_.size()) return -1;
    ++turns_[next];
    const std::int32_t at = queues_[next].top();
    queues_[next].pop();
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
    stats.open_entries = 0;
    for (const Queue& queue : queues_)
        stats.open_entries += static_cast<std::int64_t>(queue.size());
    stats.open_bytes =
        stats.open_entries * static_cast<std::int64_t>(Queue::entry_bytes()) + pending_.bytes();
}

}  // namespace ll
