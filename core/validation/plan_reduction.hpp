// Greedy action elimination (Nakhost & Müller 2010): a step is dropped, with
// every later step that the drop makes inapplicable, whenever the rest still
// reaches the goal. Satisficing planners' plans carry detours (pick a block
// up, put it back; relaxed-plan lookahead's repairs); anytime search starts
// from the shortened plan, and a ranking dataset built from shortened plans
// does not learn the detours.
#pragma once

#include <vector>

#include "core/common/budget.hpp"
#include "core/task/task.hpp"

namespace ll {

// `plan` must be valid for `task`; the result is a valid subsequence of it,
// no longer and no costlier, from which no single step (with the steps that
// depend on it) can be removed. With `budget` (null: none), a passed limit
// ends the elimination early with the plan shortened so far (still valid).
std::vector<GroundAction> eliminate_redundant_actions(const Task& task,
                                                      std::vector<GroundAction> plan,
                                                      Budget* budget = nullptr);

}  // namespace ll
