// The states along a plan, for the step view of the page (wasm trace()):
// the initial state, the state after each step, and the atoms each step adds
// and deletes. A thin layer over the validator's replay (it observes the
// states validate_plan computes), so it follows the validator's semantics,
// whatever effects the validator learns to apply.
#pragma once

#include <span>
#include <vector>

#include "core/task/task.hpp"
#include "core/validation/validator.hpp"

namespace ll {

struct PlanTrace {
    // states[0] is the initial state, states[i] the state after step i
    // (1-based); each sorted. Fewer than plan.size() + 1 states when a step
    // fails (validation.failed_step): the trace stops before it.
    std::vector<std::vector<GroundAtom>> states;
    // added[i] / deleted[i]: the atoms in states[i] and not in states[i - 1]
    // (and the reverse), sorted; index 0 is empty (the initial state).
    std::vector<std::vector<GroundAtom>> added;
    std::vector<std::vector<GroundAtom>> deleted;
    // The validator's verdict on the whole plan.
    ValidationResult validation;
};

// Replays `plan` with the validator. Never throws for an invalid plan (see
// validation); errors in the task itself are ll::Error, as everywhere.
PlanTrace trace_plan(const Task& task, std::span<const GroundAction> plan);

}  // namespace ll
