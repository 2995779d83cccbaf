// 1-WL colour refinement with an exact colour dictionary, plain or
// individualised (see the header).
//
// The dictionary is an open-addressing table of ids whose keys live in
// keys_[id]; the hash only picks a slot, ids come from keys_.size() at
// insertion, so they depend on the order of encounter alone (never on hash
// values or table layout) and are identical on every platform.
#include "core/learning/wl_features.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "core/common/error.hpp"

namespace ll {
namespace {

// A fixed 64-bit hash of an int32 sequence (no std::hash: the same on
// native and wasm32). Two words per multiply, then a full avalanche so the
// low bits used for the slot index depend on every input bit.
std::uint64_t hash_key(const std::int32_t* key, std::size_t size) {
    std::uint64_t h = 0x9e3779b97f4a7c15ull ^ (static_cast<std::uint64_t>(size) << 1);
    std::size_t i = 0;
    for (; i + 1 < size; i += 2) {
        const std::uint64_t v = static_cast<std::uint64_t>(static_cast<std::uint32_t>(key[i])) |
                                static_cast<std::uint64_t>(static_cast<std::uint32_t>(key[i + 1]))
                                    << 32;
        h = (h ^ v) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    if (i < size) {
        h = (h ^ static_cast<std::uint32_t>(key[i])) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

// (colour, label) packed so that unsigned order is lexicographic signed order.
std::uint64_t pack_neighbour(std::int32_t colour, std::int32_t label) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(colour) ^ 0x80000000u) << 32) |
           (static_cast<std::uint32_t>(label) ^ 0x80000000u);
}
std::int32_t neighbour_colour(std::uint64_t packed) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(packed >> 32) ^ 0x80000000u);
}
std::int32_t neighbour_label(std::uint64_t packed) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(packed) ^ 0x80000000u);
}

[[noreturn]] void bad_key(std::size_t id, const std::string& why) {
    throw Error(ErrorCategory::Model, "colour " + std::to_string(id) + ": " + why);
}

constexpr std::size_t kInitialTableSize = 64;

}  // namespace

WlFeatures::WlFeatures(WlOptions options) : options_(options) {
    if (options_.iterations < 0)
        throw Error(ErrorCategory::Usage,
                    "WL iterations must be at least 0, got " + std::to_string(options_.iterations));
    table_.resize(kInitialTableSize);
}

int WlFeatures::num_colours() const {
    return static_cast<int>(keys_.size());
}

const std::vector<std::vector<std::int32_t>>& WlFeatures::keys() const {
    return keys_;
}

void WlFeatures::collect(const Graph& graph, SparseVector& out) {
    refine<true>(graph, out);
}

void WlFeatures::embed(const Graph& graph, SparseVector& out) {
    refine<false>(graph, out);
}

std::int32_t WlFeatures::find(const std::int32_t* key, std::size_t size, std::uint64_t hash) const {
    if (table_.empty()) return -1;  // a moved-from dictionary
    const std::size_t mask = table_.size() - 1;
    const auto tag = static_cast<std::uint32_t>(hash >> 32);
    const auto n = static_cast<std::int32_t>(size);
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const Slot& slot = table_[i];
        if (slot.entry == kEmptySlot) return -1;
        if (slot.tag != tag) continue;
        const std::int32_t* entry = arena_.data() + slot.entry;
        if (entry[1] != n) continue;
        // A plain loop: keys are a few ints, too short for a memcmp call.
        std::int32_t j = 0;
        while (j < n && entry[2 + j] == key[j])
            ++j;
        if (j == n) return entry[0];
    }
}

std::int32_t WlFeatures::insert(const std::int32_t* key, std::size_t size, std::uint64_t hash) {
    if (2 * (keys_.size() + 1) > table_.size()) grow_table();
    const auto id = static_cast<std::int32_t>(keys_.size());
    keys_.emplace_back(key, key + size);
    rounds_.push_back(is_base_marker(key[0]) ? 0 : key[0]);
    counts_.push_back(0);
    const auto entry = static_cast<std::uint32_t>(arena_.size());
    arena_.push_back(id);
    arena_.push_back(static_cast<std::int32_t>(size));
    arena_.insert(arena_.end(), key, key + size);
    place(table_, hash, entry);
    return id;
}

