// End-to-end search through the planner facade: every plan validates, plan
// lengths are never below the BFS optimum, solvability agrees with the
// brute-force oracle, and limits produce the right outcomes.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/common/error.hpp"
#include "core/planner.hpp"
#include "core/validation/validator.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

const HeuristicKind kAllHeuristics[] = {HeuristicKind::FF, HeuristicKind::Add, HeuristicKind::Max,
                                        HeuristicKind::GoalCount};

class SearchTest : public ::testing::TestWithParam<test::TaskRef> {};

TEST_P(SearchTest, PlansValidateAndSolvabilityMatchesOracle) {
    const Task task = test::load_task(GetParam().task, GetParam().problem);
    test::GroundOracle oracle(task);
    const int optimum = oracle.optimal_plan_length();
    for (HeuristicKind h : kAllHeuristics) {
        PlannerOptions options;
        options.heuristic = h;
        const SearchResult result = solve(task, options);
        if (optimum < 0) {
            EXPECT_EQ(result.status, SearchStatus::Unsolvable) << to_string(h);
            EXPECT_TRUE(result.plan.empty());
            continue;
        }
        ASSERT_EQ(result.status, SearchStatus::Solved) << to_string(h);
        const ValidationResult v = validate_plan(task, result.plan);
        EXPECT_TRUE(v.valid) << to_string(h) << ": " << v.message;
        EXPECT_GE(static_cast<int>(result.plan.size()), optimum);
        EXPECT_GE(result.stats.generated, 1);
        // A goal initial state is never evaluated.
        EXPECT_GE(result.stats.evaluations, optimum > 0 ? 1 : 0);
    }
}

INSTANTIATE_TEST_SUITE_P(AllTasks, SearchTest, ::testing::ValuesIn(test::all_test_tasks()),
                         [](const auto& info) {
                             std::string n = info.param.task + "_" + info.param.problem;
                             std::replace(n.begin(), n.end(), '-', '_');
                             return n;
                         });

TEST(Search, GoalTrueInitiallyGivesEmptyPlan) {
    const Task task = test::load_task("trivial", "p01");
    const SearchResult result = solve(task, PlannerOptions{});
    EXPECT_EQ(result.status, SearchStatus::Solved);
    EXPECT_TRUE(result.plan.empty());
    EXPECT_EQ(result.stats.expansions, 0);
}

TEST(Search, ExpansionLimit) {
    const Task task = test::load_task("blocksworld", "p03");
    PlannerOptions options;
    options.heuristic = HeuristicKind::GoalCount;
    options.limits.max_expansions = 1;
    const SearchResult result = solve(task, options);
    EXPECT_EQ(result.status, SearchStatus::ExpansionLimit);
    EXPECT_EQ(result.stats.expansions, 1);
    EXPECT_TRUE(result.plan.empty());
}

// The evaluation limit is checked before each expansion (the goal test is
// part of it): the initial state's evaluation alone reaches a limit of 1,
// and a search stops one evaluation short of its plan.
TEST(Search, EvaluationLimit) {
    const Task task = test::load_task("blocksworld", "p03");
    PlannerOptions options;
    options.heuristic = HeuristicKind::GoalCount;
    const SearchResult unlimited = solve(task, options);
    ASSERT_EQ(unlimited.status, SearchStatus::Solved);
    ASSERT_GT(unlimited.stats.evaluations, 3);
    options.limits.max_evaluations = 1;
    const SearchResult one = solve(task, options);
    EXPECT_EQ(one.status, SearchStatus::ExpansionLimit);
    EXPECT_EQ(one.stats.expansions, 0);
    EXPECT_TRUE(one.plan.empty());
    options.limits.max_evaluations = unlimited.stats.evaluations;
    EXPECT_EQ(solve(task, options).status, SearchStatus::ExpansionLimit);
    options.limits.max_evaluations = unlimited.stats.evaluations + 1;
    const SearchResult enough = solve(task, options);
    EXPECT_EQ(enough.status, SearchStatus::Solved);
    EXPECT_EQ(enough.stats.evaluations, unlimited.stats.evaluations);
}

TEST(Search, TimeAndMemoryLimits) {
    const Task task = test::load_task("blocksworld", "p03");
    PlannerOptions options;
    options.limits.time_limit_s = 1e-12;
    EXPECT_EQ(solve(task, options).status, SearchStatus::OutOfTime);
    options.limits.time_limit_s = 60;
    options.limits.memory_limit_mb = 0.001;  // below any process's resident size
    EXPECT_EQ(solve(task, options).status, SearchStatus::OutOfMemory);
}

TEST(Search, ImpossibleLimitsAreUsageErrors) {
    const Task task = test::load_task("blocksworld", "p01");
    for (auto set : std::vector<void (*)(Limits&)>{
             [](Limits& l) { l.time_limit_s = 0; }, [](Limits& l) { l.time_limit_s = -5; },
             [](Limits& l) { l.memory_limit_mb = 0; }, [](Limits& l) { l.max_expansions = -7; },
             [](Limits& l) { l.max_evaluations = -2; }}) {
        PlannerOptions options;
        set(options.limits);
        try {
            solve(task, options);
            FAIL() << "expected a usage error";
        } catch (const Error& e) {
            EXPECT_EQ(e.category(), ErrorCategory::Usage);
        }
    }
}

TEST(Search, DeterministicAcrossRuns) {
    const Task task = test::load_task("gripper", "p02");
    const SearchResult a = solve(task, PlannerOptions{});
    const SearchResult b = solve(task, PlannerOptions{});
    ASSERT_EQ(a.status, SearchStatus::Solved);
    EXPECT_EQ(a.plan, b.plan);
    EXPECT_EQ(a.stats.expansions, b.stats.expansions);
    EXPECT_EQ(a.stats.evaluations, b.stats.evaluations);
    EXPECT_EQ(a.stats.generated, b.stats.generated);
}

TEST(Search, ProgressReportsEveryNewBestH) {
    const Task task = test::load_task("blocksworld", "p03");
    std::vector<double> best;
    const SearchResult result = solve(task, PlannerOptions{}, [&](const Progress& p) {
        if (p.new_best_h) best.push_back(p.stats.best_h);
    });
    ASSERT_EQ(result.status, SearchStatus::Solved);
    ASSERT_FALSE(best.empty());
    EXPECT_EQ(best.front(), result.stats.initial_h);
    EXPECT_TRUE(std::is_sorted(best.rbegin(), best.rend()));
    EXPECT_EQ(std::adjacent_find(best.begin(), best.end()), best.end());
}

TEST(Search, ParsesOptionNames) {
    EXPECT_EQ(parse_heuristic_kind("ff"), HeuristicKind::FF);
    EXPECT_EQ(parse_heuristic_kind("hadd"), HeuristicKind::Add);
    EXPECT_EQ(parse_heuristic_kind("hmax"), HeuristicKind::Max);
    EXPECT_EQ(parse_heuristic_kind("goal-count"), HeuristicKind::GoalCount);
    EXPECT_EQ(parse_space_kind("state"), SpaceKind::State);
    EXPECT_THROW(parse_heuristic_kind("lama"), Error);
    EXPECT_EQ(parse_space_kind("partial"), SpaceKind::Partial);
    EXPECT_EQ(parse_heuristic_kind("rff"), HeuristicKind::FF);
    EXPECT_THROW(parse_space_kind("plan"), Error);
}

}  // namespace
}  // namespace ll
