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

void for_each_conditional_effect(const Task& task, const StateLayout& layout, const State& state,
                                 const GroundAction& action, const EffectSink& sink) {
    const ActionSchema& schema = task.schemas[action.schema];
    std::vector<ObjectId> binding;
    for (const ConditionalEffect& effect : schema.conditional_effects) {
        binding.assign(action.arguments.begin(), action.arguments.end());
        const std::size_t first = binding.size();
        const std::size_t n = effect.variables.size();
        // An odometer over the objects of each variable's type.
        std::vector<std::size_t> digit(n, 0);
        bool empty_domain = false;
        for (std::size_t i = 0; i < n; ++i) {
            const auto& domain = task.objects_of_type[effect.variables[i].type];
            if (domain.empty()) empty_domain = true;
            binding.push_back(domain.empty() ? 0 : domain[0]);
        }
        if (empty_domain) continue;
        while (true) {
            if (conditional_effect_holds(task, layout, state, effect, binding)) {
                for (const AtomSchema& e : effect.delete_effects)
                    sink(e, false, binding);
                for (const AtomSchema& e : effect.add_effects)
                    sink(e, true, binding);
            }
            std::size_t i = 0;
            for (; i < n; ++i) {
                const auto& domain = task.objects_of_type[effect.variables[i].type];
                if (++digit[i] < domain.size()) {
                    binding[first + i] = domain[digit[i]];
                    break;
                }
                digit[i] = 0;
                binding[first + i] = domain[0];
            }
            if (i == n) break;
        }
    }
}

}  // namespace ll
