// Object symmetries (core/successors/object_symmetry.*): the classes and
// groups of gripper by hand, and on every test task an exact check of the
// property pruning relies on: in every reachable state, an action and its
// canonical twin lead to states that one permutation within the state's
// groups maps onto each other, at the same cost, both goals or neither.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/successors/object_symmetry.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/action_costs.hpp"
#include "core/task/goal.hpp"
#include "core/task/static_facts.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

ObjectId object(const Task& task, const std::string& name) {
    for (ObjectId o = 0; o < task.num_objects(); ++o)
        if (task.objects[o].name == name) return o;
    ADD_FAILURE() << "no object " << name;
    return -1;
}

std::vector<ObjectId> objects(const Task& task, std::initializer_list<const char*> names) {
    std::vector<ObjectId> out;
    for (const char* n : names)
        out.push_back(object(task, n));
    std::sort(out.begin(), out.end());
    return out;
}

TEST(ObjectSymmetry, GripperClassesGroupsAndCanonicalActions) {
    const Task task = test::load_task("gripper", "p01");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    ObjectSymmetry symmetry(task, layout);
    // The two balls (same place, same goal) and the two grippers; not the
    // rooms (the goal names roomb).
    auto classes = symmetry.classes();
    std::sort(classes.begin(), classes.end());
    std::vector<std::vector<ObjectId>> expected{objects(task, {"ball1", "ball2"}),
                                                objects(task, {"left", "right"})};
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(classes, expected);

    const State s0 = initial_state(task, layout);
    symmetry.compute(s0);
    EXPECT_EQ(symmetry.grouped_objects(), 4);
    SuccessorGenerator successors(task, layout, statics);
    std::vector<GroundAction> actions;
    successors.applicable_actions(s0, actions);
    std::vector<GroundAction> canonical;
    for (const GroundAction& a : actions)
        if (symmetry.is_canonical(a.arguments)) canonical.push_back(a);
    // pick(ball, rooma, gripper) x 4 and move(rooma, rooma|roomb): one pick
    // is left.
    ASSERT_EQ(actions.size(), 6u);
    ASSERT_EQ(canonical.size(), 3u);
    std::vector<ObjectId> pick{object(task, "ball2"), object(task, "rooma"), object(task, "right")};
    const std::vector<ObjectId> original_pick = pick;
    symmetry.canonicalise(pick);
    EXPECT_TRUE(symmetry.same_orbit(original_pick, pick));
    // Another room is no exchange; nor is one ball used twice for two.
    EXPECT_FALSE(
        symmetry.same_orbit(pick, std::vector<ObjectId>{pick[0], object(task, "roomb"), pick[2]}));
    EXPECT_FALSE(
        symmetry.same_orbit(std::vector<ObjectId>{object(task, "ball1"), object(task, "ball1")},
                            std::vector<ObjectId>{object(task, "ball1"), object(task, "ball2")}));
    EXPECT_EQ(pick, (std::vector<ObjectId>{std::min(object(task, "ball1"), object(task, "ball2")),
                                           object(task, "rooma"),
                                           std::min(object(task, "left"), object(task, "right"))}));

    // Once a ball is held, no two balls and no two grippers look alike.
    const GroundAction held = *std::find_if(canonical.begin(), canonical.end(),
                                            [](const auto& a) { return a.arguments.size() == 3; });
    symmetry.compute(apply_action(task, layout, s0, held));
    EXPECT_EQ(symmetry.grouped_objects(), 0);
}

TEST(ObjectSymmetry, ConstantsAndGoalObjectsStayFixed) {
    const Task task = test::load_task("constants-equality", "p01");
    const StateLayout layout(task);
    const ObjectSymmetry symmetry(task, layout);
    for (const auto& c : symmetry.classes())
        for (ObjectId o : c)
            EXPECT_FALSE(task.objects[o].is_constant) << task.objects[o].name;
}

// A permutation of the objects that maps each first occurrence of `from`'s
// grouped objects to `to`'s and is completed within each group in order.
std::vector<ObjectId> permutation(const ObjectSymmetry& symmetry, int num_objects,
                                  const std::vector<ObjectId>& from,
                                  const std::vector<ObjectId>& to) {
    std::vector<ObjectId> pi(static_cast<std::size_t>(num_objects));
    for (ObjectId o = 0; o < num_objects; ++o)
        pi[o] = o;
    for (int g = 0; g < symmetry.num_groups(); ++g) {
        const std::span<const ObjectId> group = symmetry.group(g);
        std::map<ObjectId, ObjectId> fixed;
        for (std::size_t i = 0; i < from.size(); ++i)
            if (std::binary_search(group.begin(), group.end(), from[i])) fixed[from[i]] = to[i];
        std::set<ObjectId> images;
        for (const auto& [x, y] : fixed)
            images.insert(y);
        std::vector<ObjectId> free_images;
        for (ObjectId o : group)
            if (!images.count(o)) free_images.push_back(o);
        std::size_t next = 0;
        for (ObjectId o : group)
            pi[o] = fixed.count(o) ? fixed[o] : free_images[next++];
    }
    return pi;
}

std::vector<GroundAtom> permuted(std::vector<GroundAtom> atoms, const std::vector<ObjectId>& pi) {
    for (GroundAtom& a : atoms)
        for (ObjectId& o : a.arguments)
            o = pi[o];
    std::sort(atoms.begin(), atoms.end());
    return atoms;
}

