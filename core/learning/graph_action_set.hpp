// The action set A(s, ρ) as the AOAG and AEG builders see it. ρ = None and a
// ρ whose A(s, ρ) is every applicable action of s (an incomplete ρ with an
// empty prefix whose schema is the only applicable one) both mean "no action
// committed to": the graph is then the plain state graph. A complete ρ always
// commits to its action (its graph is the successor's), even when that action
// is the only applicable one (a nullary schema).
#pragma once

#include <span>
#include <vector>

#include "core/successors/successor_generator.hpp"
#include "core/task/partial_action.hpp"
#include "core/task/state.hpp"
#include "core/task/task.hpp"

namespace ll {

// True iff (s, ρ) carries no commitment beyond s (see above).
bool commits_to_nothing(const Task& task, SuccessorGenerator& successors, const State& state,
                        const PartialAction& partial);

}  // namespace ll
