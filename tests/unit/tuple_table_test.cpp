// TupleTable: exact-key interning, O(1) clear, and growth when many ids were
// appended without slots (a regression: growth used to double only once and
// then probe forever while rehashing).
#include <gtest/gtest.h>

#include "core/common/tuple_table.hpp"

namespace ll {
namespace {

TEST(TupleTable, InternsExactKeysAndClears) {
    TupleTable table;
    const ObjectId a[] = {1, 2}, b[] = {2, 1};
    EXPECT_EQ(table.insert(7, a, 2), std::make_pair(0, true));
    EXPECT_EQ(table.insert(7, b, 2), std::make_pair(1, true));
    EXPECT_EQ(table.insert(7, a, 2), std::make_pair(0, false));
    EXPECT_EQ(table.insert(8, a, 2), std::make_pair(2, true));
    EXPECT_EQ(table.find(7, b, 2), 1);
    table.clear();
    EXPECT_EQ(table.size(), 0);
    EXPECT_EQ(table.find(7, b, 2), -1);
    EXPECT_EQ(table.insert(7, b, 2), std::make_pair(0, true));
}

TEST(TupleTable, GrowsPastManyAppendedIds) {
    TupleTable table;
    for (int round = 0; round < 3; ++round) {
        table.clear();
        for (ObjectId i = 0; i < 100000; ++i)
            table.append(1, &i, 1);
        for (ObjectId i = 0; i < 5000; ++i) {
            ASSERT_TRUE(table.insert(2, &i, 1).second);
        }
        for (ObjectId i = 0; i < 5000; ++i)
            EXPECT_EQ(table.find(2, &i, 1), 100000 + i);
        EXPECT_EQ(table.size(), 105000);
    }
}

}  // namespace
}  // namespace ll
