// Incremental WL embedding in inference mode: the histogram of a graph
// computed from the previous graph's colouring. A search evaluates the
// children of one node one after another, and siblings' graphs differ in a
// few atoms (or action nodes) out of thousands; only the nodes within
// distance r of a difference can change colour in round r, so only they are
// looked up again, and the histogram is updated by difference.
//
// Exact: the histogram (counts and id order), and so the heuristic's sum
// bit for bit, and the seen / unseen lookup counts added to the features'
// miss statistics are those of WlFeatures::embed() on the same graph (the
// counts are those of the whole graph, as if every node had been looked up).
//
// Needs graphs that declare their structure (Graph::has_structure(), as the
// builders make them) and the plain variant; otherwise, when the previous
// graph differs too much, or for small graphs, embed() runs the full
// embedding and keeps its colouring for the next call.
#pragma once

#include <cstdint>
#include <vector>

#include "core/learning/feature_matrix.hpp"
#include "core/learning/graph.hpp"
#include "core/learning/wl_features.hpp"

namespace ll {

// A histogram kept up to date by difference: counts dense by colour id,
// the ids present in id order, and the lookup tally (seen / unseen) of the
// graph it describes.
class WlHistogram {
  public:
    void add(std::int32_t colour);
    void remove(std::int32_t colour);
    // Writes the histogram (sorted by id) and settles the changes.
    void write(SparseVector& out);
    // Starts again from the histogram `out` of a full embedding of a
    // dictionary of `num_colours` colours, whose lookups were `tally`.
    void adopt(const SparseVector& out, int num_colours, WlMissStatistics tally);
    const WlMissStatistics& tally() const { return tally_; }

  private:
    void touch(std::int32_t colour);

    std::vector<std::int32_t> counts_;
    std::vector<std::int32_t> present_;
    std::vector<std::int32_t> changed_;  // ids whose count changed (flag per id)
    std::vector<char> changed_flag_;
    std::vector<std::int32_t> merged_;
    WlMissStatistics tally_;
};

struct WlIncrementalStatistics {
    std::int64_t full = 0;         // graphs embedded from scratch
    std::int64_t incremental = 0;  // graphs embedded from the previous one
    std::int64_t recoloured = 0;   // node-rounds looked up by incremental calls
};

// When the incremental embedding is tried: graphs of at least `min_nodes`
// nodes (below, the full embedding costs less than the bookkeeping) whose
// star nodes differ from the previous graph's in at most n / change_divisor.
struct WlIncrementalOptions {
    int min_nodes = 64;
    int change_divisor = 8;
    // Graph deltas (wl_dynamic.hpp) cost their own size, not the graph's:
    // one is applied when it changes at most n / delta_divisor nodes (an
    // AOAG of one schema's hundreds of actions after a sibling's few).
    int delta_divisor = 2;
};

class WlIncremental {
  public:
    explicit WlIncremental(WlIncrementalOptions options = {}) : options_(options) {}
    // Embeds `graph` with `features` (inference) into `out`. Takes the
    // graph's contents (it is the next call's reference) and leaves `graph`
    // holding storage to build the next one in.
    void embed(WlFeatures& features, Graph& graph, SparseVector& out);
    // Limits polled per node recoloured (null: none).
    void set_budget(Budget* budget) { budget_ = budget; }
    const WlIncrementalStatistics& statistics() const { return stats_; }

  private:
    bool diff(const Graph& graph);
    void refine(WlFeatures& features, const Graph& graph);
    void refine_round(WlFeatures& features, int round, int n);
    void refine_base(WlFeatures& features, const Graph& graph);
    void mark_candidate(int v);
    void adopt_full(WlFeatures& features, Graph& graph, SparseVector& out);

    WlIncrementalOptions options_;
    Budget* budget_ = nullptr;
    WlIncrementalStatistics stats_;
    int iterations_ = 0;

    // The reference: the previous graph, its colours (node v in round r at
    // r * n + v), histogram and lookup tally.
    bool valid_ = false;
    Graph ref_;
    std::vector<std::int32_t> ref_colours_;
    WlHistogram histogram_;

    // The new graph: node -> reference node (-1: added), the reference's
    // removed nodes, the nodes to recolour in every round (added ones and the
    // objects whose edges changed), its adjacency and colours.
    std::vector<std::int32_t> map_;
    std::vector<std::int32_t> removed_;
    std::vector<std::int32_t> structural_;
    std::vector<std::int32_t> offsets_;
    std::vector<std::int32_t> adjacency_;  // (node, label) pairs
    std::vector<std::int32_t> fill_;
    std::vector<std::int32_t> colours_;
    // Per round: the nodes whose colour differs from the reference's, the
    // nodes to look up, a stamp per node to list each once.
    std::vector<std::int32_t> dirty_, next_dirty_, candidates_;
    std::vector<std::uint32_t> stamp_;
    std::uint32_t now_ = 0;
    // Lookup scratch.
    std::vector<std::uint64_t> neighbours_;
    std::vector<std::int32_t> key_;
};

}  // namespace ll
