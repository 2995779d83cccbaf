// The delete relaxation of conditional effects: every conditional effect
// (when C E) of schema a, under (forall (?v...) ...), becomes an extra
// schema a_e(params, ?v...) with precondition pre(a) ∪ C and effect E, at
// a's cost. In the Datalog program that is the rule E(x) ← pre(a), C(x)
// (through the action predicate of a_e); the ground relaxation grounds it
// like any schema. Negative conditions are dropped by the relaxation like
// negative preconditions. The relaxed explorer uses the compiled task only
// when some schema has conditional effects (STRIPS tasks stay as they are)
// and maps relaxed plans and helpful actions back to the original schemas.
#pragma once

#include <memory>
#include <vector>

#include "core/task/task.hpp"

namespace ll {

struct ConditionalRelaxation {
    // The original schemas first (same ids, conditional effects removed),
    // then one schema per conditional effect.
    std::shared_ptr<const Task> task;
    std::vector<SchemaId> parent;  // per schema of `task`: the original schema
};

ConditionalRelaxation relax_conditional_effects(const Task& task);

// An action of the compiled task as an action of the original task (the
// parent schema, the parent's arguments).
GroundAction to_original_action(const ConditionalRelaxation& relaxation, const Task& original,
                                const GroundAction& action);

}  // namespace ll