// The groups are exactly what the state cannot tell apart: two objects of
// a class share a group iff exchanging them maps the state's atoms onto
// themselves (the classes already keep goal, statics and costs).
void expect_groups_exact(const Task& task, const StateLayout& layout,
                         const ObjectSymmetry& symmetry, const State& s) {
    std::vector<int> group_of(static_cast<std::size_t>(task.num_objects()), -1);
    for (int g = 0; g < symmetry.num_groups(); ++g)
        for (ObjectId o : symmetry.group(g))
            group_of[o] = g;
    std::vector<GroundAtom> atoms = fluent_atoms(layout, s);
    std::sort(atoms.begin(), atoms.end());
    std::vector<ObjectId> pi(static_cast<std::size_t>(task.num_objects()));
    for (const auto& c : symmetry.classes()) {
        for (std::size_t i = 0; i < c.size(); ++i) {
            for (std::size_t j = i + 1; j < c.size(); ++j) {
                for (ObjectId o = 0; o < task.num_objects(); ++o)
                    pi[o] = o;
                std::swap(pi[c[i]], pi[c[j]]);
                const bool exchangeable = permuted(atoms, pi) == atoms;
                EXPECT_EQ(exchangeable, group_of[c[i]] >= 0 && group_of[c[i]] == group_of[c[j]])
                    << task.objects[c[i]].name << " and " << task.objects[c[j]].name;
            }
        }
    }
}

class ObjectSymmetryOracle : public ::testing::TestWithParam<test::TaskRef> {};

TEST_P(ObjectSymmetryOracle, CanonicalTwinsLeadToSymmetricStates) {
    const Task task = test::load_task(GetParam().task, GetParam().problem);
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    SuccessorGenerator successors(task, layout, statics);
    ObjectSymmetry symmetry(task, layout);
    ObjectSymmetry looked_up(task, layout, 0);  // every exchanged atom looked up in the state
    std::set<std::vector<ObjectId>> seen;
    std::deque<State> queue{initial_state(task, layout)};
    std::vector<GroundAction> actions;
    int checked = 0;
    while (!queue.empty() && seen.size() < 3000) {
        const State s = queue.front();
        queue.pop_front();
        if (!seen.insert({s.words().begin(), s.words().end()}).second) continue;
        symmetry.compute(s);
        if (seen.size() <= 300) {
            expect_groups_exact(task, layout, symmetry, s);
            looked_up.compute(s);
            expect_groups_exact(task, layout, looked_up, s);
        }
        actions.clear();
        successors.applicable_actions(s, actions);
        int canonical = 0;
        for (const GroundAction& a : actions) {
            const State next = apply_action(task, layout, s, a);
            queue.push_back(next);
            GroundAction twin = a;
            symmetry.canonicalise(twin.arguments);
            ASSERT_TRUE(symmetry.is_canonical(twin.arguments));
            EXPECT_TRUE(symmetry.same_orbit(a.arguments, twin.arguments));
            if (twin.arguments == a.arguments) ++canonical;
            ASSERT_NE(std::find(actions.begin(), actions.end(), twin), actions.end())
                << "the canonical twin is not applicable";
            const State twin_next = apply_action(task, layout, s, twin);
            const auto pi = permutation(symmetry, task.num_objects(), a.arguments, twin.arguments);
            std::vector<GroundAtom> twin_atoms = fluent_atoms(layout, twin_next);
            std::sort(twin_atoms.begin(), twin_atoms.end());
            EXPECT_EQ(permuted(fluent_atoms(layout, next), pi), twin_atoms);
            EXPECT_EQ(goal.is_goal(next), goal.is_goal(twin_next));
            EXPECT_EQ(action_cost(task, a), action_cost(task, twin));
            ++checked;
        }
        if (!actions.empty()) EXPECT_GE(canonical, 1);
        // Generation that skips bindings without a canonical completion
        // keeps every canonical action, in the same order.
        std::vector<GroundAction> expected;
        for (const GroundAction& a : actions)
            if (symmetry.is_canonical(a.arguments)) expected.push_back(a);
        ActionList skipping;
        successors.applicable_actions(s, skipping, symmetry);
        std::vector<GroundAction> kept;
        for (std::size_t i = 0; i < skipping.size(); ++i)
            if (symmetry.is_canonical(skipping.arguments(i))) kept.push_back(skipping.action(i));
        EXPECT_EQ(kept, expected);
    }
    EXPECT_GT(checked, 0);
}

std::vector<test::TaskRef> symmetry_oracle_tasks() {
    auto tasks = test::all_test_tasks();
    tasks.push_back({"grid-costs", "p01"});
    tasks.push_back({"roads", "p01"});
    tasks.push_back({"briefcase", "p01"});
    tasks.push_back({"briefcase", "p02"});
    tasks.push_back({"adl-conditions", "p01"});
    tasks.push_back({"adl-conditions", "p02"});
    tasks.push_back({"pairs", "p01"});
    return tasks;
}

INSTANTIATE_TEST_SUITE_P(AllTasks, ObjectSymmetryOracle,
                         ::testing::ValuesIn(symmetry_oracle_tasks()),
                         [](const auto& info) { return test::param_name(info.param); });

}  // namespace
}  // namespace ll
