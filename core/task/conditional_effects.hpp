// Conditional and universal effects (ADL) of a ground action in a state:
// which of a schema's ConditionalEffects fire, for which bindings of their
// quantified variables. Shared by every successor computation (apply_action,
// used by the state space and the partial space); STRIPS schemas never get
// here (their conditional_effects are empty).
#pragma once

#include <functional>
#include <span>

#include "core/task/state.hpp"
#include "core/task/task.hpp"

namespace ll {

// Called once per effect atom that fires: the atom, whether it is an add,
// and the binding its terms index (the action's arguments, then the values
// of the effect's quantified variables).
using EffectSink =
    std::function<void(const AtomSchema& atom, bool add, std::span<const ObjectId> binding)>;

// Evaluates every conditional effect of the action (`schema` with
// `arguments`) in `state` (the state the action is applied in) and reports
// the effects that fire. Conditions on static predicates are looked up in
// the task's initial state.
void for_each_conditional_effect(const Task& task, const StateLayout& layout, const State& state,
                                 SchemaId schema, std::span<const ObjectId> arguments,
                                 const EffectSink& sink);

// Whether `effect`'s condition holds under `binding` (action arguments, then
// one object per effect variable).
bool conditional_effect_holds(const Task& task, const StateLayout& layout, const State& state,
                              const ConditionalEffect& effect, std::span<const ObjectId> binding);

}  // namespace ll
