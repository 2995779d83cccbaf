// Greedy action elimination (core/validation/plan_reduction.hpp) against an
// oracle: on the plans lazy search with lookahead finds for every test task
// (they carry detours), the shortened plan is a valid subsequence, no
// costlier, and no single step of it can be dropped (with the later steps
// the drop makes inapplicable) by the slow validate-everything replay. A
// budget that has passed keeps the plan; anytime search reports shortened
// plans.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/pddl/parser.hpp"
#include "core/planner.hpp"
#include "core/task/action_costs.hpp"
#include "core/validation/plan_reduction.hpp"
#include "core/validation/validator.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

// Whether dropping step `drop` of the valid `plan` (and each later step
// that then fails) still reaches the goal: the definition, by validation.
bool droppable(const Task& task, std::vector<GroundAction> plan, std::size_t drop) {
    plan.erase(plan.begin() + static_cast<std::ptrdiff_t>(drop));
    for (;;) {
        const ValidationResult check = validate_plan(task, plan);
        if (check.valid) return true;
        if (check.failed_step < static_cast<int>(drop)) return false;
        plan.erase(plan.begin() + check.failed_step);
    }
}

bool is_subsequence(const std::vector<GroundAction>& part, const std::vector<GroundAction>& whole) {
    std::size_t at = 0;
    for (const GroundAction& step : whole)
        if (at < part.size() && part[at] == step) ++at;
    return at == part.size();
}

// Every solvable problem of every test task, but wide12 (10^18 actions per state).
std::vector<std::pair<std::string, std::string>> reduction_test_problems() {
    std::vector<std::pair<std::string, std::string>> out;
    const std::filesystem::path root = std::string(LL_TEST_DATA_DIR) + "/tasks";
    for (const auto& dir : std::filesystem::directory_iterator(root)) {
        const std::string task = dir.path().filename().string();
        if (!dir.is_directory() || task == "wide12" || task == "unsolvable") continue;
        for (const auto& file : std::filesystem::directory_iterator(dir.path())) {
            const std::string name = file.path().filename().string();
            if (name.size() > 5 && name[0] == 'p' && file.path().extension() == ".pddl")
                out.emplace_back(task, name.substr(0, name.size() - 5));
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

TEST(PlanReduction, LookaheadPlansShortenedToNoDroppableStep) {
    int shortened = 0;
    for (const auto& [task_name, problem] : reduction_test_problems()) {
        const Task task = test::load_task(task_name, problem);
        PlannerOptions options =
            test::with_config("search=lazy,h=ff,preferred=on,novelty=off,boost=1000,lookahead=on");
        options.limits.time_limit_s = 60;
        options.search.anytime = AnytimeMode::Off;
        const SearchResult found = solve(task, options);
        const std::string what = task_name + " " + problem;
        ASSERT_EQ(found.status, SearchStatus::Solved) << what;
        const std::vector<GroundAction> shorter = eliminate_redundant_actions(task, found.plan);
        const ValidationResult check = validate_plan(task, shorter);
        ASSERT_TRUE(check.valid) << what << ": " << check.message;
        EXPECT_TRUE(is_subsequence(shorter, found.plan)) << what;
        EXPECT_LE(plan_cost(task, shorter), plan_cost(task, found.plan)) << what;
        // An ADL goal's artificial goal action is never printed nor dropped.
        for (std::size_t i = 0; i < shorter.size(); ++i)
            if (!task.schemas[shorter[i].schema].is_goal_action)
                EXPECT_FALSE(droppable(task, shorter, i)) << what << ": step " << i + 1;
        shortened += shorter.size() < found.plan.size();
    }
    EXPECT_GE(shortened, 1) << "no test plan had a detour: the test would not see a wrong drop";
}

TEST(PlanReduction, APassedBudgetKeepsThePlan) {
    const Task task = test::load_task("blocksworld", "p01");
    // The Sussman anomaly's plan with a detour: b picked up and put down.
    const std::vector<GroundAction> longer = parse_plan(task,
                                                        "(pick-up b)\n(put-down b)\n"
                                                        "(unstack c a)\n(put-down c)\n(pick-up b)\n"
                                                        "(stack b c)\n(pick-up a)\n(stack a b)\n",
                                                        "detour");
    ASSERT_TRUE(validate_plan(task, longer).valid);
    Stopwatch clock;
    Budget passed(&clock, 0, std::numeric_limits<double>::infinity());
    EXPECT_EQ(eliminate_redundant_actions(task, longer, &passed), longer);
    EXPECT_EQ(eliminate_redundant_actions(task, longer),
              std::vector<GroundAction>(longer.begin() + 2, longer.end()));
}

// With a time limit, anytime search reports the first plan shortened: no
// step of any reported plan can be dropped.
TEST(PlanReduction, AnytimeReportsShortenedPlans) {
    const Task task = test::load_task("ferry", "p02");
    PlannerOptions options =
        test::with_config("search=lazy,h=ff,preferred=on,novelty=off,boost=1000,lookahead=on");
    options.limits.time_limit_s = 5;
    options.search.anytime = AnytimeMode::On;
    std::vector<std::vector<GroundAction>> reported;
    const SearchResult r = solve(task, options, [&](const Progress& p) {
        if (p.plan != nullptr) reported.push_back(*p.plan);
    });
    ASSERT_EQ(r.status, SearchStatus::Solved);
    ASSERT_FALSE(reported.empty());
    for (const std::vector<GroundAction>& plan : reported) {
        ASSERT_TRUE(validate_plan(task, plan).valid);
        for (std::size_t i = 0; i < plan.size(); ++i)
            if (!task.schemas[plan[i].schema].is_goal_action)
                EXPECT_FALSE(droppable(task, plan, i));
    }
}

}  // namespace
}  // namespace ll
