// Ground evaluation of ADL conditions for the validator (see header).
#include "core/validation/condition_check.hpp"

#include <algorithm>

namespace ll {

namespace {

ObjectId value(const Term& t, const std::vector<ObjectId>& binding) {
    return t.is_parameter() ? binding[t.index] : t.index;
}

GroundAtom ground(const AtomSchema& atom, const std::vector<ObjectId>& binding) {
    GroundAtom g{atom.predicate, {}};
    for (const Term& t : atom.arguments)
        g.arguments.push_back(value(t, binding));
    return g;
}

// Every head tuple of `d` not yet in `state` whose definition holds is
// added; true when one was.
bool derive_once(const Task& task, const DerivedDefinition& d, std::size_t i,
                 std::vector<ObjectId>& binding, std::set<GroundAtom>& state, Budget* budget) {
    if (i == d.parameters.size()) {
        if (budget != nullptr) budget->poll();
        GroundAtom atom{d.predicate, std::vector<ObjectId>(binding.begin(), binding.begin() + i)};
        if (state.count(atom) > 0) return false;
        std::vector<ObjectId> scratch = atom.arguments;
        if (!condition_holds(task, d.condition, scratch, state, budget)) return false;
        state.insert(std::move(atom));
        return true;
    }
    bool added = false;
    if (binding.size() <= i) binding.resize(i + 1, 0);
    for (ObjectId o : task.objects_of_type[d.parameters[i].type]) {
        binding[i] = o;
        added = derive_once(task, d, i + 1, binding, state, budget) || added;
    }
    return added;
}

// The values of variable `slot` (variables[i] of the existential `c`) that
// can make its body true: those of the state's atoms that match a positive
// atom of the body's conjunction on its known leading arguments (at least
// one). False when no atom has a known leading argument: every object is
// a candidate then. Without it a closure's re-derivation costs objects^3.
bool candidate_values(const Condition& c, std::size_t i, const std::vector<ObjectId>& binding,
                      const std::set<GroundAtom>& state, std::vector<ObjectId>& out) {
    const int slot = c.first_variable + static_cast<int>(i);
    const int end = c.first_variable + static_cast<int>(c.variables.size());
    // Terms bound from outside, constants, and this quantifier's earlier
    // variables are known; its later ones are not.
    auto known = [&](const Term& t) {
        return !t.is_parameter() || t.index < slot || t.index >= end;
    };
    const Condition& body = c.children.front();
    const Condition* best = nullptr;
    std::size_t best_prefix = 0;
    auto consider = [&](const Condition& child) {
        if (child.kind != Condition::Kind::Atom) return;
        const std::vector<Term>& args = child.atom.arguments;
        std::size_t prefix = 0;
        while (prefix < args.size() && known(args[prefix]))
            ++prefix;
        const bool has_slot = std::any_of(args.begin() + prefix, args.end(), [&](const Term& t) {
            return t.is_parameter() && t.index == slot;
        });
        if (has_slot && prefix > best_prefix) best = &child, best_prefix = prefix;
    };
    if (body.kind == Condition::Kind::And) {
        for (const Condition& child : body.children)
            consider(child);
    } else {
        consider(body);
    }
    if (best == nullptr) return false;
    const std::vector<Term>& args = best->atom.arguments;
    GroundAtom key{best->atom.predicate, {}};
    for (std::size_t k = 0; k < best_prefix; ++k)
        key.arguments.push_back(value(args[k], binding));
    out.clear();
    for (auto it = state.lower_bound(key); it != state.end() && it->predicate == key.predicate;
         ++it) {
        const std::vector<ObjectId>& a = it->arguments;
        if (!std::equal(key.arguments.begin(), key.arguments.end(), a.begin())) break;
        ObjectId found = -1;  // the variable's value (it may occur twice)
        bool match = true;
        for (std::size_t k = best_prefix; k < args.size() && match; ++k) {
            if (known(args[k])) {
                match = a[k] == value(args[k], binding);
            } else if (args[k].index == slot) {
                match = found < 0 || found == a[k];
                found = a[k];
            }
        }
        if (match && found >= 0) out.push_back(found);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return true;
}

// Quantifier: every (forall) / some (exists) binding of variables[i..].
bool quantified(const Task& task, const Condition& c, std::size_t i, std::vector<ObjectId>& binding,
                const std::set<GroundAtom>& state, Budget* budget) {
    const bool forall = c.kind == Condition::Kind::Forall;
    if (i == c.variables.size())
        return condition_holds(task, c.children.front(), binding, state, budget);
    const std::size_t slot = static_cast<std::size_t>(c.first_variable) + i;
    if (binding.size() <= slot) binding.resize(slot + 1, 0);
    const TypeId type = c.variables[i].type;
    std::vector<ObjectId> candidates;
    const bool filtered = !forall && candidate_values(c, i, binding, state, candidates);
    for (ObjectId o : filtered ? candidates : task.objects_of_type[type]) {
        if (budget != nullptr) budget->poll();
        if (filtered && !task.is_of_type[type][o]) continue;
        binding[slot] = o;
        if (quantified(task, c, i + 1, binding, state, budget) != forall) return !forall;
    }
    return forall;
}

}  // namespace

void apply_derived_definitions(const Task& task, std::set<GroundAtom>& state, Budget* budget) {
    if (task.derived_definitions.empty()) return;
    for (auto it = state.begin(); it != state.end();) {
        if (task.predicates[it->predicate].is_derived)
            it = state.erase(it);
        else
            ++it;
    }
    std::vector<int> stratum(task.predicates.size(), 0);
    for (const Axiom& a : task.axioms)
        stratum[a.head.predicate] = a.stratum;
    std::vector<ObjectId> binding;
    for (int s = 0; s < task.num_strata; ++s) {
        bool changed = true;
        while (changed) {
            changed = false;
            for (const DerivedDefinition& d : task.derived_definitions) {
                if (stratum[d.predicate] == s)
                    changed = derive_once(task, d, 0, binding, state, budget) || changed;
            }
        }
    }
}

bool condition_holds(const Task& task, const Condition& c, std::vector<ObjectId>& binding,
                     const std::set<GroundAtom>& state, Budget* budget) {
    switch (c.kind) {
        case Condition::Kind::True:
            return true;
        case Condition::Kind::False:
            return false;
        case Condition::Kind::Atom:
            return state.count(ground(c.atom, binding)) > 0;
        case Condition::Kind::Equal:
            return value(c.atom.arguments[0], binding) == value(c.atom.arguments[1], binding);
        case Condition::Kind::Not:
            return !condition_holds(task, c.children.front(), binding, state, budget);
        case Condition::Kind::And:
            for (const Condition& child : c.children)
                if (!condition_holds(task, child, binding, state, budget)) return false;
            return true;
        case Condition::Kind::Or:
            for (const Condition& child : c.children)
                if (condition_holds(task, child, binding, state, budget)) return true;
            return false;
        case Condition::Kind::Exists:
        case Condition::Kind::Forall:
            return quantified(task, c, 0, binding, state, budget);
    }
    return false;
}

namespace {

bool effect_condition_holds(const ConditionalEffect& e, const std::vector<ObjectId>& binding,
                            const std::set<GroundAtom>& state) {
    for (const EqualityConstraint& eq : e.equalities) {
        if ((value(eq.lhs, binding) == value(eq.rhs, binding)) == eq.negated) return false;
    }
    for (const AtomSchema& a : e.positive_conditions)
        if (!state.count(ground(a, binding))) return false;
    for (const AtomSchema& a : e.negative_conditions)
        if (state.count(ground(a, binding))) return false;
    return true;
}

void fire(const Task& task, const ConditionalEffect& e, std::size_t i,
          std::vector<ObjectId>& binding, std::size_t first, const std::set<GroundAtom>& state,
          std::vector<GroundAtom>& adds, std::vector<GroundAtom>& deletes) {
    if (i == e.variables.size()) {
        if (!effect_condition_holds(e, binding, state)) return;
        for (const AtomSchema& a : e.add_effects)
            adds.push_back(ground(a, binding));
        for (const AtomSchema& a : e.delete_effects)
            deletes.push_back(ground(a, binding));
        return;
    }
    for (ObjectId o : task.objects_of_type[e.variables[i].type]) {
        binding[first + i] = o;
        fire(task, e, i + 1, binding, first, state, adds, deletes);
    }
}

}  // namespace

void conditional_effects_of(const Task& task, const GroundAction& action,
                            const std::set<GroundAtom>& state, std::vector<GroundAtom>& adds,
                            std::vector<GroundAtom>& deletes) {
    const ActionSchema& schema = task.schemas[action.schema];
    for (const ConditionalEffect& e : schema.conditional_effects) {
        // Effect variables follow all of the schema's parameters; a plan read
        // from a file has no values for hidden ones, which effects never use.
        std::vector<ObjectId> binding(action.arguments.begin(), action.arguments.end());
        binding.resize(static_cast<std::size_t>(schema.arity()) + e.variables.size(), 0);
        fire(task, e, 0, binding, schema.arity(), state, adds, deletes);
    }
}

}  // namespace ll
