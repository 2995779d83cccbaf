// Parsing problem files (see problem_parser.hpp).
#include "core/pddl/problem_parser.hpp"

#include "core/pddl/adl_parser.hpp"
#include "core/pddl/define_form.hpp"
#include "core/pddl/formula_parser.hpp"
#include "core/pddl/lexer.hpp"
#include "core/pddl/typed_list.hpp"

namespace ll::pddl {

namespace {

// (:metric minimize (total-cost)): the only metric of :action-costs.
void parse_metric(const SExpr& s, const std::string& file) {
    if (s.items.size() < 2 || !s.items[1].is_symbol("minimize")) {
        const SExpr& at = s.items.size() < 2 ? s.items[0] : s.items[1];
        throw Error(ErrorCategory::Unsupported,
                    "only the metric '(:metric minimize (total-cost))' is supported, found " +
                        (s.items.size() < 2 ? std::string("no direction") : describe(at)),
                    position_of(at, file));
    }
    if (s.items.size() != 3 || !s.items[2].is_list || s.items[2].items.size() != 1 ||
        !s.items[2].items[0].is_symbol("total-cost")) {
        const SExpr& at = s.items.size() < 3 ? s.items[1] : s.items[2];
        throw Error(ErrorCategory::Unsupported,
                    "only the metric '(:metric minimize (total-cost))' is supported, found " +
                        (s.items.size() < 3 ? std::string("no expression") : describe(at)),
                    position_of(at, file));
    }
}

// (:domain NAME)
Name parse_domain_reference(const SExpr& s, const std::string& file) {
    if (s.items.size() < 2) {
        throw Error(ErrorCategory::Syntax, "expected a domain name after ':domain'",
                    close_position_of(s, file));
    }
    const SExpr& name = s.items[1];
    if (!name.is_symbol() || !is_name(name.symbol)) {
        throw Error(ErrorCategory::Syntax,
                    "expected a domain name after ':domain', found " + describe(name),
                    position_of(name, file));
    }
    if (s.items.size() > 2) {
        throw Error(ErrorCategory::Syntax,
                    "unexpected " + describe(s.items[2]) + " after the domain name",
                    position_of(s.items[2], file));
    }
    return Name{name.symbol, pos_of(name)};
}

// (:goal FORMULA): a conjunction of literals, or an ADL formula.
void parse_goal(const SExpr& s, const std::string& file, ProblemAst& problem,
                std::vector<Warning>* warnings) {
    if (s.items.size() < 2) {
        throw Error(ErrorCategory::Syntax, "expected a goal formula after ':goal'",
                    close_position_of(s, file));
    }
    if (s.items.size() > 2) {
        throw Error(ErrorCategory::Syntax,
                    "':goal' takes a single formula; wrap several in '(and ...)'",
                    position_of(s.items[2], file));
    }
    const Requirements& req = problem.requirements;
    if (is_adl_formula(s.items[1])) {
        problem.has_adl_goal = true;
        problem.adl_goal = parse_adl_formula(s.items[1], FormulaContext::Goal, req, file, warnings);
    } else {
        parse_conjunction(s.items[1], FormulaContext::Goal, req, file, problem.goal, warnings);
    }
}

// The sections seen so far (each is allowed once).
struct ProblemSections {
    bool domain = false, objects = false, init = false, goal = false, metric = false;
};

void parse_section(const SExpr& s, const std::string& file, ProblemAst& problem,
                   ProblemSections& seen, std::vector<Warning>* warnings) {
    const SExpr& keyword = s.items[0];
    const std::string& k = keyword.symbol;
    if (k == ":requirements") return;
    if (k == ":domain") {
        mark_section_seen(seen.domain, keyword, file);
        problem.domain_name = parse_domain_reference(s, file);
    } else if (k == ":objects") {
        mark_section_seen(seen.objects, keyword, file);
        problem.objects = parse_typed_list(s, 1, TypedListKind::Names, problem.requirements, file,
                                           "the :objects section");
    } else if (k == ":init") {
        mark_section_seen(seen.init, keyword, file);
        problem.init = parse_init(s, file, &problem.function_values);
    } else if (k == ":goal") {
        mark_section_seen(seen.goal, keyword, file);
        parse_goal(s, file, problem, warnings);
    } else if (k == ":metric") {
        mark_section_seen(seen.metric, keyword, file);
        parse_metric(s, file);
        problem.has_metric = true;
        problem.metric_pos = pos_of(keyword);
    } else if (k == ":constraints") {
        throw Error(ErrorCategory::Unsupported, "state trajectory constraints are not supported",
                    position_of(keyword, file));
    } else {
        throw Error(ErrorCategory::Syntax,
                    "unknown section keyword '" + k +
                        "' in a problem (expected :domain, :requirements, :objects, :init, "
                        ":goal or :metric)",
                    position_of(keyword, file));
    }
}

}  // namespace

ProblemAst parse_problem(std::string_view text, const std::string& file,
                         const Requirements& domain_requirements, std::vector<Warning>* warnings) {
    DefineForm form = read_define_form(text, file, "problem", warnings);
    const std::vector<SExpr>& sections = form.root.items;

    ProblemAst problem;
    problem.file = file;
    problem.name = form.name;
    problem.pos = pos_of(form.root);
    const SExpr* requirements = find_requirements_section(form, file, "problem");
    problem.requirements =
        requirements != nullptr
            ? domain_requirements.merged_with(parse_requirements(*requirements, file))
            : domain_requirements;
    ProblemSections seen;
    for (std::size_t i = DefineForm::first_section; i < sections.size(); ++i)
        parse_section(sections[i], file, problem, seen, warnings);
    if (!seen.domain) {
        throw Error(ErrorCategory::Input,
                    "the problem does not name its domain: add '(:domain NAME)'",
                    position_of(form.root, file));
    }
    if (!seen.goal) {
        throw Error(ErrorCategory::Input, "the problem has no ':goal' section",
                    position_of(form.root, file));
    }
    return problem;
}

}  // namespace ll::pddl
