// The optimality claim and the optimal engines' option checks (see header).
#include "core/optimality.hpp"

#include "core/common/error.hpp"
#include "core/search/search_engine.hpp"

namespace ll {

Optimality optimality(const PlannerOptions& options, const Task& task) {
    const SearchConfig& search = options.search;
    if (!options.next_phases.empty()) return {false, "a portfolio of several searches"};
    if (!is_optimal_engine(search.engine))
        return {false, "greedy best-first search does not minimise plan cost"};
    if (search.symmetry) return {false, "object-symmetry pruning is on"};
    if (search.engine == EngineKind::Bfs) {
        if (task.has_action_costs)
            return {false, "breadth-first search minimises plan length, not cost"};
        return {true, "breadth-first search on a unit-cost task (a shortest plan)"};
    }
    // Under cost-type one or plusone the search still adds the task's
    // costs (g), but the heuristic may overestimate them.
    const bool task_costs = !task.has_action_costs || search.cost_type == CostType::Normal;
    if (search.engine == EngineKind::Ucs) return {true, "uniform-cost search"};
    const std::string h = to_string(options.heuristic);
    if (!heuristic_entry(options.heuristic).admissible)
        return {false, "A* with the inadmissible heuristic " + h};
    if (!task_costs)
        return {false, "A* with " + h + " under cost-type=" + to_string(search.cost_type) +
                           " (not the task's costs)"};
    return {true, "A* with the admissible heuristic " + h};
}

void check_optimal_search(const PlannerOptions& options) {
    const SearchConfig& search = options.search;
    if (!is_optimal_engine(search.engine)) return;
    const std::string engine = to_string(search.engine);
    if (options.space == SpaceKind::Partial) throw needs_path_costs(engine);
    if (search.preferred || search.novelty || search.landmarks ||
        !search.extra_heuristics.empty()) {
        throw Error(ErrorCategory::Usage,
                    "search=" + engine +
                        " takes a single heuristic, without preferred operators or novelty "
                        "(try the aliases bfs, ucs, astar-blind, astar-hmax, astar-lmcut)");
    }
}

}  // namespace ll
