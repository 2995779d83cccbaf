// Ranking datasets from plans (core/learning/dataset): tuple counts against a
// brute-force count of the paper's definitions, δ and importances per type,
// no identical pairs, determinism, and the state-space (WL-GOOSE) dataset.
#include <gtest/gtest.h>

#include <set>

#include "core/common/error.hpp"
#include "core/learning/dataset.hpp"
#include "core/pddl/parser.hpp"
#include "tests/unit/test_support.hpp"

namespace ll {
namespace {

using test::GroundOracle;
using test::load_task;
using test::read_file;
using test::task_path;

// The number of tuples the paper's definitions give for one plan, before
// identical pairs are dropped (computed on explicit ground sets).
struct ExpectedCounts {
    std::int64_t lp = 0, ls = 0, sp = 0, ss = 0, state_space = 0;
};
ExpectedCounts expected_partial_counts(const Task& task, const std::vector<GroundAction>& plan) {
    GroundOracle oracle(task);
    ExpectedCounts c;
    auto s = oracle.initial();
    for (std::size_t t = 0; t < plan.size(); ++t) {
        const auto applicable = oracle.applicable_actions(s);
        const GroundAction& a = plan[t];
        const std::size_t k = a.arguments.size();
        c.lp += (t > 0 ? 1 : 0) + static_cast<std::int64_t>(k + 1);
        c.sp += static_cast<std::int64_t>(k + 1);
        for (std::size_t d = 0; d <= k; ++d) {
            std::set<std::pair<SchemaId, std::vector<ObjectId>>> prefixes;
            for (const auto& b : applicable) {
                if (b.arguments.size() <= d) continue;  // complete at this depth
                prefixes.insert({b.schema, {b.arguments.begin(), b.arguments.begin() + d}});
            }
            const bool chosen_incomplete = d < k;
            c.ls += static_cast<std::int64_t>(prefixes.size()) - (chosen_incomplete ? 1 : 0);
        }
        c.ss += static_cast<std::int64_t>(applicable.size()) - 1;
        c.state_space += static_cast<std::int64_t>(applicable.size());
        s = oracle.apply(s, a);
    }
    return c;
}

std::int64_t count(const DatasetCounts& c, TupleType t) {
    return c.tuples[static_cast<int>(t)];
}

TEST(Dataset, PartialSpaceCountsMatchTheDefinitions) {
    for (const char* problem : {"p01", "p02", "p03"}) {
        SCOPED_TRACE(problem);
        const Task task = load_task("blocksworld", problem);
        const auto plan = test::load_plan(task, "blocksworld", problem);
        for (GraphKind graph : {GraphKind::Aoag, GraphKind::Aeg}) {
            WlFeatures features;
            DatasetOptions options{graph, DatasetSpace::Partial, default_importances(graph)};
            DatasetBuilder builder(options, features);
            builder.add_plan(task, plan, 0);
            const RankingDataset& data = builder.dataset();
            const ExpectedCounts e = expected_partial_counts(task, plan);
            const DatasetCounts& c = data.counts;
            // Kept + dropped-as-identical = the definitions' count, per type.
            std::int64_t dropped = e.lp + e.ls + e.sp + e.ss - c.total();
            EXPECT_EQ(dropped, c.identical_dropped);
            EXPECT_LE(count(c, TupleType::LayerPredecessor), e.lp);
            EXPECT_LE(count(c, TupleType::StatePredecessor), e.sp);
            EXPECT_EQ(count(c, TupleType::LayerSibling) + count(c, TupleType::StateSibling) +
                          count(c, TupleType::LayerPredecessor) +
                          count(c, TupleType::StatePredecessor) + c.identical_dropped,
                      e.lp + e.ls + e.sp + e.ss);
            // The (s_t, None) vs (s_{t-1}, a_{t-1}) pair is the same graph in
            // AOAG and AEG (both are the graph of s_t), and (A, []) at depth
            // 0 vs None is different: exactly one identical pair per step t>0
            // from the chain, plus the first state-predecessor pair (None vs
            // None is not generated), so LP loses plan.size()-1 tuples at least.
            EXPECT_LE(count(c, TupleType::LayerPredecessor),
                      e.lp - static_cast<std::int64_t>(plan.size()) + 1);
            EXPECT_EQ(c.state_space_equivalent, e.state_space);
            EXPECT_GT(count(c, TupleType::StateSibling), 0);
            EXPECT_GT(count(c, TupleType::LayerSibling), 0);
            EXPECT_EQ(c.plan_steps, static_cast<std::int64_t>(plan.size()));
            for (const auto& tuple : data.tuples) {
                EXPECT_NE(tuple.better, tuple.worse);
                EXPECT_NE(data.rows.row(tuple.better).size(), 0u);
                switch (tuple.type) {
                    case TupleType::LayerPredecessor:
                        EXPECT_EQ(tuple.delta, 1);
                        EXPECT_EQ(tuple.weight, options.importances.layer_predecessor);
                        break;
                    case TupleType::StatePredecessor:
                        EXPECT_EQ(tuple.delta, 1);
                        EXPECT_EQ(tuple.weight, options.importances.state_predecessor);
                        break;
                    case TupleType::LayerSibling:
                        EXPECT_EQ(tuple.delta, 0);
                        EXPECT_EQ(tuple.weight, options.importances.layer_sibling);
                        break;
                    case TupleType::StateSibling:
                        EXPECT_EQ(tuple.delta, 0);
                        EXPECT_EQ(tuple.weight, options.importances.state_sibling);
                        break;
                    default:
                        ADD_FAILURE() << "state-space tuple in a partial-space dataset";
                }
            }
        }
    }
}

TEST(Dataset, StateSpaceParentsAndSiblings) {
    const Task task = load_task("blocksworld", "p02");
    const auto plan = test::load_plan(task, "blocksworld", "p02");
    WlFeatures features;
    DatasetBuilder builder({GraphKind::Ilg, DatasetSpace::State, {}}, features);
    builder.add_plan(task, plan, 3);
    const RankingDataset& data = builder.dataset();
    const ExpectedCounts e = expected_partial_counts(task, plan);
    const DatasetCounts& c = data.counts;
    EXPECT_EQ(count(c, TupleType::Parent) + count(c, TupleType::Sibling) + c.identical_dropped,
              e.state_space);
    // A plan successor differs from its parent (plans here have no no-op steps).
    EXPECT_EQ(count(c, TupleType::Parent), static_cast<std::int64_t>(plan.size()));
    for (const auto& tuple : data.tuples) {
        EXPECT_EQ(tuple.problem, 3);
        EXPECT_EQ(tuple.delta, tuple.type == TupleType::Parent ? 1 : 0);
        EXPECT_EQ(tuple.weight, 1.0);
    }
}

TEST(Dataset, DeterministicRowsAndTuples) {
    const Task task = load_task("gripper", "p01");
    const auto plan = test::load_plan(task, "gripper", "p01");
    auto build = [&] {
        WlFeatures features;
        DatasetBuilder builder({GraphKind::Aoag, DatasetSpace::Partial, {}}, features);
        builder.add_plan(task, plan, 0);
        return std::make_pair(builder.take(), features.keys());
    };
    auto [a, keys_a] = build();
    auto [b, keys_b] = build();
    EXPECT_EQ(keys_a, keys_b);
    ASSERT_EQ(a.rows.num_rows(), b.rows.num_rows());
    for (int i = 0; i < a.rows.num_rows(); ++i) {
        ASSERT_TRUE(std::equal(a.rows.row(i).begin(), a.rows.row(i).end(), b.rows.row(i).begin(),
                               b.rows.row(i).end()));
    }
    ASSERT_EQ(a.tuples.size(), b.tuples.size());
    for (std::size_t i = 0; i < a.tuples.size(); ++i) {
        EXPECT_EQ(a.tuples[i].better, b.tuples[i].better);
        EXPECT_EQ(a.tuples[i].worse, b.tuples[i].worse);
        EXPECT_EQ(a.tuples[i].type, b.tuples[i].type);
    }
}

TEST(Dataset, ImportancesParsing) {
    const Importances i = parse_importances("0.5,2,0.5,0.75");
    EXPECT_EQ(i.layer_predecessor, 0.5);
    EXPECT_EQ(i.layer_sibling, 2.0);
    EXPECT_EQ(i.state_predecessor, 0.5);
    EXPECT_EQ(i.state_sibling, 0.75);
    const Importances w = parse_importances("warehouse");
    EXPECT_EQ(w.layer_predecessor, 2.0);
    EXPECT_EQ(w.state_sibling, 0.5);
    EXPECT_EQ(default_importances(GraphKind::Aeg).state_sibling, 0.75);
    EXPECT_EQ(default_importances(GraphKind::Aoag).state_sibling, 1.0);
    for (const char* bad :
         {"", "1,2,3", "1,2,3,4,5", "a,b,c,d", "1,-2,3,4", "1,,3,4", "1,2,3,4x"}) {
        EXPECT_THROW(parse_importances(bad), Error) << bad;
    }
}

}  // namespace
}  // namespace ll
