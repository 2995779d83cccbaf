// Parsing formulas (see formula_parser.hpp).
#include "core/pddl/formula_parser.hpp"

#include <string_view>

#include "core/pddl/lexer.hpp"

namespace ll::pddl {

namespace {

// Why a construct outside the subset is refused, or nullptr if `head` is not
// such a construct.
const char* unsupported_reason(std::string_view head) {
    if (head == "forall") return "universal quantification";
    if (head == "exists") return "existential quantification";
    if (head == "or") return "disjunction";
    if (head == "imply") return "implication";
    if (head == "when") return "conditional effects";
    if (head == "increase") {
        return "numeric fluents beyond action costs; only '(increase (total-cost) ...)' in an "
               "effect is supported";
    }
    if (head == "decrease" || head == "assign" || head == "scale-up" || head == "scale-down") {
        return "numeric fluents beyond action costs; only '(increase (total-cost) ...)' is "
               "supported";
    }
    if (head == "<" || head == ">" || head == "<=" || head == ">=") return "numeric conditions";
    if (head == "preference") return "preferences";
    return nullptr;
}

const char* context_name(FormulaContext context) {
    switch (context) {
        case FormulaContext::Precondition:
            return "a precondition";
        case FormulaContext::Effect:
            return "an effect";
        case FormulaContext::Goal:
            return "the goal";
    }
    return "a formula";
}

void refuse_if_unsupported(const SExpr& list, const std::string& file) {
    if (list.items.empty() || !list.items[0].is_symbol()) return;
    const std::string& head = list.items[0].symbol;
    if (const char* reason = unsupported_reason(head)) {
        throw Error(ErrorCategory::Unsupported, "'" + head + "' is not supported (" + reason + ")",
                    position_of(list.items[0], file));
    }
}

// (p t1 ... tn) or (= t1 t2); `list` is known to be a non-empty list.
Atom parse_atom(const SExpr& list, const std::string& file) {
    const SExpr& head = list.items[0];
    if (!head.is_symbol() || !(is_name(head.symbol) || head.symbol == "=")) {
        throw Error(ErrorCategory::Syntax, "expected a predicate name, found " + describe(head),
                    position_of(head, file));
    }
    Atom atom;
    atom.predicate = Name{head.symbol, pos_of(head)};
    atom.pos = pos_of(list);
    for (std::size_t i = 1; i < list.items.size(); ++i) {
        const SExpr& t = list.items[i];
        if (t.is_list && head.symbol == "=") {
            throw Error(ErrorCategory::Unsupported,
                        "numeric fluents are not supported ('=' compares objects only)",
                        position_of(t, file));
        }
        if (!t.is_symbol() || !(is_name(t.symbol) || is_variable(t.symbol))) {
            throw Error(ErrorCategory::Syntax,
                        "expected a variable or an object name as argument of '" + head.symbol +
                            "', found " + describe(t),
                        position_of(t, file));
        }
        atom.arguments.push_back(Name{t.symbol, pos_of(t)});
    }
    if (head.symbol == "=" && atom.arguments.size() != 2) {
        throw Error(ErrorCategory::Input,
                    "'=' takes 2 arguments, got " + std::to_string(atom.arguments.size()),
                    position_of(head, file));
    }
    return atom;
}

void require_list(const SExpr& e, FormulaContext context, const std::string& file) {
    if (!e.is_list) {
        throw Error(ErrorCategory::Syntax,
                    std::string("expected a formula in parentheses in ") + context_name(context) +
                        ", found " + describe(e),
                    position_of(e, file));
    }
    if (e.items.empty()) {
        throw Error(ErrorCategory::Syntax,
                    std::string("empty formula '()' in ") + context_name(context),
                    position_of(e, file));
    }
}

// '=' and negative preconditions used without their requirement: accepted
// with a warning, as Fast Downward accepts them (real-world files rely on it).
void check_equality_allowed(const SExpr& at, FormulaContext context,
                            const Requirements& requirements, const std::string& file,
                            std::vector<Warning>* warnings) {
    if (context == FormulaContext::Effect) {
        throw Error(ErrorCategory::Input, "an effect cannot be an equality '(= ...)'",
                    position_of(at, file));
    }
    if (!requirements.equality) {
        add_warning(warnings,
                    "'=' is used but ':equality' is not in :requirements (accepted as declared)",
                    position_of(at, file));
    }
}

bool is_arithmetic(const SExpr& e) {
    return e.has_head("+") || e.has_head("-") || e.has_head("*") || e.has_head("/");
}

// (increase (total-cost) X): X an integer or a function term (f t1 ... tn).
CostEffect parse_cost_effect(const SExpr& e, const std::string& file) {
    if (e.items.size() != 3) {
        throw Error(ErrorCategory::Syntax,
                    "'increase' takes a function and a value, e.g. '(increase (total-cost) 1)'",
                    position_of(e.items[0], file));
    }
    const SExpr& target = e.items[1];
    if (!target.is_list || target.items.size() != 1 || !target.items[0].is_symbol("total-cost")) {
        throw Error(ErrorCategory::Unsupported,
                    "numeric fluents beyond action costs are not supported: only (total-cost) may "
                    "be increased, found " +
                        describe(target),
                    position_of(target, file));
    }
    CostEffect cost;
    cost.pos = pos_of(e);
    const SExpr& value = e.items[2];
    if (!value.is_list) {
        cost.constant = parse_cost_value(value, file);
        return cost;
    }
    if (value.items.empty() || is_arithmetic(value) || value.has_head("=")) {
        throw Error(ErrorCategory::Unsupported,
                    "arithmetic in action costs is not supported: the cost must be a number or a "
                    "static function such as '(road-length ?from ?to)', found " +
                        describe(value),
                    position_of(value, file));
    }
    cost.is_function = true;
    cost.function = parse_atom(value, file);
    return cost;
}

void parse_formula(const SExpr& e, FormulaContext context, const Requirements& requirements,
                   const std::string& file, std::vector<Literal>& out,
                   std::vector<CostEffect>* costs, std::vector<Warning>* warnings) {
    require_list(e, context, file);
    if (costs != nullptr && e.has_head("increase")) {
        costs->push_back(parse_cost_effect(e, file));
        return;
    }
    refuse_if_unsupported(e, file);
    if (e.has_head("and")) {
        for (std::size_t i = 1; i < e.items.size(); ++i) {
            parse_formula(e.items[i], context, requirements, file, out, costs, warnings);
        }
        return;
    }
    if (e.has_head("not")) {
        if (e.items.size() != 2) {
            throw Error(
                ErrorCategory::Syntax,
                "'not' takes exactly one formula, got " + std::to_string(e.items.size() - 1),
                position_of(e.items[0], file));
        }
        const SExpr& inner = e.items[1];
        require_list(inner, context, file);
        refuse_if_unsupported(inner, file);
        if (inner.has_head("and") || inner.has_head("not")) {
            throw Error(ErrorCategory::Unsupported,
                        "'not' may only be applied to a single atom, not to '" +
                            inner.items[0].symbol + "'",
                        position_of(inner.items[0], file));
        }
        if (inner.has_head("=")) {
            check_equality_allowed(inner, context, requirements, file, warnings);
        } else if (context == FormulaContext::Precondition &&
                   !requirements.negative_preconditions) {
            add_warning(warnings,
                        "a negative precondition '(not ...)' is used but ':negative-preconditions' "
                        "is not in :requirements (accepted as declared)",
                        position_of(e, file));
        }
        out.push_back(Literal{parse_atom(inner, file), true, pos_of(e)});
        return;
    }
    if (e.has_head("=")) check_equality_allowed(e, context, requirements, file, warnings);
    out.push_back(Literal{parse_atom(e, file), false, pos_of(e)});
}

}  // namespace

void parse_conjunction(const SExpr& formula, FormulaContext context,
                       const Requirements& requirements, const std::string& file,
                       std::vector<Literal>& out, std::vector<Warning>* warnings) {
    // "()" is commonly written for an empty precondition or effect.
    if (formula.is_list && formula.items.empty()) return;
    parse_formula(formula, context, requirements, file, out, nullptr, warnings);
}

void parse_effect(const SExpr& formula, const Requirements& requirements, const std::string& file,
                  std::vector<Literal>& out, std::vector<CostEffect>& costs,
                  std::vector<Warning>* warnings) {
    if (formula.is_list && formula.items.empty()) return;
    parse_formula(formula, FormulaContext::Effect, requirements, file, out, &costs, warnings);
}

int parse_cost_value(const SExpr& value, const std::string& file) {
    const std::string& text = value.symbol;
    std::size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9')
        ++digits;
    std::size_t end = digits;
    bool integral = true;
    if (end < text.size() && text[end] == '.') {
        for (++end; end < text.size() && text[end] >= '0' && text[end] <= '9'; ++end) {
            if (text[end] != '0') integral = false;
        }
    }
    const bool number = !value.is_list && digits > 0 && end == text.size();
    const bool signed_number =
        !value.is_list && text.size() > 1 && text[0] == '-' && text[1] >= '0' && text[1] <= '9';
    if (!number && !signed_number) {
        throw Error(ErrorCategory::Syntax, "expected a number, found " + describe(value),
                    position_of(value, file));
    }
    if (signed_number || !integral) {
        throw Error(ErrorCategory::Unsupported,
                    "action costs must be non-negative integers (as in Fast Downward), found '" +
                        printable_symbol(text) + "'",
                    position_of(value, file));
    }
    constexpr long long kMaxCost = 100'000'000;
    long long v = 0;
    for (std::size_t i = 0; i < digits; ++i) {
        v = v * 10 + (text[i] - '0');
        if (v > kMaxCost) {
            throw Error(ErrorCategory::Unsupported,
                        "costs above " + std::to_string(kMaxCost) + " are not supported, found '" +
                            printable_symbol(text) + "'",
                        position_of(value, file));
        }
    }
    return static_cast<int>(v);
}

std::vector<Atom> parse_init(const SExpr& section, const std::string& file,
                             std::vector<FunctionValue>* values) {
    std::vector<Atom> atoms;
    atoms.reserve(section.items.size() - 1);
    for (std::size_t i = 1; i < section.items.size(); ++i) {
        const SExpr& e = section.items[i];
        if (!e.is_list || e.items.empty()) {
            throw Error(ErrorCategory::Syntax,
                        "expected a ground atom such as '(on a b)' in :init, found " + describe(e),
                        position_of(e, file));
        }
        refuse_if_unsupported(e, file);
        if (e.has_head("not")) {
            throw Error(ErrorCategory::Input,
                        "negative literals are not allowed in :init (list only the atoms that "
                        "are true; all others are false)",
                        position_of(e, file));
        }
        if (e.has_head("and")) {
            throw Error(ErrorCategory::Syntax,
                        "':init' is a plain list of atoms; 'and' is not allowed here",
                        position_of(e.items[0], file));
        }
        if (values != nullptr && e.has_head("=") && e.items.size() == 3 && e.items[1].is_list &&
            !e.items[1].items.empty()) {
            values->push_back(FunctionValue{parse_atom(e.items[1], file),
                                            parse_cost_value(e.items[2], file),
                                            pos_of(e.items[2])});
            continue;
        }
        Atom atom = parse_atom(e, file);
        if (atom.predicate.text == "=") {
            throw Error(ErrorCategory::Input,
                        "equality atoms '(= a b)' are not allowed in :init (equality is built in)",
                        position_of(e, file));
        }
        atoms.push_back(std::move(atom));
    }
    return atoms;
}

}  // namespace ll::pddl
