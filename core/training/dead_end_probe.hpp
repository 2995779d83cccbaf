// Does the domain have dead ends the delete relaxation detects? The trainer
// answers this on the training data: it applies every applicable action to
// the states along each training plan and checks the successors with the
// relaxed dead-end detector (paper-independent: the planner uses the answer
// to decide whether a learnt heuristic needs dead-end pruning).
#pragma once

#include <span>
#include <string>

#include "core/training/trainer.hpp"

namespace ll {

struct DeadEndProbeResult {
    int checked_states = 0;  // successor states checked
    bool found = false;      // some checked state was a relaxed dead end
    std::string found_in;    // the problem where the first one was found
};

// Checks at most `max_checks` successor states in all, spread over the
// problems (each gets an equal share, in order, plan states first to last),
// and stops at the first dead end. Deterministic.
DeadEndProbeResult probe_dead_ends(std::span<const TrainingProblem> problems, int max_checks);

}  // namespace ll
