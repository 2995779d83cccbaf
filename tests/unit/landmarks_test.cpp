// Landmarks against brute force on every small test task, from the ground
// relaxed task and from the schemas (lifted): each landmark found holds at
// some point of every plan (no goal state is reachable through states where
// it is false), and each greedy-necessary ordering A -> B holds in every
// plan (A is true just before B first becomes true). Then the landmark
// count: 0 exactly at goals, accepted landmarks grow along a path,
// preferred operators achieve landmarks; and `lama` (with landmarks, ground
// or lifted) solves the small tasks with valid plans.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/common/error.hpp"
#include "core/heuristics/landmarks/landmark_count.hpp"
#include "core/heuristics/landmarks/lifted_landmarks.hpp"
#include "core/pddl/parser.hpp"
#include "core/planner.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"
#include "core/task/static_facts.hpp"
#include "core/validation/validator.hpp"
#include "state_graph.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

using test::AtomSet;
using test::explore;
using test::GroundOracle;
using test::mark_solvable;
using test::StateGraph;

// The same with the planner's own successors and axioms (tasks with derived
// predicates, which the oracle does not evaluate): states as their fluent
// atoms, derived ones included.
StateGraph explore_with_axioms(const Task& task, std::size_t cap) {
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    SuccessorGenerator successors(task, layout, statics);
    StateGraph g;
    std::vector<State> packed{initial_state(task, layout)};
    auto atoms = [&](const State& s) {
        const std::vector<GroundAtom> list = fluent_atoms(layout, s);
        return AtomSet(list.begin(), list.end());
    };
    std::map<AtomSet, int> index{{atoms(packed[0]), 0}};
    g.states.push_back(atoms(packed[0]));
    for (std::size_t i = 0; i < packed.size(); ++i) {
        g.successors.emplace_back();
        g.goal.push_back(goal.is_goal(packed[i]) ? 1 : 0);
        std::vector<GroundAction> actions;
        successors.applicable_actions(packed[i], actions);
        for (const GroundAction& a : actions) {
            State next = apply_action(task, layout, packed[i], a);
            auto [it, inserted] = index.emplace(atoms(next), static_cast<int>(packed.size()));
            if (inserted) {
                g.states.push_back(it->first);
                packed.push_back(std::move(next));
            }
            g.successors[i].push_back(it->second);
        }
        if (packed.size() > cap) return {};
    }
    mark_solvable(g);
    return g;
}

bool holds(const LandmarkGraph& graph, const Landmark& lm, const AtomSet& state) {
    for (int f : lm.facts) {
        if (state.count(graph.facts[f])) return true;
    }
    return false;
}

// The states reachable from the initial state through states where `lm`
// is false (empty when it holds initially).
std::vector<std::uint8_t> reachable_without(const StateGraph& g, const LandmarkGraph& graph,
                                            const Landmark& lm) {
    std::vector<std::uint8_t> seen(g.states.size(), 0);
    if (holds(graph, lm, g.states[0])) return seen;
    std::vector<int> stack{0};
    seen[0] = 1;
    while (!stack.empty()) {
        const int s = stack.back();
        stack.pop_back();
        for (int t : g.successors[s]) {
            if (seen[t] || holds(graph, lm, g.states[t])) continue;
            seen[t] = 1;
            stack.push_back(t);
        }
    }
    return seen;
}

struct Counts {
    int tasks = 0, landmarks = 0, non_goal = 0, disjunctive = 0, gn = 0, reasonable = 0;
};

