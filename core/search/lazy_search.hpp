// Lazy greedy best-first search (Fast Downward's lazy_greedy): children are
// queued with their parent's values and evaluated only when popped, which
// saves the evaluation of every child that is never expanded; a popped node
// that is a dead end is dropped. Preferred children (from the parent's
// preferred operators) also enter the preferred-only lists.
//
// In a space with deferred generation (S³), the open lists hold (parent,
// action) pairs, as Fast Downward's do: expanding a node stores its actions
// flat in one segmented block, and a child state is created, goal-tested,
// interned and evaluated only when its pair is popped. Memory then grows
// with the nodes popped; a duplicate is detected when popped, not when its
// parent is expanded (docs/search.md, "Memory").
//
// With lookahead (S³), each expanded node's relaxed plan is followed as far
// as the task allows (core/search/lookahead.hpp); the nodes on the way are
// interned with their parents (not evaluated: a later pop still evaluates
// and expands them), the last one is evaluated and, when it improves on h,
// expanded next, else queued as a preferred entry (docs/search.md,
// "Lookahead").
#pragma once

#include <vector>

#include "core/search/lookahead.hpp"
#include "core/search/pending_transitions.hpp"
#include "core/search/search_engine.hpp"

namespace ll {

class LazySearch final : public SearchEngine {
  public:
    using SearchEngine::SearchEngine;

    // In S³ a run that stopped at a limit continues where it stopped.
    bool resumable() const override { return space_.deferred() != nullptr; }

  private:
    SearchStatus search() override;
    // Children created when their parent is expanded (PS²).
    SearchStatus search_eager_children();
    SearchStatus search_deferred(DeferredSuccessors& deferred);
    // The next node to expand: the first popped entry whose state is new and
    // not a dead end (a known state was queued, evaluated or expanded
    // before); -1 with `status` set when the search ends.
    NodeId next_node(DeferredSuccessors& deferred, bool with_preferred, SearchStatus& status);
    // Expands `node`: queues a (node, action) entry per action.
    void queue_transitions(DeferredSuccessors& deferred, NodeId node, bool with_preferred);
    // The node of the popped entry at `at` (is_new: created by this call).
    NodeId take(DeferredSuccessors& deferred, std::size_t at, bool& is_new);
    // The lookahead from `from` (just expanded; context_ holds its values):
    // the node to expand next, or -1 (goal_ set when it reached a goal).
    NodeId look_ahead(DeferredSuccessors& deferred, NodeId from, bool with_preferred);
    // Interns the lookahead's steps from `from`: the last node (-1 at a
    // goal, goal_ set), the node before it, and whether the last is new
    // to the search (never evaluated by a pop nor expanded).
    NodeId follow_steps(DeferredSuccessors& deferred, NodeId from, NodeId& before_last,
                        bool& fresh);
    // Whether `node` was interned by a lookahead and neither evaluated by a
    // pop nor expanded since: a pop treats it as new.
    bool is_ahead(NodeId node) const {
        return static_cast<std::size_t>(node) < ahead_.size() && ahead_[node] != 0 &&
               !is_closed(node);
    }
    void set_ahead(NodeId node, char value) {
        if (static_cast<std::size_t>(node) >= ahead_.size()) ahead_.resize(node + 1024, 0);
        ahead_[node] = value;
    }
    // Tells the observer about the transitions recorded in expansion_.
    void report_edges();
    void count_open_memory(Statistics& stats) const override;

    bool started_ = false;
    NodeId resume_at_ = -1;  // the node a resumed run expands first (-1: pops)
    EvalContext context_;
    // The queued transitions, [parent, schema, arguments...] each; an open
    // list entry is the offset of one.
    PendingTransitions pending_;
    std::vector<ObjectId> arguments_;  // scratch: a popped entry's arguments
    std::vector<char> preferred_;      // scratch: per queued action, preferred or not
    SegmentedVector<char> ahead_;      // per node: interned by a lookahead (is_ahead)
    // Lookahead states evaluated, and those below their start's h: after
    // kLookaheadTrial of them, lookahead stops unless half improved. (A
    // trial that also ended on the lookaheads' work cost floortile medium
    // p01 and p15 their plans: which states a lookahead queues steers the
    // search there.)
    static constexpr std::int64_t kLookaheadTrial = 100;
    std::int64_t lookahead_tried_ = 0, lookahead_improved_ = 0;
    std::vector<GroundAction> relaxed_plan_, steps_;  // scratch of look_ahead()
};

}  // namespace ll
