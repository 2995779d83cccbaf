// Lowering a parsed domain and problem to a Task: resolves every name,
// checks arities, types and duplicates, turns equality into
// EqualityConstraints, marks static predicates and evaluates ground
// equalities in the goal. All semantic (Input) errors are raised here, domain
// errors before problem errors.
#pragma once

#include "core/pddl/ast.hpp"
#include "core/task/task.hpp"

namespace ll::pddl {

// Accepted oddities (a repeated predicate parameter, a type under two
// parents) are reported to `warnings` when given.
Task build_task(const DomainAst& domain, const ProblemAst& problem,
                std::vector<Warning>* warnings = nullptr);

}  // namespace ll::pddl