void WlFeatures::place(std::vector<Slot>& table, std::uint64_t hash, std::uint32_t entry) {
    const std::size_t mask = table.size() - 1;
    std::size_t i = hash & mask;
    while (table[i].entry != kEmptySlot)
        i = (i + 1) & mask;
    table[i] = {static_cast<std::uint32_t>(hash >> 32), entry};
}

void WlFeatures::grow_table() {
    std::vector<Slot> bigger(std::max(kInitialTableSize, table_.size() * 2));
    for (std::size_t entry = 0; entry < arena_.size(); entry += 2 + arena_[entry + 1]) {
        const std::int32_t* key = arena_.data() + entry + 2;
        place(bigger, hash_key(key, arena_[entry + 1]), static_cast<std::uint32_t>(entry));
    }
    table_ = std::move(bigger);
}

void WlFeatures::build_adjacency(const Graph& graph) {
    const int n = graph.num_nodes();
    offsets_.assign(static_cast<std::size_t>(n) + 1, 0);
    // Polled per edge too: a graph of millions of edges takes seconds here.
    for (const GraphEdge& e : graph.edges) {
        if (budget_ != nullptr) budget_->poll();
        if (e.u < 0 || e.u >= n || e.v < 0 || e.v >= n)
            throw Error(ErrorCategory::Internal, "WL: graph edge (" + std::to_string(e.u) + ", " +
                                                     std::to_string(e.v) + ") out of range for " +
                                                     std::to_string(n) + " nodes");
        ++offsets_[e.u + 1];
        if (e.v != e.u) ++offsets_[e.v + 1];  // a self-loop is one neighbour
    }
    for (int v = 0; v < n; ++v)
        offsets_[v + 1] += offsets_[v];
    fill_.assign(offsets_.begin(), offsets_.end() - 1);
    adjacency_.resize(offsets_[n]);
    for (const GraphEdge& e : graph.edges) {
        if (budget_ != nullptr) budget_->poll();
        adjacency_[fill_[e.u]++] = {e.v, e.label};
        if (e.v != e.u) adjacency_[fill_[e.v]++] = {e.u, e.label};
    }
}

void WlFeatures::collect_ball(int u) {
    ball_.clear();
    ball_.push_back(u);
    ball_index_[u] = 0;
    layer_end_[0] = 1;
    for (int d = 1; d <= options_.iterations; ++d) {
        const int from = d >= 2 ? layer_end_[d - 2] : 0;
        const int to = layer_end_[d - 1];
        for (int i = from; i < to; ++i) {
            const int x = ball_[i];
            for (int j = offsets_[x]; j < offsets_[x + 1]; ++j) {
                const int w = adjacency_[j].node;
                if (ball_index_[w] >= 0) continue;
                ball_index_[w] = static_cast<std::int32_t>(ball_.size());
                ball_.push_back(w);
            }
        }
        layer_end_[d] = static_cast<std::int32_t>(ball_.size());
    }
}

std::int32_t WlFeatures::find_base(RawColour raw_colour) const {
    const auto raw = static_cast<std::uint64_t>(raw_colour);
    const std::int32_t key[3]{kBaseKeyMarker, static_cast<std::int32_t>(raw >> 32),
                              static_cast<std::int32_t>(raw & 0xffffffffu)};
    return find(key, 3, hash_key(key, 3));
}

std::int32_t WlFeatures::find_refined(int round, std::int32_t own,
                                      std::vector<std::uint64_t>& neighbours,
                                      std::vector<std::int32_t>& key) const {
    if (neighbours.size() > 16) {
        refined_key(round, own, neighbours, key);
        return find(key.data(), key.size(), hash_key(key.data(), key.size()));
    }
    // Small neighbourhoods (nearly all lookups of an incremental update):
    // the key {round, own, (colour, label)...} is hashed and compared
    // straight from the sorted pairs, never written out. Same hash as
    // hash_key, whose steps take the key's words two by two.
    const std::size_t n = neighbours.size();
    std::uint64_t* pairs = neighbours.data();
    for (std::size_t i = 1; i < n; ++i) {
        const std::uint64_t x = pairs[i];
        std::size_t j = i;
        for (; j > 0 && pairs[j - 1] > x; --j)
            pairs[j] = pairs[j - 1];
        pairs[j] = x;
    }
    std::size_t m = n;
    if (options_.neighbourhood == Neighbourhood::Set && n > 1)
        m = static_cast<std::size_t>(std::unique(pairs, pairs + n) - pairs);
    auto word_pair = [](std::int32_t a, std::int32_t b) {
        return static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) |
               static_cast<std::uint64_t>(static_cast<std::uint32_t>(b)) << 32;
    };
    const std::size_t size = 2 + 2 * m;
    std::uint64_t h = 0x9e3779b97f4a7c15ull ^ (static_cast<std::uint64_t>(size) << 1);
    h = (h ^ word_pair(round, own)) * 0xff51afd7ed558ccdull;
    h ^= h >> 32;
    for (std::size_t i = 0; i < m; ++i) {
        h = (h ^ word_pair(neighbour_colour(pairs[i]), neighbour_label(pairs[i]))) *
            0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return find_pairs(round, own, std::span<const std::uint64_t>(pairs, m), h);
}

