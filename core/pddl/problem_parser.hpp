// Parsing a PDDL problem file into a ProblemAst. Sections may come in any
// order; the effective requirements are the domain's plus the problem's own
// :requirements. Names are not resolved here (see task_builder).
#pragma once

#include <string>
#include <string_view>

#include "core/pddl/ast.hpp"

namespace ll::pddl {

ProblemAst parse_problem(std::string_view text, const std::string& file,
                         const Requirements& domain_requirements,
                         std::vector<Warning>* warnings = nullptr);

}  // namespace ll::pddl
