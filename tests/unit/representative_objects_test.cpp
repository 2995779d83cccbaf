// Lifted relaxations over the representatives of a state's symmetry groups
// against the full lifted relaxation, on every reachable state of every
// small test task: hadd and hmax agree exactly, hFF is infinite exactly
// where it was, and relaxed plans name only kept objects.
#include <gtest/gtest.h>

#include "core/heuristics/relaxation.hpp"
#include "core/heuristics/representative_objects.hpp"
#include "core/task/goal.hpp"
#include "core/task/static_facts.hpp"
#include "state_graph.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

using Kind = RelaxationHeuristic::Kind;

struct Pair {
    RelaxationHeuristic full, reduced;
    Pair(Kind kind, const Task& task, const StateLayout& layout, const StaticFacts& statics,
         const GoalChecker& goal)
        : full(kind, task, layout, statics, goal, RelaxationSource(RelaxationGrounding::Lifted)),
          reduced(kind, task, layout, statics, goal,
                  RelaxationSource(RelaxationGrounding::Lifted, nullptr, true)) {}
};

TEST(RepresentativeObjects, RelaxationValuesAreThoseOfTheFullTask) {
    int states_with_drops = 0, dropped = 0;
    for (const test::TaskRef& ref : test::oracle_test_tasks()) {
        SCOPED_TRACE(ref.task + " " + ref.problem);
        const Task task = test::load_task(ref.task, ref.problem);
        const StateLayout layout(task);
        const StaticFacts statics(task);
        const GoalChecker goal(task, layout, statics);
        Pair add(Kind::Add, task, layout, statics, goal);
        Pair max(Kind::Max, task, layout, statics, goal);
        Pair ff(Kind::FF, task, layout, statics, goal);
        RepresentativeObjects representatives(task, layout, task);
        const test::StateGraph g = test::explore(test::GroundOracle(task), 20000);
        ASSERT_FALSE(g.states.empty()) << "too large for the oracle";
        for (std::size_t s = 0; s < g.states.size(); ++s) {
            SCOPED_TRACE("state " + std::to_string(s));
            const State state = test::to_state(layout, g.states[s]);
            EXPECT_EQ(add.reduced.evaluate(state), add.full.evaluate(state));
            EXPECT_EQ(max.reduced.evaluate(state), max.full.evaluate(state));
            const double h_ff = ff.reduced.evaluate(state);
            EXPECT_EQ(h_ff == kDeadEnd, ff.full.evaluate(state) == kDeadEnd);
            if (!representatives.any() || !representatives.compute(state)) continue;
            ++states_with_drops;
            dropped += representatives.num_dropped();
            if (h_ff == kDeadEnd || h_ff == 0) continue;  // no plan extracted
            for (const GroundAction& a : ff.reduced.last_relaxed_plan())
                for (ObjectId o : a.arguments)
                    EXPECT_FALSE(representatives.dropped()[o]) << task.objects[o].name;
        }
    }
    // Pinned, so that a change of the groups or of k shows here.
    EXPECT_EQ(states_with_drops, 3701);
    EXPECT_EQ(dropped, 6123);
}

// The unmade sandwiches of snacks are one group, and no schema takes two
// sandwiches: one is kept; so are one of the two gluten-free breads and
// contents. The goal names the children, who stay.
TEST(RepresentativeObjects, SnacksKeepsOneUnmadeSandwich) {
    const Task task = test::load_task("snacks", "p02");
    const StateLayout layout(task);
    RepresentativeObjects representatives(task, layout, task);
    const test::GroundOracle oracle(task);
    ASSERT_TRUE(representatives.compute(test::to_state(layout, oracle.initial())));
    std::string dropped;
    for (ObjectId o = 0; o < task.num_objects(); ++o)
        if (representatives.dropped()[o]) dropped += task.objects[o].name + " ";
    EXPECT_EQ(dropped, "b2 n2 s2 s3 ");
}

}  // namespace
}  // namespace ll
