// The stores that grow with the search never double in one
// block. A std::vector's last doubling copied X bytes into a new block of 2X
// inside one allocation, where no budget poll can run, so a search under a
// memory limit peaked at its store's size above the limit (1421 MB for a
// 1000 MB limit). SegmentedVector and StateRegistry grow by segments,
// chunks and index shards; these tests check that they store what they are
// given (tests/resources/memory_limits_test.cpp checks that a registry
// growing under a Budget stops near its limit).
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "core/common/budget.hpp"
#include "core/common/resources.hpp"
#include "core/common/segmented_vector.hpp"
#include "core/task/state_registry.hpp"

namespace ll {
namespace {

constexpr double kNoTime = std::numeric_limits<double>::infinity();

TEST(SegmentedVector, HoldsItsElementsAcrossSegments) {
    using Vec = SegmentedVector<std::int64_t>;
    const std::size_t n = 3 * Vec::kPerSegment + 17;
    Vec v;
    EXPECT_TRUE(v.empty());
    for (std::size_t i = 0; i < n; ++i)
        v.push_back(static_cast<std::int64_t>(i * 3));
    ASSERT_EQ(v.size(), n);
    for (std::size_t i = 0; i < n; ++i)
        ASSERT_EQ(v[i], static_cast<std::int64_t>(i * 3)) << i;
    EXPECT_EQ(v.back(), static_cast<std::int64_t>((n - 1) * 3));

    // Past the first segment, elements never move.
    const std::int64_t* second = &v[Vec::kPerSegment];
    for (std::size_t i = 0; i < 2 * Vec::kPerSegment; ++i)
        v.push_back(-1);
    EXPECT_EQ(second, &v[Vec::kPerSegment]);

    Vec copy = v;
    Vec moved = std::move(v);
    ASSERT_EQ(copy.size(), moved.size());
    for (std::size_t i = 0; i < copy.size(); i += 997)
        EXPECT_EQ(copy[i], moved[i]);

    moved.resize(5, 0);
    EXPECT_EQ(moved.size(), 5u);
    moved.resize(Vec::kPerSegment + 5, 42);
    EXPECT_EQ(moved[4], 12);
    EXPECT_EQ(moved[5], 42);
    EXPECT_EQ(moved.back(), 42);
    moved.pop_back();
    EXPECT_EQ(moved.size(), Vec::kPerSegment + 4);
}

TEST(SegmentedVector, SegmentsAreAtMostOneMebibyte) {
    EXPECT_LE(SegmentedVector<char>::kPerSegment * sizeof(char), kSegmentBytes);
    struct Wide {
        double d[5];
    };
    EXPECT_LE(SegmentedVector<Wide>::kPerSegment * sizeof(Wide), kSegmentBytes);
    EXPECT_GT(SegmentedVector<Wide>::kPerSegment * sizeof(Wide), kSegmentBytes / 2);
}

std::vector<ObjectId> record(int i) {
    // Lengths 0..6, contents from i: distinct for distinct i.
    std::vector<ObjectId> w(static_cast<std::size_t>(i % 7), i);
    w.push_back(i / 7);
    return w;
}

TEST(StateRegistry, InternsDenselyAcrossChunksAndShards) {
    StateRegistry registry;
    const int n = 300000;  // several chunks, every shard grown many times
    for (int i = 0; i < n; ++i) {
        bool inserted = false;
        ASSERT_EQ(registry.insert(record(i), inserted), i);
        ASSERT_TRUE(inserted);
    }
    EXPECT_EQ(registry.size(), n);
    for (int i = 0; i < n; i += 7) {
        bool inserted = true;
        ASSERT_EQ(registry.insert(record(i), inserted), i);
        EXPECT_FALSE(inserted);
        const auto w = registry.words(i);
        const auto expected = record(i);
        ASSERT_TRUE(std::equal(w.begin(), w.end(), expected.begin(), expected.end())) << i;
    }
    // States, through State, and a record larger than a whole chunk.
    std::vector<ObjectId> big(600000, 3);
    bool inserted = false;
    const StateId id = registry.insert(State(big), inserted);
    EXPECT_TRUE(inserted);
    EXPECT_EQ(registry.get(id), State(big));
    EXPECT_EQ(registry.insert(State(big), inserted), id);
    EXPECT_FALSE(inserted);
    EXPECT_EQ(registry.words(n - 1).size(), record(n - 1).size());
}

TEST(StateRegistry, AnIndexGrowthPastTheLimitThrowsAndChangesNothing) {
    StateRegistry registry;
    Stopwatch clock;
    // Below the current resident size: every growth is refused.
    Budget spent(&clock, kNoTime, current_memory_mb() - 8);
    registry.set_budget(&spent);
    int inserted_before_throw = -1;
    for (int i = 0; i < 1000; ++i) {
        bool inserted = false;
        try {
            registry.insert(record(i), inserted);
        } catch (const LimitReached& e) {
            EXPECT_EQ(e.kind(), LimitReached::Kind::Memory);
            inserted_before_throw = i;
            break;
        }
    }
    // The first insertion into an empty shard already grows it.
    ASSERT_EQ(inserted_before_throw, 0);
    EXPECT_EQ(registry.size(), 0);

    registry.set_budget(nullptr);
    for (int i = 0; i < 1000; ++i) {
        bool inserted = false;
        ASSERT_EQ(registry.insert(record(i), inserted), i);
    }
    // Known states are found without any growth, even with the budget spent.
    registry.set_budget(&spent);
    for (int i = 0; i < 1000; ++i) {
        bool inserted = true;
        ASSERT_EQ(registry.insert(record(i), inserted), i);
        EXPECT_FALSE(inserted);
    }
    // A new one either fits its shard or is refused without a trace.
    int refused = 0;
    for (int i = 1000; i < 5000; ++i) {
        const int before = registry.size();
        bool inserted = false;
        try {
            registry.insert(record(i), inserted);
        } catch (const LimitReached&) {
            ++refused;
            EXPECT_EQ(registry.size(), before);
            continue;
        }
        EXPECT_EQ(registry.size(), before + 1);
    }
    EXPECT_GT(refused, 0);
}

}  // namespace
}  // namespace ll
