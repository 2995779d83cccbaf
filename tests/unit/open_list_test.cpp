// The GBFS open list: lowest rounded h first, FIFO among equal h, negative
// values (learnt heuristics) included.
#include <gtest/gtest.h>

#include <vector>

#include "core/search/open_list.hpp"

namespace ll {
namespace {

std::vector<NodeId> drain(BucketOpenList& open) {
    std::vector<NodeId> out;
    while (!open.empty())
        out.push_back(open.pop());
    return out;
}

TEST(BucketOpenList, LowestFirstFifoWithinBucket) {
    BucketOpenList open;
    open.push(3, 0);
    open.push(1, 1);
    open.push(3, 2);
    open.push(1, 3);
    open.push(2, 4);
    EXPECT_EQ(open.size(), 5u);
    EXPECT_EQ(drain(open), (std::vector<NodeId>{1, 3, 4, 0, 2}));
}

TEST(BucketOpenList, NegativeValuesBelowTheFirstPush) {
    BucketOpenList open;
    open.push(5, 0);
    open.push(-2, 1);
    open.push(0, 2);
    open.push(-7, 3);
    open.push(-2, 4);
    EXPECT_EQ(drain(open), (std::vector<NodeId>{3, 1, 4, 2, 0}));
}

TEST(BucketOpenList, InterleavedPushPopKeepsOrder) {
    BucketOpenList open;
    open.push(-1, 0);
    open.push(4, 1);
    EXPECT_EQ(open.pop(), 0);
    open.push(-3, 2);   // below everything ever pushed
    open.push(4.4, 3);  // rounds to 4
    EXPECT_EQ(open.pop(), 2);
    EXPECT_EQ(open.pop(), 1);
    EXPECT_EQ(open.pop(), 3);
    EXPECT_TRUE(open.empty());
    open.push(10, 5);  // reuse after empty
    open.push(-10, 6);
    EXPECT_EQ(drain(open), (std::vector<NodeId>{6, 5}));
}

}  // namespace
}  // namespace ll
