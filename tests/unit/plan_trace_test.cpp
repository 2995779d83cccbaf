// The plan trace: the states along a plan as the validator replays it, with
// the atoms each step adds and deletes; it stops before a failing step.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/validation/plan_trace.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

std::set<std::string> texts(const Task& task, const std::vector<GroundAtom>& atoms) {
    std::set<std::string> out;
    for (const GroundAtom& a : atoms)
        out.insert(to_string(task, a));
    return out;
}

TEST(PlanTrace, SussmanAnomalyStepByStep) {
    const Task task = test::load_task("blocksworld", "p01");
    const auto plan = test::load_plan(task, "blocksworld", "p01");
    const PlanTrace trace = trace_plan(task, plan);
    ASSERT_TRUE(trace.validation.valid) << trace.validation.message;
    ASSERT_EQ(trace.states.size(), plan.size() + 1);
    ASSERT_EQ(trace.added.size(), trace.states.size());
    ASSERT_EQ(trace.deleted.size(), trace.states.size());
    EXPECT_TRUE(trace.added[0].empty());
    EXPECT_TRUE(trace.deleted[0].empty());
    EXPECT_EQ(texts(task, trace.states[0]),
              (std::set<std::string>{"(on c a)", "(ontable a)", "(ontable b)", "(clear c)",
                                     "(clear b)", "(handempty)"}));
    // (unstack c a): holds c, a becomes clear; c leaves a, the hand and c's top.
    EXPECT_EQ(texts(task, trace.added[1]), (std::set<std::string>{"(holding c)", "(clear a)"}));
    EXPECT_EQ(texts(task, trace.deleted[1]),
              (std::set<std::string>{"(on c a)", "(clear c)", "(handempty)"}));
    const std::set<std::string> last = texts(task, trace.states.back());
    EXPECT_TRUE(last.count("(on a b)") && last.count("(on b c)"));
}

TEST(PlanTrace, EveryStateIsThePreviousMinusDeletedPlusAdded) {
    for (const auto& ref : test::all_test_tasks()) {
        if (ref.task == "unsolvable") continue;
        const Task task = test::load_task(ref.task, ref.problem);
        const auto plan = test::load_plan(task, ref.task, ref.problem);
        const PlanTrace trace = trace_plan(task, plan);
        ASSERT_TRUE(trace.validation.valid) << ref.task << "/" << ref.problem;
        ASSERT_EQ(trace.states.size(), plan.size() + 1) << ref.task;
        for (std::size_t i = 1; i < trace.states.size(); ++i) {
            std::set<GroundAtom> state(trace.states[i - 1].begin(), trace.states[i - 1].end());
            for (const GroundAtom& a : trace.deleted[i])
                EXPECT_EQ(state.erase(a), 1u) << ref.task << " step " << i;
            for (const GroundAtom& a : trace.added[i])
                EXPECT_TRUE(state.insert(a).second) << ref.task << " step " << i;
            EXPECT_EQ(std::vector<GroundAtom>(state.begin(), state.end()), trace.states[i])
                << ref.task << " step " << i;
            EXPECT_TRUE(std::is_sorted(trace.states[i].begin(), trace.states[i].end()));
        }
    }
}

TEST(PlanTrace, StopsBeforeTheFailingStep) {
    const Task task = test::load_task("blocksworld", "p01");
    auto plan = test::load_plan(task, "blocksworld", "p01");
    std::swap(plan[1], plan[2]);  // (pick-up b) while holding c
    const PlanTrace trace = trace_plan(task, plan);
    EXPECT_FALSE(trace.validation.valid);
    EXPECT_EQ(trace.validation.failed_step, 1);
    EXPECT_EQ(trace.states.size(), 2u);  // the initial state and the state after step 1
    EXPECT_EQ(trace.added.size(), 2u);
}

}  // namespace
}  // namespace ll