// The landmarks and orderings of `graph` hold in every plan of `task`
// (state graph `g`).
void check_graph(const Task& task, const LandmarkGraph& graph, const StateGraph& g,
                 Counts& counts) {
    ASSERT_FALSE(g.states.empty()) << "too large for the oracle";
    ++counts.tasks;
    counts.landmarks += graph.num_landmarks();
    for (const Landmark& lm : graph.landmarks) {
        counts.non_goal += lm.goal ? 0 : 1;
        counts.disjunctive += lm.disjunctive() ? 1 : 0;
        // No goal state is reachable without passing through the landmark.
        const std::vector<std::uint8_t> without = reachable_without(g, graph, lm);
        for (std::size_t s = 0; s < g.states.size(); ++s) {
            EXPECT_FALSE(without[s] && g.goal[s])
                << "landmark " << lm.facts.size() << " fact(s), first "
                << to_string(task, graph.facts[lm.facts[0]]);
        }
    }
    for (const LandmarkEdge& e : graph.edges) {
        if (e.kind == LandmarkOrdering::Reasonable) {
            ++counts.reasonable;
            continue;
        }
        ++counts.gn;
        const Landmark& a = graph.landmarks[e.from];
        const Landmark& b = graph.landmarks[e.to];
        // Every transition that first makes B true on a path that goes on to
        // a goal starts in a state where A holds.
        const std::vector<std::uint8_t> before_b = reachable_without(g, graph, b);
        for (std::size_t s = 0; s < g.states.size(); ++s) {
            if (!before_b[s] || holds(graph, a, g.states[s])) continue;
            for (int t : g.successors[s]) {
                EXPECT_FALSE(holds(graph, b, g.states[t]) && g.solvable[t])
                    << to_string(task, graph.facts[a.facts[0]]) << " -> "
                    << to_string(task, graph.facts[b.facts[0]]);
            }
        }
    }
}

void check_task(const test::TaskRef& ref, Counts& counts) {
    SCOPED_TRACE(ref.task + " " + ref.problem);
    const Task task = test::load_task(ref.task, ref.problem);
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    LandmarkCountHeuristic h(task, layout, statics, goal, RelaxationGrounding::Ground,
                             CostType::One);
    check_graph(task, h.graph(), explore(GroundOracle(task), 20000), counts);
}

void check_lifted_task(const test::TaskRef& ref, const LiftedLandmarkLimits& limits,
                       Counts& counts) {
    SCOPED_TRACE(ref.task + " " + ref.problem + " lifted, disjunctions up to " +
                 std::to_string(limits.max_disjunction));
    const Task task = test::load_task(ref.task, ref.problem);
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const LandmarkGraph graph =
        find_lifted_landmarks(task, layout, statics, CostType::One, nullptr, limits);
    EXPECT_TRUE(graph.lifted);
    EXPECT_TRUE(graph.relaxation_fact.empty());
    EXPECT_FALSE(graph.truncated);
    EXPECT_EQ(graph.count(LandmarkOrdering::Reasonable), 0);
    check_graph(task, graph, explore(GroundOracle(task), 20000), counts);
}

std::vector<test::TaskRef> landmark_tasks() {
    std::vector<test::TaskRef> tasks = test::all_test_tasks();
    for (test::TaskRef extra :
         {test::TaskRef{"grid-costs", "p01"}, test::TaskRef{"pairs", "p01"},
          test::TaskRef{"adl-conditions", "p01"}, test::TaskRef{"briefcase", "p01"}})
        tasks.push_back(extra);
    return tasks;
}

// Every landmark task with the relaxation grounded when it can be (Auto)
// and never (Lifted).
std::vector<std::pair<test::TaskRef, RelaxationGrounding>> all_tasks_both_groundings() {
    std::vector<std::pair<test::TaskRef, RelaxationGrounding>> out;
    for (const test::TaskRef& ref : landmark_tasks()) {
        for (RelaxationGrounding g : {RelaxationGrounding::Auto, RelaxationGrounding::Lifted})
            out.emplace_back(ref, g);
    }
    return out;
}

