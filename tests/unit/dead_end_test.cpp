// Relaxed dead-end detection (painter: painting the wrong cell strands the
// robot): the detector's verdicts on hand-picked states, and the planner
// option: auto prunes only for a learnt model whose trainer found dead ends
// (the model's flag), relaxed and none force it on and off.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>

#include "core/common/error.hpp"
#include "core/heuristics/dead_end_detector.hpp"
#include "core/learning/model.hpp"
#include "core/pddl/parser.hpp"
#include "core/planner.hpp"
#include "core/task/goal.hpp"
#include "core/task/static_facts.hpp"
#include "core/training/dead_end_probe.hpp"
#include "core/validation/validator.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

constexpr SchemaId kMove = 0, kPaint = 1;
constexpr ObjectId c1 = 0, c2 = 1, c3 = 2, c4 = 3, c5 = 4;

class DetectorTest : public ::testing::TestWithParam<RelaxationGrounding> {};

TEST_P(DetectorTest, Verdicts) {
    const Task task = test::load_task("painter", "p01");
    ASSERT_EQ(task.schemas[kMove].name, "move");
    ASSERT_EQ(task.schemas[kPaint].name, "paint");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    RelaxedDeadEndDetector detector(task, layout, statics, goal, GetParam());
    auto after = [&](std::initializer_list<GroundAction> plan) {
        State s = initial_state(task, layout);
        for (const GroundAction& a : plan)
            s = apply_action(task, layout, s, a);
        return s;
    };
    EXPECT_FALSE(detector.is_dead_end(initial_state(task, layout)));
    EXPECT_FALSE(detector.is_dead_end(after({{kMove, {c1, c2}}})));
    // c2 painted with the robot at c1: c3 and c5 can never be reached.
    EXPECT_TRUE(detector.is_dead_end(after({{kPaint, {c1, c2}}})));
    // c3 painted from c2: c4 is unreachable, so c5 cannot be painted.
    EXPECT_TRUE(detector.is_dead_end(after({{kMove, {c1, c2}}, {kPaint, {c2, c3}}})));
    // The goal itself is never a dead end; the verdicts do not depend on
    // what was asked before (the exploration is reset per call).
    const State goal_state = after({{kMove, {c1, c2}},
                                    {kMove, {c2, c3}},
                                    {kMove, {c3, c4}},
                                    {kPaint, {c4, c5}},
                                    {kPaint, {c4, c3}}});
    ASSERT_TRUE(goal.is_goal(goal_state));
    EXPECT_FALSE(detector.is_dead_end(goal_state));
    EXPECT_TRUE(detector.is_dead_end(after({{kPaint, {c1, c2}}})));
}

INSTANTIATE_TEST_SUITE_P(Groundings, DetectorTest,
                         ::testing::Values(RelaxationGrounding::Lifted,
                                           RelaxationGrounding::Ground),
                         [](const auto& info) { return std::string(to_string(info.param)); });

// A WL model with no colours and no weights: h = 0 everywhere, so the
// search order alone decides which states are expanded.
std::shared_ptr<const WlModel> zero_model(const Task& task, GraphKind kind, bool dead_ends) {
    auto model = std::make_shared<WlModel>();
    set_model_domain(*model, task);
    model->graph = kind;
    model->relaxed_dead_ends = dead_ends;
    return model;
}

