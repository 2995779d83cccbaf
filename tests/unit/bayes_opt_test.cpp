// minimise_1d: finds the minimum of a smooth function with few evaluations,
// evaluates first_x first, stays within bounds and is deterministic.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "core/common/error.hpp"
#include "core/training/bayes_opt.hpp"

namespace ll {
namespace {

double bowl(double x) {
    return (x - 0.7) * (x - 0.7) + 0.01 * std::sin(5 * x);
}

TEST(BayesOpt, FindsMinimumOfBowl) {
    BayesOptOptions options;  // [−3, 2], 5 initial, 10 guided
    std::vector<BayesOptSample> seen;
    const BayesOptResult r =
        minimise_1d(bowl, options, 0, [&](const BayesOptSample& s) { seen.push_back(s); });
    ASSERT_EQ(r.samples.size(), 16u);  // first_x + 5 + 10
    EXPECT_EQ(r.samples.front().x, 0);
    EXPECT_NEAR(r.best_x, 0.7, 0.1);
    EXPECT_EQ(r.best_value, bowl(r.best_x));
    ASSERT_EQ(seen.size(), r.samples.size());
    for (std::size_t i = 0; i < seen.size(); ++i) {
        EXPECT_EQ(seen[i].x, r.samples[i].x);
        EXPECT_EQ(seen[i].value, bowl(seen[i].x));
        EXPECT_GE(seen[i].x, options.lower);
        EXPECT_LE(seen[i].x, options.upper);
        EXPECT_GE(seen[i].value, r.best_value);
    }
}

TEST(BayesOpt, MinimumAtTheBoundary) {
    BayesOptOptions options;
    const BayesOptResult r = minimise_1d([](double x) { return x; }, options, 0);
    EXPECT_NEAR(r.best_x, -3, 0.05);
}

TEST(BayesOpt, Deterministic) {
    BayesOptOptions options;
    options.seed = 99;
    const BayesOptResult a = minimise_1d(bowl, options, 0.3), b = minimise_1d(bowl, options, 0.3);
    ASSERT_EQ(a.samples.size(), b.samples.size());
    for (std::size_t i = 0; i < a.samples.size(); ++i) {
        EXPECT_EQ(a.samples[i].x, b.samples[i].x);
        EXPECT_EQ(a.samples[i].value, b.samples[i].value);
    }
    EXPECT_EQ(a.best_x, b.best_x);
    options.seed = 100;  // the seed matters
    const BayesOptResult c = minimise_1d(bowl, options, 0.3);
    EXPECT_NE(a.samples[1].x, c.samples[1].x);
}

TEST(BayesOpt, FirstXOutOfRangeIsSkipped) {
    BayesOptOptions options;
    options.initial_points = 2;
    options.iterations = 3;
    const BayesOptResult r = minimise_1d(bowl, options, 5);
    ASSERT_EQ(r.samples.size(), 5u);
    for (const auto& s : r.samples) {
        EXPECT_GE(s.x, options.lower);
        EXPECT_LE(s.x, options.upper);
    }
}

TEST(BayesOpt, NonFiniteValuesAreNeverBest) {
    BayesOptOptions options;
    const BayesOptResult r = minimise_1d(
        [](double x) { return x < 0 ? std::numeric_limits<double>::infinity() : x * x; }, options,
        -1);
    EXPECT_TRUE(std::isinf(r.samples.front().value));
    EXPECT_GE(r.best_x, 0);
    EXPECT_LT(r.best_value, 0.1);
}

TEST(BayesOpt, RejectsEmptyInterval) {
    BayesOptOptions options;
    options.lower = 1;
    options.upper = 1;
    EXPECT_THROW(minimise_1d(bowl, options), Error);
}

}  // namespace
}  // namespace ll
