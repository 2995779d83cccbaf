// Relaxed reachability with the hmax exploration, which stops as soon as
// every goal atom has been reached.
#include "core/heuristics/dead_end_detector.hpp"

#include <cmath>

namespace ll {

RelaxedDeadEndDetector::RelaxedDeadEndDetector(const Task& task, const StateLayout& layout,
                                               const StaticFacts& statics, const GoalChecker& goal,
                                               RelaxationSource grounding)
    : hmax_(RelaxationHeuristic::Kind::Max, task, layout, statics, goal, grounding) {}

bool RelaxedDeadEndDetector::is_dead_end(const State& state) {
    return std::isinf(hmax_.evaluate(state));
}

}  // namespace ll
