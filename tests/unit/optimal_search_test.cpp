// Optimal search: A* (blind, h^max, LM-cut) and uniform-cost search find
// plans of the brute-force optimal cost, breadth-first search plans of the
// optimal length, also with action costs and ADL; hand-derived expansion
// counts; LM-cut between h^max and
// h*; the search trace's structure in both spaces; the optimality claim and
// the partial-space refusal.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

#include "core/common/error.hpp"
#include "core/heuristics/lm_cut.hpp"
#include "core/heuristics/relaxation.hpp"
#include "core/optimality.hpp"
#include "core/planner.hpp"
#include "core/task/action_costs.hpp"
#include "core/task/goal.hpp"
#include "core/task/static_facts.hpp"
#include "core/validation/validator.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

using json = nlohmann::json;

using test::with_config;

// The unit-cost tasks of every test, the action-cost ones, the ADL ones
// (conditional and universal effects, disjunctive and existential
// preconditions, ADL goals) and tests/data/optimal/cart-costs (action costs
// with ADL, zero-cost actions, a domain constant, unsolvable problems with
// and without a relaxed plan).
std::vector<test::TaskRef> optimal_oracle_tasks() {
    std::vector<test::TaskRef> tasks = test::all_test_tasks();
    for (const char* p : {"p01", "p02"})
        tasks.push_back({"grid-costs", p});
    for (const char* p : {"p01", "p02", "p03"})
        tasks.push_back({"roads", p});
    for (const char* p : {"p01", "p02"}) {
        tasks.push_back({"briefcase", p});
        tasks.push_back({"adl-conditions", p});
    }
    for (const char* p : {"p01", "p02", "p03", "p04"})
        tasks.push_back({"../optimal/cart-costs", p});
    return tasks;
}

std::string oracle_task_name(const ::testing::TestParamInfo<test::TaskRef>& info) {
    std::string name = test::param_name(info.param);
    name.erase(
        std::remove_if(name.begin(), name.end(), [](char c) { return c == '.' || c == '/'; }),
        name.end());
    return name;
}

long task_cost(const Task& task, const GroundAction& a) {
    return action_cost(task, a);
}

class OptimalSearchTest : public ::testing::TestWithParam<test::TaskRef> {};

TEST_P(OptimalSearchTest, CostsMatchTheOracle) {
    const Task task = test::load_task(GetParam().task, GetParam().problem);
    const test::GroundOracle oracle(task);
    const long optimum = oracle.optimal_plan_cost(
        oracle.initial(), [&](const GroundAction& a) { return task_cost(task, a); });
    // relax=lifted: LM-cut falls back to h^max, as when the relaxed task does
    // not fit the grounding limits; the claim holds all the same.
    for (const char* config : {"ucs", "astar-blind", "astar-hmax", "astar-lmcut",
                               "astar-hmax,relax=lifted", "astar-lmcut,relax=lifted"}) {
        const PlannerOptions options = with_config(config);
        const SearchResult r = solve(task, options);
        if (optimum < 0) {
            EXPECT_EQ(r.status, SearchStatus::Unsolvable) << config;
            EXPECT_TRUE(r.plan.empty()) << config;
            continue;
        }
        ASSERT_EQ(r.status, SearchStatus::Solved) << config;
        EXPECT_TRUE(validate_plan(task, r.plan).valid) << config;
        EXPECT_EQ(plan_cost(task, r.plan), optimum) << config;
        EXPECT_TRUE(optimality(options, task).claimed) << config;
    }
    const SearchResult bfs = solve(task, with_config("bfs"));
    const int shortest = oracle.optimal_plan_length();
    if (shortest < 0) {
        EXPECT_EQ(bfs.status, SearchStatus::Unsolvable);
        return;
    }
    ASSERT_EQ(bfs.status, SearchStatus::Solved);
    EXPECT_TRUE(validate_plan(task, bfs.plan).valid);
    EXPECT_EQ(static_cast<int>(bfs.plan.size()), shortest);
    EXPECT_EQ(optimality(with_config("bfs"), task).claimed, !task.has_action_costs);
}

