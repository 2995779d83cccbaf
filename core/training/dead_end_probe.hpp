// Does the domain have dead ends the delete relaxation detects? The trainer
// answers this on the training data: it applies applicable actions in the
// states along each training plan and checks the successors with the
// relaxed dead-end detector. The planner uses the answer (stored in the
// model) to decide whether a learnt heuristic needs dead-end pruning.
#pragma once

#include "core/training/training_problem.hpp"

namespace ll {

struct DeadEndProbeResult {
    int checked_states = 0;  // successor states checked
    bool found = false;      // some checked state was a relaxed dead end
};

// Checks at most `max_checks` successor states of the problem's plan states,
// spread over the plan and over each state's actions, and stops at the first
// dead end. Deterministic.
DeadEndProbeResult probe_dead_ends(const TrainingProblem& problem, int max_checks);

}  // namespace ll
