// Greedy action elimination (Nakhost & Müller 2010): a step is dropped, with
// every later step that the drop makes inapplicable, whenever the rest still
// reaches the goal. Satisficing planners' plans carry detours (pick a block
// up, put it back); a ranking dataset built from them teaches the detours.
// The bootstrap shortens the plans it found before training on them.
#pragma once

#include <vector>

#include "core/task/task.hpp"

namespace ll {

// `plan` must be valid for `task`; the result is a valid subsequence of it,
// no longer, from which no single step (with the steps that depend on it)
// can be removed.
std::vector<GroundAction> eliminate_redundant_actions(const Task& task,
                                                      std::vector<GroundAction> plan);

}  // namespace ll
