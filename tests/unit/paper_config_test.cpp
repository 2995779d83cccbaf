// The paper's search (`--config paper`) keeps the first version's exact
// behaviour: expansions and generated nodes of the eager GBFS that evaluated
// inside the spaces (commit aeee05a, `lazylifted plan ... --space S
// --heuristic H`), on every test task, in both spaces, with every heuristic.
#include <gtest/gtest.h>

#include "core/planner.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

struct FirstVersion {
    const char* task;
    const char* problem;
    SpaceKind space;
    HeuristicKind heuristic;
    std::int64_t expansions;
    std::int64_t generated;
};

const FirstVersion kFirstVersion[] = {
    {"blocksworld", "p01", SpaceKind::State, HeuristicKind::FF, 10, 15},
    {"blocksworld", "p01", SpaceKind::State, HeuristicKind::Add, 10, 15},
    {"blocksworld", "p01", SpaceKind::State, HeuristicKind::Max, 9, 15},
    {"blocksworld", "p01", SpaceKind::State, HeuristicKind::GoalCount, 13, 17},
    {"blocksworld", "p01", SpaceKind::Partial, HeuristicKind::FF, 51, 61},
    {"blocksworld", "p01", SpaceKind::Partial, HeuristicKind::Add, 49, 60},
    {"blocksworld", "p01", SpaceKind::Partial, HeuristicKind::Max, 44, 55},
    {"blocksworld", "p01", SpaceKind::Partial, HeuristicKind::GoalCount, 61, 69},
    {"blocksworld", "p02", SpaceKind::State, HeuristicKind::FF, 8, 11},
    {"blocksworld", "p02", SpaceKind::State, HeuristicKind::Add, 8, 11},
    {"blocksworld", "p02", SpaceKind::State, HeuristicKind::Max, 13, 22},
    {"blocksworld", "p02", SpaceKind::State, HeuristicKind::GoalCount, 8, 11},
    {"blocksworld", "p02", SpaceKind::Partial, HeuristicKind::FF, 36, 48},
    {"blocksworld", "p02", SpaceKind::Partial, HeuristicKind::Add, 30, 40},
    {"blocksworld", "p02", SpaceKind::Partial, HeuristicKind::Max, 165, 198},
    {"blocksworld", "p02", SpaceKind::Partial, HeuristicKind::GoalCount, 41, 51},
    {"blocksworld", "p03", SpaceKind::State, HeuristicKind::FF, 15, 42},
    {"blocksworld", "p03", SpaceKind::State, HeuristicKind::Add, 28, 70},
    {"blocksworld", "p03", SpaceKind::State, HeuristicKind::Max, 146, 465},
    {"blocksworld", "p03", SpaceKind::State, HeuristicKind::GoalCount, 87, 143},
    {"blocksworld", "p03", SpaceKind::Partial, HeuristicKind::FF, 166, 220},
    {"blocksworld", "p03", SpaceKind::Partial, HeuristicKind::Add, 137, 186},
    {"blocksworld", "p03", SpaceKind::Partial, HeuristicKind::Max, 1037, 1430},
    {"blocksworld", "p03", SpaceKind::Partial, HeuristicKind::GoalCount, 533, 625},
    {"constants-equality", "p01", SpaceKind::State, HeuristicKind::FF, 7, 28},
    {"constants-equality", "p01", SpaceKind::State, HeuristicKind::Add, 7, 28},
    {"constants-equality", "p01", SpaceKind::State, HeuristicKind::Max, 14, 40},
    {"constants-equality", "p01", SpaceKind::State, HeuristicKind::GoalCount, 49, 96},
    {"constants-equality", "p01", SpaceKind::Partial, HeuristicKind::FF, 62, 90},
    {"constants-equality", "p01", SpaceKind::Partial, HeuristicKind::Add, 82, 113},
    {"constants-equality", "p01", SpaceKind::Partial, HeuristicKind::Max, 100, 139},
    {"constants-equality", "p01", SpaceKind::Partial, HeuristicKind::GoalCount, 401, 491},
    {"ferry", "p01", SpaceKind::State, HeuristicKind::FF, 3, 5},
    {"ferry", "p01", SpaceKind::State, HeuristicKind::Add, 3, 5},
    {"ferry", "p01", SpaceKind::State, HeuristicKind::Max, 3, 5},
    {"ferry", "p01", SpaceKind::State, HeuristicKind::GoalCount, 4, 5},
    {"ferry", "p01", SpaceKind::Partial, HeuristicKind::FF, 19, 22},
    {"ferry", "p01", SpaceKind::Partial, HeuristicKind::Add, 19, 22},
    {"ferry", "p01", SpaceKind::Partial, HeuristicKind::Max, 19, 22},
    {"ferry", "p01", SpaceKind::Partial, HeuristicKind::GoalCount, 19, 22},
    {"ferry", "p02", SpaceKind::State, HeuristicKind::FF, 10, 16},
    {"ferry", "p02", SpaceKind::State, HeuristicKind::Add, 10, 16},
    {"ferry", "p02", SpaceKind::State, HeuristicKind::Max, 11, 18},
    {"ferry", "p02", SpaceKind::State, HeuristicKind::GoalCount, 18, 26},
    {"ferry", "p02", SpaceKind::Partial, HeuristicKind::FF, 80, 94},
    {"ferry", "p02", SpaceKind::Partial, HeuristicKind::Add, 57, 79},
    {"ferry", "p02", SpaceKind::Partial, HeuristicKind::Max, 70, 86},
    {"ferry", "p02", SpaceKind::Partial, HeuristicKind::GoalCount, 98, 111},
    {"graph-statics", "p01", SpaceKind::State, HeuristicKind::FF, 4, 9},
    {"graph-statics", "p01", SpaceKind::State, HeuristicKind::Add, 8, 15},
    {"graph-statics", "p01", SpaceKind::State, HeuristicKind::Max, 5, 12},
    {"graph-statics", "p01", SpaceKind::State, HeuristicKind::GoalCount, 17, 26},
    {"graph-statics", "p01", SpaceKind::Partial, HeuristicKind::FF, 20, 27},
    {"graph-statics", "p01", SpaceKind::Partial, HeuristicKind::Add, 39, 51},
    {"graph-statics", "p01", SpaceKind::Partial, HeuristicKind::Max, 31, 41},
    {"graph-statics", "p01", SpaceKind::Partial, HeuristicKind::GoalCount, 112, 128},
    {"graph-statics", "p02", SpaceKind::State, HeuristicKind::FF, 4, 7},
    {"graph-statics", "p02", SpaceKind::State, HeuristicKind::Add, 4, 7},
    {"graph-statics", "p02", SpaceKind::State, HeuristicKind::Max, 4, 7},
    {"graph-statics", "p02", SpaceKind::State, HeuristicKind::GoalCount, 6, 8},
    {"graph-statics", "p02", SpaceKind::Partial, HeuristicKind::FF, 24, 29},
    {"graph-statics", "p02", SpaceKind::Partial, HeuristicKind::Add, 24, 29},
    {"graph-statics", "p02", SpaceKind::Partial, HeuristicKind::Max, 24, 29},
    {"graph-statics", "p02", SpaceKind::Partial, HeuristicKind::GoalCount, 31, 36},
    {"gripper", "p01", SpaceKind::State, HeuristicKind::FF, 5, 13},
    {"gripper", "p01", SpaceKind::State, HeuristicKind::Add, 7, 16},
    {"gripper", "p01", SpaceKind::State, HeuristicKind::Max, 8, 17},
    {"gripper", "p01", SpaceKind::State, HeuristicKind::GoalCount, 12, 20},
    {"gripper", "p01", SpaceKind::Partial, HeuristicKind::FF, 33, 44},
    {"gripper", "p01", SpaceKind::Partial, HeuristicKind::Add, 46, 65},
    {"gripper", "p01", SpaceKind::Partial, HeuristicKind::Max, 44, 65},
    {"gripper", "p01", SpaceKind::Partial, HeuristicKind::GoalCount, 108, 125},
    {"gripper", "p02", SpaceKind::State, HeuristicKind::FF, 25, 68},
    {"gripper", "p02", SpaceKind::State, HeuristicKind::Add, 15, 54},
    {"gripper", "p02", SpaceKind::State, HeuristicKind::Max, 131, 170},
    {"gripper", "p02", SpaceKind::State, HeuristicKind::GoalCount, 32, 81},
    {"gripper", "p02", SpaceKind::Partial, HeuristicKind::FF, 144, 197},
    {"gripper", "p02", SpaceKind::Partial, HeuristicKind::Add, 105, 154},
    {"gripper", "p02", SpaceKind::Partial, HeuristicKind::Max, 1188, 1338},
    {"gripper", "p02", SpaceKind::Partial, HeuristicKind::GoalCount, 286, 372},
    {"nullary", "p01", SpaceKind::State, HeuristicKind::FF, 4, 6},
    {"nullary", "p01", SpaceKind::State, HeuristicKind::Add, 4, 6},
    {"nullary", "p01", SpaceKind::State, HeuristicKind::Max, 4, 6},
    {"nullary", "p01", SpaceKind::State, HeuristicKind::GoalCount, 4, 6},
    {"nullary", "p01", SpaceKind::Partial, HeuristicKind::FF, 8, 15},
    {"nullary", "p01", SpaceKind::Partial, HeuristicKind::Add, 8, 15},
    {"nullary", "p01", SpaceKind::Partial, HeuristicKind::Max, 8, 15},
    {"nullary", "p01", SpaceKind::Partial, HeuristicKind::GoalCount, 11, 15},
    {"painter", "p01", SpaceKind::State, HeuristicKind::FF, 5, 14},
    {"painter", "p01", SpaceKind::State, HeuristicKind::Add, 6, 16},
    {"painter", "p01", SpaceKind::State, HeuristicKind::Max, 5, 14},
    {"painter", "p01", SpaceKind::State, HeuristicKind::GoalCount, 11, 18},
    {"painter", "p01", SpaceKind::Partial, HeuristicKind::FF, 20, 29},
    {"painter", "p01", SpaceKind::Partial, HeuristicKind::Add, 24, 35},
    {"painter", "p01", SpaceKind::Partial, HeuristicKind::Max, 22, 32},
    {"painter", "p01", SpaceKind::Partial, HeuristicKind::GoalCount, 66, 79},
    {"repeated-vars", "p01", SpaceKind::State, HeuristicKind::FF, 4, 18},
    {"repeated-vars", "p01", SpaceKind::State, HeuristicKind::Add, 4, 18},
    {"repeated-vars", "p01", SpaceKind::State, HeuristicKind::Max, 6, 25},
    {"repeated-vars", "p01", SpaceKind::State, HeuristicKind::GoalCount, 4, 14},
    {"repeated-vars", "p01", SpaceKind::Partial, HeuristicKind::FF, 16, 30},
    {"repeated-vars", "p01", SpaceKind::Partial, HeuristicKind::Add, 18, 34},
    {"repeated-vars", "p01", SpaceKind::Partial, HeuristicKind::Max, 29, 49},
    {"repeated-vars", "p01", SpaceKind::Partial, HeuristicKind::GoalCount, 31, 42},
    {"trivial", "p01", SpaceKind::State, HeuristicKind::FF, 0, 1},
    {"trivial", "p01", SpaceKind::State, HeuristicKind::Add, 0, 1},
    {"trivial", "p01", SpaceKind::State, HeuristicKind::Max, 0, 1},
    {"trivial", "p01", SpaceKind::State, HeuristicKind::GoalCount, 0, 1},
    {"trivial", "p01", SpaceKind::Partial, HeuristicKind::FF, 0, 1},
    {"trivial", "p01", SpaceKind::Partial, HeuristicKind::Add, 0, 1},
    {"trivial", "p01", SpaceKind::Partial, HeuristicKind::Max, 0, 1},
    {"trivial", "p01", SpaceKind::Partial, HeuristicKind::GoalCount, 0, 1},
    {"unsolvable", "p01", SpaceKind::State, HeuristicKind::FF, 0, 1},
    {"unsolvable", "p01", SpaceKind::State, HeuristicKind::Add, 0, 1},
    {"unsolvable", "p01", SpaceKind::State, HeuristicKind::Max, 0, 1},
    {"unsolvable", "p01", SpaceKind::State, HeuristicKind::GoalCount, 4, 4},
    {"unsolvable", "p01", SpaceKind::Partial, HeuristicKind::FF, 0, 1},
    {"unsolvable", "p01", SpaceKind::Partial, HeuristicKind::Add, 0, 1},
    {"unsolvable", "p01", SpaceKind::Partial, HeuristicKind::Max, 0, 1},
    {"unsolvable", "p01", SpaceKind::Partial, HeuristicKind::GoalCount, 18, 18},
    {"unsolvable", "p02", SpaceKind::State, HeuristicKind::FF, 8, 8},
    {"unsolvable", "p02", SpaceKind::State, HeuristicKind::Add, 8, 8},
    {"unsolvable", "p02", SpaceKind::State, HeuristicKind::Max, 8, 8},
    {"unsolvable", "p02", SpaceKind::State, HeuristicKind::GoalCount, 8, 8},
    {"unsolvable", "p02", SpaceKind::Partial, HeuristicKind::FF, 54, 54},
    {"unsolvable", "p02", SpaceKind::Partial, HeuristicKind::Add, 54, 54},
    {"unsolvable", "p02", SpaceKind::Partial, HeuristicKind::Max, 54, 54},
    {"unsolvable", "p02", SpaceKind::Partial, HeuristicKind::GoalCount, 54, 54},
};

TEST(PaperConfiguration, SameExpansionsAsTheFirstVersion) {
    for (const FirstVersion& f : kFirstVersion) {
        const Task task = test::load_task(f.task, f.problem);
        PlannerOptions options;  // default constructed: the paper's search
        ASSERT_EQ(options.search, SearchConfig::paper());
        options.space = f.space;
        options.heuristic = f.heuristic;
        const SearchResult r = solve(task, options);
        EXPECT_EQ(r.stats.expansions, f.expansions)
            << f.task << " " << f.problem << " " << to_string(f.space) << " "
            << to_string(f.heuristic);
        EXPECT_EQ(r.stats.generated, f.generated)
            << f.task << " " << f.problem << " " << to_string(f.space) << " "
            << to_string(f.heuristic);
    }
}

}  // namespace
}  // namespace ll
