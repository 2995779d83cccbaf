// The planner facade: assembles task structures, heuristic, space and engine.
#include "core/planner.hpp"

#include <memory>

#include "core/common/error.hpp"
#include "core/common/resources.hpp"
#include "core/heuristics/goal_count.hpp"
#include "core/heuristics/relaxation.hpp"
#include "core/search/gbfs.hpp"
#include "core/search/state_space.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"

namespace ll {

const char* to_string(SearchStatus status) {
    switch (status) {
        case SearchStatus::Solved:
            return "solved";
        case SearchStatus::Unsolvable:
            return "unsolvable";
        case SearchStatus::ExpansionLimit:
            return "expansion-limit";
        case SearchStatus::OutOfMemory:
            return "out-of-memory";
        case SearchStatus::OutOfTime:
            return "out-of-time";
    }
    return "unknown";
}

SpaceKind parse_space_kind(std::string_view name) {
    if (name == "state") return SpaceKind::State;
    if (name == "partial") return SpaceKind::Partial;
    throw Error(ErrorCategory::Usage,
                "unknown search space '" + std::string(name) + "' (expected state or partial)");
}

HeuristicKind parse_heuristic_kind(std::string_view name) {
    if (name == "ff") return HeuristicKind::FF;
    if (name == "hadd" || name == "add") return HeuristicKind::Add;
    if (name == "hmax" || name == "max") return HeuristicKind::Max;
    if (name == "goal-count" || name == "goalcount") return HeuristicKind::GoalCount;
    throw Error(ErrorCategory::Usage, "unknown heuristic '" + std::string(name) +
                                          "' (expected ff, hadd, hmax or goal-count)");
}

const char* to_string(SpaceKind kind) {
    return kind == SpaceKind::State ? "state" : "partial";
}

const char* to_string(HeuristicKind kind) {
    switch (kind) {
        case HeuristicKind::FF:
            return "ff";
        case HeuristicKind::Add:
            return "hadd";
        case HeuristicKind::Max:
            return "hmax";
        case HeuristicKind::GoalCount:
            return "goal-count";
    }
    return "unknown";
}

namespace {
void check_limits(const Limits& limits) {
    if (!(limits.time_limit_s > 0)) {
        throw Error(ErrorCategory::Usage, "the time limit must be positive");
    }
    if (!(limits.memory_limit_mb > 0)) {
        throw Error(ErrorCategory::Usage, "the memory limit must be positive");
    }
    if (limits.max_expansions < -1) {
        throw Error(ErrorCategory::Usage, "the expansion limit must be non-negative");
    }
}

std::unique_ptr<ActionSetHeuristic> make_heuristic(HeuristicKind kind, const Task& task,
                                                   const StateLayout& layout,
                                                   const StaticFacts& statics,
                                                   const GoalChecker& goal) {
    switch (kind) {
        case HeuristicKind::GoalCount:
            return std::make_unique<GoalCountHeuristic>(goal);
        case HeuristicKind::Add:
            return std::make_unique<RelaxationHeuristic>(RelaxationHeuristic::Kind::Add, task,
                                                         layout, statics, goal);
        case HeuristicKind::Max:
            return std::make_unique<RelaxationHeuristic>(RelaxationHeuristic::Kind::Max, task,
                                                         layout, statics, goal);
        case HeuristicKind::FF:
            return std::make_unique<RelaxationHeuristic>(RelaxationHeuristic::Kind::FF, task,
                                                         layout, statics, goal);
    }
    throw Error(ErrorCategory::Internal, "unhandled heuristic kind");
}
}  // namespace

SearchResult solve(const Task& task, const PlannerOptions& options,
                   const ProgressCallback& progress) {
    check_limits(options.limits);
    if (options.space == SpaceKind::Partial) {
        throw Error(ErrorCategory::Unsupported,
                    "partial-space search is not available yet in this build");
    }
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    SuccessorGenerator successors(task, layout, statics);
    auto heuristic = make_heuristic(options.heuristic, task, layout, statics, goal);
    StateSpace space(task, layout, successors, goal, *heuristic);
    GbfsOptions gbfs{options.limits, options.progress_interval_s};
    return greedy_best_first_search(space, gbfs, progress);
}

}  // namespace ll
