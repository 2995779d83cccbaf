// WL colour refinement: the reference's worked oracle (brief §6.4), the
// exact key layout, unseen propagation and miss counting, and a randomised
// comparison against a naive std::map implementation of the same
// specification (first-encounter ids, -1 for unseen keys), which pins ids to
// encounter order rather than to anything the hash table does. The
// individualised variant (iWL) against a brute force of n full WL runs, each
// on the graph with one node's base key marked, compared up to renaming of
// ids; a hand-derived oracle; the 6-cycle / two triangles pair that 1-WL
// cannot tell apart.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <map>
#include <random>
#include <vector>

#include "core/common/budget.hpp"
#include "core/common/error.hpp"
#include "core/common/resources.hpp"
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

WlOptions options(int iterations, Neighbourhood n, WlVariant variant = WlVariant::Plain) {
    WlOptions o;
    o.iterations = iterations;
    o.neighbourhood = n;
    o.variant = variant;
    return o;
}

constexpr auto kIwl = WlVariant::Individualised;

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

Graph random_wl_graph(std::mt19937& rng, int max_nodes, int num_colours, int num_labels) {
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
                const Graph g = random_wl_graph(rng, 12, 3, 2);
                ASSERT_EQ(collect(wl, g), naive.run(g, true, seen, unseen)) << "graph " << i;
            }
            EXPECT_EQ(wl.keys(), naive.keys());
            EXPECT_GT(wl.num_colours(), 0);
            for (int i = 0; i < 60; ++i) {
                const Graph g = random_wl_graph(rng, 20, 4, 3);
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
        out.push_back(random_wl_graph(rng, max_nodes, 4, 3));
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
    for (auto [mode, variant] :
         {std::pair{Neighbourhood::Set, WlVariant::Plain},
          std::pair{Neighbourhood::Multiset, WlVariant::Plain}, std::pair{Neighbourhood::Set, kIwl},
          std::pair{Neighbourhood::Multiset, kIwl}}) {
        SCOPED_TRACE(variant == kIwl ? "iwl" : "wl");
        WlFeatures wl(options(3, mode, variant));
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

void expect_feature_model_error(WlOptions o, std::vector<Key> keys, const std::string& needle) {
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
    expect_feature_model_error(set, {b0, {}}, "colour 1: empty key");
    expect_feature_model_error(set, {{-1, 0}}, "colour 0: a base key has 3 entries");
    expect_feature_model_error(set, {b0, {0, 0}}, "round 0");
    expect_feature_model_error(set, {b0, {3, 0}}, "round 3");
    expect_feature_model_error(set, {b0, {-3, 0}}, "round -3");
    // A marked base key only in an individualised dictionary, and only as
    // {-2, high, low}.
    expect_feature_model_error(set, {b0, {-2, 0, 0}},
                               "colour 1: a marked base key (-2) belongs to");
    const WlOptions iwl = options(2, Neighbourhood::Set, kIwl);
    expect_feature_model_error(iwl, {b0, {-2, 0}}, "colour 1: a marked base key has 3 entries");
    expect_feature_model_error(iwl, {b0, {-2, 0, 0, 0}}, "a marked base key has 3 entries");
    expect_feature_model_error(iwl, {{-2, 0, 0}, b0, {-2, 0, 0}},
                               "colour 2: duplicate of colour 0");
    expect_feature_model_error(set, {b0, {1, 0, 0}}, "even length");
    expect_feature_model_error(set, {b0, {1, 1}}, "own colour 1 is not an earlier colour id");
    expect_feature_model_error(set, {b0, {1, 0, 5, 0}}, "neighbour colour 5");
    expect_feature_model_error(set, {b0, {2, 0}}, "expected round 1");
    expect_feature_model_error(set, {b0, b1, {1, 0, 1, 0, 0, 0}}, "not strictly increasing");
    expect_feature_model_error(set, {b0, {1, 0, 0, 0, 0, 0}}, "not strictly increasing");
    expect_feature_model_error(multiset, {b0, b1, {1, 0, 1, 0, 0, 0}}, "not sorted");
    expect_feature_model_error(set, {b0, b1, b0}, "colour 2: duplicate of colour 0");
    expect_feature_model_error(set, {b0, {1, 0}, {1, 0}}, "duplicate of colour 1");
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

// ---------------------------------------------------------------- iWL

// Individualised WL by brute force: the plain run, then for every node u one
// full WL run of the whole graph with u's base key marked, counting (v, r)
// only where the mark has reached v by round r (a flag spread one hop per
// round, independent of any distance computation). Its own std::map
// dictionary; ids are compared with WlFeatures' up to renaming (Canon).
class NaiveIwl {
  public:
    explicit NaiveIwl(WlOptions o) : o_(o) {}

    SparseVector run(const Graph& g, bool training, std::int64_t& seen, std::int64_t& unseen) {
        const int n = g.num_nodes();
        std::map<int, double> histogram;
        const auto plain = rounds(g, -1, training, seen, unseen, histogram);
        for (int u = 0; u < n; ++u) {
            const auto marked = rounds(g, u, training, seen, unseen, histogram);
            if (training) {
                // The claim the incremental code rests on: the marked run
                // differs from the plain one exactly where the mark reached.
                std::vector<char> reached(n, 0);
                reached[u] = 1;
                for (int r = 0; r <= o_.iterations; ++r) {
                    if (r > 0) reached = spread(g, reached);
                    for (int v = 0; v < n; ++v)
                        EXPECT_EQ(marked[r][v] != plain[r][v], reached[v] != 0);
                }
            }
        }
        SparseVector out;
        for (auto [id, c] : histogram)
            out.push_back({id, c});
        return out;
    }
    const std::vector<Key>& keys() const { return keys_; }

  private:
    static std::vector<char> spread(const Graph& g, const std::vector<char>& reached) {
        std::vector<char> next = reached;
        for (const auto& e : g.edges) {
            if (reached[e.u]) next[e.v] = 1;
            if (reached[e.v]) next[e.u] = 1;
        }
        return next;
    }

    // The colours of every node in every round; u >= 0: u is marked and only
    // the colours the mark has reached are counted (all of them for u < 0).
    std::vector<std::vector<int>> rounds(const Graph& g, int u, bool training, std::int64_t& seen,
                                         std::int64_t& unseen, std::map<int, double>& histogram) {
        const int n = g.num_nodes();
        std::vector<char> reached(n, u < 0 ? 1 : 0);
        if (u >= 0) reached[u] = 1;
        auto id_of = [&](const Key& key, bool counted) {
            auto it = ids_.find(key);
            int id = -1;
            if (it != ids_.end()) {
                id = it->second;
                if (counted && !training) ++seen;
            } else if (training) {
                id = static_cast<int>(keys_.size());
                ids_[key] = id;
                keys_.push_back(key);
            } else if (counted) {
                ++unseen;
            }
            if (counted && id >= 0) ++histogram[id];
            return id;
        };
        std::vector<std::vector<int>> colour(o_.iterations + 1, std::vector<int>(n));
        for (int v = 0; v < n; ++v) {
            const auto raw = static_cast<std::uint64_t>(g.colours[v]);
            colour[0][v] =
                id_of({v == u ? -2 : -1, std::int32_t(raw >> 32), std::int32_t(raw & 0xffffffffu)},
                      reached[v] != 0);
        }
        for (int r = 1; r <= o_.iterations; ++r) {
            if (u >= 0) reached = spread(g, reached);
            for (int v = 0; v < n; ++v) {
                std::vector<std::pair<int, int>> nb;
                for (const auto& e : g.edges) {
                    if (e.u == v) nb.push_back({colour[r - 1][e.v], e.label});
                    if (e.v == v && e.u != v) nb.push_back({colour[r - 1][e.u], e.label});
                }
                std::sort(nb.begin(), nb.end());
                if (o_.neighbourhood == Neighbourhood::Set)
                    nb.erase(std::unique(nb.begin(), nb.end()), nb.end());
                Key key{r, colour[r - 1][v]};
                bool bad = colour[r - 1][v] < 0;
                for (auto [c, l] : nb) {
                    key.push_back(c);
                    key.push_back(l);
                    bad = bad || c < 0;
                }
                if (bad) {
                    if (reached[v]) ++unseen;
                    colour[r][v] = -1;
                } else {
                    colour[r][v] = id_of(key, reached[v] != 0);
                }
            }
        }
        return colour;
    }

    WlOptions o_;
    std::map<Key, int> ids_;
    std::vector<Key> keys_;
};

// Colour ids of two dictionaries mapped to one shared numbering by structure:
// a base key as is, a refined key by its round, its own colour and its
// sorted (colour, label) pairs, all renamed.
class Canon {
  public:
    int of(const std::vector<Key>& keys, int id) {
        const Key& key = keys[id];
        Key canonical;
        if (key[0] < 0) {
            canonical = key;
        } else {
            std::vector<std::pair<int, int>> pairs;
            for (std::size_t i = 2; i < key.size(); i += 2)
                pairs.push_back({of(keys, key[i]), key[i + 1]});
            std::sort(pairs.begin(), pairs.end());
            canonical = {key[0], of(keys, key[1])};
            for (auto [c, l] : pairs) {
                canonical.push_back(c);
                canonical.push_back(l);
            }
        }
        return ids_.emplace(canonical, static_cast<int>(ids_.size())).first->second;
    }
    std::map<int, double> histogram(const std::vector<Key>& keys, const SparseVector& x) {
        std::map<int, double> out;
        for (const auto& e : x)
            out[of(keys, e.feature)] += e.value;
        return out;
    }

  private:
    std::map<Key, int> ids_;
};

TEST(WlFeatures, IndividualisedMatchesBruteForceOnRandomGraphs) {
    for (auto mode : {Neighbourhood::Set, Neighbourhood::Multiset}) {
        for (int iterations : {0, 1, 2, 3}) {
            SCOPED_TRACE(std::to_string(iterations) +
                         (mode == Neighbourhood::Set ? " set" : " multiset"));
            std::mt19937 rng(101 + iterations);
            const WlOptions o = options(iterations, mode, kIwl);
            WlFeatures wl(o);
            NaiveIwl naive(o);
            Canon canon;
            std::int64_t seen = 0, unseen = 0;
            // Training: loops, parallel edges, labels, several components.
            for (int i = 0; i < 40; ++i) {
                const Graph g = random_wl_graph(rng, 10, 3, 2);
                const SparseVector x = collect(wl, g);
                ASSERT_TRUE(std::is_sorted(x.begin(), x.end(),
                                           [](auto& a, auto& b) { return a.feature < b.feature; }));
                ASSERT_EQ(canon.histogram(wl.keys(), x),
                          canon.histogram(naive.keys(), naive.run(g, true, seen, unseen)))
                    << "graph " << i;
            }
            ASSERT_EQ(wl.num_colours(), static_cast<int>(naive.keys().size()));
            // Inference on other graphs: unseen colours dropped and counted
            // alike.
            for (int i = 0; i < 40; ++i) {
                const Graph g = random_wl_graph(rng, 14, 4, 3);
                const SparseVector x = embed(wl, g);
                ASSERT_EQ(canon.histogram(wl.keys(), x),
                          canon.histogram(naive.keys(), naive.run(g, false, seen, unseen)))
                    << "graph " << i;
            }
            EXPECT_EQ(wl.miss_statistics().seen, seen);
            EXPECT_EQ(wl.miss_statistics().unseen, unseen);
            EXPECT_GT(unseen, 0);
            EXPECT_EQ(wl.num_colours(), static_cast<int>(naive.keys().size()));
        }
    }
}

// The same brute force on ILG-like graphs (two node kinds, arity-2 atoms)
// with long paths and high-degree nodes, where balls are far smaller than
// the graph.
TEST(WlFeatures, IndividualisedMatchesBruteForceOnSparseBipartiteGraphs) {
    std::mt19937 rng(5);
    const WlOptions o = options(2, Neighbourhood::Set, kIwl);
    WlFeatures wl(o);
    NaiveIwl naive(o);
    Canon canon;
    std::int64_t seen = 0, unseen = 0;
    for (int i = 0; i < 10; ++i) {
        Graph g;
        const int objects = 12 + i;
        for (int v = 0; v < objects; ++v)
            g.add_node(0);
        std::uniform_int_distribution<int> object(0, objects - 1);
        for (int a = 0; a < objects; ++a) {
            const int atom = g.add_node(1 + a % 3);
            g.add_edge(atom, a % 4 == 0 ? 0 : object(rng), 0);  // node 0: a hub
            g.add_edge(atom, object(rng), 1);
        }
        ASSERT_EQ(canon.histogram(wl.keys(), collect(wl, g)),
                  canon.histogram(naive.keys(), naive.run(g, true, seen, unseen)));
    }
}

// Path 0–1–0 (nodes a, b, c), one round, by hand. Plain: 0 {-1,0,0},
// 1 {-1,0,1}, 2 = a/c {1,0,1,0}, 3 = b {1,1,0,0}. Marking a: 4 {-2,0,0};
// a becomes 5 {1,4,1,0}, b 6 {1,1,0,0,4,0}. Marking b: 7 {-2,0,1}; b
// becomes 8 {1,7,0,0}, a and c 9 {1,0,7,0}. Marking c repeats a's 4, 5, 6.
TEST(WlFeatures, IndividualisedPathOracle) {
    WlFeatures wl(options(1, Neighbourhood::Set, kIwl));
    EXPECT_EQ(
        collect(wl, path010()),
        sparse({{0, 2}, {1, 1}, {2, 2}, {3, 1}, {4, 2}, {5, 2}, {6, 2}, {7, 1}, {8, 1}, {9, 2}}));
    EXPECT_EQ(wl.keys(), (std::vector<Key>{{-1, 0, 0},
                                           {-1, 0, 1},
                                           {1, 0, 1, 0},
                                           {1, 1, 0, 0},
                                           {-2, 0, 0},
                                           {1, 4, 1, 0},
                                           {1, 1, 0, 0, 4, 0},
                                           {-2, 0, 1},
                                           {1, 7, 0, 0},
                                           {1, 0, 7, 0}}));
    for (int id = 0; id < wl.num_colours(); ++id)
        EXPECT_EQ(wl.round_of(id), wl.keys()[id][0] < 0 ? 0 : 1) << id;
    // Every key decodes: the marked base keys are round 0.
    EXPECT_EQ(WlFeatures::from_keys(wl.options(), wl.keys()).keys(), wl.keys());
}

// The star (centre colour 1, three leaves colour 0) embedded with the
// path's multiset dictionary: the centre's plain key {1,1,0,0,0,0,0,0} is
// unseen, so are the marked runs' centre keys ({1,7,0,0,0,0,0,0} marking
// the centre, {1,1,0,0,0,0,4,0} marking a leaf): dropped and counted.
TEST(WlFeatures, IndividualisedUnseenMarkedColoursAreDroppedAndCounted) {
    WlFeatures wl(options(1, Neighbourhood::Multiset, kIwl));
    collect(wl, path010());
    EXPECT_EQ(embed(wl, star()), sparse({{0, 3}, {1, 1}, {2, 3}, {4, 3}, {5, 3}, {7, 1}, {9, 3}}));
    // Plain 7 + 1; marking the centre 4 + 1; marking a leaf 2 + 1, three times.
    EXPECT_EQ(wl.miss_statistics().seen, 17);
    EXPECT_EQ(wl.miss_statistics().unseen, 5);
    EXPECT_EQ(wl.num_colours(), 10);
}

TEST(WlFeatures, IndividualisedReembeddingTrainingGraphsHasNoMisses) {
    for (auto mode : {Neighbourhood::Set, Neighbourhood::Multiset}) {
        const auto graphs = random_graphs(13, 30, 30);
        WlFeatures wl(options(2, mode, kIwl));
        std::vector<SparseVector> trained;
        for (const auto& g : graphs)
            trained.push_back(collect(wl, g));
        const int colours = wl.num_colours();
        for (std::size_t i = 0; i < graphs.size(); ++i)
            ASSERT_EQ(embed(wl, graphs[i]), trained[i]) << "graph " << i;
        EXPECT_EQ(wl.miss_statistics().unseen, 0);
        EXPECT_EQ(wl.num_colours(), colours);
        // A rebuilt dictionary embeds identically.
        WlFeatures copy = WlFeatures::from_keys(wl.options(), wl.keys());
        for (const auto& g : random_graphs(17, 30, 30))
            ASSERT_EQ(embed(copy, g), embed(wl, g));
        // The colours not derived from a marked one are exactly the plain
        // vector: the plain run is counted once.
        std::vector<char> derived(wl.num_colours(), 0);
        for (int id = 0; id < wl.num_colours(); ++id) {
            const Key& key = wl.keys()[id];
            if (key[0] == WlFeatures::kIndividualisedMarker) derived[id] = 1;
            if (key[0] < 0) continue;
            for (std::size_t i = 1; i < key.size(); i += i == 1 ? 1 : 2)
                derived[id] = derived[id] || derived[key[i]];
        }
        WlFeatures plain(options(2, mode));
        Canon canon;
        for (std::size_t i = 0; i < graphs.size(); ++i) {
            SparseVector undecorated;
            for (const auto& e : trained[i])
                if (!derived[e.feature]) undecorated.push_back(e);
            const SparseVector x = collect(plain, graphs[i]);
            ASSERT_EQ(canon.histogram(wl.keys(), undecorated), canon.histogram(plain.keys(), x));
        }
    }
}

// 1-WL cannot tell a 6-cycle from two disjoint triangles (every node has
// the same colour and two neighbours in every round); individualisation can:
// with two rounds the neighbours of the marked node see each other in a
// triangle but not in the cycle.
TEST(WlFeatures, IndividualisationSeparatesSixCycleFromTwoTriangles) {
    const Graph cycle = make_graph(
        {0, 0, 0, 0, 0, 0}, {{0, 1, 0}, {1, 2, 0}, {2, 3, 0}, {3, 4, 0}, {4, 5, 0}, {5, 0, 0}});
    const Graph triangles = make_graph(
        {0, 0, 0, 0, 0, 0}, {{0, 1, 0}, {1, 2, 0}, {2, 0, 0}, {3, 4, 0}, {4, 5, 0}, {5, 3, 0}});
    for (auto mode : {Neighbourhood::Set, Neighbourhood::Multiset}) {
        for (int iterations : {1, 2, 3}) {
            WlFeatures plain(options(iterations, mode));
            EXPECT_EQ(collect(plain, cycle), collect(plain, triangles));
            WlFeatures iwl(options(iterations, mode, kIwl));
            const SparseVector a = collect(iwl, cycle);
            const SparseVector b = collect(iwl, triangles);
            // One round only reaches the marked node's neighbours: equal.
            if (iterations == 1) {
                EXPECT_EQ(a, b);
            } else {
                EXPECT_NE(a, b) << iterations;
            }
        }
    }
}

TEST(WlFeatures, IndividualisedBudgetInterruptsAndLeavesNoCounts) {
    // 300 nodes, two rounds: the plain run polls 900 times, so an expired
    // budget (checked every 1024 polls) stops a marked run.
    Graph g;
    for (int v = 0; v < 300; ++v)
        g.add_node(v % 3);
    for (int v = 1; v < 300; ++v)
        g.add_edge(v, (v * 31 + 7) % v, v % 2);
    WlFeatures reference(options(2, Neighbourhood::Set, kIwl));
    const SparseVector expected = collect(reference, path010());
    WlFeatures wl(options(2, Neighbourhood::Set, kIwl));
    collect(wl, path010());
    Stopwatch clock;
    Budget expired(&clock, -1, std::numeric_limits<double>::infinity());
    wl.set_budget(&expired);
    SparseVector out;
    EXPECT_THROW(wl.embed(g, out), LimitReached);
    wl.set_budget(nullptr);
    EXPECT_EQ(embed(wl, path010()), expected);
}

}  // namespace
}  // namespace ll
