// WL colour refinement: the reference's worked oracle (brief §6.4), the
// exact key layout, unseen propagation and miss counting, and a randomised
// comparison against a naive std::map implementation of the same
// specification (first-encounter ids, -1 for unseen keys), which pins ids to
// encounter order rather than to anything the hash table does.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

#include "core/common/error.hpp"
#include "core/learning/wl_features.hpp"

namespace ll {
namespace {

using Key = std::vector<std::int32_t>;

Graph make_graph(std::vector<RawColour> colours, std::vector<GraphEdge> edges) {
    Graph g;
    g.colours = std::move(colours);
    g.edges = std::move(edges);
    return g;
}

// The path 0–1–0 and the star centre(1) + three leaves(0), edge labels 0.
Graph path010() {
    return make_graph({0, 1, 0}, {{0, 1, 0}, {1, 2, 0}});
}
Graph star() {
    return make_graph({1, 0, 0, 0}, {{0, 1, 0}, {0, 2, 0}, {0, 3, 0}});
}

SparseVector sparse(std::vector<std::pair<int, double>> entries) {
    SparseVector v;
    for (auto [f, x] : entries)
        v.push_back({f, x});
    return v;
}

SparseVector collect(WlFeatures& wl, const Graph& g) {
    SparseVector out;
    wl.collect(g, out);
    return out;
}
SparseVector embed(WlFeatures& wl, const Graph& g) {
    SparseVector out;
    wl.embed(g, out);
    return out;
}

WlOptions options(int iterations, Neighbourhood n) {
    WlOptions o;
    o.iterations = iterations;
    o.neighbourhood = n;
    return o;
}

TEST(WlFeatures, PathTrainingOracle) {
    for (auto mode : {Neighbourhood::Multiset, Neighbourhood::Set}) {
        WlFeatures wl(options(1, mode));
        EXPECT_EQ(collect(wl, path010()), sparse({{0, 2}, {1, 1}, {2, 2}, {3, 1}}));
        EXPECT_EQ(wl.num_colours(), 4);
        const Key centre = mode == Neighbourhood::Set ? Key{1, 1, 0, 0} : Key{1, 1, 0, 0, 0, 0};
        EXPECT_EQ(wl.keys(), (std::vector<Key>{{-1, 0, 0}, {-1, 0, 1}, {1, 0, 1, 0}, centre}));
    }
}

TEST(WlFeatures, StarEmbeddingOracleMultiset) {
    WlFeatures wl(options(1, Neighbourhood::Multiset));
    collect(wl, path010());
    // The centre's key (1, 1, {0,0,0}) is unseen: no entry for id 3.
    EXPECT_EQ(embed(wl, star()), sparse({{0, 3}, {1, 1}, {2, 3}}));
    EXPECT_EQ(wl.miss_statistics().seen, 7);
    EXPECT_EQ(wl.miss_statistics().unseen, 1);
    EXPECT_DOUBLE_EQ(wl.miss_statistics().miss_rate(), 1.0 / 8.0);
    EXPECT_EQ(wl.num_colours(), 4);  // inference never grows the dictionary
    wl.reset_miss_statistics();
    EXPECT_EQ(wl.miss_statistics().seen + wl.miss_statistics().unseen, 0);
}

TEST(WlFeatures, StarEmbeddingOracleSet) {
    WlFeatures wl(options(1, Neighbourhood::Set));
    collect(wl, path010());
    EXPECT_EQ(embed(wl, star()), sparse({{0, 3}, {1, 1}, {2, 3}, {3, 1}}));
    EXPECT_EQ(wl.miss_statistics().seen, 8);
    EXPECT_EQ(wl.miss_statistics().unseen, 0);
}

TEST(WlFeatures, UnseenBaseColourPropagatesOneHopPerRound) {
    WlFeatures wl(options(2, Neighbourhood::Set));
    collect(wl, path010());
    // Path 0–1–7: colour 7 is unseen; its neighbour becomes unseen in round
    // 1, and that neighbour's other neighbour in round 2.
    const Graph g = make_graph({0, 1, 7}, {{0, 1, 0}, {1, 2, 0}});
    const SparseVector x = embed(wl, g);
    // Round 0: node 0 → 0, node 1 → 1. Round 1: node 0's key (1, 0, {(1,0)})
    // is id 2. Round 2: all unseen.
    EXPECT_EQ(x, sparse({{0, 1}, {1, 1}, {2, 1}}));
    EXPECT_EQ(wl.miss_statistics().seen, 3);
    EXPECT_EQ(wl.miss_statistics().unseen, 6);
}

TEST(WlFeatures, IsolatedNodeGetsAFreshIdEveryRound) {
    WlFeatures wl(options(3, Neighbourhood::Set));
    EXPECT_EQ(collect(wl, make_graph({5}, {})), sparse({{0, 1}, {1, 1}, {2, 1}, {3, 1}}));
    EXPECT_EQ(wl.keys(), (std::vector<Key>{{-1, 0, 5}, {1, 0}, {2, 1}, {3, 2}}));
}

TEST(WlFeatures, RawColoursUseAll64Bits) {
    WlFeatures wl(options(0, Neighbourhood::Set));
    const RawColour high = RawColour(1) << 40;
    EXPECT_EQ(collect(wl, make_graph({0, high, high + 3, -1}, {})),
              sparse({{0, 1}, {1, 1}, {2, 1}, {3, 1}}));
    EXPECT_EQ(wl.keys(), (std::vector<Key>{{-1, 0, 0}, {-1, 256, 0}, {-1, 256, 3}, {-1, -1, -1}}));
}

TEST(WlFeatures, EdgeLabelsDistinguishKeys) {
    WlFeatures wl(options(1, Neighbourhood::Set));
    const Graph label0 = make_graph({0, 1}, {{0, 1, 0}});
    const Graph label1 = make_graph({0, 1}, {{0, 1, 1}});
    collect(wl, label0);
    EXPECT_EQ(wl.num_colours(), 4);
    EXPECT_EQ(embed(wl, label1), sparse({{0, 1}, {1, 1}}));  // both round-1 keys unseen
    EXPECT_EQ(wl.miss_statistics().unseen, 2);
    collect(wl, label1);
    EXPECT_EQ(wl.num_colours(), 6);
    EXPECT_EQ(wl.keys()[4], (Key{1, 0, 1, 1}));
}

TEST(WlFeatures, SetModeDeduplicatesOnlyEqualPairs) {
    // Node 0 sees colour 1 twice with label 0 and once with label 2.
    const Graph g = make_graph({0, 1, 1, 1}, {{0, 1, 0}, {0, 2, 0}, {0, 3, 2}});
    WlFeatures set(options(1, Neighbourhood::Set));
    collect(set, g);
    EXPECT_EQ(set.keys()[2], (Key{1, 0, 1, 0, 1, 2}));
    WlFeatures multiset(options(1, Neighbourhood::Multiset));
    collect(multiset, g);
    EXPECT_EQ(multiset.keys()[2], (Key{1, 0, 1, 0, 1, 0, 1, 2}));
}

TEST(WlFeatures, BadEdgeIsAnInternalError) {
    WlFeatures wl;
    SparseVector out;
    try {
        wl.collect(make_graph({0, 0}, {{0, 2, 0}}), out);
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Internal);
    }
}

// ---------------------------------------------------------------- oracle

// The specification, written as plainly as possible.
class NaiveWl {
  public:
    explicit NaiveWl(WlOptions o) : o_(o) {}
    SparseVector run(const Graph& g, bool training, std::int64_t& seen, std::int64_t& unseen) {
        const int n = g.num_nodes();
        std::map<int, double> histogram;
        std::vector<int> colour(n);
        auto id_of = [&](const Key& key) {
            auto it = ids_.find(key);
            if (it != ids_.end()) {
                if (!training) ++seen;
                ++histogram[it->second];
                return it->second;
            }
            if (!training) {
                ++unseen;
                return -1;
            }
            const int id = static_cast<int>(keys_.size());
            ids_[key] = id;
            keys_.push_back(key);
            ++histogram[id];
            return id;
        };
        for (int v = 0; v < n; ++v) {
            const auto raw = static_cast<std::uint64_t>(g.colours[v]);
            colour[v] = id_of({-1, std::int32_t(raw >> 32), std::int32_t(raw & 0xffffffffu)});
        }
        for (int r = 1; r <= o_.iterations; ++r) {
            std::vector<int> next(n);
            for (int v = 0; v < n; ++v) {
                std::vector<std::pair<int, int>> nb;
                for (const auto& e : g.edges) {
                    if (e.u == v) nb.push_back({colour[e.v], e.label});
                    if (e.v == v && e.u != v) nb.push_back({colour[e.u], e.label});
                }
                std::sort(nb.begin(), nb.end());
                if (o_.neighbourhood == Neighbourhood::Set)
                    nb.erase(std::unique(nb.begin(), nb.end()), nb.end());
                Key key{r, colour[v]};
                bool bad = colour[v] < 0;
                for (auto [c, l] : nb) {
                    key.push_back(c);
                    key.push_back(l);
                    bad = bad || c < 0;
                }
                if (bad) {
                    ++unseen;  // contains -1: never in the dictionary
                    next[v] = -1;
                } else {
                    next[v] = id_of(key);
                }
            }
            colour = next;
        }
        SparseVector out;
        for (auto [id, c] : histogram)
            out.push_back({id, c});
        return out;
    }
    const std::vector<Key>& keys() const { return keys_; }