TEST(Landmarks, HoldInEveryPlanAndOrderingsInEveryPlan) {
    Counts counts;
    for (const test::TaskRef& ref : landmark_tasks())
        check_task(ref, counts);
    EXPECT_EQ(counts.tasks, static_cast<int>(landmark_tasks().size()));
    // What the generator finds on the test tasks, exactly: far more than
    // the goal atoms (else the test is empty); a change to the generator
    // changes these on purpose.
    EXPECT_EQ(counts.non_goal, 109);
    EXPECT_EQ(counts.disjunctive, 10);
    EXPECT_EQ(counts.gn, 163);
    EXPECT_EQ(counts.reasonable, 65);
}

// The same on the schemas, with the default disjunction bound and a large
// one (the test tasks have no disjunctive landmark of 5 to 16 facts: the
// same landmarks).
TEST(Landmarks, LiftedHoldInEveryPlanAndOrderingsInEveryPlan) {
    for (const std::size_t bound : {std::size_t{4}, std::size_t{16}}) {
        LiftedLandmarkLimits limits;
        limits.max_disjunction = bound;
        Counts counts;
        for (const test::TaskRef& ref : landmark_tasks())
            check_lifted_task(ref, limits, counts);
        EXPECT_EQ(counts.tasks, static_cast<int>(landmark_tasks().size()));
        // Fewer simple ones than the ground generator's 109 and 163 (no
        // first-achiever reachability), far more than the goals.
        EXPECT_EQ(counts.non_goal, 81);
        EXPECT_EQ(counts.disjunctive, 11);
        EXPECT_EQ(counts.gn, 101);
        EXPECT_EQ(counts.reasonable, 0);
    }
}

// Tasks with axioms (tests/data/derived) and conditional effects: no ground
// relaxed task, so lifted landmarks; derived ones are not backchained. The
// state graph from the planner's own successors and axioms.
TEST(Landmarks, LiftedHoldInEveryPlanWithAxioms) {
    Counts counts;
    int derived = 0;
    for (const char* name : {"reachability", "blocksworld-derived", "stratified", "power-network",
                             "airport-like", "wide-dnf", "quantifiers"}) {
        SCOPED_TRACE(name);
        const std::string dir = std::string(LL_TEST_DATA_DIR) + "/derived/" + name + "/";
        const Task task = parse_task(test::read_file(dir + "domain.pddl"),
                                     test::read_file(dir + "p01.pddl"), "domain.pddl", "p01.pddl");
        const StateLayout layout(task);
        const StaticFacts statics(task);
        const LandmarkGraph graph =
            find_lifted_landmarks(task, layout, statics, CostType::One, nullptr);
        for (const GroundAtom& atom : graph.facts)
            derived += task.predicates[atom.predicate].is_derived ? 1 : 0;
        check_graph(task, graph, explore_with_axioms(task, 20000), counts);
    }
    EXPECT_EQ(counts.tasks, 7);
    EXPECT_GT(counts.non_goal, 0);
    EXPECT_GT(derived, 0);
}

// gripper p01: robby starts in rooma, balls must go to roomb: carrying each
// ball (in one gripper or the other: disjunctive) comes before it is at roomb.
TEST(Landmarks, GripperHandComputed) {
    const Task task = test::load_task("gripper", "p01");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    LandmarkCountHeuristic h(task, layout, statics, goal, RelaxationGrounding::Ground,
                             CostType::One);
    const LandmarkGraph& graph = h.graph();
    std::set<std::string> names;
    for (const Landmark& lm : graph.landmarks) {
        std::string name;
        for (int f : lm.facts)
            name += (name.empty() ? "" : " | ") + to_string(task, graph.facts[f]);
        names.insert(name);
    }
    EXPECT_TRUE(names.count("(at-robby roomb)")) << ::testing::PrintToString(names);
    bool carry = false;
    for (const std::string& n : names)
        carry =
            carry || (n.find("carry") != std::string::npos && n.find(" | ") != std::string::npos);
    EXPECT_TRUE(carry) << ::testing::PrintToString(names);
    EXPECT_FALSE(graph.goal_only());
    EXPECT_FALSE(graph.lifted);
}

