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
#pragma once

#include <vector>

#include "core/search/pending_transitions.hpp"
#include "core/search/search_engine.hpp"

namespace ll {

class LazySearch final : public SearchEngine {
  public:
    using SearchEngine::SearchEngine;

  private:
    SearchStatus search() override;
    // Children created when their parent is expanded (PS²).
    SearchStatus search_eager_children();
    SearchStatus search_deferred(DeferredSuccessors& deferred);
    // Expands `node`: queues a (node, action) entry per action.
    void queue_transitions(DeferredSuccessors& deferred, NodeId node, bool with_preferred);
    // The node of the popped entry at `at` (is_new: created by this call).
    NodeId take(DeferredSuccessors& deferred, std::size_t at, bool& is_new);
    // Tells the observer about the transitions recorded in expansion_.
    void report_edges();
    void count_open_memory(Statistics& stats) const override;

    EvalContext context_;
    // The queued transitions, [parent, schema, arguments...] each; an open
    // list entry is the offset of one.
    PendingTransitions pending_;
    std::vector<ObjectId> arguments_;  // scratch: a popped entry's arguments
    std::vector<char> preferred_;      // scratch: per queued action, preferred or not
};

}  // namespace ll