// h^max <= LM-cut <= h* on the reachable states (h* by Dijkstra).
TEST_P(OptimalSearchTest, LmCutIsBetweenHmaxAndHstar) {
    const Task task = test::load_task(GetParam().task, GetParam().problem);
    const test::GroundOracle oracle(task);
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    LmCutHeuristic lmcut(task, layout, statics, goal, RelaxationGrounding::Ground,
                         CostType::Normal);
    const auto cost_of = [&](const GroundAction& a) { return task_cost(task, a); };
    const std::vector<test::AtomSet> states = oracle.reachable_states(40);
    const std::vector<long> hstars = oracle.optimal_plan_costs(states, cost_of);
    for (std::size_t i = 0; i < states.size(); ++i) {
        const test::AtomSet& atoms = states[i];
        const double h = lmcut.evaluate(test::to_state(layout, atoms));
        const long hmax = oracle.relaxed_cost(atoms, true, cost_of);
        const long hstar = hstars[i];
        // The batched oracle agrees with one search from the state.
        if (i == 0 || i + 1 == states.size())
            EXPECT_EQ(hstar, oracle.optimal_plan_cost(atoms, cost_of));
        if (hmax < 0) {
            EXPECT_EQ(h, kDeadEnd);
            continue;
        }
        EXPECT_GE(h, static_cast<double>(hmax));
        if (hstar >= 0) EXPECT_LE(h, static_cast<double>(hstar));
        // The fallback is exactly h^max.
        if (!lmcut.computes_lm_cut()) EXPECT_EQ(h, static_cast<double>(hmax));
    }
    // Conditional effects: h^max (compiled relaxed actions each pay their
    // action's cost, so the cuts could count one action twice).
    EXPECT_EQ(lmcut.computes_lm_cut(), !task.has_conditional_effects());
}

INSTANTIATE_TEST_SUITE_P(OracleTasks, OptimalSearchTest,
                         ::testing::ValuesIn(optimal_oracle_tasks()), oracle_task_name);

using OptimalExpected = test::ExpectedCounts;

// star/p01 (unit costs; c0's children are generated x1, x2, g1):
// - bfs: expands c0, x1, x2 (duplicates only), then g1, whose child g2 is
//   the goal when generated: 4 expansions, nothing evaluated.
// - ucs: c0 (g 0), then x1, x2, g1 (g 1, FIFO), g2 (g 2) is goal-tested
//   when popped: 4 expansions.
// - astar-blind: h 1 off the goal, so f 2 for x1, x2, g1: the same order.
// - astar-hmax and astar-lmcut (both h*, here): f(g1) = 1 + 1 beats
//   f(x1) = f(x2) = 1 + 3; then g2 with f 2: 2 expansions, 5 evaluations
//   (c0, x1, x2, g1, g2).
TEST(OptimalEngines, StarHandComputed) {
    const Task task = test::load_task("star", "p01");
    for (const OptimalExpected& e :
         {OptimalExpected{"bfs", 4, 0}, OptimalExpected{"ucs", 4, 0},
          OptimalExpected{"astar-blind", 4, 5}, OptimalExpected{"astar-hmax", 2, 5},
          OptimalExpected{"astar-lmcut", 2, 5}}) {
        const SearchResult r = solve(task, with_config(e.config));
        ASSERT_EQ(r.status, SearchStatus::Solved) << e.config;
        EXPECT_EQ(r.stats.expansions, e.expansions) << e.config;
        EXPECT_EQ(r.stats.evaluations, e.evaluations) << e.config;
        EXPECT_EQ(r.plan.size(), 2u) << e.config;
    }
}

// roads/ with a chain l0 - l1 - ... of `length` roads costing `road` each.
Task road_chain(int length, int road) {
    std::string objects, init;
    for (int i = 0; i <= length; ++i)
        objects += " l" + std::to_string(i);
    for (int i = 0; i < length; ++i) {
        const std::string pair = "l" + std::to_string(i) + " l" + std::to_string(i + 1);
        init += " (road " + pair + ") (= (road-length " + pair + ") " + std::to_string(road) + ")";
    }
    const std::string problem = "(define (problem chain) (:domain roads) (:objects" + objects +
                                " - location t - vehicle p - package) (:init (at t l0) (pkg-at "
                                "p l0) (= (handling-cost) 1) (= (total-cost) 0)" +
                                init + ") (:goal (pkg-at p l" + std::to_string(length) +
                                ")) (:metric minimize (total-cost)))";
    return parse_task(test::read_file(test::task_path("roads", "domain.pddl")), problem);
}

