// When a run's plan is optimal, and why (not): the one rule the CLI summary,
// --stats-json and the wasm result print. A* and uniform-cost search find a
// cheapest plan with an admissible heuristic under the task's own costs;
// breadth-first search finds a shortest plan, which is a cheapest one only
// without action costs. Greedy search and portfolios claim nothing.
#pragma once

#include <string>

#include "core/planner.hpp"
#include "core/task/task.hpp"

namespace ll {

struct Optimality {
    bool claimed = false;  // the plan found (if any) is a cheapest one
    std::string reason;    // why, or why not, in a few words
};

Optimality optimality(const PlannerOptions& options, const Task& task);

// Throws ll::Error for an optimal engine (bfs, ucs, astar) the planner
// cannot run: in the partial space (Incompatible), or with preferred
// operators, novelty or extra heuristics (Usage).
void check_optimal_search(const PlannerOptions& options);

}  // namespace ll
