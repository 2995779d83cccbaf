// parse_task: the PDDL front end's entry point, gluing the domain parser,
// the problem parser and the task builder (see parser.hpp).
#include "core/pddl/parser.hpp"

#include <string>

#include "core/pddl/domain_parser.hpp"
#include "core/pddl/problem_parser.hpp"
#include "core/pddl/task_builder.hpp"

namespace ll {

Task parse_task(std::string_view domain_text, std::string_view problem_text,
                std::string_view domain_file, std::string_view problem_file) {
    std::vector<Warning> warnings;
    pddl::DomainAst domain = pddl::parse_domain(domain_text, std::string(domain_file), &warnings);
    pddl::ProblemAst problem = pddl::parse_problem(problem_text, std::string(problem_file),
                                                   domain.requirements, &warnings);
    Task task = pddl::build_task(domain, problem, &warnings);
    task.warnings = std::move(warnings);
    return task;
}

}  // namespace ll
