// Goal orders against brute force: on every small test task, a reachable
// state that holds an order's later goal atom without its earlier one can
// reach no goal state. On tiles (floortile's mechanics) the orders are the
// columns' top-down order, exactly; the check on states agrees with the
// atoms; pruning keeps plans valid and cuts the search; lookahead takes no
// step that breaks an order.
#include <gtest/gtest.h>

#include <set>

#include "core/heuristics/ground_relaxation.hpp"
#include "core/heuristics/landmarks/goal_orders.hpp"
#include "core/heuristics/relaxation.hpp"
#include "core/planner.hpp"
#include "core/search/evaluators.hpp"
#include "core/search/lookahead.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"
#include "core/task/static_facts.hpp"
#include "core/validation/validator.hpp"
#include "loaded_task.hpp"
#include "state_graph.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

std::vector<GoalOrder> orders_of(const Task& task) {
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const std::optional<GroundRelaxation> ground =
        ground_relaxation_for(RelaxationGrounding::Ground, task, layout, statics, nullptr, false);
    if (!ground) return {};
    return find_goal_orders(task, layout, *ground, nullptr);
}

std::vector<test::TaskRef> order_tasks() {
    return test::all_test_tasks_and(
        {{"grid-costs", "p01"}, {"pairs", "p01"}, {"tiles", "p01"}, {"tiles", "p02"}});
}

TEST(GoalOrders, BreakingOneIsADeadEndOnEveryTestTask) {
    int orders = 0, broken_states = 0;
    for (const test::TaskRef& ref : order_tasks()) {
        SCOPED_TRACE(ref.task + " " + ref.problem);
        const Task task = test::load_task(ref.task, ref.problem);
        const test::StateGraph g = test::explore(test::GroundOracle(task), 20000);
        ASSERT_FALSE(g.states.empty()) << "too large for the oracle";
        for (const GoalOrder& o : orders_of(task)) {
            ++orders;
            for (std::size_t s = 0; s < g.states.size(); ++s) {
                if (!g.states[s].count(o.after) || g.states[s].count(o.before)) continue;
                ++broken_states;
                EXPECT_FALSE(g.solvable[s])
                    << to_string(task, o.before) << " before " << to_string(task, o.after);
            }
        }
    }
    // Only tiles has them (its two columns: 2 orders each in p01, 1 in
    // p02).
    EXPECT_EQ(orders, 6);
    EXPECT_EQ(broken_states, 4032);
}

TEST(GoalOrders, TilesColumnsArePaintedTopDown) {
    const Task task = test::load_task("tiles", "p01");
    std::set<std::string> names;
    for (const GoalOrder& o : orders_of(task))
        names.insert(to_string(task, o.before) + " < " + to_string(task, o.after));
    const std::set<std::string> expected{
        "(painted c31 white) < (painted c21 white)", "(painted c21 white) < (painted c11 white)",
        "(painted c32 white) < (painted c22 white)", "(painted c22 white) < (painted c12 white)"};
    EXPECT_EQ(names, expected);
}

// The check on packed states says what the atoms say, on every state of
// tiles p01 (736 of its 960 reachable states break an order).
TEST(GoalOrders, CheckAgreesWithTheAtoms) {
    const Task task = test::load_task("tiles", "p01");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const std::vector<GoalOrder> orders = orders_of(task);
    GoalOrderCheck check(task, layout, statics, RelaxationGrounding::Ground);
    const test::StateGraph g = test::explore(test::GroundOracle(task), 20000);
    int violated = 0;
    for (const test::AtomSet& atoms : g.states) {
        bool expected = false;
        for (const GoalOrder& o : orders)
            expected = expected || (atoms.count(o.after) && !atoms.count(o.before));
        EXPECT_EQ(check.violated(test::to_state(layout, atoms)), expected);
        violated += expected ? 1 : 0;
    }
    EXPECT_EQ(check.num_orders(), 4);
    EXPECT_EQ(violated, 736);
    EXPECT_EQ(g.states.size(), 960u);
}

// A step breaks an order exactly when the state it reaches does, on every
// transition of tiles p01 and p02 from a state that breaks none.
TEST(GoalOrders, StepCheckAgreesWithTheStateCheck) {
    int broken = 0;
    for (const char* problem : {"p01", "p02"}) {
        const Task task = test::load_task("tiles", problem);
        const StateLayout layout(task);
        const StaticFacts statics(task);
        GoalOrderCheck check(task, layout, statics, RelaxationGrounding::Ground);
        const test::GroundOracle oracle(task);
        const test::StateGraph g = test::explore(oracle, 20000);
        for (const test::AtomSet& atoms : g.states) {
            const State state = test::to_state(layout, atoms);
            if (check.violated(state)) continue;
            for (const GroundAction& a : oracle.applicable_actions(atoms)) {
                const bool expected =
                    check.violated(test::to_state(layout, oracle.apply(atoms, a)));
                EXPECT_EQ(check.broken_by(state, a), expected);
                broken += expected ? 1 : 0;
            }
        }
    }
    EXPECT_EQ(broken, 1260);
}

