// The PDDL front end: text in, a lifted Task out. Every error is an ll::Error
// naming the file, line and column (1-based) of the offending token.
#pragma once

#include <string_view>
#include <vector>

#include "core/task/task.hpp"

namespace ll {

// Parses a domain and a problem and lowers them to a Task. The file names are
// used only in error messages. Errors: Syntax (malformed text), Input (unknown
// names, arity, types, duplicates, a feature used without its requirement),
// Unsupported (requirements and constructs outside STRIPS + typing + negative
// preconditions + equality). A file without :requirements is taken to
// require all supported features (see core/pddl/requirements.hpp).
// Sloppy input that Fast Downward accepts is accepted too, with a Warning in
// task.warnings: a variable written against a name "(aircraft?a)", a
// predicate with a repeated parameter name, a type under two parents, '='
// or a negative precondition without its requirement.
Task parse_task(std::string_view domain_text, std::string_view problem_text,
                std::string_view domain_file = "domain.pddl",
                std::string_view problem_file = "problem.pddl");

// Parses a plan for `task`: one "(action obj ...)" per line (IPC format),
// also accepting Powerlifted's "N: (action obj ...)" lines; ';' starts a
// comment. Names are matched case-insensitively. Throws Input errors (with the
// plan file's line and column) for unknown actions or objects, wrong argument
// counts and malformed lines; types and applicability are not checked.
std::vector<GroundAction> parse_plan(const Task& task, std::string_view plan_text,
                                     std::string_view plan_file = "plan");

}  // namespace ll