// Large action costs: relaxed costs beyond the relaxations' bucket queues
// (2^16) and beyond 2^30 (h^max stops there, a lower bound; LM-cut sums in
// 64 bits), ground and lifted. Before, h^max grew a bucket per cost value
// (out of memory) and LM-cut took a chain of 11 roads of 10^8 for
// unreachable.
TEST(OptimalEngines, LargeActionCosts) {
    struct Case {
        int length, road;
    };
    for (const Case& c : {Case{4, 100000}, Case{11, 100000000}}) {
        const Task task = road_chain(c.length, c.road);
        const long optimum = 2 + static_cast<long>(c.length) * c.road;  // load, drives, unload
        const test::GroundOracle oracle(task);
        const auto cost_of = [&](const GroundAction& a) { return task_cost(task, a); };
        ASSERT_EQ(oracle.optimal_plan_cost(oracle.initial(), cost_of), optimum);
        for (const char* config : {"ucs", "astar-blind", "astar-hmax", "astar-lmcut",
                                   "astar-hmax,relax=lifted", "astar-lmcut,relax=lifted"}) {
            const SearchResult r = solve(task, with_config(config));
            ASSERT_EQ(r.status, SearchStatus::Solved) << config << " " << c.road;
            EXPECT_EQ(plan_cost(task, r.plan), optimum) << config;
        }
        const StateLayout layout(task);
        const StaticFacts statics(task);
        const GoalChecker goal(task, layout, statics);
        const State initial = test::to_state(layout, oracle.initial());
        LmCutHeuristic lmcut(task, layout, statics, goal, RelaxationGrounding::Ground,
                             CostType::Normal);
        EXPECT_EQ(lmcut.evaluate(initial), static_cast<double>(optimum));
        const long relaxed = oracle.relaxed_cost(oracle.initial(), true, cost_of);
        for (const RelaxationGrounding grounding :
             {RelaxationGrounding::Ground, RelaxationGrounding::Lifted}) {
            RelaxationHeuristic hmax(RelaxationHeuristic::Kind::Max, task, layout, statics, goal,
                                     grounding, CostType::Normal);
            const double h = hmax.evaluate(initial);
            EXPECT_EQ(h, static_cast<double>(std::min(relaxed, (1L << 30) - 1)))
                << to_string(grounding);
        }
    }
}

TEST(OptimalEngines, PartialSpaceIsRefused) {
    const Task task = test::load_task("star", "p01");
    for (const char* config : {"bfs", "ucs", "astar-lmcut"}) {
        try {
            solve(task, with_config(config, SpaceKind::Partial));
            ADD_FAILURE() << config << " ran in the partial space";
        } catch (const Error& e) {
            EXPECT_EQ(e.category(), ErrorCategory::Incompatible) << config;
        }
    }
    EXPECT_THROW(solve(task, with_config("astar-lmcut,preferred=on")), Error);
}

TEST(OptimalEngines, OptimalityClaims) {
    const Task unit = test::load_task("star", "p01");
    const Task costs = test::load_task("roads", "p01");
    EXPECT_FALSE(optimality(with_config("lama"), unit).claimed);
    EXPECT_FALSE(optimality(with_config("search=astar,h=ff,cost-type=normal"), unit).claimed);
    EXPECT_TRUE(optimality(with_config("astar-lmcut"), costs).claimed);
    // cost-type=one is a unit-cost view of a task with costs: h may overestimate.
    EXPECT_FALSE(optimality(with_config("astar-lmcut,cost-type=one"), costs).claimed);
    EXPECT_TRUE(optimality(with_config("astar-lmcut,cost-type=one"), unit).claimed);
    EXPECT_FALSE(optimality(with_config("bfs"), costs).claimed);
    EXPECT_FALSE(optimality(with_config("astar-hmax,symmetry=on"), unit).claimed);
}

