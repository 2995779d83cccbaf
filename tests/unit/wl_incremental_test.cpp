// Oracle test of the incremental WL embedding: along random walks over every
// test task, evaluating each state's partial actions (the children of a PS²
// node) and its successors (the children of an S³ node), the incremental
// heuristic's value, unrounded sum (bit for bit), histogram and lookup
// counts equal the full embedding's, for ILG, AOAG and AEG, both
// neighbourhoods and 1 or 2 rounds, with dictionaries that miss colours.
// ILG and AOAG graphs are embedded as deltas of the previous graph
// (wl_dynamic.hpp), AEG graphs by comparing graphs (wl_incremental.hpp); the
// walks end with a jump back to the initial state.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/learning/graph_builder.hpp"
#include "core/learning/wl_heuristic.hpp"
#include "core/learning/wl_incremental.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/static_facts.hpp"
#include "loaded_task.hpp"

namespace ll {
namespace {

struct IncrementalFixture : test::LoadedTask {
    using LoadedTask::LoadedTask;

    // A dictionary from the initial state's pairs only (later states miss
    // colours), with weights that are not round numbers.
    WlModel model(GraphKind kind, WlOptions options) {
        WlModel m;
        set_model_domain(m, task);
        m.graph = kind;
        m.features = WlFeatures(options);
        auto builder = make_graph_builder(kind, task, layout, statics, successors);
        Graph g;
        SparseVector x;
        const State s0 = initial_state(task, layout);
        for (const PartialAction& p : partial_actions(s0)) {
            builder->build(s0, p, g);
            m.features.collect(g, x);
        }
        for (int id = 0; id < m.features.num_colours(); ++id)
            m.weights.emplace_back(id, 0.37 * ((id * 13) % 7 - 3) + 0.1 / (id + 1));
        return m;
    }
};

// Evaluates (s, ρ) with both heuristics and compares everything.
void expect_same(WlHeuristic& full, WlHeuristic& inc, const State& s, const PartialAction& p,
                 const std::string& where) {
    const double a = full.evaluate(s, p);
    const double b = inc.evaluate(s, p);
    ASSERT_EQ(a, b) << where;
    ASSERT_EQ(full.last_raw_value(), inc.last_raw_value()) << where;
    ASSERT_EQ(full.last_histogram(), inc.last_histogram()) << where;
    ASSERT_EQ(full.miss_statistics().seen, inc.miss_statistics().seen) << where;
    ASSERT_EQ(full.miss_statistics().unseen, inc.miss_statistics().unseen) << where;
}

class WlIncrementalOracle : public ::testing::TestWithParam<test::TaskRef> {};

TEST_P(WlIncrementalOracle, EqualsTheFullEmbeddingAlongRandomWalks) {
    IncrementalFixture f(GetParam());
    std::int64_t incremental = 0;
    for (GraphKind kind : {GraphKind::Ilg, GraphKind::Aoag, GraphKind::Aeg}) {
        for (int iterations : {1, 2}) {
            for (Neighbourhood nb : {Neighbourhood::Set, Neighbourhood::Multiset}) {
                WlModel m;
                try {
                    m = f.model(kind, {iterations, nb, WlVariant::Plain});
                } catch (const Error& e) {
                    ASSERT_EQ(e.category(), ErrorCategory::Unsupported);
                    return;  // a task the graphs do not encode
                }
                WlHeuristic full(m, f.task, f.layout, f.statics, f.successors);
                WlHeuristic inc(m, f.task, f.layout, f.statics, f.successors);
                full.set_incremental(false);
                // Every graph, however small or changed, is tried incrementally
                // (and, in one run of four, with the default thresholds).
                if (iterations == 2 && nb == Neighbourhood::Multiset) {
                    inc.set_incremental(true);
                } else {
                    inc.set_incremental(true,
                                        {.min_nodes = 0, .change_divisor = 1, .delta_divisor = 1});
                }
                std::mt19937 rng(17 * iterations + static_cast<int>(kind));
                State s = initial_state(f.task, f.layout);
                for (int step = 0; step < 12; ++step) {
                    const std::string where = std::string(to_string(kind)) + " L" +
                                              std::to_string(iterations) + " step " +
                                              std::to_string(step);
                    for (const PartialAction& p : f.partial_actions(s))
                        expect_same(full, inc, s, p, where + " partial");
                    const std::vector<GroundAction> actions = f.applicable(s);
                    if (actions.empty()) break;
                    for (const GroundAction& a : actions)
                        expect_same(full, inc, apply_action(f.task, f.layout, s, a),
                                    PartialAction::none(), where + " child");
                    s = apply_action(f.task, f.layout, s, actions[rng() % actions.size()]);
                }
                const State s0 = initial_state(f.task, f.layout);
                expect_same(full, inc, s0, PartialAction::none(), "back to the initial state");
                for (const PartialAction& p : f.partial_actions(s0))
                    expect_same(full, inc, s0, p, "back to the initial state, partial");
                EXPECT_EQ(inc.uses_deltas(), kind != GraphKind::Aeg);
                incremental += inc.incremental_statistics().incremental;
            }
        }
    }
    EXPECT_GT(incremental, 0);
}

INSTANTIATE_TEST_SUITE_P(AllTasks, WlIncrementalOracle, ::testing::ValuesIn(test::all_test_tasks()),
                         [](const auto& info) { return test::param_name(info.param); });

// Graphs that declare no structure, and the individualised variant, are
// embedded from scratch with the same result.
TEST(WlIncremental, FallsBackWithoutStructure) {
    WlFeatures trained;
    Graph g;
    for (int v = 0; v < 80; ++v)
        g.add_node(v % 3);
    for (int v = 1; v < 80; ++v)
        g.add_edge(v - 1, v, v % 2);
    SparseVector expected, got;
    trained.collect(g, expected);
    WlFeatures a = trained, b = trained;
    a.embed(g, expected);
    WlIncremental inc;
    for (int k = 0; k < 2; ++k) {
        Graph copy = g;
        inc.embed(b, copy, got);
        EXPECT_EQ(got, expected);
    }
    EXPECT_EQ(inc.statistics().incremental, 0);
    EXPECT_EQ(inc.statistics().full, 2);
    EXPECT_EQ(b.miss_statistics().seen, 2 * a.miss_statistics().seen);
}

// A graph is described against the last graph of its shape: after the
// state's graph, the graph of the state's sail actions is unchanged (an
// empty delta), not the state's graph plus every sail action.
TEST(WlGraphSlots, AShapeReturnsToItsLastGraph) {
    test::LoadedTask f("ferry", "p02");
    auto builder = make_graph_builder(GraphKind::Aoag, f.task, f.layout, f.statics, f.successors);
    builder->set_tracking(true);
    SchemaId sail = -1;
    for (SchemaId k = 0; k < f.task.num_schemas(); ++k) {
        if (f.task.schemas[k].name == "sail") sail = k;
    }
    ASSERT_GE(sail, 0);
    const State s0 = initial_state(f.task, f.layout);
    PartialAction sails;  // sail(l1, ?): two actions
    for (const PartialAction& p : f.partial_actions(s0)) {
        if (p.schema == sail && p.prefix.size() == 1) sails = p;
    }
    ASSERT_EQ(sails.schema, sail);
    Graph g;
    builder->build(s0, sails, g);
    EXPECT_EQ(builder->last_slot(), 1 + sail);
    const std::vector<int> no_limit(static_cast<std::size_t>(builder->num_slots()), 1 << 20);
    GraphDelta delta;
    int slot = -1;
    EXPECT_FALSE(builder->build_delta(s0, PartialAction::none(), no_limit, delta, slot));
    EXPECT_EQ(slot, 0);  // nothing kept there yet
    builder->build(s0, PartialAction::none(), g);
    EXPECT_EQ(builder->last_slot(), 0);
    ASSERT_TRUE(builder->build_delta(s0, sails, no_limit, delta, slot));
    EXPECT_EQ(slot, 1 + sail);
    EXPECT_EQ(delta.size(), 0);
    const std::vector<GroundAction> actions = f.applicable(s0);
    ASSERT_FALSE(actions.empty());
    const State s1 = apply_action(f.task, f.layout, s0, actions[0]);
    ASSERT_TRUE(builder->build_delta(s1, PartialAction::none(), no_limit, delta, slot));
    EXPECT_EQ(slot, 0);
    EXPECT_GT(delta.size(), 0);
}

}  // namespace
}  // namespace ll
