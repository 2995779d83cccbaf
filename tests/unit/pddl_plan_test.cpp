// Tests of parse_plan: IPC and Powerlifted line formats, comments, case
// folding, and errors with plan-file positions.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/pddl/parser.hpp"
#include "core/task/action_costs.hpp"
#include "test_support.hpp"

namespace {

using ll::GroundAction;
using ll::Task;

std::filesystem::path plan_tasks_dir() {
    return std::filesystem::path(LL_TEST_DATA_DIR) / "tasks";
}

Task plan_load(const std::string& task, const std::string& problem) {
    return ll::test::load_task(task, problem);
}

std::vector<std::string> names(const Task& t, const std::vector<GroundAction>& plan) {
    std::vector<std::string> out;
    for (const auto& a : plan)
        out.push_back(ll::to_string(t, a));
    return out;
}

void expect_plan_error(const Task& t, const std::string& plan, int line, int column,
                       const std::string& message) {
    try {
        ll::parse_plan(t, plan, "x.plan");
        ADD_FAILURE() << "expected an error containing: " << message;
    } catch (const ll::Error& e) {
        EXPECT_EQ(e.category(), ll::ErrorCategory::Input) << e.what();
        EXPECT_EQ(e.position().file, "x.plan");
        EXPECT_EQ(e.position().line, line) << e.what();
        EXPECT_EQ(e.position().column, column) << e.what();
        EXPECT_NE(e.message().find(message), std::string::npos) << e.message();
    }
}

TEST(PddlPlan, IpcFormat) {
    Task t = plan_load("blocksworld", "p01");
    auto plan = ll::parse_plan(t, "(unstack c a)\n(put-down c)\n; cost = 2 (unit cost)\n");
    ASSERT_EQ(plan.size(), 2u);
    EXPECT_EQ(plan[0].schema, 3);
    EXPECT_EQ(plan[0].arguments, (std::vector<ll::ObjectId>{2, 0}));
    EXPECT_EQ(plan[1].schema, 1);
    EXPECT_EQ(plan[1].arguments, (std::vector<ll::ObjectId>{2}));
}

TEST(PddlPlan, PowerliftedFormatCommentsBlankLinesAndCase) {
    Task t = plan_load("blocksworld", "p01");
    auto plan = ll::parse_plan(t,
                               "; a plan\n"
                               "\n"
                               "0: (UNSTACK C A)   ; first\n"
                               "   1:(Put-Down c)\n"
                               "\t(pick-up b)\n");
    EXPECT_EQ(names(t, plan),
              (std::vector<std::string>{"(unstack c a)", "(put-down c)", "(pick-up b)"}));
}

TEST(PddlPlan, EmptyPlan) {
    Task t = plan_load("trivial", "p01");
    EXPECT_TRUE(ll::parse_plan(t, "").empty());
    EXPECT_TRUE(ll::parse_plan(t, "; cost = 0 (unit cost)\n\n").empty());
}

TEST(PddlPlan, NullaryActionsAndConstants) {
    Task n = plan_load("nullary", "p01");
    EXPECT_EQ(names(n, ll::parse_plan(n, "(reach)\n(flip-on)")),
              (std::vector<std::string>{"(reach)", "(flip-on)"}));
    Task c = plan_load("constants-equality", "p01");
    auto plan = ll::parse_plan(c, "(drive t1 l1 depot)");
    ASSERT_EQ(plan.size(), 1u);
    EXPECT_EQ(plan[0].arguments, (std::vector<ll::ObjectId>{0, 4, 6}));
}

TEST(PddlPlan, EveryStoredPlanParsesWithItsCost) {
    int plans = 0;
    for (const auto& dir : std::filesystem::directory_iterator(plan_tasks_dir())) {
        if (!dir.is_directory()) continue;
        for (const auto& file : std::filesystem::directory_iterator(dir.path())) {
            if (file.path().extension() != ".plan") continue;
            ++plans;
            auto problem = file.path();
            problem.replace_extension(".pddl");
            Task t = ll::parse_task(ll::test::read_file(dir.path() / "domain.pddl"),
                                    ll::test::read_file(problem));
            std::string text = ll::test::read_file(file.path());
            auto plan = ll::parse_plan(t, text, file.path().string());
            auto at = text.find("; cost = ");
            ASSERT_NE(at, std::string::npos) << file.path();
            // With action costs (grid-costs, roads) the cost is not the length.
            EXPECT_EQ(ll::plan_cost(t, plan), std::stol(text.substr(at + 9))) << file.path();
        }
    }
    EXPECT_EQ(plans, 26);  // briefcase and adl-conditions (ADL), pairs, tiles, snacks included
}

TEST(PddlPlan, Errors) {
    Task t = plan_load("blocksworld", "p01");
    expect_plan_error(t, "(pick-up a)\n  (pickup a)", 2, 4, "unknown action 'pickup'");
    expect_plan_error(t, "(pick-up a)\n(pick-up d)", 2, 10, "unknown object 'd'");
    expect_plan_error(t, "(stack a)", 1, 2, "action 'stack' takes 2 arguments, got 1");
    expect_plan_error(t, "(pick-up a b)", 1, 2, "action 'pick-up' takes 1 argument, got 2");
    expect_plan_error(t, "pick-up a", 1, 1, "malformed plan line");
    expect_plan_error(t, "(pick-up a) (pick-up b)", 1, 13, "after the action on this line");
    expect_plan_error(t, "\n  (pick-up a\n)", 2, 3, "this '(' is not closed on the same line");
    expect_plan_error(t, "(pick-up (a))", 1, 10, "malformed plan line");
    expect_plan_error(t, "()", 1, 2, "malformed plan line");
    expect_plan_error(t, "0:\n(pick-up a)", 2, 1, "malformed plan line");
}

}  // namespace
