// Firing conditional effects (see conditional_effects.hpp).
#include "core/task/conditional_effects.hpp"

#include <algorithm>
#include <vector>

namespace ll {

namespace {

ObjectId resolve(const Term& t, std::span<const ObjectId> binding) {
    return t.is_parameter() ? binding[t.index] : t.index;
}

bool atom_holds(const Task& task, const StateLayout& layout, const State& state,
                const AtomSchema& atom, std::span<const ObjectId> binding,
                std::vector<ObjectId>& scratch) {
    scratch.clear();
    for (const Term& t : atom.arguments)
        scratch.push_back(resolve(t, binding));
    if (layout.is_fluent(atom.predicate)) {
        if (scratch.empty()) scratch.push_back(0);  // nullary atoms store a 0
        return state.contains(layout, atom.predicate, scratch);
    }
    // Static: the front end keeps predicates of effect conditions fluent, so
    // this is only reached by hand-made tasks; a linear scan is enough.
    return std::any_of(task.initial_state.begin(), task.initial_state.end(),
                       [&](const GroundAtom& g) {
                           return g.predicate == atom.predicate && g.arguments == scratch;
                       });
}

}  // namespace

bool conditional_effect_holds(const Task& task, const StateLayout& layout, const State& state,
                              const ConditionalEffect& effect, std::span<const ObjectId> binding) {
    for (const EqualityConstraint& eq : effect.equalities) {
        if ((resolve(eq.lhs, binding) == resolve(eq.rhs, binding)) == eq.negated) return false;
    }
    std::vector<ObjectId> scratch;
    for (const AtomSchema& a : effect.positive_conditions) {
        if (!atom_holds(task, layout, state, a, binding, scratch)) return false;
    }
    for (const AtomSchema& a : effect.negative_conditions) {
        if (atom_holds(task, layout, state, a, binding, scratch)) return false;
    }
    return true;
}

namespace {

// Enumerates the effect's variables from `v` on whose value is not yet fixed
// (fixed[v]) over the objects of their type, and fires the effect for every
// binding whose condition holds.
void enumerate_free(const Task& task, const StateLayout& layout, const State& state,
                    const ConditionalEffect& effect, std::size_t v, std::vector<ObjectId>& binding,
                    std::size_t first, const std::vector<char>& fixed, const EffectSink& sink) {
    if (v == effect.variables.size()) {
        if (!conditional_effect_holds(task, layout, state, effect, binding)) return;
        for (const AtomSchema& e : effect.delete_effects)
            sink(e, false, binding);
        for (const AtomSchema& e : effect.add_effects)
            sink(e, true, binding);
        return;
    }
    if (fixed[v]) {
        enumerate_free(task, layout, state, effect, v + 1, binding, first, fixed, sink);
        return;
    }
    for (ObjectId o : task.objects_of_type[effect.variables[v].type]) {
        binding[first + v] = o;
        enumerate_free(task, layout, state, effect, v + 1, binding, first, fixed, sink);
    }
}

// The positive condition on a fluent predicate with the most effect
// variables, or -1: its tuples in the state bind those variables, instead of
// trying every object of their types.
int driver_condition(const ConditionalEffect& effect, const StateLayout& layout,
                     std::size_t first) {
    int best = -1, best_vars = 0;
    for (std::size_t c = 0; c < effect.positive_conditions.size(); ++c) {
        const AtomSchema& atom = effect.positive_conditions[c];
        if (!layout.is_fluent(atom.predicate)) continue;
        int vars = 0;
        for (const Term& t : atom.arguments)
            if (t.is_parameter() && static_cast<std::size_t>(t.index) >= first) ++vars;
        if (vars > best_vars) {
            best = static_cast<int>(c);
            best_vars = vars;
        }
    }
    return best;
}

// Binds the effect variables of `atom` from `tuple`; false when the tuple
// does not match the bound terms or a variable's type.
bool bind_from_tuple(const Task& task, const ConditionalEffect& effect, const AtomSchema& atom,
                     std::span<const ObjectId> tuple, std::vector<ObjectId>& binding,
                     std::size_t first, std::vector<char>& fixed) {
    std::fill(fixed.begin(), fixed.end(), 0);
    for (std::size_t j = 0; j < atom.arguments.size(); ++j) {
        const Term& t = atom.arguments[j];
        const ObjectId o = tuple[j];
        if (!t.is_parameter()) {
            if (t.index != o) return false;
            continue;
        }
        const auto index = static_cast<std::size_t>(t.index);
        if (index < first) {
            if (binding[index] != o) return false;
            continue;
        }
        const std::size_t v = index - first;
        if (fixed[v]) {
            if (binding[index] != o) return false;
            continue;
        }
        if (!task.is_of_type[effect.variables[v].type][o]) return false;
        binding[index] = o;
        fixed[v] = 1;
    }
    return true;
}

}  // namespace

void for_each_conditional_effect(const Task& task, const StateLayout& layout, const State& state,
                                 SchemaId schema_id, std::span<const ObjectId> arguments,
                                 const EffectSink& sink) {
    const ActionSchema& schema = task.schemas[schema_id];
    std::vector<ObjectId> binding;
    std::vector<char> fixed;
    for (const ConditionalEffect& effect : schema.conditional_effects) {
        binding.assign(arguments.begin(), arguments.end());
        const std::size_t first = binding.size();
        binding.resize(first + effect.variables.size(), 0);
        fixed.assign(effect.variables.size(), 0);
        const int driver = driver_condition(effect, layout, first);
        if (driver < 0) {
            enumerate_free(task, layout, state, effect, 0, binding, first, fixed, sink);
            continue;
        }
        const AtomSchema& atom = effect.positive_conditions[driver];
        const RelationView rel = state.relation(layout, atom.predicate);
        for (int i = 0; i < rel.size; ++i) {
            if (!bind_from_tuple(task, effect, atom, rel.tuple(i), binding, first, fixed)) continue;
            enumerate_free(task, layout, state, effect, 0, binding, first, fixed, sink);
        }
    }
}

}  // namespace ll
