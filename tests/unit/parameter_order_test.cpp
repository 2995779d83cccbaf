// Parameter orders of the partial space: the reordered task is the same task
// under renamed parameters, plans map back to the declared order, and PS²
// with a non-declaration order still finds exactly the valid plans S³ finds.
#include <gtest/gtest.h>

#include "core/common/error.hpp"
#include "core/planner.hpp"
#include "core/task/parameter_order.hpp"
#include "core/validation/validator.hpp"
#include "tests/unit/test_support.hpp"

namespace ll {
namespace {

using test::GroundOracle;

TEST(ParameterOrder, DeclarationIsTheIdentity) {
    const Task task = test::load_task("blocksworld", "p01");
    const ReorderedTask r = reorder_parameters(task, DeclarationOrder());
    EXPECT_TRUE(r.is_identity);
    for (SchemaId s = 0; s < task.num_schemas(); ++s) {
        for (int i = 0; i < task.schemas[s].arity(); ++i) {
            EXPECT_EQ(r.order[s][i], i);
            EXPECT_EQ(r.task.schemas[s].parameters[i].name, task.schemas[s].parameters[i].name);
        }
    }
}

TEST(ParameterOrder, ReverseRenamesParametersConsistently) {
    const Task task = test::load_task("gripper", "p01");
    const ReorderedTask r = reorder_parameters(task, ReverseDeclarationOrder());
    EXPECT_FALSE(r.is_identity);
    GroundOracle original(task);
    GroundOracle reordered(r.task);
    // Same ground actions up to the permutation, applicable in the same states.
    const auto s0 = original.initial();
    std::vector<GroundAction> a = original.applicable_actions(s0);
    std::vector<GroundAction> b;
    for (const auto& action : reordered.applicable_actions(reordered.initial())) {
        const GroundAction back = to_declaration_order(r, action);
        b.push_back(back);
        // The first parameter of the reordered action is the last declared one.
        if (!action.arguments.empty()) EXPECT_EQ(action.arguments.front(), back.arguments.back());
    }
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b);
    for (SchemaId s = 0; s < task.num_schemas(); ++s) {
        const int n = task.schemas[s].arity();
        for (int i = 0; i < n; ++i)
            EXPECT_EQ(r.task.schemas[s].parameters[i].name,
                      task.schemas[s].parameters[n - 1 - i].name);
    }
}

TEST(ParameterOrder, PartialSpaceWithReverseOrderFindsValidPlans) {
    for (const auto& ref : test::all_test_tasks()) {
        SCOPED_TRACE(ref.task + "/" + ref.problem);
        const Task task = test::load_task(ref.task, ref.problem);
        PlannerOptions state_options;
        PlannerOptions partial_options;
        partial_options.space = SpaceKind::Partial;
        partial_options.parameter_order = make_parameter_order("reverse");
        const SearchResult s3 = solve(task, state_options);
        const SearchResult ps2 = solve(task, partial_options);
        EXPECT_EQ(ps2.status, s3.status);
        if (ps2.status == SearchStatus::Solved) {
            const ValidationResult check = validate_plan(task, ps2.plan);
            EXPECT_TRUE(check.valid) << check.message;
        }
    }
}

TEST(ParameterOrder, UnknownNameIsAUsageError) {
    try {
        make_parameter_order("random");
        FAIL() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Usage);
        EXPECT_NE(std::string(e.what()).find("declaration or reverse"), std::string::npos);
    }
}

}  // namespace
}  // namespace ll
