// Greedy action elimination: see plan_reduction.hpp.
#include "core/validation/plan_reduction.hpp"

#include <utility>

#include "core/validation/validator.hpp"

namespace ll {

namespace {

// The steps of `plan` after `drop`, replayed from `state` (the state before
// `drop`) without it, skipping each one that is then inapplicable: their
// indices in `kept`; whether the goal is reached. `state` is left as it
// was: changed in place and undone where the task has no derived
// predicates (states hold the static atoms too: a copy per try cost more
// than the replay), copied otherwise.
bool replay_without(const Task& task, const PlanReplay& replay,
                    const std::vector<GroundAction>& plan, std::size_t drop,
                    PlanReplay::State& state, std::vector<std::size_t>& kept, Budget* budget) {
    const bool undoable = task.axioms.empty();
    PlanReplay::State copy;
    if (!undoable) copy = state;
    PlanReplay::State& replayed = undoable ? state : copy;
    std::vector<PlanReplay::Change> changes;
    std::vector<PlanReplay::Change>* log = undoable ? &changes : nullptr;
    kept.clear();
    bool reached = false;
    try {
        for (std::size_t j = drop + 1; j < plan.size(); ++j) {
            if (budget != nullptr) budget->poll();
            if (!replay.applicable(plan[j], replayed)) continue;
            replay.apply(plan[j], replayed, log);
            kept.push_back(j);
        }
        reached = replay.reaches_goal(replayed);
    } catch (...) {
        PlanReplay::undo(state, changes);
        throw;
    }
    PlanReplay::undo(state, changes);
    return reached;
}

}  // namespace

std::vector<GroundAction> eliminate_redundant_actions(const Task& task,
                                                      std::vector<GroundAction> plan,
                                                      Budget* budget) {
    const PlanReplay replay(task, budget);
    std::vector<std::size_t> kept;
    try {
        if (budget != nullptr) budget->check();  // polls read the clock only now and then
        // `state` is the state before step i; the steps before i stay.
        PlanReplay::State state = replay.initial_state();
        std::size_t i = 0;
        while (i < plan.size()) {
            const bool goal_action = task.schemas[plan[i].schema].is_goal_action;
            if (!goal_action && replay_without(task, replay, plan, i, state, kept, budget)) {
                std::vector<GroundAction> shorter(plan.begin(),
                                                  plan.begin() + static_cast<std::ptrdiff_t>(i));
                for (std::size_t j : kept)
                    shorter.push_back(std::move(plan[j]));
                plan = std::move(shorter);
                continue;  // step i is a new step now: try it too
            }
            replay.apply(plan[i], state);
            ++i;
        }
    } catch (const LimitReached&) {
        // Every plan kept so far reached the goal: return the shortest.
    }
    return plan;
}

}  // namespace ll
