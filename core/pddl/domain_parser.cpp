// Parsing domain files (see domain_parser.hpp).
#include "core/pddl/domain_parser.hpp"

#include <utility>

#include "core/pddl/adl_parser.hpp"
#include "core/pddl/define_form.hpp"
#include "core/pddl/formula_parser.hpp"
#include "core/pddl/lexer.hpp"
#include "core/pddl/typed_list.hpp"

namespace ll::pddl {

namespace {

const char* unsupported_section(const std::string& keyword) {
    if (keyword == ":durative-action") return "durative actions are not supported";
    if (keyword == ":constraints") return "state trajectory constraints are not supported";
    return nullptr;
}

PredicateDecl parse_predicate(const SExpr& e, const Requirements& req, const std::string& file) {
    if (!e.is_list || e.items.empty()) {
        throw Error(ErrorCategory::Syntax,
                    "expected a predicate declaration such as '(on ?x ?y)' in :predicates, found " +
                        describe(e),
                    position_of(e, file));
    }
    const SExpr& name = e.items[0];
    if (!name.is_symbol() || !is_name(name.symbol)) {
        throw Error(ErrorCategory::Syntax, "expected a predicate name, found " + describe(name),
                    position_of(name, file));
    }
    PredicateDecl decl;
    decl.name = Name{name.symbol, pos_of(name)};
    decl.parameters = parse_typed_list(e, 1, TypedListKind::Variables, req, file,
                                       "the declaration of predicate '" + name.symbol + "'");
    return decl;
}

FunctionDecl parse_function(const SExpr& e, const Requirements& req, const std::string& file) {
    if (!e.is_list || e.items.empty()) {
        throw Error(ErrorCategory::Syntax,
                    "expected a function declaration such as '(total-cost)' in :functions, found " +
                        describe(e),
                    position_of(e, file));
    }
    const SExpr& name = e.items[0];
    if (!name.is_symbol() || !is_name(name.symbol)) {
        throw Error(ErrorCategory::Syntax, "expected a function name, found " + describe(name),
                    position_of(name, file));
    }
    FunctionDecl decl;
    decl.name = Name{name.symbol, pos_of(name)};
    decl.parameters = parse_typed_list(e, 1, TypedListKind::Variables, req, file,
                                       "the declaration of function '" + name.symbol + "'");
    return decl;
}

// (:functions (f ?x - t) ... - number ...): every function is numeric; the
// "- number" after a group of declarations may be left out.
std::vector<FunctionDecl> parse_functions(const SExpr& section, const Requirements& req,
                                          const std::string& file, std::vector<Warning>* warnings) {
    if (!req.action_costs) {
        add_warning(warnings,
                    "':functions' is used but ':action-costs' is not in :requirements (accepted "
                    "as declared)",
                    position_of(section.items[0], file));
    }
    std::vector<FunctionDecl> functions;
    for (std::size_t i = 1; i < section.items.size(); ++i) {
        const SExpr& e = section.items[i];
        if (!e.is_symbol("-")) {
            functions.push_back(parse_function(e, req, file));
            continue;
        }
        if (i + 1 >= section.items.size()) {
            throw Error(ErrorCategory::Syntax, "expected a type after '-' in :functions",
                        close_position_of(section, file));
        }
        const SExpr& type = section.items[++i];
        if (!type.is_symbol("number")) {
            throw Error(ErrorCategory::Unsupported,
                        "only numeric functions ('- number') are supported, found " +
                            describe(type) + " (object fluents are not supported)",
                        position_of(type, file));
        }
    }
    return functions;
}

// (:derived (p ?x - t ...) φ)
DerivedDecl parse_derived(const SExpr& section, const Requirements& req, const std::string& file,
                          std::vector<Warning>* warnings) {
    const SExpr& keyword = section.items[0];
    if (section.items.size() != 3) {
        throw Error(ErrorCategory::Syntax,
                    "':derived' takes a head such as '(above ?x ?y)' and a condition, found " +
                        std::to_string(section.items.size() - 1) + " item(s)",
                    position_of(keyword, file));
    }
    if (!req.derived_predicates) {
        add_warning(warnings,
                    "':derived' is used but ':derived-predicates' is not in :requirements "
                    "(accepted as declared)",
                    position_of(keyword, file));
    }
    const SExpr& head = section.items[1];
    if (!head.is_list || head.items.empty() || !head.items[0].is_symbol() ||
        !is_name(head.items[0].symbol)) {
        throw Error(
            ErrorCategory::Syntax,
            "expected a head such as '(above ?x ?y)' after ':derived', found " + describe(head),
            position_of(head, file));
    }
    DerivedDecl decl;
    decl.pos = pos_of(keyword);
    decl.predicate = Name{head.items[0].symbol, pos_of(head.items[0])};
    decl.parameters =
        parse_typed_list(head, 1, TypedListKind::Variables, req, file,
                         "the head of derived predicate '" + head.items[0].symbol + "'");
    // The body may use every condition a precondition may (ADL included).
    Requirements body_req = req;
    body_req.negative_preconditions = body_req.negative_preconditions || req.derived_predicates;
    decl.body =
        parse_adl_formula(section.items[2], FormulaContext::Precondition, body_req, file, warnings);
    return decl;
}

ActionDecl parse_action(const SExpr& section, const Requirements& req, const std::string& file,
                        std::vector<Warning>* warnings) {
    if (section.items.size() < 2) {
        throw Error(ErrorCategory::Syntax, "expected a name after ':action', found ')'",
                    close_position_of(section, file));
    }
    const SExpr& name = section.items[1];
    if (!name.is_symbol() || !is_name(name.symbol)) {
        throw Error(ErrorCategory::Syntax,
                    "expected a name after ':action', found " + describe(name),
                    position_of(name, file));
    }
    ActionDecl action;
    action.name = Name{name.symbol, pos_of(name)};
    bool seen_parameters = false, seen_precondition = false, seen_effect = false;
    for (std::size_t i = 2; i < section.items.size(); i += 2) {
        const SExpr& key = section.items[i];
        bool* seen = nullptr;
        if (key.is_symbol(":parameters")) {
            seen = &seen_parameters;
        } else if (key.is_symbol(":precondition")) {
            seen = &seen_precondition;
        } else if (key.is_symbol(":effect")) {
            seen = &seen_effect;
        } else {
            throw Error(ErrorCategory::Syntax,
                        "unexpected " + describe(key) + " in action '" + name.symbol +
                            "' (expected :parameters, :precondition or :effect)",
                        position_of(key, file));
        }
        if (*seen) {
            throw Error(ErrorCategory::Input,
                        "duplicate '" + key.symbol + "' in action '" + name.symbol + "'",
                        position_of(key, file));
        }
        *seen = true;
        if (i + 1 >= section.items.size()) {
            throw Error(ErrorCategory::Syntax,
                        "expected a value after '" + key.symbol + "', found ')'",
                        close_position_of(section, file));
        }
        const SExpr& value = section.items[i + 1];
        if (key.symbol == ":parameters") {
            if (!value.is_list) {
                throw Error(ErrorCategory::Syntax,
                            "expected a parameter list such as '(?x - block)' after ':parameters', "
                            "found " +
                                describe(value),
                            position_of(value, file));
            }
            action.parameters = parse_typed_list(value, 0, TypedListKind::Variables, req, file,
                                                 "the parameters of action '" + name.symbol + "'");
        } else if (key.symbol == ":precondition") {
            action.precondition_pos = Pos{value.line, value.column};
            if (is_adl_formula(value)) {
                action.has_adl_precondition = true;
                action.adl_precondition =
                    parse_adl_formula(value, FormulaContext::Precondition, req, file, warnings);
            } else {
                parse_conjunction(value, FormulaContext::Precondition, req, file,
                                  action.precondition, warnings);
            }
        } else if (is_adl_effect(value)) {
            parse_adl_effect(value, req, file, action, warnings);
        } else {
            parse_effect(value, req, file, action.effect, action.costs, warnings);
        }
    }
    return action;
}

}  // namespace

DomainAst parse_domain(std::string_view text, const std::string& file,
                       std::vector<Warning>* warnings) {
    DefineForm form = read_define_form(text, file, "domain", warnings);
    const std::vector<SExpr>& sections = form.root.items;

    DomainAst domain;
    domain.file = file;
    domain.name = form.name;
    domain.pos = pos_of(form.root);

    const SExpr* requirements = find_requirements_section(form, file, "domain");
    domain.requirements =
        requirements != nullptr ? parse_requirements(*requirements, file) : Requirements::assumed();
    const Requirements& req = domain.requirements;

    bool seen_types = false, seen_constants = false, seen_predicates = false,
         seen_functions = false;

    for (std::size_t i = DefineForm::first_section; i < sections.size(); ++i) {
        const SExpr& s = sections[i];
        const SExpr& keyword = s.items[0];
        const std::string& k = keyword.symbol;
        if (k == ":requirements") continue;
        if (k == ":types") {
            mark_section_seen(seen_types, keyword, file);
            if (!req.typing) {
                throw Error(ErrorCategory::Input, "':types' needs ':typing' in :requirements",
                            position_of(keyword, file));
            }
            domain.types =
                parse_typed_list(s, 1, TypedListKind::Names, req, file, "the :types section");
        } else if (k == ":constants") {
            mark_section_seen(seen_constants, keyword, file);
            domain.constants =
                parse_typed_list(s, 1, TypedListKind::Names, req, file, "the :constants section");
        } else if (k == ":predicates") {
            mark_section_seen(seen_predicates, keyword, file);
            for (std::size_t j = 1; j < s.items.size(); ++j) {
                domain.predicates.push_back(parse_predicate(s.items[j], req, file));
            }
        } else if (k == ":functions") {
            mark_section_seen(seen_functions, keyword, file);
            domain.functions = parse_functions(s, req, file, warnings);
        } else if (k == ":action") {
            domain.actions.push_back(parse_action(s, req, file, warnings));
        } else if (k == ":derived") {
            domain.derived.push_back(parse_derived(s, req, file, warnings));
        } else if (const char* why = unsupported_section(k)) {
            throw Error(ErrorCategory::Unsupported, why, position_of(keyword, file));
        } else {
            throw Error(ErrorCategory::Syntax,
                        "unknown section keyword '" + k +
                            "' in a domain (expected :requirements, :types, :constants, "
                            ":predicates, :functions, :action or :derived)",
                        position_of(keyword, file));
        }
    }
    return domain;
}

}  // namespace ll::pddl
