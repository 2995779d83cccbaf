// The dead-end probe: successors of the plan states, checked by relaxed
// reachability, within a budget of checks.
#include "core/training/dead_end_probe.hpp"

#include <algorithm>
#include <vector>

#include "core/heuristics/dead_end_detector.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"

namespace ll {

DeadEndProbeResult probe_dead_ends(const TrainingProblem& problem, int max_checks) {
    DeadEndProbeResult result;
    if (max_checks <= 0) return result;
    const Task& task = problem.task;
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    SuccessorGenerator successors(task, layout, statics);
    RelaxedDeadEndDetector detector(task, layout, statics, goal);
    // Spread the checks over the plan's states, and over each state's
    // actions with a stride (actions come grouped by schema).
    const int states = static_cast<int>(problem.plan.size()) + 1;
    const int per_state = std::max(1, (max_checks + states - 1) / states);
    std::vector<GroundAction> actions;
    State state = initial_state(task, layout);
    for (int step = 0; step < states; ++step) {
        actions.clear();
        successors.applicable_actions(state, actions);
        const std::size_t stride =
            std::max<std::size_t>(1, actions.size() / static_cast<std::size_t>(per_state));
        for (std::size_t i = 0; i < actions.size(); i += stride) {
            if (result.checked_states == max_checks) return result;
            ++result.checked_states;
            if (detector.is_dead_end(apply_action(task, layout, state, actions[i]))) {
                result.found = true;
                return result;
            }
        }
        if (step < states - 1) state = apply_action(task, layout, state, problem.plan[step]);
    }
    return result;
}

}  // namespace ll