std::int32_t WlFeatures::find_pairs(std::int32_t round, std::int32_t own,
                                    std::span<const std::uint64_t> pairs,
                                    std::uint64_t hash) const {
    if (table_.empty()) return -1;
    const std::size_t mask = table_.size() - 1;
    const auto tag = static_cast<std::uint32_t>(hash >> 32);
    const auto size = static_cast<std::int32_t>(2 + 2 * pairs.size());
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const Slot& slot = table_[i];
        if (slot.entry == kEmptySlot) return -1;
        if (slot.tag != tag) continue;
        const std::int32_t* entry = arena_.data() + slot.entry;
        if (entry[1] != size || entry[2] != round || entry[3] != own) continue;
        std::size_t j = 0;
        while (j < pairs.size() && entry[4 + 2 * j] == neighbour_colour(pairs[j]) &&
               entry[5 + 2 * j] == neighbour_label(pairs[j]))
            ++j;
        if (j == pairs.size()) return entry[0];
    }
}

void WlFeatures::refined_key(int round, std::int32_t own, std::vector<std::uint64_t>& neighbours,
                             std::vector<std::int32_t>& key) const {
    // Most nodes have a handful of neighbours: an insertion sort beats
    // std::sort's set-up there (both give the same order).
    const std::size_t n = neighbours.size();
    if (n <= 16) {
        for (std::size_t i = 1; i < n; ++i) {
            const std::uint64_t x = neighbours[i];
            std::size_t j = i;
            for (; j > 0 && neighbours[j - 1] > x; --j)
                neighbours[j] = neighbours[j - 1];
            neighbours[j] = x;
        }
    } else {
        std::sort(neighbours.begin(), neighbours.end());
    }
    if (options_.neighbourhood == Neighbourhood::Set)
        neighbours.erase(std::unique(neighbours.begin(), neighbours.end()), neighbours.end());
    key.resize(2 + 2 * neighbours.size());
    std::int32_t* out = key.data();
    out[0] = round;
    out[1] = own;
    out += 2;
    for (std::uint64_t p : neighbours) {
        *out++ = neighbour_colour(p);
        *out++ = neighbour_label(p);
    }
}

template <bool kTraining>
std::int32_t WlFeatures::lookup_key(WlMissStatistics& tally) {
    const std::uint64_t hash = hash_key(key_.data(), key_.size());
    std::int32_t id = find(key_.data(), key_.size(), hash);
    if constexpr (kTraining) {
        if (id < 0) id = insert(key_.data(), key_.size(), hash);
    } else {
        if (id < 0) {
            ++tally.unseen;
            return -1;
        }
        ++tally.seen;
    }
    if (counts_[id]++ == 0) touched_.push_back(id);
    return id;
}

template <bool kTraining>
std::int32_t WlFeatures::base_colour(const Graph& graph, std::int32_t marker, int v,
                                     WlMissStatistics& tally) {
    const auto raw = static_cast<std::uint64_t>(graph.colours[v]);
    key_.assign({marker, static_cast<std::int32_t>(raw >> 32),
                 static_cast<std::int32_t>(raw & 0xffffffffu)});
    return lookup_key<kTraining>(tally);
}

