// WL embedding of a graph that changes by deltas (graph_delta.hpp): the
// graph, its adjacency and the colours of every node in every round are
// kept between calls, and a delta is applied in place, so a call costs the
// size of the delta's neighbourhood (and the histogram's write), not the
// graph's. Where a builder can describe the next graph as a change of the
// last one (ILG, AOAG), no graph is built and nothing is compared node by
// node.
//
// Exact, as WlIncremental: the histogram, the sum and the lookup counts are
// those of WlFeatures::embed() on the graph the deltas describe. Plain
// variant only (the caller falls back otherwise).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/common/budget.hpp"
#include "core/learning/feature_matrix.hpp"
#include "core/learning/graph.hpp"
#include "core/learning/graph_delta.hpp"
#include "core/learning/wl_features.hpp"
#include "core/learning/wl_incremental.hpp"

namespace ll {

class WlDynamicGraph {
  public:
    // Whether a graph is loaded (false after an interrupted apply()).
    bool valid() const { return valid_; }
    void invalidate() { valid_ = false; }
    int num_nodes() const { return alive_nodes_; }
    // Embeds `graph` (a builder's, with structure) from scratch and keeps it.
    void reset(WlFeatures& features, const Graph& graph, SparseVector& out);
    // Applies `delta` to the kept graph and writes the new histogram; false
    // (and invalid) if the delta removes a star the graph does not have.
    bool apply(WlFeatures& features, const GraphDelta& delta, SparseVector& out);
    void set_budget(Budget* budget) { budget_ = budget; }
    // Node-rounds looked up by apply() calls.
    std::int64_t recoloured() const { return recoloured_; }

  private:
    struct Adjacent {
        std::int32_t node;
        std::int32_t label;
    };
    std::uint64_t star_hash(RawColour identity, std::span<const int> targets) const;
    int find_star(RawColour identity, std::span<const int> targets) const;
    void remove_star(int u);
    // Drops the entries of removed stars from their targets' adjacency.
    void prune_removed();
    int add_star(RawColour identity, RawColour colour, std::span<const int> targets);
    int new_node();
    void mark(int v);
    void next_stamp();
    void refine_round(WlFeatures& features, int round);

    Budget* budget_ = nullptr;
    bool valid_ = false;
    int iterations_ = 0;
    int fixed_ = 0;
    int alive_nodes_ = 0;
    std::int64_t recoloured_ = 0;

    // Per node (fixed nodes first, then star slots, some free).
    std::vector<RawColour> raw_;
    std::vector<RawColour> identity_;
    std::vector<std::vector<Adjacent>> adjacency_;
    std::vector<char> alive_;
    std::vector<std::vector<std::int32_t>> colours_;  // per round, per node
    std::vector<int> free_;
    std::unordered_multimap<std::uint64_t, int> stars_;  // star hash -> node

    WlHistogram histogram_;

    // Per call: nodes whose neighbourhood changed, added nodes (stamp), the
    // nodes whose colour changed in the previous round, the candidates.
    std::vector<int> added_, structural_, dirty_, next_dirty_, candidates_;
    std::vector<std::uint32_t> stamp_, added_stamp_;
    std::uint32_t now_ = 0, call_ = 0;
    std::vector<std::uint64_t> neighbours_;
    std::vector<std::int32_t> key_;
    std::vector<int> targets_;
};

}  // namespace ll
