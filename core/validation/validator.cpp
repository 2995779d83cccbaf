// Plan replay over std::set<GroundAtom>: simple on purpose (see header).
#include "core/validation/validator.hpp"

#include <set>

#include "core/task/action_costs.hpp"

namespace ll {

namespace {

GroundAtom instantiate(const AtomSchema& atom, const GroundAction& action) {
    GroundAtom ground{atom.predicate, {}};
    ground.arguments.reserve(atom.arguments.size());
    for (const Term& t : atom.arguments) {
        ground.arguments.push_back(t.is_parameter() ? action.arguments[t.index] : t.index);
    }
    return ground;
}

ObjectId resolve(const Term& t, const GroundAction& action) {
    return t.is_parameter() ? action.arguments[t.index] : t.index;
}

std::string step_prefix(const Task& task, int step, const GroundAction& action) {
    return "step " + std::to_string(step + 1) + " " + to_string(task, action) + ": ";
}

}  // namespace

ValidationResult validate_plan(const Task& task, std::span<const GroundAction> plan) {
    return validate_plan(task, plan, StateObserver{});
}

ValidationResult validate_plan(const Task& task, std::span<const GroundAction> plan,
                               const StateObserver& observe) {
    ValidationResult result;
    result.plan_length = static_cast<int>(plan.size());
    std::set<GroundAtom> state(task.initial_state.begin(), task.initial_state.end());
    if (observe) observe(0, state);

    for (int step = 0; step < static_cast<int>(plan.size()); ++step) {
        const GroundAction& action = plan[step];
        auto fail = [&](const std::string& why) {
            result.failed_step = step;
            result.message = step_prefix(task, step, action) + why;
            return result;
        };
        if (action.schema < 0 || action.schema >= task.num_schemas()) {
            return fail("unknown action schema");
        }
        const ActionSchema& schema = task.schemas[action.schema];
        if (static_cast<int>(action.arguments.size()) != schema.arity()) {
            return fail("expects " + std::to_string(schema.arity()) + " arguments, got " +
                        std::to_string(action.arguments.size()));
        }
        for (int i = 0; i < schema.arity(); ++i) {
            ObjectId o = action.arguments[i];
            if (o < 0 || o >= task.num_objects()) return fail("unknown object");
            TypeId t = schema.parameters[i].type;
            if (!task.is_of_type[t][o]) {
                return fail("object " + task.objects[o].name + " is not of type " +
                            task.types[t].name + " required by parameter " +
                            schema.parameters[i].name);
            }
        }
        for (const AtomSchema& pre : schema.positive_preconditions) {
            GroundAtom atom = instantiate(pre, action);
            if (!state.count(atom)) {
                return fail("precondition " + to_string(task, atom) + " is not satisfied");
            }
        }
        for (const AtomSchema& pre : schema.negative_preconditions) {
            GroundAtom atom = instantiate(pre, action);
            if (state.count(atom)) {
                return fail("precondition (not " + to_string(task, atom) + ") is not satisfied");
            }
        }
        for (const EqualityConstraint& eq : schema.equalities) {
            ObjectId a = resolve(eq.lhs, action), b = resolve(eq.rhs, action);
            if ((a == b) == eq.negated) {
                std::string lit = "(= " + task.objects[a].name + " " + task.objects[b].name + ")";
                return fail("precondition " + (eq.negated ? "(not " + lit + ")" : lit) +
                            " is not satisfied");
            }
        }
        try {
            result.plan_cost += action_cost(task, action);
        } catch (const Error& e) {
            return fail(e.message());
        }
        // PDDL semantics: deletes first, then adds.
        std::vector<GroundAtom> adds;
        for (const AtomSchema& eff : schema.add_effects)
            adds.push_back(instantiate(eff, action));
        for (const AtomSchema& eff : schema.delete_effects)
            state.erase(instantiate(eff, action));
        for (GroundAtom& atom : adds)
            state.insert(std::move(atom));
        if (observe) observe(step + 1, state);
    }

    if (task.goal_contains_false_equality) {
        result.unmet_goals.push_back("a false (in)equality in the goal");
    }
    for (const GroundAtom& g : task.goal_positive) {
        if (!state.count(g)) result.unmet_goals.push_back(to_string(task, g));
    }
    for (const GroundAtom& g : task.goal_negative) {
        if (state.count(g)) result.unmet_goals.push_back("(not " + to_string(task, g) + ")");
    }
    if (!result.unmet_goals.empty()) {
        result.message =
            "goal not satisfied after " + std::to_string(plan.size()) + " steps; unmet:";
        for (const auto& g : result.unmet_goals)
            result.message += " " + g;
        return result;
    }
    result.valid = true;
    result.message = "plan valid (" + std::to_string(plan.size()) + " steps, cost " +
                     std::to_string(result.plan_cost) + ")";
    return result;
}

}  // namespace ll
