// Lazy GBFS: expand the current node, queue its children (or its (node,
// action) pairs) under its values, pop until a node evaluates as alive,
// repeat.
#include "core/search/lazy_search.hpp"

#include <limits>

namespace ll {

SearchStatus LazySearch::search() {
    if (DeferredSuccessors* deferred = space_.deferred()) return search_deferred(*deferred);
    return search_eager_children();
}

SearchStatus LazySearch::search_eager_children() {
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

SearchStatus LazySearch::search_deferred(DeferredSuccessors& deferred) {
    const bool with_preferred = !setup_.preferred.empty();
    SearchStatus status;
    NodeId current = resume_at_;
    resume_at_ = -1;
    if (!started_) {
        if (!start(context_, with_preferred, status)) return status;
        started_ = true;
        current = context_.node();
    } else if (current >= 0 && !evaluate(current, context_, with_preferred)) {
        // Resumed: the node to expand is evaluated again, as the heuristics'
        // last evaluation (relaxed plan, helpful actions) must be its own.
        close(current);
        current = -1;
    }
    for (;;) {
        if (current < 0) {
            current = next_node(deferred, with_preferred, status);
            if (current < 0) return status;
        }
        // A limit reached here or inside the expansion (LimitReached from
        // the budget) leaves the node to be expanded when the search
        // continues: its children queued so far come again, and are skipped
        // as known when popped.
        resume_at_ = current;
        if (limit_reached(status)) return status;
        close(current);
        queue_transitions(deferred, current, with_preferred);
        resume_at_ = -1;
        if (expansion_.goal >= 0) {
            goal_ = expansion_.goal;
            return SearchStatus::Solved;
        }
        const NodeId from = current;
        current = -1;
        if (setup_.lookahead != nullptr) {
            current = look_ahead(deferred, from, with_preferred);
            if (goal_ >= 0) return SearchStatus::Solved;
        }
    }
}

NodeId LazySearch::next_node(DeferredSuccessors& deferred, bool with_preferred,
                             SearchStatus& status) {
    OpenList& open = *setup_.open;
    for (;;) {
        if (open.empty()) {
            status = SearchStatus::Unsolvable;
            return -1;
        }
        // Before the pop, so that a resumed search loses no entry.
        if (time_passed()) {
            status = SearchStatus::OutOfTime;
            return -1;
        }
        const auto at = static_cast<std::size_t>(open.pop());
        bool is_new = false;
        const NodeId node = take(deferred, at, is_new);
        if (!is_new) continue;
        if (space_.is_goal(node)) {
            goal_ = node;
            status = SearchStatus::Solved;
            return -1;
        }
        // Popped and new: if a limit interrupts its evaluation, the
        // continued search evaluates it first (else it would stay unexpanded).
        resume_at_ = node;
        const bool alive = evaluate(node, context_, with_preferred);
        resume_at_ = -1;
        if (!alive) {
            close(node);
            continue;
        }
        return node;
    }
}

void LazySearch::queue_transitions(DeferredSuccessors& deferred, NodeId node, bool with_preferred) {
    expansion_.clear();
    if (setup_.observer != nullptr) setup_.observer->expanded(node);
    const ActionList& actions = deferred.transitions(node, expansion_, prune_);
    ++stats_.expansions;
    stats_.generated += expansion_.generated;
    stats_.generated_transitions += expansion_.transitions;
    stats_.symmetric_pruned += expansion_.symmetric;
    report_edges();
    if (actions.empty() || expansion_.goal >= 0) return;
    if (with_preferred) collect_preferred(context_);
    OpenList& open = *setup_.open;
    preferred_.clear();
    if (!helpful_.empty())
        deferred.preferred_flags(node, actions, helpful_state_, helpful_, preferred_);
    for (std::size_t i = 0; i < actions.size(); ++i) {
        const std::span<const ObjectId> arguments = actions.arguments(i);
        const std::int32_t at = pending_.push(node, actions.schema(i), arguments);
        const bool preferred = !preferred_.empty() && preferred_[i] != 0;
        open.push(context_, at, preferred);
    }
}

NodeId LazySearch::take(DeferredSuccessors& deferred, std::size_t at, bool& is_new) {
    const NodeId parent = pending_.parent(at);
    const SchemaId schema = pending_.schema(at);
    pending_.arguments(at, deferred.arity(schema), arguments_);
    expansion_.clear();
    const NodeId node = deferred.child(parent, schema, arguments_, expansion_, is_new);
    stats_.generated += expansion_.generated;
    report_edges();
    if (!is_new && is_ahead(node)) {
        set_ahead(node, 0);
        is_new = true;
    }
    return node;
}

NodeId LazySearch::look_ahead(DeferredSuccessors& deferred, NodeId from, bool with_preferred) {
    Lookahead& lookahead = *setup_.lookahead;
    // Where most lookaheads end no better than they started (sokoban: the
    // relaxed plan pushes boxes anywhere), they cost more than they save.
    if (lookahead_tried_ >= kLookaheadTrial && 2 * lookahead_improved_ < lookahead_tried_)
        return -1;
    // The source evaluated `from` last: its relaxed plan is from's.
    if (!lookahead.source().relaxed_plan(relaxed_plan_) || relaxed_plan_.empty()) return -1;
    LookaheadCounts counts;
    lookahead.run(space_.state(from), relaxed_plan_, steps_, counts);
    stats_.lookahead_actions += counts.actions;
    stats_.lookahead_repairs += counts.repairs;
    if (steps_.empty()) return -1;
    const double h_from = main_value(context_);
    NodeId before_last = from;
    bool fresh = false;
    const NodeId last = follow_steps(deferred, from, before_last, fresh);
    if (last < 0 || !fresh) return -1;
    ++stats_.lookahead_states;
    // Still new to the search while it is evaluated: a limit reached there
    // leaves it to a later pop.
    if (!evaluate(last, context_, with_preferred)) {
        close(last);
        return -1;
    }
    set_ahead(last, 0);
    ++lookahead_tried_;
    if (main_value(context_) < h_from) {
        ++lookahead_improved_;
        return last;
    }
    // Not better: queued at its own values, ahead of its equals (preferred),
    // as the entry that reaches it from the step before; its pop treats it
    // as new (is_ahead) and evaluates it again.
    set_ahead(last, 1);
    const GroundAction& step = steps_.back();
    setup_.open->push(context_, pending_.push(before_last, step.schema, step.arguments), true);
    return -1;
}

NodeId LazySearch::follow_steps(DeferredSuccessors& deferred, NodeId from, NodeId& before_last,
                                bool& fresh) {
    NodeId node = from;
    for (const GroundAction& step : steps_) {
        before_last = node;
        expansion_.clear();
        bool is_new = false;
        node = deferred.child(node, step.schema, step.arguments, expansion_, is_new);
        stats_.generated += expansion_.generated;
        report_edges();
        if (is_new) set_ahead(node, 1);
        if (space_.is_goal(node)) {
            goal_ = node;
            return -1;
        }
        fresh = is_ahead(node);
    }
    return node;
}

void LazySearch::report_edges() {
    if (setup_.observer == nullptr) return;
    for (const Edge& edge : expansion_.edges) {
        if (edge.is_new)
            setup_.observer->generated(edge);
        else
            setup_.observer->duplicate(edge);
    }
}

void LazySearch::count_open_memory(Statistics& stats) const {
    SearchEngine::count_open_memory(stats);
    stats.open_bytes += pending_.bytes();
}

}  // namespace ll
