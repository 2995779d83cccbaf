// Heuristic values: hand-computed values on the Sussman anomaly, and hadd /
// hmax against a grounded fixpoint oracle on every reachable state of every
// test task; hFF between hmax and hadd with a relaxed plan that really
// reaches the goal under delete relaxation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/heuristics/goal_count.hpp"
#include "core/heuristics/relaxation.hpp"
#include "core/task/goal.hpp"
#include "core/task/static_facts.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

struct Fixture {
    explicit Fixture(const std::string& name, const std::string& problem)
        : task(test::load_task(name, problem)),
          layout(task),
          statics(task),
          goal(task, layout, statics),
          ff(RelaxationHeuristic::Kind::FF, task, layout, statics, goal),
          add(RelaxationHeuristic::Kind::Add, task, layout, statics, goal),
          max(RelaxationHeuristic::Kind::Max, task, layout, statics, goal),
          count(task, layout, goal) {}
    Task task;
    StateLayout layout;
    StaticFacts statics;
    GoalChecker goal;
    RelaxationHeuristic ff, add, max;
    GoalCountHeuristic count;
};

TEST(Heuristics, SussmanAnomalyHandComputed) {
    // s0: (on c a) (ontable a) (ontable b) (clear c) (clear b) (handempty);
    // goal (on a b) (on b c). Relaxed: unstack c a, pick-up b, stack b c
    // [on b c at cost 2], pick-up a [2], stack a b [3].
    Fixture f("blocksworld", "p01");
    const State s0 = initial_state(f.task, f.layout);
    EXPECT_EQ(f.ff.evaluate(s0), 5);
    EXPECT_EQ(f.add.evaluate(s0), 5);
    EXPECT_EQ(f.max.evaluate(s0), 3);
    EXPECT_EQ(f.count.evaluate(s0), 2);
    auto plan = f.ff.last_relaxed_plan();
    std::vector<std::string> names;
    for (const auto& a : plan)
        names.push_back(to_string(f.task, a));
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"(pick-up a)", "(pick-up b)", "(stack a b)",
                                               "(stack b c)", "(unstack c a)"}));
}

TEST(Heuristics, GoalStatesAreZeroAndDeadEndsInfinite) {
    Fixture trivial("trivial", "p01");
    const State t0 = initial_state(trivial.task, trivial.layout);
    EXPECT_EQ(trivial.ff.evaluate(t0), 0);
    EXPECT_EQ(trivial.add.evaluate(t0), 0);
    EXPECT_EQ(trivial.max.evaluate(t0), 0);
    EXPECT_EQ(trivial.count.evaluate(t0), 0);

    Fixture unsolvable("unsolvable", "p01");
    const State u0 = initial_state(unsolvable.task, unsolvable.layout);
    EXPECT_TRUE(std::isinf(unsolvable.ff.evaluate(u0)));
    EXPECT_TRUE(std::isinf(unsolvable.add.evaluate(u0)));
    EXPECT_TRUE(std::isinf(unsolvable.max.evaluate(u0)));
}

class RelaxationOracleTest : public ::testing::TestWithParam<test::TaskRef> {};

TEST_P(RelaxationOracleTest, MatchesGroundedFixpoint) {
    Fixture f(GetParam().task, GetParam().problem);
    test::GroundOracle oracle(f.task);
    for (const auto& atoms : oracle.reachable_states(200)) {
        const State s = test::to_state(f.layout, atoms);
        const long add = oracle.relaxed_cost(atoms, false);
        const long max = oracle.relaxed_cost(atoms, true);
        const double h_add = f.add.evaluate(s);
        const double h_max = f.max.evaluate(s);
        const double h_ff = f.ff.evaluate(s);
        if (add < 0) {
            EXPECT_TRUE(std::isinf(h_add));
            EXPECT_TRUE(std::isinf(h_max));
            EXPECT_TRUE(std::isinf(h_ff));
            continue;
        }
        ASSERT_EQ(h_add, add);
        ASSERT_EQ(h_max, max);
        EXPECT_LE(h_max, h_ff);
        EXPECT_LE(h_ff, h_add);
        EXPECT_EQ(h_ff == 0, oracle.is_goal(atoms) || f.task.goal_positive.empty() || add == 0);
        if (h_ff == 0) continue;
        // The relaxed plan reaches every positive goal under delete relaxation.
        auto plan = f.ff.last_relaxed_plan();
        ASSERT_EQ(static_cast<double>(plan.size()), h_ff);
        test::AtomSet relaxed = atoms;
        for (const auto& atom : f.task.initial_state)
            relaxed.insert(atom);
        bool progress = true;
        std::vector<bool> used(plan.size(), false);
        while (progress) {
            progress = false;
            for (std::size_t i = 0; i < plan.size(); ++i) {
                if (used[i]) continue;
                bool ok = true;
                for (const auto& pre : f.task.schemas[plan[i].schema].positive_preconditions) {
                    if (!relaxed.count(oracle.ground(pre, plan[i]))) ok = false;
                }
                if (!ok) continue;
                for (const auto& e : f.task.schemas[plan[i].schema].add_effects) {
                    relaxed.insert(oracle.ground(e, plan[i]));
                }
                used[i] = progress = true;
            }
        }
        EXPECT_TRUE(std::all_of(used.begin(), used.end(), [](bool b) { return b; }))
            << "relaxed plan has an action that is never applicable";
        for (const auto& g : f.task.goal_positive)
            EXPECT_TRUE(relaxed.count(g));
    }
}

INSTANTIATE_TEST_SUITE_P(AllTasks, RelaxationOracleTest,
                         ::testing::ValuesIn(test::all_test_tasks()), [](const auto& info) {
                             std::string n = info.param.task + "_" + info.param.problem;
                             std::replace(n.begin(), n.end(), '-', '_');
                             return n;
                         });

}  // namespace
}  // namespace ll
