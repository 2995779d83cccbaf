// Parsing and checking :requirements (see requirements.hpp for the policy).
#include "core/pddl/requirements.hpp"

#include <string>
#include <string_view>

namespace ll::pddl {

std::span<const RequirementEntry> requirement_list() {
    using R = Requirements;
    static constexpr RequirementEntry kList[]{
        {":strips", [](R&) {}},
        {":typing", [](R& r) { r.typing = true; }},
        {":negative-preconditions", [](R& r) { r.negative_preconditions = true; }},
        {":equality", [](R& r) { r.equality = true; }},
        {":action-costs", [](R& r) { r.action_costs = true; }},
        // :adl = :strips :typing :negative-preconditions :disjunctive-preconditions
        // :equality :quantified-preconditions :conditional-effects
        {":adl",
         [](R& r) {
             r.typing = r.negative_preconditions = r.equality = true;
             r.disjunctive_preconditions = r.existential_preconditions = true;
             r.universal_preconditions = r.conditional_effects = true;
         }},
        {":disjunctive-preconditions", [](R& r) { r.disjunctive_preconditions = true; }},
        {":existential-preconditions", [](R& r) { r.existential_preconditions = true; }},
        {":universal-preconditions", [](R& r) { r.universal_preconditions = true; }},
        {":quantified-preconditions",
         [](R& r) { r.existential_preconditions = r.universal_preconditions = true; }},
        {":conditional-effects", [](R& r) { r.conditional_effects = true; }},
        {":derived-predicates", [](R& r) { r.derived_predicates = true; }},
        // Refused: they imply features the planner does not implement.
        {":fluents"},
        {":numeric-fluents"},
        {":object-fluents"},
        {":durative-actions"},
        {":timed-initial-literals"},
        {":preferences"},
        {":constraints"},
        {":duration-inequalities"},
        {":continuous-effects"},
    };
    return kList;
}

namespace {

const RequirementEntry* find_requirement(std::string_view name) {
    for (const RequirementEntry& r : requirement_list()) {
        if (name == r.name) return &r;
    }
    return nullptr;
}

std::string supported_requirement_names() {
    std::string out;
    for (const RequirementEntry& r : requirement_list()) {
        if (r.supported()) out += std::string(out.empty() ? "" : " ") + r.name;
    }
    return out;
}

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
    out.derived_predicates = derived_predicates || extra.derived_predicates;
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
    req.derived_predicates = false;
    for (std::size_t i = 1; i < section.items.size(); ++i) {
        const SExpr& item = section.items[i];
        if (item.is_list || item.symbol.empty() || item.symbol[0] != ':') {
            throw Error(ErrorCategory::Syntax,
                        "expected a requirement such as ':strips', found " + describe(item),
                        position_of(item, file));
        }
        const std::string& r = item.symbol;
        const RequirementEntry* entry = find_requirement(r);
        if (entry == nullptr) {
            throw Error(ErrorCategory::Input, "unknown requirement '" + r + "'",
                        position_of(item, file));
        }
        if (!entry->supported()) {
            throw Error(ErrorCategory::Unsupported,
                        "requirement '" + r +
                            "' is not supported (supported: " + supported_requirement_names() + ")",
                        position_of(item, file));
        }
        entry->apply(req);
    }
    return req;
}

}  // namespace ll::pddl