template <bool kTraining, typename ColourOf>
std::int32_t WlFeatures::refined_colour(int round, std::int32_t own, int v, ColourOf&& colour_of,
                                        WlMissStatistics& tally) {
    bool known = own >= 0;
    neighbours_.clear();
    for (int j = offsets_[v]; known && j < offsets_[v + 1]; ++j) {
        const std::int32_t c = colour_of(adjacency_[j].node);
        known = c >= 0;
        neighbours_.push_back(pack_neighbour(c, adjacency_[j].label));
    }
    if (!known) {
        // Only in inference: a key holding -1 is never in the dictionary,
        // so unseen spreads one hop per round.
        ++tally.unseen;
        return -1;
    }
    refined_key(round, own, neighbours_, key_);
    return lookup_key<kTraining>(tally);
}

template <bool kTraining>
void WlFeatures::refine_all_nodes(const Graph& graph, WlMissStatistics& tally) {
    const int n = graph.num_nodes();
    // Round 0: the raw colours.
    for (int v = 0; v < n; ++v) {
        if (budget_ != nullptr) budget_->poll();
        colours_[v] = base_colour<kTraining>(graph, kBaseKeyMarker, v, tally);
    }
    for (int round = 1; round <= options_.iterations; ++round) {
        const std::int32_t* previous = colours_.data() + static_cast<std::size_t>(round - 1) * n;
        std::int32_t* current = colours_.data() + static_cast<std::size_t>(round) * n;
        auto colour_of = [previous](int w) { return previous[w]; };
        for (int v = 0; v < n; ++v) {
            if (budget_ != nullptr) budget_->poll();
            current[v] = refined_colour<kTraining>(round, previous[v], v, colour_of, tally);
        }
    }
}

template <bool kTraining>
void WlFeatures::refine_marked_balls(const Graph& graph, WlMissStatistics& tally) {
    // One run per marked node u, over u's ball: in round r the nodes within
    // distance r of u (a prefix of ball_) get marked-derived colours; their
    // neighbours further out still have plain colours.
    const int n = graph.num_nodes();
    const int iterations = options_.iterations;
    ball_index_.assign(n, -1);
    layer_end_.resize(static_cast<std::size_t>(iterations) + 1);
    marked_.resize(n);
    marked_next_.resize(n);
    for (int u = 0; u < n; ++u) {
        if (budget_ != nullptr) budget_->poll();
        collect_ball(u);
        marked_[0] = base_colour<kTraining>(graph, kIndividualisedMarker, u, tally);
        for (int round = 1; round <= iterations; ++round) {
            const std::int32_t* previous =
                colours_.data() + static_cast<std::size_t>(round - 1) * n;
            const std::int32_t inner = layer_end_[round - 1];  // marked in round - 1
            auto colour_of = [&](int w) {
                const std::int32_t i = ball_index_[w];
                return i >= 0 && i < inner ? marked_[i] : previous[w];
            };
            for (std::int32_t i = 0; i < layer_end_[round]; ++i) {
                if (budget_ != nullptr) budget_->poll();
                const int v = ball_[i];
                marked_next_[i] =
                    refined_colour<kTraining>(round, colour_of(v), v, colour_of, tally);
            }
            marked_.swap(marked_next_);
        }
        for (std::int32_t v : ball_)
            ball_index_[v] = -1;
    }
}

template <bool kTraining>
void WlFeatures::refine(const Graph& graph, SparseVector& out) {
    out.clear();
    build_adjacency(graph);
    colours_.resize(static_cast<std::size_t>(options_.iterations + 1) * graph.num_nodes());
    // Counts left by a call interrupted by the budget (a normal call leaves
    // touched_ empty).
    for (std::int32_t id : touched_)
        counts_[id] = 0;
    touched_.clear();
    WlMissStatistics tally;
    refine_all_nodes<kTraining>(graph, tally);
    if (options_.variant == WlVariant::Individualised) refine_marked_balls<kTraining>(graph, tally);

    std::sort(touched_.begin(), touched_.end());
    out.reserve(touched_.size());
    for (std::int32_t id : touched_) {
        out.push_back({id, static_cast<double>(counts_[id])});
        counts_[id] = 0;
    }
    touched_.clear();
    if constexpr (!kTraining) {
        misses_.seen += tally.seen;
        misses_.unseen += tally.unseen;
    }
}