// Searches are deterministic (FIFO ties), so the counts are exact: with h = 0
// the search expands the stranded states unless they are pruned.
TEST(DeadEnds, AutoFollowsTheModelsFlag) {
    const Task task = test::load_task("painter", "p01");
    struct Expected {
        SpaceKind space;
        std::int64_t dead_ends, pruned_expansions, plain_expansions;
    };
    for (const Expected& e :
         {Expected{SpaceKind::State, 4, 13, 14}, Expected{SpaceKind::Partial, 8, 99, 131}}) {
        const SpaceKind space = e.space;
        SCOPED_TRACE(to_string(space));
        const GraphKind graph = space == SpaceKind::State ? GraphKind::Ilg : GraphKind::Aoag;
        PlannerOptions options;
        options.space = space;
        options.heuristic = HeuristicKind::Wl;
        options.model = zero_model(task, graph, true);
        const SearchResult pruned = solve(task, options);  // auto, flag set
        options.dead_ends = DeadEndDetection::None;
        const SearchResult forced_off = solve(task, options);
        options.dead_ends = DeadEndDetection::Auto;
        options.model = zero_model(task, graph, false);
        const SearchResult plain = solve(task, options);  // auto, flag not set
        options.dead_ends = DeadEndDetection::Relaxed;
        const SearchResult forced_on = solve(task, options);
        for (const SearchResult* r : {&pruned, &forced_off, &plain, &forced_on}) {
            ASSERT_EQ(r->status, SearchStatus::Solved);
            EXPECT_TRUE(validate_plan(task, r->plan).valid);
        }
        EXPECT_EQ(pruned.stats.dead_ends, e.dead_ends);
        EXPECT_EQ(pruned.stats.expansions, e.pruned_expansions);
        EXPECT_EQ(plain.stats.expansions, e.plain_expansions);
        EXPECT_EQ(forced_off.stats.dead_ends, 0);
        EXPECT_EQ(forced_off.stats.expansions, plain.stats.expansions);
        EXPECT_EQ(plain.stats.dead_ends, 0);
        EXPECT_EQ(forced_on.stats.dead_ends, pruned.stats.dead_ends);
        EXPECT_EQ(forced_on.stats.expansions, pruned.stats.expansions);
    }
}

TEST(DeadEnds, ProbeFindsThemInTrainingStatesOnlyWhereTheyExist) {
    auto problem = [](const std::string& task, const std::string& name) {
        TrainingProblem p{name, test::load_task(task, name), {}};
        p.plan = parse_plan(p.task, test::read_file(test::task_path(task, name + ".plan")),
                            name + ".plan");
        return p;
    };
    const DeadEndProbeResult found = probe_dead_ends(problem("painter", "p01"), 100);
    EXPECT_TRUE(found.found);
    // At c1 the applicable actions are (move c1 c2), alive, then (paint c1
    // c2), which strands the robot.
    EXPECT_EQ(found.checked_states, 2);

    const TrainingProblem blocks = problem("blocksworld", "p03");
    const DeadEndProbeResult none = probe_dead_ends(blocks, 20);
    EXPECT_FALSE(none.found);
    EXPECT_EQ(none.checked_states, 20);  // the 12-step plan has 13 states
    EXPECT_EQ(probe_dead_ends(blocks, 0).checked_states, 0);
}

TEST(DeadEnds, RelaxedWorksWithAnyHeuristicAndAutoLeavesOthersAlone) {
    const Task task = test::load_task("painter", "p01");
    PlannerOptions options;
    options.heuristic = HeuristicKind::GoalCount;
    const SearchResult plain = solve(task, options);  // auto: no detector
    options.dead_ends = DeadEndDetection::Relaxed;
    const SearchResult pruned = solve(task, options);
    ASSERT_EQ(plain.status, SearchStatus::Solved);
    ASSERT_EQ(pruned.status, SearchStatus::Solved);
    EXPECT_TRUE(validate_plan(task, pruned.plan).valid);
    EXPECT_EQ(plain.stats.dead_ends, 0);
    EXPECT_EQ(pruned.stats.dead_ends, 3);
    EXPECT_EQ(pruned.stats.expansions, 9);
    EXPECT_EQ(plain.stats.expansions, 11);
}

TEST(DeadEnds, ParsesOptionNames) {
    EXPECT_EQ(parse_dead_end_detection("auto"), DeadEndDetection::Auto);
    EXPECT_EQ(parse_dead_end_detection("relaxed"), DeadEndDetection::Relaxed);
    EXPECT_EQ(parse_dead_end_detection("none"), DeadEndDetection::None);
    EXPECT_THROW(parse_dead_end_detection("yes"), Error);
}

}  // namespace
}  // namespace ll