// Names of the landmarks of `graph`, disjunctions joined by " | ", and of
// its orderings ("A -> B").
std::set<std::string> landmark_names(const Task& task, const LandmarkGraph& graph) {
    std::set<std::string> names;
    auto name = [&](int i) {
        std::string out;
        for (int f : graph.landmarks[i].facts)
            out += (out.empty() ? "" : " | ") + to_string(task, graph.facts[f]);
        return out;
    };
    for (int i = 0; i < graph.num_landmarks(); ++i)
        names.insert(name(i));
    for (const LandmarkEdge& e : graph.edges)
        names.insert(name(e.from) + " -> " + name(e.to));
    return names;
}

// Without a ground relaxed task the landmarks come from the schemas, said
// so. gripper p01, by hand: (drop ball1 roomb ?g) is the only way to
// (at ball1 roomb); it needs (at-robby roomb) and (carry ball1 ?g) for one
// of the two grippers. (move ?from roomb) needs (at-robby ?from), and
// ?from = roomb would need the landmark itself: (at-robby rooma).
TEST(Landmarks, LiftedWithoutGroundRelaxation) {
    const Task task = test::load_task("gripper", "p01");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    LandmarkCountHeuristic h(task, layout, statics, goal, RelaxationGrounding::Lifted,
                             CostType::One);
    const LandmarkGraph& graph = h.graph();
    EXPECT_TRUE(graph.lifted);
    EXPECT_FALSE(graph.goal_only());
    const std::set<std::string> names = landmark_names(task, graph);
    for (const char* expected :
         {"(at ball1 roomb)", "(at-robby roomb)", "(carry ball1 left) | (carry ball1 right)",
          "(at-robby roomb) -> (at ball1 roomb)", "(at-robby roomb) -> (at ball2 roomb)",
          "(carry ball1 left) | (carry ball1 right) -> (at ball1 roomb)",
          "(carry ball2 left) | (carry ball2 right) -> (at ball2 roomb)",
          "(at-robby rooma) -> (at-robby roomb)"})
        EXPECT_TRUE(names.count(expected)) << expected << ::testing::PrintToString(names);
    EXPECT_EQ(graph.num_landmarks(), 6) << ::testing::PrintToString(names);
    Statistics stats;
    h.add_statistics(stats);
    EXPECT_EQ(stats.landmarks_goal_only, 0);
    EXPECT_EQ(stats.landmarks_lifted, 1);
    EXPECT_EQ(stats.landmarks, 6);
    // The initial state: the goals, (at-robby roomb) and the two carry
    // disjunctions are still to be achieved.
    EXPECT_EQ(h.evaluate(initial_state(task, layout)), 5);
}

// Lifted: at a root (no parent) exactly the landmarks that hold and have no
// predecessor are accepted, against the atom sets, on every small task.
TEST(LandmarkCount, LiftedAcceptsWhatHoldsAtTheRoot) {
    for (const test::TaskRef& ref : landmark_tasks()) {
        SCOPED_TRACE(ref.task + " " + ref.problem);
        const Task task = test::load_task(ref.task, ref.problem);
        const StateLayout layout(task);
        const StaticFacts statics(task);
        const GoalChecker goal(task, layout, statics);
        LandmarkCountHeuristic h(task, layout, statics, goal, RelaxationGrounding::Lifted,
                                 CostType::One);
        const LandmarkGraph& graph = h.graph();
        std::vector<bool> has_parent(graph.num_landmarks());
        for (const LandmarkEdge& e : graph.edges)
            has_parent[e.to] = true;
        const GroundOracle oracle(task);
        for (const AtomSet& s : oracle.reachable_states(300)) {
            h.evaluate(test::to_state(layout, s));
            for (int i = 0; i < graph.num_landmarks(); ++i)
                EXPECT_EQ(h.accepted(i), holds(graph, graph.landmarks[i], s) && !has_parent[i]);
        }
    }
}

