// PDDL :requirements: which are supported, which are refused by design, and
// the policy for files that declare none.
//
// Policy: many benchmark files omit requirements they use. If a file has no
// :requirements section at all, we assume :strips :typing
// :negative-preconditions :equality (everything we support). If the section is
// present, it is enforced: using '- type' without :typing, (not ...) in a
// precondition without :negative-preconditions or '=' without :equality is an
// Input error (except '- object', which changes nothing and which generated
// benchmark problems write without :typing). Negative goal literals are accepted regardless,
// because goals support them natively and IPC problems use them without declaring anything.
// :action-costs is supported (static costs only, core/task/action_costs.hpp).
// :adl, :conditional-effects, :quantified-preconditions (existential and
// universal), :disjunctive-preconditions, :existential-preconditions and
// :universal-preconditions are supported (docs/pddl-support.md); an ADL
// construct used without its requirement is accepted with a warning.
// :derived-predicates is supported (axioms, core/task/axioms.hpp); a
// (:derived ...) without it is accepted with a warning.
// Requirements that imply features we do not implement (:numeric-fluents,
// :durative-actions, ...) are refused as Unsupported,
// naming the requirement; any other token is an "unknown requirement" Input
// error.
#pragma once

#include <span>
#include <string>

#include "core/pddl/sexpr.hpp"

namespace ll::pddl {

struct Requirements {
    bool declared = false;  // a :requirements section was present
    bool typing = true;
    bool negative_preconditions = true;
    bool equality = true;
    bool action_costs = true;
    // ADL (docs/pddl-support.md): :adl implies all four.
    bool disjunctive_preconditions = true;
    bool existential_preconditions = true;
    bool universal_preconditions = true;
    bool conditional_effects = true;
    bool derived_predicates = true;

    // What a file without a :requirements section gets.
    static Requirements assumed() { return Requirements{}; }
    // The effective requirements of a problem that declares `extra` on top
    // of its domain's.
    Requirements merged_with(const Requirements& extra) const;
};

// The one list of requirement names: the supported ones with what each
// allows, then those refused by design. The CLI's errors, the wasm module's
// pddlRequirements() and so the page's completion and highlighting read it.
struct RequirementEntry {
    const char* name;  // ":typing"
    // Sets what the requirement allows; null for a refused requirement.
    void (*apply)(Requirements& requirements) = nullptr;
    bool supported() const { return apply != nullptr; }
};
std::span<const RequirementEntry> requirement_list();

// Parses a (:requirements ...) section; throws Unsupported or Input errors
// as described above.
Requirements parse_requirements(const SExpr& section, const std::string& file);

}  // namespace ll::pddl
