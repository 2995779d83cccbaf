// Parsing the logical formulas of the supported subset: conjunctions of
// literals in preconditions, effects and goals, and the atom list of :init.
// Constructs outside the subset (forall, when, or, numeric effects other
// than action costs, ...) are refused here as Unsupported, by name and
// position.
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

// An action's effect: like parse_conjunction, and (increase (total-cost) X)
// conjuncts go to `costs` (other numeric effects are refused).
void parse_effect(const SExpr& formula, const Requirements& requirements, const std::string& file,
                  std::vector<Literal>& out, std::vector<CostEffect>& costs,
                  std::vector<Warning>* warnings = nullptr);

// A cost or function value: a non-negative integer ("7", "7.0"); negative or
// fractional numbers are refused as Unsupported, other symbols as Syntax.
int parse_cost_value(const SExpr& value, const std::string& file);

// Parses the elements of an (:init ...) section: positive atoms, and with
// `values` the static function values (= (f o1 ... on) v).
std::vector<Atom> parse_init(const SExpr& section, const std::string& file,
                             std::vector<FunctionValue>* values = nullptr);

}  // namespace ll::pddl