  private:
    WlOptions o_;
    std::map<Key, int> ids_;
    std::vector<Key> keys_;
};

Graph random_graph(std::mt19937& rng, int max_nodes, int num_colours, int num_labels) {
    std::uniform_int_distribution<int> size(1, max_nodes);
    const int n = size(rng);
    Graph g;
    std::uniform_int_distribution<int> colour(0, num_colours - 1);
    for (int v = 0; v < n; ++v)
        g.add_node(colour(rng) * 1000003LL);
    std::uniform_int_distribution<int> node(0, n - 1);
    std::uniform_int_distribution<int> label(0, num_labels - 1);
    const int m = std::uniform_int_distribution<int>(0, 2 * n)(rng);
    for (int i = 0; i < m; ++i)
        g.add_edge(node(rng), node(rng), label(rng));  // parallel edges and loops included
    return g;
}

TEST(WlFeatures, MatchesNaiveSpecificationOnRandomGraphs) {
    for (auto mode : {Neighbourhood::Set, Neighbourhood::Multiset}) {
        for (int iterations : {0, 1, 2, 4}) {
            std::mt19937 rng(17 + iterations);
            const WlOptions o = options(iterations, mode);
            WlFeatures wl(o);
            NaiveWl naive(o);
            std::int64_t seen = 0, unseen = 0;
            for (int i = 0; i < 60; ++i) {
                const Graph g = random_graph(rng, 12, 3, 2);
                ASSERT_EQ(collect(wl, g), naive.run(g, true, seen, unseen)) << "graph " << i;
            }
            EXPECT_EQ(wl.keys(), naive.keys());
            EXPECT_GT(wl.num_colours(), 0);
            for (int i = 0; i < 60; ++i) {
                const Graph g = random_graph(rng, 20, 4, 3);
                ASSERT_EQ(embed(wl, g), naive.run(g, false, seen, unseen)) << "graph " << i;
            }
            EXPECT_EQ(wl.miss_statistics().seen, seen);
            EXPECT_EQ(wl.miss_statistics().unseen, unseen);
            if (iterations > 0) EXPECT_GT(unseen, 0);  // the test exercises misses
        }
    }
}

std::vector<Graph> random_graphs(std::uint32_t seed, int count, int max_nodes) {
    std::mt19937 rng(seed);
    std::vector<Graph> out;
    for (int i = 0; i < count; ++i)
        out.push_back(random_graph(rng, max_nodes, 4, 3));
    return out;
}

TEST(WlFeatures, DeterministicIds) {
    const auto graphs = random_graphs(5, 40, 30);
    WlFeatures a(options(2, Neighbourhood::Set)), b(options(2, Neighbourhood::Set));
    for (const auto& g : graphs)
        ASSERT_EQ(collect(a, g), collect(b, g));
    EXPECT_EQ(a.keys(), b.keys());
    // A different order gives different (but equally valid) ids.
    WlFeatures c(options(2, Neighbourhood::Set));
    for (auto it = graphs.rbegin(); it != graphs.rend(); ++it)
        collect(c, *it);
    EXPECT_EQ(c.num_colours(), a.num_colours());
    EXPECT_NE(c.keys(), a.keys());
}

TEST(WlFeatures, ReembeddingTrainingGraphsHasNoMisses) {
    // wl-brief §6 pitfall 1: the training set re-embedded after collect
    // must be fully seen and give the same vectors.
    for (auto mode : {Neighbourhood::Set, Neighbourhood::Multiset}) {
        const auto graphs = random_graphs(11, 50, 40);
        WlFeatures wl(options(3, mode));
        std::vector<SparseVector> trained;
        for (const auto& g : graphs)
            trained.push_back(collect(wl, g));
        const int colours = wl.num_colours();
        for (std::size_t i = 0; i < graphs.size(); ++i)
            ASSERT_EQ(embed(wl, graphs[i]), trained[i]) << "graph " << i;
        EXPECT_EQ(wl.miss_statistics().unseen, 0);
        EXPECT_GT(wl.miss_statistics().seen, 0);
        EXPECT_EQ(wl.num_colours(), colours);
    }
}

TEST(WlFeatures, FromKeysRoundTripGivesIdenticalEmbeddings) {
    for (auto mode : {Neighbourhood::Set, Neighbourhood::Multiset}) {
        WlFeatures wl(options(2, mode));
        for (const auto& g : random_graphs(23, 30, 25))
            collect(wl, g);
        WlFeatures copy = WlFeatures::from_keys(wl.options(), wl.keys());
        EXPECT_EQ(copy.keys(), wl.keys());
        EXPECT_EQ(copy.num_colours(), wl.num_colours());
        for (const auto& g : random_graphs(29, 40, 30))
            ASSERT_EQ(embed(copy, g), embed(wl, g));
        EXPECT_EQ(copy.miss_statistics().seen, wl.miss_statistics().seen);
        EXPECT_EQ(copy.miss_statistics().unseen, wl.miss_statistics().unseen);
        // A rebuilt dictionary keeps growing in the same id order.
        const auto more = random_graphs(31, 10, 25);
        for (const auto& g : more)
            ASSERT_EQ(collect(copy, g), collect(wl, g));
        EXPECT_EQ(copy.keys(), wl.keys());
    }
}

// Pruning keeps what the kept colours need: embedding with the pruned
// dictionary finds exactly the kept colours of rounds <= L (renumbered),
// with the same counts, on graphs it was not built from.
TEST(WlFeatures, PrunedDictionaryFindsExactlyTheKeptColours) {
    for (auto mode : {Neighbourhood::Set, Neighbourhood::Multiset}) {
        WlFeatures wl(options(3, mode));
        for (const auto& g : random_graphs(41, 30, 25))
            collect(wl, g);
        std::mt19937 rng(7);
        std::vector<char> keep(wl.num_colours());
        for (auto& k : keep)
            k = rng() % 5 == 0;
        for (int iterations : {0, 1, 2, 3}) {
            SCOPED_TRACE(iterations);
            std::vector<int> old_to_new;
            WlFeatures pruned = wl.pruned(iterations, keep, old_to_new);
            EXPECT_EQ(pruned.options().iterations, iterations);
            EXPECT_LE(pruned.num_colours(), wl.num_colours());
            for (int id = 0; id < wl.num_colours(); ++id) {
                if (keep[id] && wl.round_of(id) <= iterations) {
                    ASSERT_GE(old_to_new[id], 0) << "kept colour " << id << " dropped";
                }
                if (wl.round_of(id) > iterations) {
                    ASSERT_EQ(old_to_new[id], -1);
                }
            }
            for (const auto& g : random_graphs(43, 40, 30)) {
                SparseVector expected;
                for (const auto& e : embed(wl, g))
                    if (keep[e.feature] && wl.round_of(e.feature) <= iterations)
                        expected.push_back({old_to_new[e.feature], e.value});
                SparseVector got;
                for (const auto& e : embed(pruned, g)) {
                    // Colours kept only as ancestors are found too; they
                    // carry no weight.
                    const auto old = std::find(old_to_new.begin(), old_to_new.end(), e.feature) -
                                     old_to_new.begin();
                    if (keep[old]) got.push_back(e);
                }
                ASSERT_EQ(got, expected);
            }
        }
    }
}

void expect_model_error(WlOptions o, std::vector<Key> keys, const std::string& needle) {
    try {
        WlFeatures::from_keys(o, std::move(keys));
        ADD_FAILURE() << "expected an error containing '" << needle << "'";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Model);
        EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
}

TEST(WlFeatures, FromKeysRejectsMalformedKeys) {
    const WlOptions set = options(2, Neighbourhood::Set);
    const WlOptions multiset = options(2, Neighbourhood::Multiset);
    const Key b0{-1, 0, 0}, b1{-1, 0, 1};
    expect_model_error(set, {b0, {}}, "colour 1: empty key");
    expect_model_error(set, {{-1, 0}}, "colour 0: a base key has 3 entries");
    expect_model_error(set, {b0, {0, 0}}, "round 0");
    expect_model_error(set, {b0, {3, 0}}, "round 3");
    expect_model_error(set, {b0, {-2, 0}}, "round -2");
    expect_model_error(set, {b0, {1, 0, 0}}, "even length");
    expect_model_error(set, {b0, {1, 1}}, "own colour 1 is not an earlier colour id");
    expect_model_error(set, {b0, {1, 0, 5, 0}}, "neighbour colour 5");
    expect_model_error(set, {b0, {2, 0}}, "expected round 1");
    expect_model_error(set, {b0, b1, {1, 0, 1, 0, 0, 0}}, "not strictly increasing");
    expect_model_error(set, {b0, {1, 0, 0, 0, 0, 0}}, "not strictly increasing");
    expect_model_error(multiset, {b0, b1, {1, 0, 1, 0, 0, 0}}, "not sorted");
    expect_model_error(set, {b0, b1, b0}, "colour 2: duplicate of colour 0");
    expect_model_error(set, {b0, {1, 0}, {1, 0}}, "duplicate of colour 1");
    // Accepted: repeated pairs in multiset mode, any label values.
    EXPECT_EQ(WlFeatures::from_keys(multiset, {b0, {1, 0, 0, 0, 0, 0}}).num_colours(), 2);
    EXPECT_EQ(WlFeatures::from_keys(set, {b0, b1, {1, 0, 0, 3, 1, -4}, {2, 2}}).num_colours(), 4);
}

TEST(WlFeatures, LargeGraphScratchIsReused) {
    // A big graph then a small one: no count leaks between calls.
    WlFeatures wl(options(2, Neighbourhood::Set));
    Graph big;
    for (int v = 0; v < 3000; ++v)
        big.add_node(v % 7);
    for (int v = 1; v < 3000; ++v)
        big.add_edge(v, (v * 7919 + 13) % v, v % 3);
    const SparseVector first = collect(wl, big);
    double total = 0;
    for (const auto& e : first)
        total += e.value;
    EXPECT_EQ(total, 3000 * 3);
    EXPECT_EQ(collect(wl, path010()), collect(wl, path010()));
    EXPECT_EQ(embed(wl, big), first);
    EXPECT_EQ(wl.miss_statistics().unseen, 0);
}

}  // namespace
}  // namespace ll
