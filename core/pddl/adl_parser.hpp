// Parsing the ADL part of PDDL: preconditions and goals with or, imply,
// exists, forall and not over compound formulas, and effects with forall and
// when. Formulas without any of these go through formula_parser.hpp as
// before (is_adl_formula/is_adl_effect decide), so STRIPS input keeps its
// exact behaviour and messages.
#pragma once

#include <string>
#include <vector>

#include "core/pddl/ast.hpp"
#include "core/pddl/formula_parser.hpp"
#include "core/pddl/sexpr.hpp"

namespace ll::pddl {

// Whether a precondition or goal uses or, imply, exists, forall, or a 'not'
// over anything but an atom.
bool is_adl_formula(const SExpr& formula);
// Whether an effect uses forall or when.
bool is_adl_effect(const SExpr& effect);

// A precondition or goal formula (ADL). Literals are checked as by
// parse_conjunction; an ADL construct whose requirement is declared missing
// gives a warning (accepted as declared).
Formula parse_adl_formula(const SExpr& formula, FormulaContext context,
                          const Requirements& requirements, const std::string& file,
                          std::vector<Warning>* warnings = nullptr);

// An effect with forall/when: unconditional literals go to action.effect,
// costs to action.costs (refused under forall/when), the others to
// action.conditional_effects.
void parse_adl_effect(const SExpr& effect, const Requirements& requirements,
                      const std::string& file, ActionDecl& action,
                      std::vector<Warning>* warnings = nullptr);

}  // namespace ll::pddl
