// 1-WL colour refinement over node colours and edge labels (brief §6.4,
// wl-brief §0): the feature vector of a graph is the histogram of colour ids
// over rounds 0..iterations, summed into one vector.
//
// The colour dictionary maps exact keys to dense ids (no numeric hashing, no
// collisions). In training mode unseen keys get the next id, so ids follow
// first encounter and are deterministic for a deterministic graph order. In
// inference mode an unseen key gives "unseen" (-1), which propagates into
// every key built from it, and unseen colours are dropped from the vector
// (and counted).
//
// Two variants (wl-brief §1.4, wlplan's "wl" and "iwl"):
//
//  * Plain: the histogram of the colours of every node in rounds
//    0..iterations.
//  * Individualised (iWL): the plain histogram, plus, for every node u, the
//    histogram of the colours that individualising u creates. Individualising
//    u is a WL run in which u's base key is the marked key
//    {kIndividualisedMarker, raw hi, raw lo} (the raw colour is kept, so the
//    initial colour is not lost: wl-brief §6 reports wlplan's IWL dropping
//    it); every other node starts from its plain base key. Only colours
//    derived, transitively, from the marked one are counted for that run:
//    in round r those of the nodes within distance r of u. Every other node
//    has its plain colour there, already counted once. So the vector is
//      x = plain + sum_u sum_{r=0..L} sum_{v: dist(u, v) <= r} e(colour_u,r(v)).
//    A run is computed over the L-ball of u only (BFS layers), reading the
//    plain run's colours outside it: O(sum_u |ball_L(u)| * degree) per graph,
//    not n full WL runs. Marked-derived colours are ordinary dictionary
//    entries (their keys name a marked-derived colour), so a model of either
//    variant is a dictionary plus weights.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/common/budget.hpp"
#include "core/common/vocabulary.hpp"
#include "core/learning/feature_matrix.hpp"
#include "core/learning/graph.hpp"

namespace ll {

enum class Neighbourhood { Set, Multiset };
enum class WlVariant { Plain, Individualised };
// The aggregation's name in model JSON and lltrain --neighbourhood.
inline const NameTable<Neighbourhood>& neighbourhood_names() {
    static constexpr Named<Neighbourhood> kNames[]{{Neighbourhood::Set, "set"},
                                                   {Neighbourhood::Multiset, "multiset"}};
    static constexpr NameTable<Neighbourhood> kTable{"WL neighbourhood", kNames};
    return kTable;
}
// The variant's name in model JSON and in the explanation: "wl" or "iwl".
inline const NameTable<WlVariant>& wl_variant_names() {
    static constexpr Named<WlVariant> kNames[]{{WlVariant::Plain, "wl"},
                                               {WlVariant::Individualised, "iwl"}};
    static constexpr NameTable<WlVariant> kTable{"WL variant", kNames};
    return kTable;
}
inline const char* to_string(WlVariant variant) {
    return wl_variant_names().name(variant);
}
// The variant named `name` ("wl" or "iwl"), nullopt for any other text.
inline std::optional<WlVariant> parse_wl_variant(std::string_view name) {
    return wl_variant_names().find(name);
}

struct WlOptions {
    int iterations = 2;
    Neighbourhood neighbourhood = Neighbourhood::Set;
    WlVariant variant = WlVariant::Plain;
};

// Counts of colours looked up in inference mode, accumulated over calls: one
// per node and round (rounds 0..iterations), seen or unseen; with the
// individualised variant also one per (u, v, r) with v within distance r of u.
struct WlMissStatistics {
    std::int64_t seen = 0;
    std::int64_t unseen = 0;
    double miss_rate() const {
        const auto total = seen + unseen;
        return total == 0 ? 0.0 : double(unseen) / double(total);
    }
};

class WlFeatures {
  public:
    explicit WlFeatures(WlOptions options = {});

    const WlOptions& options() const { return options_; }
    // Number of colours in the dictionary (the feature dimension).
    int num_colours() const;

    // Training mode: refines `graph`, adding unseen keys to the dictionary,
    // and writes the histogram (sorted by id) to `out`.
    void collect(const Graph& graph, SparseVector& out);
    // Inference mode: the dictionary is not changed; unseen colours are
    // dropped from `out` and counted in miss_statistics().
    void embed(const Graph& graph, SparseVector& out);

