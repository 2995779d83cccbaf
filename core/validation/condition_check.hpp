// Evaluating ADL conditions (Task::original_preconditions, the original
// goal, conditional effects) on an explicit set of ground atoms, for the
// validator: quantifiers are checked by enumerating the objects of their
// type, so plans are checked against the PDDL formulas as written, not
// against the front end's normalisation.
#pragma once

#include <set>
#include <vector>

#include "core/common/budget.hpp"
#include "core/task/task.hpp"

namespace ll {

// Whether `condition` holds in `state` (static atoms included) when
// parameter term i stands for binding[i]; `binding` grows for quantified
// variables and is restored. With `budget` (null: none), quantifiers poll it
// per object (throws LimitReached).
bool condition_holds(const Task& task, const Condition& condition, std::vector<ObjectId>& binding,
                     const std::set<GroundAtom>& state, Budget* budget = nullptr);

// Replaces the derived atoms of `state` by those the derived predicates'
// definitions as written (Task::derived_definitions) give, stratum by
// stratum, each to a fixpoint: every head tuple over the objects of its
// types is checked against the formula until none is added. That is
// (objects)^arity formula checks per round, so it polls `budget` (null:
// none) per head tuple and per quantified object.
void apply_derived_definitions(const Task& task, std::set<GroundAtom>& state,
                               Budget* budget = nullptr);

// The add and delete effects of `action`'s conditional effects that fire in
// `state`, appended to `adds` and `deletes`.
void conditional_effects_of(const Task& task, const GroundAction& action,
                            const std::set<GroundAtom>& state, std::vector<GroundAtom>& adds,
                            std::vector<GroundAtom>& deletes);

}  // namespace ll