// 0 exactly at goal states; preferred operators achieve a landmark that
// does not hold (ground landmarks; lifted ones have no preferred
// operators); along a plan, accepted landmarks only grow.
TEST(LandmarkCount, ZeroAtGoalsAndPreferredAchieveLandmarks) {
    for (const auto& [ref, grounding] : all_tasks_both_groundings()) {
        SCOPED_TRACE(ref.task + " " + ref.problem + " " + to_string(grounding));
        const Task task = test::load_task(ref.task, ref.problem);
        const StateLayout layout(task);
        const StaticFacts statics(task);
        const GoalChecker goal(task, layout, statics);
        LandmarkCountHeuristic h(task, layout, statics, goal, grounding, CostType::One);
        const LandmarkGraph& graph = h.graph();
        const GroundOracle oracle(task);
        for (const AtomSet& s : oracle.reachable_states(300)) {
            const double value = h.evaluate(test::to_state(layout, s));
            if (oracle.is_goal(s)) {
                EXPECT_EQ(value, 0);
                continue;
            }
            EXPECT_GE(value, 1);
            for (const GroundAction& a : test::helpful_actions(h)) {
                if (!oracle.applicable(s, a)) continue;
                const AtomSet next = oracle.apply(s, a);
                bool achieves = false;
                for (const Landmark& lm : graph.landmarks)
                    achieves = achieves || (!holds(graph, lm, s) && holds(graph, lm, next));
                EXPECT_TRUE(achieves) << to_string(task, a);
            }
        }
    }
}

TEST(LandmarkCount, AcceptedGrowAlongAPlan) {
    const Task task = test::load_task("blocksworld", "p03");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    const SearchResult r = solve(task, test::with_config("lama"));
    ASSERT_EQ(r.status, SearchStatus::Solved);
    LandmarkCountHeuristic h(task, layout, statics, goal, RelaxationGrounding::Ground,
                             CostType::One);
    const GroundOracle oracle(task);
    AtomSet s = oracle.initial();
    double value = h.evaluate_on_path(0, -1, test::to_state(layout, s), PartialAction::none());
    EXPECT_GT(value, 0);
    std::vector<bool> accepted(h.graph().num_landmarks());
    for (std::size_t i = 0; i < r.plan.size(); ++i) {
        for (int k = 0; k < h.graph().num_landmarks(); ++k) {
            if (accepted[k]) {
                EXPECT_TRUE(h.accepted(k));
            }
            accepted[k] = h.accepted(k);
        }
        s = oracle.apply(s, r.plan[i]);
        value = h.evaluate_on_path(static_cast<std::int32_t>(i + 1), static_cast<std::int32_t>(i),
                                   test::to_state(layout, s), PartialAction::none());
    }
    EXPECT_EQ(value, 0);
    for (int k = 0; k < h.graph().num_landmarks(); ++k)
        EXPECT_TRUE(h.accepted(k)) << k;
}

// lama (lmcount alternated with hFF), and lmcount alone in both engines,
// solve the small tasks with valid plans, as the oracle says.
TEST(LandmarkCount, EnginesSolveTheSmallTasks) {
    for (const test::TaskRef& ref : landmark_tasks()) {
        const Task task = test::load_task(ref.task, ref.problem);
        const bool solvable = GroundOracle(task).optimal_plan_length() >= 0;
        for (const char* config : {"lama", "search=eager,h=lmcount", "search=lazy,h=lmcount",
                                   "search=lazy,h=lmcount,preferred=on"}) {
            SCOPED_TRACE(ref.task + " " + ref.problem + " " + config);
            const SearchResult r = solve(task, test::with_config(config));
            if (!solvable) {
                EXPECT_EQ(r.status, SearchStatus::Unsolvable);
                continue;
            }
            ASSERT_EQ(r.status, SearchStatus::Solved);
            EXPECT_TRUE(validate_plan(task, r.plan).valid);
            // Conditional effects are not in the ground relaxed task: lifted
            // landmarks, and the statistics say so.
            if (std::string(config) == "lama" && r.stats.evaluations > 0) {
                EXPECT_EQ(r.stats.landmarks_lifted, task.has_conditional_effects() ? 1 : 0);
                EXPECT_GT(r.stats.landmarks, 0);
            }
        }
    }
}

