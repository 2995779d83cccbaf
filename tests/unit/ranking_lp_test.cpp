// RankingLp: hand-worked optima, agreement of constraint/column generation
// with the full LP solved directly by Clp, warm starts across C, determinism,
// the time limit and the hinge loss. DISABLED_LargeScale is a manual speed
// benchmark (run with --gtest_also_run_disabled_tests).
#include <gtest/gtest.h>

#include <ClpSimplex.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/training/ranking_lp.hpp"

namespace ll {
namespace {

RankingTuple tuple(int better, int worse, double delta, double weight = 1) {
    RankingTuple t;
    t.better = better;
    t.worse = worse;
    t.delta = delta;
    t.weight = weight;
    return t;
}

double l1(const std::vector<double>& w) {
    double s = 0;
    for (double v : w)
        s += std::abs(v);
    return s;
}

// The full LP (all tuples, all features) solved directly with Clp.
double full_lp_objective(const FeatureMatrix& rows, const std::vector<RankingTuple>& tuples,
                         double C) {
    const int nf = rows.num_features(), n = static_cast<int>(tuples.size());
    ClpSimplex model;
    model.setLogLevel(0);
    std::vector<double> lower(2 * nf + n, 0.0), upper(2 * nf + n, COIN_DBL_MAX), cost(2 * nf + n);
    for (int k = 0; k < 2 * nf; ++k)
        cost[k] = 1;
    for (int i = 0; i < n; ++i)
        cost[2 * nf + i] = C * tuples[i].weight;
    const std::vector<CoinBigIndex> empty_starts(2 * nf + n + 1, 0);
    const int dummy_index = 0;
    const double dummy_value = 0;
    model.addColumns(2 * nf + n, lower.data(), upper.data(), cost.data(), empty_starts.data(),
                     &dummy_index, &dummy_value);
    std::vector<CoinBigIndex> starts{0};
    std::vector<int> index;
    std::vector<double> value, row_lower, row_upper(n, COIN_DBL_MAX);
    for (int i = 0; i < n; ++i) {
        std::vector<double> d(nf, 0.0);
        for (const auto& e : rows.row(tuples[i].worse))
            d[e.feature] += e.value;
        for (const auto& e : rows.row(tuples[i].better))
            d[e.feature] -= e.value;
        for (int k = 0; k < nf; ++k)
            if (d[k] != 0) {
                index.push_back(k);
                value.push_back(d[k]);
                index.push_back(nf + k);
                value.push_back(-d[k]);
            }
        index.push_back(2 * nf + i);
        value.push_back(1);
        starts.push_back(static_cast<CoinBigIndex>(index.size()));
        row_lower.push_back(tuples[i].delta);
    }
    model.addRows(n, row_lower.data(), row_upper.data(), starts.data(), index.data(), value.data());
    model.dual();
    EXPECT_EQ(model.status(), 0);
    return model.objectiveValue();
}

// A seeded dataset shaped like WL training data: groups of similar rows
// (variants of one base vector, Zipf-like feature popularity), tuples between
// variants of a group ordered by a hidden sparse w*, with 5% label noise and
// about half the tuples δ = 0.
struct Dataset {
    FeatureMatrix rows;
    std::vector<RankingTuple> tuples;
};

Dataset random_dataset(int num_features, int groups, int variants, int tuples_per_group,
                       std::uint64_t seed) {
    Dataset data;
    std::mt19937_64 rng(seed);
    auto uniform = [&] { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
    auto feature = [&] {  // skewed: low ids are common
        return std::min(num_features - 1, static_cast<int>(num_features * std::pow(uniform(), 3)));
    };
    std::vector<double> hidden(num_features, 0.0);
    for (int k = 0; k < num_features; ++k)
        if (uniform() < 0.2) hidden[k] = std::round((uniform() * 4 - 2) * 4) / 4;
    auto make_row = [&](const std::map<int, double>& x) {
        SparseVector v;
        for (const auto& [k, c] : x)
            if (c != 0) v.push_back({k, c});
        return data.rows.intern(v);
    };
    for (int g = 0; g < groups; ++g) {
        std::map<int, double> base;
        for (int e = 0; e < 12; ++e)
            base[feature()] += 1;
        std::vector<int> ids;
        std::vector<double> score;
        for (int v = 0; v < variants; ++v) {
            std::map<int, double> x = base;
            const int changes = 1 + static_cast<int>(rng() % 4);
            for (int c = 0; c < changes; ++c) {
                double& count = x[feature()];
                count = std::max(0.0, count + (uniform() < 0.5 ? -1.0 : 1.0));
            }
            ids.push_back(make_row(x));
            double s = 0;
            for (const auto& [k, c] : x)
                s += hidden[k] * c;
            score.push_back(s);
        }
        for (int t = 0; t < tuples_per_group; ++t) {
            int a = static_cast<int>(rng() % variants), b = static_cast<int>(rng() % variants);
            if (ids[a] == ids[b]) continue;
            if (score[a] > score[b]) std::swap(a, b);
            if (uniform() < 0.05) std::swap(a, b);  // label noise
            const double delta = std::abs(score[a] - score[b]) > 0.5 ? 1 : 0;
            data.tuples.push_back(tuple(ids[a], ids[b], delta, 1 + static_cast<int>(rng() % 3)));
        }
    }
    return data;
}

TEST(RankingLp, OneFeatureKnownOptimum) {
    // w·(2 − 1) ≥ 1 − z: for C > 1 w = 1 (objective 1), for C < 1 w = 0, z = 1
    // (objective C).
    FeatureMatrix rows;
    const SparseVector a{{0, 1}}, b{{0, 2}};
    const int ra = rows.intern(a), rb = rows.intern(b);
    const std::vector<RankingTuple> tuples{tuple(ra, rb, 1)};
    RankingLp warm(rows, tuples);
    for (double C : {4.0, 0.25, 10.0, 0.5, 2.0, 0.9}) {
        RankingLp fresh(rows, tuples);
        for (RankingLp* lp : {&fresh, &warm}) {
            const RankingLpResult r = lp->solve(C);
            ASSERT_EQ(r.weights.size(), 1u);
            EXPECT_TRUE(r.converged);
            if (C > 1) {
                EXPECT_NEAR(r.weights[0], 1, 1e-9) << "C=" << C;
                EXPECT_NEAR(r.objective, 1, 1e-9);
                EXPECT_NEAR(r.loss, 0, 1e-9);
            } else {
                EXPECT_NEAR(r.weights[0], 0, 1e-9) << "C=" << C;
                EXPECT_NEAR(r.objective, C, 1e-9);
                EXPECT_NEAR(r.loss, 1, 1e-9);
            }
        }
    }
}

TEST(RankingLp, InactiveFeaturesStayZero) {
    // d1 = (1,0,0) δ=1 σ=1; d2 = (0,2,0) δ=1 σ=2; d3 = (0,0,1) δ=0. Feature 3
    // occurs identically in every row and feature 2 only in a δ=0 tuple.
    FeatureMatrix rows;
    const int x0 = rows.intern(SparseVector{{3, 1}});
    const int x1 = rows.intern(SparseVector{{0, 1}, {3, 1}});
    const int x2 = rows.intern(SparseVector{{1, 2}, {3, 1}});
    const int x3 = rows.intern(SparseVector{{2, 1}, {3, 1}});
    const std::vector<RankingTuple> tuples{tuple(x0, x1, 1), tuple(x0, x2, 1, 2), tuple(x0, x3, 0)};
    RankingLp lp(rows, tuples);

    // C = 3: both δ=1 tuples satisfied: w = (1, 0.5, 0, 0), objective 1.5.
    RankingLpResult r = lp.solve(3);
    ASSERT_EQ(r.weights.size(), 4u);
    EXPECT_NEAR(r.weights[0], 1, 1e-9);
    EXPECT_NEAR(r.weights[1], 0.5, 1e-9);
    EXPECT_EQ(r.weights[2], 0);
    EXPECT_EQ(r.weights[3], 0);
    EXPECT_NEAR(r.objective, 1.5, 1e-9);
    EXPECT_NEAR(r.loss, 0, 1e-9);
    EXPECT_NEAR(l1(r.weights), r.objective - 3 * r.loss, 1e-9);

    // C = 0.3: paying z1 = 1 (0.3) beats w0 = 1, but z2 = 1 costs 0.6 > 0.5.
    r = lp.solve(0.3);
    EXPECT_NEAR(r.weights[0], 0, 1e-9);
    EXPECT_NEAR(r.weights[1], 0.5, 1e-9);
    EXPECT_EQ(r.weights[2], 0);
    EXPECT_EQ(r.weights[3], 0);
    EXPECT_NEAR(r.objective, 0.8, 1e-9);
    EXPECT_NEAR(r.loss, 1, 1e-9);
    EXPECT_NEAR(l1(r.weights), r.objective - 0.3 * r.loss, 1e-9);
}

TEST(RankingLp, DegenerateTuplesAndEmptyInput) {
    FeatureMatrix rows;
    const int x0 = rows.intern(SparseVector{{0, 1}});
    const int x1 = rows.intern(SparseVector{{0, 1}, {1, 1}});
    {
        const std::vector<RankingTuple> none;
        const RankingLpResult r = RankingLp(rows, none).solve(1);
        EXPECT_EQ(r.weights, std::vector<double>(2, 0.0));
        EXPECT_EQ(r.objective, 0);
        EXPECT_TRUE(r.converged);
    }
    // better == worse: δ = 0 is free, δ = 1 forces z = 1 (weight 2).
    const std::vector<RankingTuple> tuples{tuple(x0, x0, 0), tuple(x1, x1, 1, 2), tuple(x0, x1, 1)};
    const RankingLpResult r = RankingLp(rows, tuples).solve(5);
    EXPECT_NEAR(r.weights[0], 0, 1e-9);
    EXPECT_NEAR(r.weights[1], 1, 1e-9);
    EXPECT_NEAR(r.loss, 2, 1e-9);
    EXPECT_NEAR(r.objective, 5 * 2 + 1, 1e-9);
}

TEST(RankingLp, RejectsBadInput) {
    FeatureMatrix rows;
    const int x0 = rows.intern(SparseVector{{0, 1}});
    const std::vector<RankingTuple> bad_row{tuple(x0, 7, 1)};
    EXPECT_THROW(RankingLp(rows, bad_row), Error);
    const std::vector<RankingTuple> bad_weight{tuple(x0, x0, 1, -1)};
    EXPECT_THROW(RankingLp(rows, bad_weight), Error);
    const std::vector<RankingTuple> ok{tuple(x0, x0, 0)};
    RankingLp lp(rows, ok);
    EXPECT_THROW(lp.solve(-1), Error);
    EXPECT_THROW(lp.solve(std::nan("")), Error);
}

// Small initial sets and per-round caps force many generation rounds; each
// configuration exercises another path: default re-solving, always
// warm-started with aggressive dropping of idle tuples, always cold.
TEST(RankingLp, GenerationMatchesFullLp) {
    const Dataset data = random_dataset(200, 150, 12, 25, 7);
    ASSERT_GT(data.tuples.size(), 3000u);
    RankingLpOptions base;
    base.tolerance = 1e-9;
    base.initial_rows = 50;
    base.initial_columns = 5;
    base.max_rows_per_round = 100;
    base.max_columns_per_round = 5;
    struct Variant {
        double resolve_fraction;
        int drop_idle_after;
    };
    for (double C : {0.05, 1.0, 20.0}) {
        const double expected = full_lp_objective(data.rows, data.tuples, C);
        for (const Variant v : {Variant{0.02, 3}, Variant{1e9, 1}, Variant{0, 0}}) {
            RankingLpOptions options = base;
            options.resolve_fraction = v.resolve_fraction;
            options.drop_idle_after = v.drop_idle_after;
            RankingLp lp(data.rows, data.tuples, options);
            int callbacks = 0;
            const RankingLpResult r = lp.solve(C, [&](const RankingLpProgress& p) {
                EXPECT_EQ(p.round, ++callbacks);
                EXPECT_LE(p.added_columns, options.max_columns_per_round);
            });
            SCOPED_TRACE("C=" + std::to_string(C) +
                         " resolve_fraction=" + std::to_string(v.resolve_fraction));
            EXPECT_TRUE(r.converged);
            EXPECT_EQ(callbacks, r.rounds);
            EXPECT_GT(r.rounds, 5) << "generation should need many rounds";
            EXPECT_LT(r.working_rows, static_cast<int>(data.tuples.size()));
            EXPECT_NEAR(r.objective, expected, 1e-6 * expected);
            EXPECT_NEAR(r.objective, C * r.loss + l1(r.weights), 1e-9 * r.objective);
        }
    }
}

// lltrain --export-lp: the text, read back by Clp's LP reader, is the full
// LP: the same optimum as the generation's, one row per tuple with σ > 0.
TEST(RankingLp, ExportedLpTextHasTheSameOptimum) {
    Dataset data = random_dataset(60, 40, 8, 15, 13);
    data.tuples.push_back(tuple(0, 1, 1, 0));  // σ = 0: never a row
    const double C = 0.7;
    const std::string text = ranking_lp_text(data.rows, data.tuples, C);
    const std::string path = ::testing::TempDir() + "ranking_lp_export_test.lp";
    {
        std::FILE* f = std::fopen(path.c_str(), "w");
        ASSERT_NE(f, nullptr);
        std::fwrite(text.data(), 1, text.size(), f);
        std::fclose(f);
    }
    ClpSimplex model;
    model.setLogLevel(0);
    ASSERT_EQ(model.readLp(path.c_str()), 0);
    std::remove(path.c_str());
    EXPECT_EQ(model.numberRows(), static_cast<int>(data.tuples.size()) - 1);
    model.initialSolve();
    ASSERT_EQ(model.status(), 0);
    RankingLpOptions options;
    options.tolerance = 1e-9;
    const RankingLpResult r = RankingLp(data.rows, data.tuples, options).solve(C);
    EXPECT_NEAR(model.objectiveValue(), r.objective, 1e-6 * r.objective);
    EXPECT_NEAR(model.objectiveValue(), full_lp_objective(data.rows, data.tuples, C),
                1e-6 * r.objective);
}

TEST(RankingLp, DefaultOptionsMatchFullLpWithinTolerance) {
    const Dataset data = random_dataset(200, 150, 12, 25, 11);
    const double expected = full_lp_objective(data.rows, data.tuples, 1);
    // Everything fits the default budget: the whole LP at once.
    const RankingLpResult all = RankingLp(data.rows, data.tuples).solve(1);
    EXPECT_TRUE(all.converged);
    EXPECT_EQ(all.working_rows, static_cast<int>(data.tuples.size()));
    EXPECT_NEAR(all.objective, expected, 1e-3 * expected);
    // A budget of 8 000 non-zeros: start from a sample of half of it.
    RankingLpOptions options;
    options.max_working_entries = 8000;
    const RankingLpResult sampled = RankingLp(data.rows, data.tuples, options).solve(1);
    EXPECT_TRUE(sampled.converged);
    EXPECT_GT(sampled.rounds, 1);
    EXPECT_LT(sampled.working_rows, static_cast<int>(data.tuples.size()));
    EXPECT_NEAR(sampled.objective, expected, 1e-3 * expected);
}

TEST(RankingLp, WarmStartAcrossCMatchesFreshSolve) {
    const Dataset data = random_dataset(150, 100, 10, 25, 3);
    RankingLpOptions options;
    options.tolerance = 1e-9;
    options.initial_rows = 100;
    options.max_rows_per_round = 200;
    options.max_columns_per_round = 10;
    RankingLp warm(data.rows, data.tuples, options);
    for (double C : {0.1, 5.0, 0.5, 0.01}) {
        const RankingLpResult w = warm.solve(C);
        const RankingLpResult f = RankingLp(data.rows, data.tuples, options).solve(C);
        EXPECT_TRUE(w.converged);
        EXPECT_NEAR(w.objective, f.objective, 1e-6 * f.objective) << "C=" << C;
    }
}

TEST(RankingLp, Deterministic) {
    const Dataset data = random_dataset(150, 100, 10, 25, 5);
    RankingLpOptions options;
    options.initial_rows = 100;
    options.max_rows_per_round = 150;
    options.max_columns_per_round = 10;
    RankingLp a(data.rows, data.tuples, options), b(data.rows, data.tuples, options);
    for (double C : {1.0, 0.2}) {
        const RankingLpResult ra = a.solve(C), rb = b.solve(C);
        EXPECT_EQ(ra.weights, rb.weights);
        EXPECT_EQ(ra.objective, rb.objective);
        EXPECT_EQ(ra.rounds, rb.rounds);
    }
}

TEST(RankingLp, TimeLimitStopsEarly) {
    const Dataset data = random_dataset(150, 100, 10, 25, 5);
    RankingLpOptions options;
    options.time_limit_s = 0;
    const RankingLpResult r = RankingLp(data.rows, data.tuples, options).solve(1);
    EXPECT_FALSE(r.converged);
    EXPECT_EQ(r.weights.size(), static_cast<std::size_t>(data.rows.num_features()));
    EXPECT_NEAR(r.objective, r.loss + l1(r.weights), 1e-9 * r.objective);
}

TEST(RankingLp, RankingLossByHand) {
    FeatureMatrix rows;
    const int a = rows.intern(SparseVector{{0, 1}});
    const int b = rows.intern(SparseVector{{0, 2}, {1, 1}});
    const std::vector<double> w{0.5, -1};  // h(a) = 0.5, h(b) = 0
    const std::vector<RankingTuple> tuples{
        tuple(a, b, 1, 2),    // margin −0.5: 2 · 1.5
        tuple(b, a, 0, 1),    // margin 0.5 ≥ 0: 0
        tuple(b, a, 1, 0.5),  // 0.5 · 0.5
    };
    EXPECT_DOUBLE_EQ(ranking_loss(rows, tuples, w), 3.25);
    EXPECT_DOUBLE_EQ(ranking_loss(rows, {}, w), 0);
}

// Manual speed benchmark: ~1e6 tuples, 2e4 features.
TEST(RankingLp, DISABLED_LargeScale) {
    const auto t0 = std::chrono::steady_clock::now();
    const Dataset data = random_dataset(20000, 40000, 30, 25, 1);
    const auto t1 = std::chrono::steady_clock::now();
    std::cout << "tuples " << data.tuples.size() << " rows " << data.rows.num_rows() << " features "
              << data.rows.num_features() << " (generated in "
              << std::chrono::duration<double>(t1 - t0).count() << " s)\n";
    RankingLp lp(data.rows, data.tuples);
    for (double C : {1.0, 0.1}) {
        const auto s0 = std::chrono::steady_clock::now();
        const RankingLpResult r = lp.solve(C, [&](const RankingLpProgress& p) {
            std::cout
                << "  round " << p.round << " rows " << p.working_rows << " cols "
                << p.working_columns << " violated " << p.violated_rows << " +cols "
                << p.added_columns << " obj " << p.objective << " t "
                << std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count()
                << "\n";
        });
        std::cout << "C=" << C << " objective " << r.objective << " loss " << r.loss << " rounds "
                  << r.rounds << " converged " << r.converged << " seconds "
                  << std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count()
                  << "\n";
        EXPECT_TRUE(r.converged);
    }
}

}  // namespace
}  // namespace ll
