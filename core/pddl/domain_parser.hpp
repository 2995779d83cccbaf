// Parsing a PDDL domain file into a DomainAst. Sections may come in any
// order; :requirements is read first so that every other section can be
// checked against it. Names are not resolved here (see task_builder).
#pragma once

#include <string>
#include <string_view>

#include "core/pddl/ast.hpp"

namespace ll::pddl {

// Sloppy but accepted input is reported to `warnings` (when given).
DomainAst parse_domain(std::string_view text, const std::string& file,
                       std::vector<Warning>* warnings = nullptr);

}  // namespace ll::pddl
