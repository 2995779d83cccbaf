// The planner facade: assembles task structures, heuristic, space and engine.
#include "core/planner.hpp"

#include <memory>
#include <optional>

#include "core/common/error.hpp"
#include "core/common/resources.hpp"
#include "core/heuristics/dead_end_detector.hpp"
#include "core/heuristics/goal_count.hpp"
#include "core/heuristics/relaxation.hpp"
#include "core/heuristics/restricted_relaxation.hpp"
#include "core/learning/wl_heuristic.hpp"
#include "core/search/gbfs.hpp"
#include "core/search/partial_space.hpp"
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
    // In the partial space every relaxation heuristic is evaluated as its
    // restriction (rFF for ff); in the state space rff is hFF = rFF(s, None).
    if (name == "ff" || name == "rff") return HeuristicKind::FF;
    if (name == "hadd" || name == "add") return HeuristicKind::Add;
    if (name == "hmax" || name == "max") return HeuristicKind::Max;
    if (name == "goal-count" || name == "goalcount") return HeuristicKind::GoalCount;
    if (name == "wl") return HeuristicKind::Wl;
    throw Error(ErrorCategory::Usage, "unknown heuristic '" + std::string(name) +
                                          "' (expected ff, rff, hadd, hmax, goal-count or wl)");
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
        case HeuristicKind::Wl:
            return "wl";
    }
    return "unknown";
}

DeadEndDetection parse_dead_end_detection(std::string_view name) {
    if (name == "auto") return DeadEndDetection::Auto;
    if (name == "relaxed") return DeadEndDetection::Relaxed;
    if (name == "none") return DeadEndDetection::None;
    throw Error(ErrorCategory::Usage, "unknown dead-end detection '" + std::string(name) +
                                          "' (expected auto, relaxed or none)");
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

std::unique_ptr<ActionSetHeuristic> make_heuristic(const PlannerOptions& options, const Task& task,
                                                   const StateLayout& layout,
                                                   const StaticFacts& statics,
                                                   const GoalChecker& goal,
                                                   SuccessorGenerator& successors) {
    if (options.heuristic == HeuristicKind::GoalCount) {
        return std::make_unique<GoalCountHeuristic>(task, layout, goal, &successors);
    }
    if (options.heuristic == HeuristicKind::Wl) {
        if (!options.model) {
            throw Error(ErrorCategory::Usage, "the wl heuristic needs a model (--model FILE)");
        }
        return std::make_unique<WlHeuristic>(*options.model, task, layout, statics, successors);
    }
    const auto kind = options.heuristic == HeuristicKind::Add   ? RelaxationHeuristic::Kind::Add
                      : options.heuristic == HeuristicKind::Max ? RelaxationHeuristic::Kind::Max
                                                                : RelaxationHeuristic::Kind::FF;
    if (options.space == SpaceKind::Partial) {
        return std::make_unique<RestrictedRelaxationHeuristic>(kind, task, layout, statics, goal,
                                                               successors);
    }
    return std::make_unique<RelaxationHeuristic>(kind, task, layout, statics, goal);
}

bool wants_dead_end_detection(const PlannerOptions& options) {
    if (options.dead_ends == DeadEndDetection::Auto) {
        return options.heuristic == HeuristicKind::Wl && options.model &&
               options.model->relaxed_dead_ends;
    }
    return options.dead_ends == DeadEndDetection::Relaxed;
}
}  // namespace

SearchResult solve(const Task& task, const PlannerOptions& options,
                   const ProgressCallback& progress) {
    check_limits(options.limits);
    if (options.parameter_order && options.space == SpaceKind::Partial) {
        const ReorderedTask reordered = reorder_parameters(task, *options.parameter_order);
        if (!reordered.is_identity) {
            if (options.heuristic == HeuristicKind::Wl) {
                // Graph edge labels are parameter positions: a model only
                // fits the order it was trained with (the declared one).
                throw Error(ErrorCategory::Usage,
                            "learnt models use the declared parameter order; parameter order '" +
                                options.parameter_order->name() + "' cannot be combined with wl");
            }
            PlannerOptions inner = options;
            inner.parameter_order.reset();
            SearchResult result = solve(reordered.task, inner, progress);
            for (GroundAction& action : result.plan)
                action = to_declaration_order(reordered, action);
            return result;
        }
    }
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    SuccessorGenerator successors(task, layout, statics);
    auto heuristic = make_heuristic(options, task, layout, statics, goal, successors);
    std::unique_ptr<SearchSpace> space;
    if (options.space == SpaceKind::Partial) {
        space = std::make_unique<PartialSpace>(task, layout, successors, goal, *heuristic);
    } else {
        space = std::make_unique<StateSpace>(task, layout, successors, goal, *heuristic);
    }
    std::optional<RelaxedDeadEndDetector> detector;
    if (wants_dead_end_detection(options)) {
        detector.emplace(task, layout, statics, goal);
        space->set_dead_end_detector(&*detector);
    }
    GbfsOptions gbfs{options.limits, options.progress_interval_s};
    SearchResult result = greedy_best_first_search(*space, gbfs, progress);
    if (const WlHeuristic* wl = dynamic_cast<const WlHeuristic*>(heuristic.get())) {
        result.stats.wl_colours_seen = wl->miss_statistics().seen;
        result.stats.wl_colours_unseen = wl->miss_statistics().unseen;
    }
    return result;
}

}  // namespace ll
