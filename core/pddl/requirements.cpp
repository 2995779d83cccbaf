// Parsing and checking :requirements (see requirements.hpp for the policy).
#include "core/pddl/requirements.hpp"

#include <array>
#include <string_view>

namespace ll::pddl {

namespace {

constexpr std::array<std::string_view, 10> kUnsupported = {
    ":fluents",
    ":numeric-fluents",
    ":object-fluents",
    ":durative-actions",
    ":derived-predicates",
    ":timed-initial-literals",
    ":preferences",
    ":constraints",
    ":duration-inequalities",
    ":continuous-effects",
};

}  // namespace

Requirements Requirements::merged_with(const Requirements& extra) const {
    if (!extra.declared) return *this;
    if (!declared) return *this;  // the domain already allows everything
    Requirements out = *this;
    out.typing = typing || extra.typing;
    out.negative_preconditions = negative_preconditions || extra.negative_preconditions;
    out.equality = equality || extra.equality;
    out.action_costs = action_costs || extra.action_costs;
    out.disjunctive_preconditions = disjunctive_preconditions || extra.disjunctive_preconditions;
    out.existential_preconditions = existential_preconditions || extra.existential_preconditions;
    out.universal_preconditions = universal_preconditions || extra.universal_preconditions;
    out.conditional_effects = conditional_effects || extra.conditional_effects;
    return out;
}

Requirements parse_requirements(const SExpr& section, const std::string& file) {
    Requirements req;
    req.declared = true;
    req.typing = false;
    req.negative_preconditions = false;
    req.equality = false;
    req.action_costs = false;
    req.disjunctive_preconditions = false;
    req.existential_preconditions = false;
    req.universal_preconditions = false;
    req.conditional_effects = false;
    for (std::size_t i = 1; i < section.items.size(); ++i) {
        const SExpr& item = section.items[i];
        if (item.is_list || item.symbol.empty() || item.symbol[0] != ':') {
            throw Error(ErrorCategory::Syntax,
                        "expected a requirement such as ':strips', found " + describe(item),
                        position_of(item, file));
        }
        const std::string& r = item.symbol;
        if (r == ":strips") continue;
        if (r == ":typing") {
            req.typing = true;
        } else if (r == ":negative-preconditions") {
            req.negative_preconditions = true;
        } else if (r == ":equality") {
            req.equality = true;
        } else if (r == ":action-costs") {
            req.action_costs = true;
        } else if (r == ":disjunctive-preconditions") {
            req.disjunctive_preconditions = true;
        } else if (r == ":existential-preconditions") {
            req.existential_preconditions = true;
        } else if (r == ":universal-preconditions") {
            req.universal_preconditions = true;
        } else if (r == ":quantified-preconditions") {
            req.existential_preconditions = req.universal_preconditions = true;
        } else if (r == ":conditional-effects") {
            req.conditional_effects = true;
        } else if (r == ":adl") {
            // :adl = :strips :typing :negative-preconditions :disjunctive-preconditions
            // :equality :quantified-preconditions :conditional-effects
            req.typing = req.negative_preconditions = req.equality = true;
            req.disjunctive_preconditions = req.existential_preconditions = true;
            req.universal_preconditions = req.conditional_effects = true;
        } else {
            for (std::string_view u : kUnsupported) {
                if (r == u) {
                    throw Error(ErrorCategory::Unsupported,
                                "requirement '" + r +
                                    "' is not supported (supported: :strips :typing "
                                    ":negative-preconditions :equality :action-costs :adl "
                                    ":disjunctive-preconditions :existential-preconditions "
                                    ":universal-preconditions :quantified-preconditions "
                                    ":conditional-effects)",
                                position_of(item, file));
                }
            }
            throw Error(ErrorCategory::Input, "unknown requirement '" + r + "'",
                        position_of(item, file));
        }
    }
    return req;
}

}  // namespace ll::pddl
