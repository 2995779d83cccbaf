// Relaxed reachability with the hmax exploration, which stops as soon as
// every goal atom has been reached.
#include "core/heuristics/dead_end_detector.hpp"

namespace ll {

RelaxedDeadEndDetector::RelaxedDeadEndDetector(const Task& task, const StateLayout& layout,
                                               const StaticFacts& statics, const GoalChecker& goal)
    : goal_(goal), exploration_(task, layout, statics, datalog::build_program(task)) {}

bool RelaxedDeadEndDetector::is_dead_end(const State& state) {
    return !goal_.is_goal(state) && !exploration_.explore(state, datalog::Aggregation::Max);
}

}  // namespace ll
