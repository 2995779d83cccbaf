// The engine of anytime search's restarts (core/search/anytime.hpp).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "core/common/tie_ordered_heap.hpp"
#include "core/search/pending_transitions.hpp"
#include "core/search/search_engine.hpp"

namespace ll {

// Lazy weighted A* under a cost bound (Fast Downward's lazy_wastar with
// reopening, LAMA's restarts): open lists hold (parent, action) pairs keyed
// by f = g(child) + weight * h(parent), two queues per heuristic of the
// setup (LAMA's hFF and landmark count), alternated as Fast Downward
// alternates them: every pair, and the preferred ones (from the setup's
// preferred evaluators), which get `boost` extra turns whenever a heuristic
// reaches a new best value. A child is created, goal-tested
// and evaluated only when popped; a known state popped at a lower path cost
// is re-parented and expanded again, so a run that empties its queues has
// proved that no plan is cheaper than the bound. No pair at path cost
// `cost_bound` or more is queued. Needs deferred generation with path costs
// (S³); the setup's open list is not used.
class LazyWeightedSearch final : public SearchEngine {
  public:
    // `task` prices the actions (the task of `space`).
    LazyWeightedSearch(SearchSpace& space, EngineSetup setup, const Task& task);

    // Expansions of states that had been expanded before (a cheaper path).
    std::int64_t reopened() const { return reopened_; }

  private:
    // f = g + weight * h; lowest first, then FIFO. Entries hold the offset
    // of [parent, schema, arguments...] in pending_. Segmented: a
    // std::vector's doubling at 10^8 entries (satellite) copied gigabytes
    // past the time limit.
    using Queue = TieOrderedHeap<1, std::int32_t>;

    SearchStatus search() override;
    // Queues a pair per action of `node` (path cost g_[node], its h in context_).
    void queue_transitions(DeferredSuccessors& deferred, NodeId node);
    // The offset of the next pair (-1: none left), alternating the queues.
    std::int64_t pop();
    // The node of the pair at `at` if it is to be expanded: new, or known
    // and reached more cheaply (re-parented), and not a dead end. -1: skip.
    NodeId take(DeferredSuccessors& deferred, std::size_t at);
    void grow(NodeId node);
    // Records the values of the node just evaluated; a new best value of any
    // heuristic boosts the preferred queues.
    void track_progress();
    std::size_t num_heuristics() const { return best_h_.size(); }
    void count_open_memory(Statistics& stats) const override;

    const Task& task_;
    EvalContext context_;
    PendingTransitions pending_;
    std::vector<ObjectId> arguments_;    // scratch: a popped pair's arguments
    std::vector<char> preferred_flags_;  // scratch: per action of an expansion
    std::vector<double> weighted_h_;     // scratch: weight * h per heuristic
    SegmentedVector<double> g_;          // per node; infinity: not reached yet
    SegmentedVector<char> dead_;         // per node: evaluated as a dead end
    // Per heuristic i, every pair (queues_[2i], f by heuristic i) and the
    // preferred ones (queues_[2i + 1]). Fast Downward's alternation: the
    // queue with the fewest turns taken goes next (ties: the first); a boost
    // takes turns off the preferred queues.
    std::vector<Queue> queues_;
    std::vector<std::int64_t> turns_;
    std::vector<double> best_h_;  // per heuristic, the best value so far
    std::int64_t reopened_ = 0;
};

}  // namespace ll