// lama and lmcount alone with the relaxation never grounded (lifted
// landmarks) solve the small tasks with valid plans.
TEST(LandmarkCount, LiftedLandmarksSolveTheSmallTasks) {
    int beyond_goals = 0;
    for (const test::TaskRef& ref : landmark_tasks()) {
        const Task task = test::load_task(ref.task, ref.problem);
        const bool solvable = GroundOracle(task).optimal_plan_length() >= 0;
        for (const char* config : {"lama,relax=lifted", "search=lazy,h=lmcount,relax=lifted"}) {
            SCOPED_TRACE(ref.task + " " + ref.problem + " " + config);
            const SearchResult r = solve(task, test::with_config(config));
            if (!solvable) {
                EXPECT_EQ(r.status, SearchStatus::Unsolvable);
                continue;
            }
            ASSERT_EQ(r.status, SearchStatus::Solved);
            EXPECT_TRUE(validate_plan(task, r.plan).valid);
            if (r.stats.evaluations == 0) continue;
            EXPECT_EQ(r.stats.landmarks_lifted, 1);
            beyond_goals += r.stats.landmarks_goal_only == 0 ? 1 : 0;
        }
    }
    EXPECT_GT(beyond_goals, 10);
}

// PS²: a partial action whose bound arguments fix an add effect reaches its
// landmarks. gripper p01: (move rooma roomb) adds (at-robby roomb), a
// landmark (the balls are dropped there), so h(s0, move rooma roomb) is
// h(s0) - 1; (move rooma) binds nothing the effect needs.
void partial_actions_reach_landmarks(RelaxationGrounding grounding) {
    SCOPED_TRACE(to_string(grounding));
    const Task task = test::load_task("gripper", "p01");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    LandmarkCountHeuristic h(task, layout, statics, goal, grounding, CostType::One);
    const State s0 = initial_state(task, layout);
    SchemaId move = -1;
    for (SchemaId s = 0; s < task.num_schemas(); ++s)
        if (task.schemas[s].name == "move") move = s;
    ASSERT_GE(move, 0);
    auto object = [&](const std::string& name) {
        for (ObjectId o = 0; o < task.num_objects(); ++o)
            if (task.objects[o].name == name) return o;
        return ObjectId(-1);
    };
    const ObjectId rooma = object("rooma"), roomb = object("roomb");
    const double none = h.evaluate(s0);
    EXPECT_EQ(h.evaluate(s0, PartialAction{move, {rooma}}), none);
    EXPECT_EQ(h.evaluate(s0, PartialAction{move, {rooma, roomb}}), none - 1);
}

// PS²: with ground and with lifted landmarks.
TEST(LandmarkCount, PartialActionsReachLandmarksOfEveryCompletion) {
    for (RelaxationGrounding grounding : {RelaxationGrounding::Ground, RelaxationGrounding::Lifted})
        partial_actions_reach_landmarks(grounding);
}

// lama with landmarks solves the small tasks in PS² too, valid plans.
TEST(LandmarkCount, PartialSpaceSolvesTheSmallTasks) {
    for (const test::TaskRef& ref : landmark_tasks()) {
        SCOPED_TRACE(ref.task + " " + ref.problem);
        const Task task = test::load_task(ref.task, ref.problem);
        const bool solvable = GroundOracle(task).optimal_plan_length() >= 0;
        const SearchResult r = solve(task, test::with_config("lama", SpaceKind::Partial));
        if (!solvable) {
            EXPECT_EQ(r.status, SearchStatus::Unsolvable);
            continue;
        }
        ASSERT_EQ(r.status, SearchStatus::Solved);
        EXPECT_TRUE(validate_plan(task, r.plan).valid);
    }
}

}  // namespace
}  // namespace ll