// A trace's invariants: ids are positions, every parent is recorded, the
// root alone has none, expansion orders are 0..k-1 without gaps, and the
// plan path follows parents from the root.
void expect_consistent(const json& trace, const SearchResult& r, const Task& task) {
    const json& nodes = trace.at("nodes");
    ASSERT_FALSE(nodes.empty());
    std::set<std::int64_t> orders;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const json& n = nodes[i];
        EXPECT_EQ(n.at("id").get<std::size_t>(), i);
        if (i == 0) {
            EXPECT_TRUE(n.at("parent").is_null());
        } else {
            ASSERT_TRUE(n.at("parent").is_number()) << i;
            EXPECT_LT(n.at("parent").get<std::size_t>(), nodes.size());
        }
        if (!n.at("order").is_null()) {
            EXPECT_TRUE(orders.insert(n.at("order").get<std::int64_t>()).second);
            EXPECT_NE(n.at("status"), "open");
        }
        if (n.contains("f") && !n.at("h").is_null())
            EXPECT_DOUBLE_EQ(n.at("f").get<double>(),
                             n.at("g").get<double>() + n.at("h").get<double>());
    }
    if (!orders.empty()) EXPECT_EQ(*orders.rbegin(), static_cast<std::int64_t>(orders.size()) - 1);
    EXPECT_EQ(trace.at("counts").at("expanded").get<std::int64_t>(), r.stats.expansions);
    EXPECT_EQ(trace.at("objects").size(), task.objects.size());
    EXPECT_EQ(trace.at("predicates").size(), task.predicates.size());
    if (r.status != SearchStatus::Solved || trace.at("truncated").get<bool>()) return;
    const json& path = trace.at("plan_nodes");
    ASSERT_FALSE(path.empty());
    EXPECT_EQ(path.front(), 0);
    std::vector<std::string> actions;
    for (std::size_t k = 1; k < path.size(); ++k) {
        const json& n = nodes[path[k].get<std::size_t>()];
        EXPECT_EQ(n.at("parent"), path[k - 1]);
        if (!n.value("partial", false) && !n.at("action").is_null())
            actions.push_back(n.at("action").get<std::string>());
    }
    // PS²: a complete partial action's node precedes its successor state.
    if (trace.at("space") == "partial") {
        std::vector<std::string> complete;
        for (std::size_t k = 1; k + 1 < path.size(); ++k) {
            const json& n = nodes[path[k].get<std::size_t>()];
            const json& next = nodes[path[k + 1].get<std::size_t>()];
            if (!n.at("action").is_null() && !n.at("partial") && next.at("action").is_null())
                complete.push_back(n.at("action").get<std::string>());
        }
        actions = complete;
    }
    ASSERT_EQ(actions.size(), r.plan.size());
    for (std::size_t k = 0; k < actions.size(); ++k)
        EXPECT_EQ(actions[k], to_string(task, r.plan[k]));
}

TEST(SearchTrace, StructureInBothSpaces) {
    const Task task = test::load_task("blocksworld", "p02");
    struct Case {
        const char* config;
        SpaceKind space;
    };
    for (const Case& c : {Case{"astar-lmcut", SpaceKind::State}, Case{"ucs", SpaceKind::State},
                          Case{"paper", SpaceKind::State}, Case{"lama", SpaceKind::State},
                          Case{"paper", SpaceKind::Partial}, Case{"lama", SpaceKind::Partial}}) {
        PlannerOptions options = with_config(c.config, c.space);
        options.trace.enabled = true;
        const SearchResult r = solve(task, options);
        ASSERT_EQ(r.status, SearchStatus::Solved) << c.config;
        const json trace = json::parse(r.trace);
        EXPECT_EQ(trace.at("space"), c.space == SpaceKind::Partial ? "partial" : "state");
        EXPECT_FALSE(trace.at("truncated").get<bool>()) << c.config;
        SCOPED_TRACE(std::string(c.config) + " " + to_string(c.space));
        expect_consistent(trace, r, task);
        if (std::string(c.config) == "astar-lmcut") {
            const json& goal = trace.at("nodes")[trace.at("plan_nodes").back().get<std::size_t>()];
            EXPECT_EQ(goal.at("g").get<double>(), static_cast<double>(r.plan.size()));
        }
    }
}

TEST(SearchTrace, BoundedByExpansions) {
    const Task task = test::load_task("blocksworld", "p03");
    PlannerOptions options = with_config("astar-blind");
    options.trace = TraceOptions{true, 3};
    const SearchResult r = solve(task, options);
    ASSERT_EQ(r.status, SearchStatus::Solved);
    const json trace = json::parse(r.trace);
    EXPECT_TRUE(trace.at("truncated").get<bool>());
    std::int64_t max_order = -1;
    for (const json& n : trace.at("nodes")) {
        if (!n.at("order").is_null())
            max_order = std::max(max_order, n.at("order").get<std::int64_t>());
    }
    EXPECT_EQ(max_order, 2);
    EXPECT_EQ(trace.at("counts").at("expanded").get<std::int64_t>(), r.stats.expansions);
    EXPECT_TRUE(trace.at("plan_nodes").empty());
    expect_consistent(trace, r, task);
}

}  // namespace
}  // namespace ll
