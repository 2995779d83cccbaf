// Parsing problem files (see problem_parser.hpp).
#include "core/pddl/problem_parser.hpp"

#include "core/pddl/adl_parser.hpp"
#include "core/pddl/define_form.hpp"
#include "core/pddl/formula_parser.hpp"
#include "core/pddl/lexer.hpp"
#include "core/pddl/typed_list.hpp"

namespace ll::pddl {

namespace {

Pos pos_of(const SExpr& e) {
    return Pos{e.line, e.column};
}

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

}  // namespace

ProblemAst parse_problem(std::string_view text, const std::string& file,
                         const Requirements& domain_requirements, std::vector<Warning>* warnings) {
    DefineForm form = read_define_form(text, file, "problem", warnings);
    const std::vector<SExpr>& sections = form.root.items;

    ProblemAst problem;
    problem.file = file;
    problem.name = form.name;
    problem.pos = pos_of(form.root);

    const SExpr* requirements = nullptr;
    for (std::size_t i = DefineForm::first_section; i < sections.size(); ++i) {
        const SExpr& s = sections[i];
        check_section_shape(s, file, "problem");
        if (!s.items[0].is_symbol(":requirements")) continue;
        if (requirements != nullptr) {
            throw Error(ErrorCategory::Input, "duplicate ':requirements' section",
                        position_of(s.items[0], file));
        }
        requirements = &s;
    }
    problem.requirements =
        requirements != nullptr
            ? domain_requirements.merged_with(parse_requirements(*requirements, file))
            : domain_requirements;
    const Requirements& req = problem.requirements;

    bool seen_domain = false, seen_objects = false, seen_init = false, seen_goal = false,
         seen_metric = false;
    auto once = [&](bool& seen, const SExpr& keyword) {
        if (seen) {
            throw Error(ErrorCategory::Input, "duplicate '" + keyword.symbol + "' section",
                        position_of(keyword, file));
        }
        seen = true;
    };

    for (std::size_t i = DefineForm::first_section; i < sections.size(); ++i) {
        const SExpr& s = sections[i];
        const SExpr& keyword = s.items[0];
        const std::string& k = keyword.symbol;
        if (k == ":requirements") continue;
        if (k == ":domain") {
            once(seen_domain, keyword);
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
            problem.domain_name = Name{name.symbol, pos_of(name)};
        } else if (k == ":objects") {
            once(seen_objects, keyword);
            problem.objects =
                parse_typed_list(s, 1, TypedListKind::Names, req, file, "the :objects section");
        } else if (k == ":init") {
            once(seen_init, keyword);
            problem.init = parse_init(s, file, &problem.function_values);
        } else if (k == ":goal") {
            once(seen_goal, keyword);
            if (s.items.size() < 2) {
                throw Error(ErrorCategory::Syntax, "expected a goal formula after ':goal'",
                            close_position_of(s, file));
            }
            if (s.items.size() > 2) {
                throw Error(ErrorCategory::Syntax,
                            "':goal' takes a single formula; wrap several in '(and ...)'",
                            position_of(s.items[2], file));
            }
            if (is_adl_formula(s.items[1])) {
                problem.has_adl_goal = true;
                problem.adl_goal =
                    parse_adl_formula(s.items[1], FormulaContext::Goal, req, file, warnings);
            } else {
                parse_conjunction(s.items[1], FormulaContext::Goal, req, file, problem.goal,
                                  warnings);
            }
        } else if (k == ":metric") {
            once(seen_metric, keyword);
            parse_metric(s, file);
            problem.has_metric = true;
            problem.metric_pos = pos_of(keyword);
        } else if (k == ":constraints") {
            throw Error(ErrorCategory::Unsupported,
                        "state trajectory constraints are not supported",
                        position_of(keyword, file));
        } else {
            throw Error(ErrorCategory::Syntax,
                        "unknown section keyword '" + k +
                            "' in a problem (expected :domain, :requirements, :objects, :init, "
                            ":goal or :metric)",
                        position_of(keyword, file));
        }
    }
    if (!seen_domain) {
        throw Error(ErrorCategory::Input,
                    "the problem does not name its domain: add '(:domain NAME)'",
                    position_of(form.root, file));
    }
    if (!seen_goal) {
        throw Error(ErrorCategory::Input, "the problem has no ':goal' section",
                    position_of(form.root, file));
    }
    return problem;
}

}  // namespace ll::pddl