    // Limits polled per node and round (null: none): collect() and embed()
    // may then throw ll::LimitReached (the dictionary stays consistent; a
    // collect() interrupted midway may have added some keys).
    void set_budget(Budget* budget) { budget_ = budget; }

    const WlMissStatistics& miss_statistics() const { return misses_; }
    void reset_miss_statistics() { misses_ = {}; }

    // For the incremental evaluation (wl_incremental.hpp), plain variant:
    // lookups in inference mode that count nothing, -1 if unseen. The id of
    // the base colour `raw`; the round-`round` colour of a node whose colour
    // is `own` (not -1) and whose neighbours are `neighbours`, packed
    // (colour, label) pairs none of which is -1 (sorted here, and
    // deduplicated in set mode); `key` is scratch.
    std::int32_t find_base(RawColour raw) const;
    std::int32_t find_refined(int round, std::int32_t own, std::vector<std::uint64_t>& neighbours,
                              std::vector<std::int32_t>& key) const;
    // (colour, label) packed so that unsigned order is lexicographic signed
    // order (inline: called per neighbour of every node recoloured).
    static std::uint64_t neighbour_pair(std::int32_t colour, std::int32_t label) {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(colour) ^ 0x80000000u)
                << 32) |
               (static_cast<std::uint32_t>(label) ^ 0x80000000u);
    }
    // The colour ids of the last collect() or embed() of a graph of
    // `num_nodes` nodes: node v in round r at r * num_nodes + v.
    std::span<const std::int32_t> node_colours(int num_nodes) const {
        return {colours_.data(), static_cast<std::size_t>(options_.iterations + 1) * num_nodes};
    }
    // Adds lookups counted elsewhere to miss_statistics().
    void count_misses(const WlMissStatistics& tally) {
        misses_.seen += tally.seen;
        misses_.unseen += tally.unseen;
    }

    // Serialisation of the dictionary: entry i is the key of colour id i.
    // A base key is {kBaseKeyMarker, raw colour (as two 32-bit halves: high,
    // low)}; a marked base key (individualised variant only) is
    // {kIndividualisedMarker, high, low}; both are round 0. A refined key is
    // {round, own colour, neighbour colour, edge label, ...} with neighbour
    // pairs sorted (and deduplicated in set mode).
    static constexpr std::int32_t kBaseKeyMarker = -1;
    static constexpr std::int32_t kIndividualisedMarker = -2;
    // Whether a key starting with `first` is a base key (marked or not).
    static constexpr bool is_base_marker(std::int32_t first) {
        return first == kBaseKeyMarker || first == kIndividualisedMarker;
    }
    const std::vector<std::vector<std::int32_t>>& keys() const;
    // Rebuilds the dictionary from keys(); throws ll::Error(Model) on a
    // malformed or duplicate key (a marked base key in a plain dictionary is
    // malformed).
    static WlFeatures from_keys(WlOptions options, std::vector<std::vector<std::int32_t>> keys);

    // The round (0 = base) in which colour `id` was created.
    int round_of(int id) const { return rounds_[id]; }
    // A dictionary for `iterations` rounds (at most options().iterations)
    // holding only the colours that `keep` marks (ids past its end are not
    // kept, nor are colours of later rounds) and every colour they are
    // refined from, renumbered in id order. embed() with it finds exactly
    // the kept colours that embed() with this one finds: a model whose
    // non-zero weights are kept computes the same h, with a smaller file.
    // `old_to_new[id]` is the new id of colour `id`, or -1 if dropped.
    WlFeatures pruned(int iterations, const std::vector<char>& keep,
                      std::vector<int>& old_to_new) const;

  private:
    // One slot of the open-addressing key -> id table. The slot points into
    // arena_, where each entry is {id, size, key...}: one contiguous read
    // confirms a match. Ids come from keys_.size() at insertion, never from
    // the table's layout.
    static constexpr std::uint32_t kEmptySlot = 0xffffffffu;
    struct Slot {
        std::uint32_t tag = 0;             // high 32 bits of the key's hash
        std::uint32_t entry = kEmptySlot;  // offset of the entry in arena_
    };
    struct AdjacentNode {
        std::int32_t node;
        std::int32_t label;
    };

    template <bool kTraining>
    void refine(const Graph& graph, SparseVector& out);
    // The dictionary key of a refined colour: round, own colour and the
    // sorted (deduplicated under Set) neighbour pairs.
    void refined_key(int round, std::int32_t own, std::vector<std::uint64_t>& neighbours,
                     std::vector<std::int32_t>& key) const;
    // The steps of refine(). Each colour looked up is counted in counts_
    // (and tallied, seen or unseen, in inference).
    template <bool kTraining>
    std::int32_t lookup_key(WlMissStatistics& tally);  // of key_; adds it in training
    template <bool kTraining>
    std::int32_t base_colour(const Graph& graph, std::int32_t marker, int v,
                             WlMissStatistics& tally);
    // The round-`round` colour of node v whose previous colour is `own` and
    // whose neighbours' previous colours are colour_of(neighbour).
    template <bool kTraining, typename ColourOf>
    std::int32_t refined_colour(int round, std::int32_t own, int v, ColourOf&& colour_of,
                                WlMissStatistics& tally);
    template <bool kTraining>
    void refine_all_nodes(const Graph& graph, WlMissStatistics& tally);
    // The individualised variant's extra colours.
    template <bool kTraining>
    void refine_marked_balls(const Graph& graph, WlMissStatistics& tally);
    // The nodes within distance options_.iterations of `u` into ball_, in
    // BFS order, with layer_end_[d] = the number of them within distance d
    // and ball_index_[v] = v's position (-1 outside: the caller resets it).
    void collect_ball(int u);
    // The id of `key`, or -1 if it is not in the dictionary.
    std::int32_t find(const std::int32_t* key, std::size_t size, std::uint64_t hash) const;
    // find() of the refined key {round, own, pairs...} (pairs packed by
    // neighbour_pair, sorted) whose hash_key is `hash`, without the key.
    std::int32_t find_pairs(std::int32_t round, std::int32_t own,
                            std::span<const std::uint64_t> pairs, std::uint64_t hash) const;
    // Adds a key known to be absent; returns its new id.
    std::int32_t insert(const std::int32_t* key, std::size_t size, std::uint64_t hash);
    void grow_table();
    static void place(std::vector<Slot>& table, std::uint64_t hash, std::uint32_t entry);
    void build_adjacency(const Graph& graph);

    WlOptions options_;
    Budget* budget_ = nullptr;
    WlMissStatistics misses_;
    std::vector<std::vector<std::int32_t>> keys_;  // id -> key
    std::vector<std::int32_t> rounds_;             // id -> round of the colour (0 = base)
    std::vector<std::int32_t> arena_;              // {id, size, key...} per colour, in id order
    std::vector<Slot> table_;                      // power-of-two size, at most half full

    // Scratch reused across calls (no allocation in the steady state).
    std::vector<std::int32_t> offsets_;      // CSR: node -> first adjacency entry
    std::vector<AdjacentNode> adjacency_;    // CSR entries
    std::vector<std::int32_t> fill_;         // CSR construction cursor
    std::vector<std::int32_t> colours_;      // colour id of node v in round r at r * n + v
    std::vector<std::uint64_t> neighbours_;  // packed (colour, label) of one node
    std::vector<std::int32_t> key_;          // the key being looked up
    std::vector<std::int32_t> counts_;       // id -> count in the current call (0 between calls)
    std::vector<std::int32_t> touched_;      // ids with a non-zero count
    // Individualised variant: the ball of the node being marked.
    std::vector<std::int32_t> ball_;         // nodes by distance from u
    std::vector<std::int32_t> ball_index_;   // node -> position in ball_, or -1
    std::vector<std::int32_t> layer_end_;    // distance d -> end of its layer in ball_
    std::vector<std::int32_t> marked_;       // ball position -> colour, previous round
    std::vector<std::int32_t> marked_next_;  // ball position -> colour, round being built
};

}  // namespace ll
