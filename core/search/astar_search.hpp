// A* (f = g + h, ties towards larger g, then first in first out), with
// children goal-tested when expanded and closed nodes reopened when a
// cheaper path reaches them: with an admissible heuristic the first plan is
// a cheapest one (consistency is not needed). Without evaluators it is
// uniform-cost search (h = 0). Needs a space with path costs (S³). Anytime
// search runs it weighted (f = g + w * h) under a cost bound (EngineSetup).
#pragma once

#include <cstdint>
#include <limits>
#include <queue>
#include <vector>

#include "core/common/segmented_vector.hpp"
#include "core/search/search_engine.hpp"

namespace ll {

class AStarSearch final : public SearchEngine {
  public:
    AStarSearch(SearchSpace& space, EngineSetup setup);

    // Expansions of nodes that had been expanded before (a cheaper path).
    std::int64_t reopened() const { return reopened_; }

  private:
    SearchStatus search() override;
    void push(NodeId node, double g, double h);
    // The transition edges[i] of the last expansion from a node at path
    // cost `g`: a new child is evaluated and queued, a known one re-queued
    // when the path is cheaper. False: the time ran out before a new
    // child's evaluation.
    bool relax(std::size_t i, double g);
    void grow(NodeId node);
    // Whether a node at (g, h) may lead to a plan cheaper than the bound.
    bool within_bound(double g, double h) const {
        return !setup_.admissible_bound || g + h < setup_.cost_bound;
    }
    // h_ of a node that has not been evaluated yet.
    static constexpr double kUnevaluated = -std::numeric_limits<double>::infinity();

    struct Entry {
        double f = 0, g = 0;
        std::uint64_t sequence = 0;
        NodeId node = -1;
    };
    // std::priority_queue pops the largest: "a < b" means b comes first.
    struct Later {
        bool operator()(const Entry& a, const Entry& b) const {
            if (a.f != b.f) return a.f > b.f;
            if (a.g != b.g) return a.g < b.g;  // deeper first among equal f
            return a.sequence > b.sequence;
        }
    };
    std::priority_queue<Entry, std::vector<Entry>, Later> open_;
    SegmentedVector<double> g_, h_;  // per node; h_ kDeadEnd: dead end
    std::uint64_t next_sequence_ = 0;
    std::int64_t reopened_ = 0;
    EvalContext context_;
};

}  // namespace ll
