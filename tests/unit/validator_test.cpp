// The plan validator: optimal reference plans are valid, and broken plans
// are refused at the right step with the failing precondition or goals.
#include <gtest/gtest.h>

#include "core/validation/validator.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

TEST(Validator, ReferencePlansAreValidAndOptimal) {
    for (const auto& ref : test::all_test_tasks()) {
        if (ref.task == "unsolvable") continue;
        const Task task = test::load_task(ref.task, ref.problem);
        const auto plan = test::load_plan(task, ref.task, ref.problem);
        const ValidationResult v = validate_plan(task, plan);
        EXPECT_TRUE(v.valid) << ref.task << "/" << ref.problem << ": " << v.message;
        EXPECT_EQ(v.failed_step, -1);
        EXPECT_EQ(static_cast<int>(plan.size()), test::GroundOracle(task).optimal_plan_length());
    }
}

TEST(Validator, ReportsFirstFailingStepAndPrecondition) {
    const Task task = test::load_task("blocksworld", "p01");
    auto plan = test::load_plan(task, "blocksworld", "p01");
    ASSERT_GE(plan.size(), 2u);
    std::swap(plan[0], plan[1]);
    const ValidationResult v = validate_plan(task, plan);
    EXPECT_FALSE(v.valid);
    EXPECT_EQ(v.failed_step, 0);
    EXPECT_NE(v.message.find("step 1 " + to_string(task, plan[0])), std::string::npos) << v.message;
    EXPECT_NE(v.message.find("precondition"), std::string::npos) << v.message;
}

TEST(Validator, ReportsUnmetGoals) {
    const Task task = test::load_task("blocksworld", "p01");
    auto plan = test::load_plan(task, "blocksworld", "p01");
    plan.pop_back();
    const ValidationResult v = validate_plan(task, plan);
    EXPECT_FALSE(v.valid);
    EXPECT_EQ(v.failed_step, -1);
    EXPECT_EQ(v.unmet_goals, std::vector<std::string>{"(on a b)"});
}

TEST(Validator, RefusesWrongArgumentTypesAndNegativePreconditions) {
    const Task task = test::load_task("ferry", "p01");
    auto plan = test::load_plan(task, "ferry", "p01");
    // Sailing to the ferry's own location violates (not (at-ferry ?to)).
    SchemaId sail = -1;
    for (SchemaId s = 0; s < task.num_schemas(); ++s) {
        if (task.schemas[s].name == "sail") sail = s;
    }
    ASSERT_GE(sail, 0);
    ObjectId here = -1;
    for (const auto& atom : task.initial_state) {
        if (task.predicates[atom.predicate].name == "at-ferry") here = atom.arguments[0];
    }
    ASSERT_GE(here, 0);
    const std::vector<GroundAction> bad{{sail, {here, here}}};
    const ValidationResult v = validate_plan(task, bad);
    EXPECT_FALSE(v.valid);
    EXPECT_NE(v.message.find("(not (at-ferry"), std::string::npos) << v.message;

    // A car where a location is expected.
    ObjectId car = -1;
    for (ObjectId o = 0; o < task.num_objects(); ++o) {
        if (task.types[task.objects[o].type].name == "car") car = o;
    }
    ASSERT_GE(car, 0);
    const ValidationResult t = validate_plan(task, std::vector<GroundAction>{{sail, {car, here}}});
    EXPECT_FALSE(t.valid);
    EXPECT_NE(t.message.find("is not of type"), std::string::npos) << t.message;
}

}  // namespace
}  // namespace ll
