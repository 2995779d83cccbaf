// Parsing the logical formulas of the supported subset: conjunctions of
// literals in preconditions, effects and goals, and the atom list of :init.
// Constructs outside the subset (forall, when, or, numeric effects, ...) are
// refused here as Unsupported, by name and position.
#pragma once

#include <string>
#include <vector>

#include "core/pddl/ast.hpp"
#include "core/pddl/sexpr.hpp"

namespace ll::pddl {

enum class FormulaContext { Precondition, Effect, Goal };

// Flattens a formula (a literal, or a possibly nested (and ...), or "()") into
// `out`. Checks the requirements for (not ...) and (= ...) where they apply.
void parse_conjunction(const SExpr& formula, FormulaContext context,
                       const Requirements& requirements, const std::string& file,
                       std::vector<Literal>& out, std::vector<Warning>* warnings = nullptr);

// Parses the elements of an (:init ...) section: positive atoms only.
std::vector<Atom> parse_init(const SExpr& section, const std::string& file);

}  // namespace ll::pddl
