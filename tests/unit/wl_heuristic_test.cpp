// The WL heuristic on blocksworld: values equal the hand-computed (or
// independently computed) dot product of the histogram with the weights,
// rounding is half away from zero, ILG ignores the partial action, a loaded
// model evaluates identically, and a model of another domain is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/learning/graph_builder.hpp"
#include "core/learning/wl_heuristic.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/static_facts.hpp"
#include "loaded_task.hpp"

namespace ll {
namespace {

struct WlHeuristicFixture : test::LoadedTask {
    explicit WlHeuristicFixture(const std::string& name = "blocksworld",
                                const std::string& problem = "p01")
        : LoadedTask(name, problem) {}

    WlModel model(GraphKind kind, int iterations, const std::vector<State>& training) {
        WlModel m;
        set_model_domain(m, task);
        m.graph = kind;
        WlOptions o;
        o.iterations = iterations;
        m.features = WlFeatures(o);
        auto builder = make_graph_builder(kind, task, layout, statics, successors);
        Graph g;
        SparseVector x;
        for (const State& s : training) {
            for (const PartialAction& p : partial_actions(s)) {
                builder->build(s, p, g);
                m.features.collect(g, x);
            }
        }
        return m;
    }

    // The histogram of (s, ρ), computed outside the heuristic.
    SparseVector histogram(const WlModel& m, const State& s, const PartialAction& p) {
        auto builder = make_graph_builder(m.graph, task, layout, statics, successors);
        Graph g;
        builder->build(s, p, g);
        WlFeatures features = m.features;
        SparseVector x;
        features.embed(g, x);
        return x;
    }
};

TEST(WlHeuristic, AllOnesWeightsCountNodesPerRound) {
    // ILG of the Sussman anomaly: 3 objects, 2 unachieved goals (on a b)
    // (on b c), 6 state atoms = 11 nodes; with unit weights h = 11 per round.
    WlHeuristicFixture f;
    const State s0 = initial_state(f.task, f.layout);
    Graph g;
    make_graph_builder(GraphKind::Ilg, f.task, f.layout, f.statics, f.successors)
        ->build(s0, PartialAction::none(), g);
    ASSERT_EQ(g.num_nodes(), 11);
    for (int iterations : {0, 1, 2}) {
        WlModel m = f.model(GraphKind::Ilg, iterations, {s0});
        for (int id = 0; id < m.features.num_colours(); ++id)
            m.weights.emplace_back(id, 1.0);
        WlHeuristic h(m, f.task, f.layout, f.statics, f.successors);
        EXPECT_EQ(h.evaluate(s0), 11 * (iterations + 1));
        EXPECT_EQ(h.miss_statistics().unseen, 0);
    }
}

TEST(WlHeuristic, RoundsHalfAwayFromZero) {
    WlHeuristicFixture f;
    const State s0 = initial_state(f.task, f.layout);
    WlModel m = f.model(GraphKind::Ilg, 1, {s0});
    // A colour that occurs exactly once in s0's graph (e.g. handempty).
    int once = -1;
    for (const auto& e : f.histogram(m, s0, PartialAction::none()))
        if (e.value == 1) once = e.feature;
    ASSERT_GE(once, 0);
    const std::vector<std::pair<double, double>> cases = {
        {0.5, 1}, {-0.5, -1}, {2.5, 3}, {-2.5, -3}, {1.5, 2}, {0.49, 0}, {-0.51, -1}};
    for (auto [w, expected] : cases) {
        m.weights = {{once, w}};
        WlHeuristic h(m, f.task, f.layout, f.statics, f.successors);
        EXPECT_EQ(h.evaluate(s0), expected) << "w = " << w;
        EXPECT_EQ(h.last_raw_value(), w);
    }
}

TEST(WlHeuristic, EqualsTheDotProductForEveryGraphKind) {
    WlHeuristicFixture f;
    const std::vector<State> all = f.breadth_first_states(25);
    const std::vector<State> training(all.begin(), all.begin() + 6);
    for (GraphKind kind : {GraphKind::Ilg, GraphKind::Aoag, GraphKind::Aeg}) {
        WlModel m = f.model(kind, 2, training);
        ASSERT_GT(m.features.num_colours(), 0);
        for (int id = 0; id < m.features.num_colours(); ++id) {
            const double w = ((id * 37) % 11 - 5) * 0.25 + ((id % 3 == 0) ? 0.125 : 0.0);
            if (w != 0) m.weights.emplace_back(id, w);
        }
        WlHeuristic h(m, f.task, f.layout, f.statics, f.successors);
        int evaluations = 0;
        for (const State& s : all) {
            for (const PartialAction& p : f.partial_actions(s)) {
                double expected = 0;
                for (const auto& e : f.histogram(m, s, p)) {
                    for (const auto& [id, w] : m.weights)
                        if (id == e.feature) expected += e.value * w;
                }
                const double value = h.evaluate(s, p);
                ASSERT_NEAR(h.last_raw_value(), expected, 1e-9) << to_string(kind);
                ASSERT_EQ(value, std::round(h.last_raw_value()));
                ++evaluations;
            }
        }
        EXPECT_GT(evaluations, 50);
        // States beyond the training set produce unseen colours.
        EXPECT_GT(h.miss_statistics().unseen, 0) << to_string(kind);
        EXPECT_GT(h.miss_statistics().seen, 0);
    }
}

TEST(WlHeuristic, IlgIgnoresThePartialAction) {
    WlHeuristicFixture f;
    const std::vector<State> all = f.breadth_first_states(10);
    WlModel m = f.model(GraphKind::Ilg, 2, all);
    for (int id = 0; id < m.features.num_colours(); ++id)
        m.weights.emplace_back(id, 0.1 * (id % 7) - 0.3);
    WlHeuristic h(m, f.task, f.layout, f.statics, f.successors);
    for (const State& s : all) {
        const double none = h.evaluate(s);
        const double raw = h.last_raw_value();
        for (const PartialAction& p : f.partial_actions(s)) {
            EXPECT_EQ(h.evaluate(s, p), none);
            EXPECT_EQ(h.last_raw_value(), raw);
        }
    }
}

TEST(WlHeuristic, LoadedModelEvaluatesIdentically) {
    WlHeuristicFixture f;
    const std::vector<State> all = f.breadth_first_states(15);
    WlModel m = f.model(GraphKind::Aoag, 2, {all.begin(), all.begin() + 5});
    for (int id = 0; id < m.features.num_colours(); id += 2)
        m.weights.emplace_back(id, 1.0 / (id + 3));
    const WlModel loaded = load_model(save_model(m), "m.json");
    WlHeuristic a(m, f.task, f.layout, f.statics, f.successors);
    WlHeuristic b(loaded, f.task, f.layout, f.statics, f.successors);
    for (const State& s : all) {
        for (const PartialAction& p : f.partial_actions(s)) {
            ASSERT_EQ(a.evaluate(s, p), b.evaluate(s, p));
            ASSERT_EQ(a.last_raw_value(), b.last_raw_value());
        }
    }
    EXPECT_EQ(a.miss_statistics().unseen, b.miss_statistics().unseen);
}

TEST(WlHeuristic, ModelOfAnotherDomainIsRefused) {
    WlHeuristicFixture gripper("gripper", "p01");
    WlModel m = gripper.model(GraphKind::Aoag, 1, gripper.breadth_first_states(3));
    m.weights = {{0, 1.0}};
    WlHeuristicFixture bw;
    try {
        WlHeuristic h(m, bw.task, bw.layout, bw.statics, bw.successors);
        FAIL() << "expected a domain mismatch";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Model);
        EXPECT_NE(std::string(e.what()).find("gripper"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("blocksworld"), std::string::npos) << e.what();
    }
    // The same model is accepted on another gripper problem.
    WlHeuristicFixture gripper2("gripper", "p02");
    EXPECT_NO_THROW(
        WlHeuristic(m, gripper2.task, gripper2.layout, gripper2.statics, gripper2.successors));
}

TEST(WlHeuristic, WeightIdOutOfRangeIsAModelError) {
    WlHeuristicFixture f;
    WlModel m = f.model(GraphKind::Ilg, 1, f.breadth_first_states(2));
    m.weights = {{m.features.num_colours(), 1.0}};
    try {
        WlHeuristic h(m, f.task, f.layout, f.statics, f.successors);
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Model);
    }
}

// Two weights of 1e308 made the dot product inf (or NaN from
// inf - inf), which the search took for a dead end ("proven unsolvable").
// A model of finite weights must always give a finite value.
TEST(WlHeuristic, OverflowingWeightsNeverGiveADeadEnd) {
    WlHeuristicFixture f;
    const State s0 = initial_state(f.task, f.layout);
    WlModel m = f.model(GraphKind::Ilg, 1, {s0});
    const SparseVector x = f.histogram(m, s0, PartialAction::none());
    ASSERT_GE(x.size(), 3u);
    const double max = std::numeric_limits<double>::max();
    auto h_of = [&](std::vector<std::pair<int, double>> weights) {
        m.weights = std::move(weights);
        std::sort(m.weights.begin(), m.weights.end());
        WlHeuristic h(m, f.task, f.layout, f.statics, f.successors);
        const double value = h.evaluate(s0);
        EXPECT_TRUE(std::isfinite(value)) << value;
        EXPECT_TRUE(std::isfinite(h.last_raw_value())) << h.last_raw_value();
        return value;
    };
    const int a = x[0].feature, b = x[1].feature, c = x[2].feature;
    // inf in double: clamped to the largest double.
    EXPECT_EQ(h_of({{a, 1e308}, {b, 1e308}}), max);
    EXPECT_EQ(h_of({{a, -1e308}, {b, -1e308}}), -max);
    // inf - inf = NaN in double: a finite value instead.
    h_of({{a, 1e308}, {c, -1e308}, {b, 1.0}});
    // Partial sums that overflow although the total does not.
    h_of({{a, max}, {b, max}, {c, -max}});
    // Ordinary weights keep the exact double arithmetic.
    EXPECT_EQ(h_of({{a, 0.5}}), std::round(0.5 * x[0].value));

    // A non-finite weight set in code (load_model refuses them in files).
    m.weights = {{a, std::numeric_limits<double>::quiet_NaN()}};
    try {
        WlHeuristic h(m, f.task, f.layout, f.statics, f.successors);
        FAIL() << "expected a model error";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Model);
        EXPECT_NE(std::string(e.what()).find("not finite"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace ll