// A run's phases share the orders: the first check stores them in the
// run's cache, a later one takes what the cache holds (here, orders stored
// by hand: none); an unregistered task is not cached.
TEST(GoalOrders, ChecksShareTheRunsCache) {
    const Task task = test::load_task("tiles", "p01");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const State init = initial_state(task, layout);
    GoalOrderCache cache;
    GoalOrderCheck unregistered(task, layout, statics, RelaxationGrounding::Ground, &cache);
    EXPECT_FALSE(unregistered.violated(init));
    EXPECT_EQ(unregistered.num_orders(), 4);
    EXPECT_EQ(cache.find(task, RelaxationGrounding::Ground), nullptr);
    cache.add_task(task);
    GoalOrderCheck first(task, layout, statics, RelaxationGrounding::Ground, &cache);
    EXPECT_FALSE(first.violated(init));
    ASSERT_NE(cache.find(task, RelaxationGrounding::Ground), nullptr);
    EXPECT_EQ(cache.find(task, RelaxationGrounding::Ground)->size(), 4u);
    EXPECT_EQ(cache.find(task, RelaxationGrounding::Lifted), nullptr);

    GoalOrderCache by_hand;
    by_hand.add_task(task);
    by_hand.store(task, RelaxationGrounding::Ground, {});
    GoalOrderCheck second(task, layout, statics, RelaxationGrounding::Ground, &by_hand);
    EXPECT_FALSE(second.violated(init));
    EXPECT_EQ(second.num_orders(), 0);
}

// Without a ground relaxed task (relax=lifted) there are no orders.
TEST(GoalOrders, NoneWithoutAGroundRelaxation) {
    const Task task = test::load_task("tiles", "p01");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    GoalOrderCheck check(task, layout, statics, RelaxationGrounding::Lifted);
    EXPECT_FALSE(check.violated(initial_state(task, layout)));
    EXPECT_EQ(check.num_orders(), 0);
}

// orders=on (the default) prunes states the relaxation keeps, orders=off
// does not; both plans are valid, breadth-first search's as short.
TEST(GoalOrders, PruningKeepsPlansValidAndCutsTheSearch) {
    const Task task = test::load_task("tiles", "p01");
    for (const char* config : {"search=eager,h=ff,preferred=off", "bfs"}) {
        SCOPED_TRACE(config);
        const SearchResult on = solve(task, test::with_config(config));
        const SearchResult off =
            solve(task, test::with_config(std::string(config) + ",orders=off"));
        ASSERT_EQ(on.status, SearchStatus::Solved);
        ASSERT_EQ(off.status, SearchStatus::Solved);
        EXPECT_TRUE(validate_plan(task, on.plan).valid);
        EXPECT_TRUE(validate_plan(task, off.plan).valid);
        EXPECT_EQ(on.stats.goal_orders, 4);
        EXPECT_EQ(on.stats.goal_order_dead_ends, std::string(config) == "bfs" ? 136 : 8);
        EXPECT_EQ(off.stats.goal_orders, 0);
        EXPECT_EQ(off.stats.goal_order_dead_ends, 0);
        EXPECT_LT(on.stats.expansions, off.stats.expansions);
    }
    EXPECT_EQ(solve(task, test::with_config("bfs")).plan.size(), 13u);
}

// Lookahead along hFF's relaxed plan from the initial state of tiles p01:
// the relaxed plan paints cells in an order that breaks the goal orders;
// with the orders, no state along the steps breaks one.
TEST(GoalOrders, LookaheadTakesNoStepThatBreaksAnOrder) {
    test::LoadedTask t(test::TaskRef{"tiles", "p01"});
    const GoalChecker goal(t.task, t.layout, t.statics);
    GoalOrderCheck check(t.task, t.layout, t.statics, RelaxationGrounding::Ground);
    RelaxationHeuristic ff(RelaxationHeuristic::Kind::FF, t.task, t.layout, t.statics, goal,
                           RelaxationGrounding::Ground);
    HeuristicEvaluator source("ff", ff);
    const State initial = initial_state(t.task, t.layout);
    ASSERT_NE(ff.evaluate(initial), kDeadEnd);
    std::vector<GroundAction> relaxed_plan;
    ASSERT_TRUE(source.relaxed_plan(relaxed_plan));
    auto broken_steps = [&](bool with_orders) {
        Lookahead lookahead(t.task, t.layout, t.successors, source);
        if (with_orders) lookahead.set_goal_orders(&check);
        std::vector<GroundAction> steps;
        LookaheadCounts counts;
        lookahead.run(initial, relaxed_plan, steps, counts);
        EXPECT_FALSE(steps.empty());
        State state = initial;
        int broken = 0;
        for (const GroundAction& step : steps) {
            state = apply_action(t.task, t.layout, state, step);
            broken += check.violated(state) ? 1 : 0;
        }
        return broken;
    };
    EXPECT_GT(broken_steps(false), 0);
    EXPECT_EQ(broken_steps(true), 0);
}

}  // namespace
}  // namespace ll
