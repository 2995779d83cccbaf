// ADL formulas and effects (see adl_parser.hpp).
#include "core/pddl/adl_parser.hpp"

#include <string_view>

#include "core/pddl/typed_list.hpp"

namespace ll::pddl {

namespace {

bool is_compound_head(const SExpr& e) {
    return e.has_head("and") || e.has_head("or") || e.has_head("not") || e.has_head("imply") ||
           e.has_head("exists") || e.has_head("forall");
}

void expect_size(const SExpr& e, std::size_t size, const char* usage, const std::string& file) {
    if (e.items.size() != size) {
        throw Error(ErrorCategory::Syntax,
                    "'" + e.items[0].symbol + "' takes " + usage + ", found " +
                        std::to_string(e.items.size() - 1) + " item(s)",
                    position_of(e.items[0], file));
    }
}

void warn_requirement(bool declared, const char* requirement, const SExpr& at,
                      const std::string& file, std::vector<Warning>* warnings) {
    if (declared) return;
    add_warning(warnings,
                "'" + at.items[0].symbol + "' is used but '" + requirement +
                    "' is not in :requirements (accepted as declared)",
                position_of(at, file));
}

// (forall (?x - t ...) body) / (exists ...): the variable list.
std::vector<TypedName> quantified_variables(const SExpr& e, const Requirements& requirements,
                                            const std::string& file) {
    const SExpr& vars = e.items[1];
    if (!vars.is_list) {
        throw Error(ErrorCategory::Syntax,
                    "expected a variable list such as '(?x - block)' after '" + e.items[0].symbol +
                        "', found " + describe(vars),
                    position_of(vars, file));
    }
    return parse_typed_list(vars, 0, TypedListKind::Variables, requirements, file,
                            "the variables of '" + e.items[0].symbol + "'");
}

Formula literal_formula(const SExpr& e, FormulaContext context, const Requirements& requirements,
                        const std::string& file, std::vector<Warning>* warnings) {
    std::vector<Literal> one;
    parse_conjunction(e, context, requirements, file, one, warnings);
    Formula f;
    f.pos = pos_of(e);
    if (one.empty()) return f;  // "()": an empty conjunction
    f.kind = Formula::Kind::Literal;
    f.literal = std::move(one.front());
    return f;
}

}  // namespace

bool is_adl_formula(const SExpr& e) {
    if (!e.is_list || e.items.empty()) return false;
    if (e.has_head("or") || e.has_head("imply") || e.has_head("exists") || e.has_head("forall")) {
        return true;
    }
    if (e.has_head("not")) return e.items.size() == 2 && is_compound_head(e.items[1]);
    if (e.has_head("and")) {
        for (std::size_t i = 1; i < e.items.size(); ++i)
            if (is_adl_formula(e.items[i])) return true;
    }
    return false;
}

bool is_adl_effect(const SExpr& e) {
    if (!e.is_list || e.items.empty()) return false;
    if (e.has_head("forall") || e.has_head("when")) return true;
    if (e.has_head("and")) {
        for (std::size_t i = 1; i < e.items.size(); ++i)
            if (is_adl_effect(e.items[i])) return true;
    }
    return false;
}

Formula parse_adl_formula(const SExpr& e, FormulaContext context, const Requirements& req,
                          const std::string& file, std::vector<Warning>* warnings) {
    if (!e.is_list || e.items.empty() || !is_compound_head(e)) {
        return literal_formula(e, context, req, file, warnings);
    }
    const bool goal = context == FormulaContext::Goal;
    Formula f;
    f.pos = pos_of(e);
    auto children_from = [&](std::size_t begin) {
        for (std::size_t i = begin; i < e.items.size(); ++i)
            f.children.push_back(parse_adl_formula(e.items[i], context, req, file, warnings));
    };
    if (e.has_head("and") || e.has_head("or")) {
        f.kind = e.has_head("and") ? Formula::Kind::And : Formula::Kind::Or;
        if (f.kind == Formula::Kind::Or && !goal) {
            warn_requirement(req.disjunctive_preconditions, ":disjunctive-preconditions", e, file,
                             warnings);
        }
        children_from(1);
        return f;
    }
    if (e.has_head("not")) {
        if (!is_compound_head(e.items[1]) || e.items.size() != 2) {
            return literal_formula(e, context, req, file, warnings);
        }
        f.kind = Formula::Kind::Not;
        children_from(1);
        return f;
    }
    if (e.has_head("imply")) {
        expect_size(e, 3, "two formulas", file);
        if (!goal) {
            warn_requirement(req.disjunctive_preconditions, ":disjunctive-preconditions", e, file,
                             warnings);
        }
        f.kind = Formula::Kind::Imply;
        children_from(1);
        return f;
    }
    expect_size(e, 3, "a variable list and a formula", file);
    const bool exists = e.has_head("exists");
    f.kind = exists ? Formula::Kind::Exists : Formula::Kind::Forall;
    if (!goal) {
        warn_requirement(exists ? req.existential_preconditions : req.universal_preconditions,
                         exists ? ":existential-preconditions" : ":universal-preconditions", e,
                         file, warnings);
    }
    f.variables = quantified_variables(e, req, file);
    f.children.push_back(parse_adl_formula(e.items[2], context, req, file, warnings));
    return f;
}

namespace {

struct EffectContext {
    std::vector<TypedName> variables;
    std::vector<Formula> conditions;
    Pos pos;
    int group = -1;  // index in action.conditional_effects once a literal is found
};

void parse_effect_node(const SExpr& e, const Requirements& req, const std::string& file,
                       ActionDecl& action, EffectContext& ctx, std::vector<Warning>* warnings) {
    if (e.is_list && e.has_head("and")) {
        for (std::size_t i = 1; i < e.items.size(); ++i)
            parse_effect_node(e.items[i], req, file, action, ctx, warnings);
        return;
    }
    if (e.is_list && (e.has_head("forall") || e.has_head("when"))) {
        warn_requirement(req.conditional_effects, ":conditional-effects", e, file, warnings);
        EffectContext inner{ctx.variables, ctx.conditions, pos_of(e), -1};
        if (e.has_head("forall")) {
            expect_size(e, 3, "a variable list and an effect", file);
            for (TypedName& v : quantified_variables(e, req, file))
                inner.variables.push_back(std::move(v));
        } else {
            expect_size(e, 3, "a condition and an effect", file);
            inner.conditions.push_back(
                parse_adl_formula(e.items[1], FormulaContext::Precondition, req, file, warnings));
        }
        parse_effect_node(e.items[2], req, file, action, inner, warnings);
        return;
    }
    std::vector<Literal> literals;
    std::vector<CostEffect> costs;
    parse_effect(e, req, file, literals, costs, warnings);
    const bool conditional = !ctx.variables.empty() || !ctx.conditions.empty();
    if (!costs.empty() && conditional) {
        throw Error(ErrorCategory::Unsupported,
                    "action costs under 'forall' or 'when' are not supported (the cost of an "
                    "action must not depend on the state)",
                    position_of(e, file));
    }
    for (CostEffect& c : costs)
        action.costs.push_back(std::move(c));
    if (!conditional) {
        for (Literal& l : literals)
            action.effect.push_back(std::move(l));
        return;
    }
    if (literals.empty()) return;
    if (ctx.group < 0) {
        ctx.group = static_cast<int>(action.conditional_effects.size());
        action.conditional_effects.push_back(
            ConditionalEffectDecl{ctx.variables, ctx.conditions, {}, ctx.pos});
    }
    for (Literal& l : literals)
        action.conditional_effects[ctx.group].effect.push_back(std::move(l));
}

}  // namespace

void parse_adl_effect(const SExpr& effect, const Requirements& requirements,
                      const std::string& file, ActionDecl& action, std::vector<Warning>* warnings) {
    EffectContext top;
    parse_effect_node(effect, requirements, file, action, top, warnings);
}

}  // namespace ll::pddl