WlFeatures WlFeatures::from_keys(WlOptions options, std::vector<std::vector<std::int32_t>> keys) {
    WlFeatures features(options);
    for (std::size_t id = 0; id < keys.size(); ++id) {
        const auto& key = keys[id];
        if (key.empty()) bad_key(id, "empty key");
        if (key[0] == kBaseKeyMarker) {
            if (key.size() != 3)
                bad_key(id, "a base key has 3 entries (marker, high, low), got " +
                                std::to_string(key.size()));
        } else if (key[0] == kIndividualisedMarker) {
            if (options.variant != WlVariant::Individualised)
                bad_key(id,
                        "a marked base key (-2) belongs to the individualised variant "
                        "(\"iwl\"), not to plain WL");
            if (key.size() != 3)
                bad_key(id, "a marked base key has 3 entries (marker, high, low), got " +
                                std::to_string(key.size()));
        } else {
            // A refined key refers to colours of the previous round, which
            // existed before it was created: their ids are smaller.
            const std::int32_t round = key[0];
            if (round < 1 || round > options.iterations)
                bad_key(id, "round " + std::to_string(round) + " is not in 1.." +
                                std::to_string(options.iterations) +
                                " (nor a base-key marker, -1 or -2)");
            if (key.size() < 2 || key.size() % 2 != 0)
                bad_key(id, "a refined key has an even length of at least 2, got " +
                                std::to_string(key.size()));
            auto check_colour = [&](std::int32_t c, const char* what) {
                if (c < 0 || static_cast<std::size_t>(c) >= id)
                    bad_key(id, std::string(what) + " colour " + std::to_string(c) +
                                    " is not an earlier colour id");
                if (features.rounds_[c] != round - 1)
                    bad_key(id, std::string(what) + " colour " + std::to_string(c) +
                                    " is from round " + std::to_string(features.rounds_[c]) +
                                    ", expected round " + std::to_string(round - 1));
            };
            check_colour(key[1], "own");
            for (std::size_t i = 2; i < key.size(); i += 2) {
                check_colour(key[i], "neighbour");
                if (i > 2) {
                    const auto prev = pack_neighbour(key[i - 2], key[i - 1]);
                    const auto cur = pack_neighbour(key[i], key[i + 1]);
                    const bool ordered =
                        options.neighbourhood == Neighbourhood::Set ? prev < cur : prev <= cur;
                    if (!ordered)
                        bad_key(id, options.neighbourhood == Neighbourhood::Set
                                        ? "neighbour pairs are not strictly increasing "
                                          "(set neighbourhood)"
                                        : "neighbour pairs are not sorted");
                }
            }
        }
        const std::uint64_t hash = hash_key(key.data(), key.size());
        const std::int32_t existing = features.find(key.data(), key.size(), hash);
        if (existing >= 0) bad_key(id, "duplicate of colour " + std::to_string(existing));
        features.insert(key.data(), key.size(), hash);
    }
    return features;
}

WlFeatures WlFeatures::pruned(int iterations, const std::vector<char>& keep,
                              std::vector<int>& old_to_new) const {
    if (iterations < 0 || iterations > options_.iterations) {
        throw Error(ErrorCategory::Internal, "WlFeatures::pruned: " + std::to_string(iterations) +
                                                 " iterations, the dictionary has " +
                                                 std::to_string(options_.iterations));
    }
    const int n = num_colours();
    std::vector<char> needed(n, 0);
    for (int id = 0; id < n && id < static_cast<int>(keep.size()); ++id)
        needed[id] = keep[id] && rounds_[id] <= iterations;
    // A refined key names colours with smaller ids: one pass downwards
    // closes the set under "refined from".
    for (int id = n - 1; id >= 0; --id) {
        if (!needed[id] || rounds_[id] == 0) continue;
        const auto& key = keys_[id];
        needed[key[1]] = 1;
        for (std::size_t i = 2; i < key.size(); i += 2)
            needed[key[i]] = 1;
    }
    old_to_new.assign(n, -1);
    std::vector<std::vector<std::int32_t>> keys;
    for (int id = 0; id < n; ++id) {
        if (!needed[id]) continue;
        old_to_new[id] = static_cast<int>(keys.size());
        std::vector<std::int32_t> key = keys_[id];
        if (rounds_[id] > 0) {
            // The renumbering keeps the order of ids, so the neighbour pairs
            // stay sorted.
            key[1] = old_to_new[key[1]];
            for (std::size_t i = 2; i < key.size(); i += 2)
                key[i] = old_to_new[key[i]];
        }
        keys.push_back(std::move(key));
    }
    WlOptions options = options_;
    options.iterations = iterations;
    return from_keys(options, std::move(keys));
}

}  // namespace ll
