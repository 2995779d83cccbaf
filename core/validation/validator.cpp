// Plan replay over std::set<GroundAtom>: simple on purpose (see header).
#include "core/validation/validator.hpp"

#include <set>

#include "core/common/error.hpp"
#include "core/task/action_costs.hpp"
#include "core/validation/condition_check.hpp"

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

// The STRIPS part of a precondition; an empty string when it holds.
std::string failed_literal(const Task& task, const ActionSchema& schema, const GroundAction& action,
                           const std::set<GroundAtom>& state) {
    for (const AtomSchema& pre : schema.positive_preconditions) {
        GroundAtom atom = instantiate(pre, action);
        if (!state.count(atom)) return "precondition " + to_string(task, atom);
    }
    for (const AtomSchema& pre : schema.negative_preconditions) {
        GroundAtom atom = instantiate(pre, action);
        if (state.count(atom)) return "precondition (not " + to_string(task, atom) + ")";
    }
    for (const EqualityConstraint& eq : schema.equalities) {
        ObjectId a = resolve(eq.lhs, action), b = resolve(eq.rhs, action);
        if ((a == b) == eq.negated) {
            std::string lit = "(= " + task.objects[a].name + " " + task.objects[b].name + ")";
            return "precondition " + (eq.negated ? "(not " + lit + ")" : lit);
        }
    }
    return {};
}

// The goal; the printed unmet literals (or the formula) when it fails.
std::vector<std::string> unmet_goals(const Task& task, const std::set<GroundAtom>& state) {
    std::vector<std::string> unmet;
    if (task.has_original_goal) {
        std::vector<ObjectId> binding;
        if (!condition_holds(task, task.original_goal, binding, state)) {
            unmet.push_back("the goal formula (as written in the problem)");
        }
        return unmet;
    }
    if (task.goal_contains_false_equality) {
        unmet.push_back("a false (in)equality in the goal");
    }
    for (const GroundAtom& g : task.goal_positive) {
        if (!state.count(g)) unmet.push_back(to_string(task, g));
    }
    for (const GroundAtom& g : task.goal_negative) {
        if (state.count(g)) unmet.push_back("(not " + to_string(task, g) + ")");
    }
    return unmet;
}

std::string step_prefix(const Task& task, int step, const GroundAction& action) {
    return "step " + std::to_string(step + 1) + " " + to_string(task, action) + ": ";
}

// Why `action` is not a well-formed action of the task (unknown schema,
// wrong argument count, unknown or mistyped object), or "" when it is.
std::string malformed_action(const Task& task, const GroundAction& action) {
    if (action.schema < 0 || action.schema >= task.num_schemas()) return "unknown action schema";
    const ActionSchema& schema = task.schemas[action.schema];
    const int given = static_cast<int>(action.arguments.size());
    // A plan file gives the printed parameters only.
    if (given != schema.arity() && given != schema.printed_arity()) {
        return "expects " + std::to_string(schema.printed_arity()) + " arguments, got " +
               std::to_string(action.arguments.size());
    }
    for (int i = 0; i < given; ++i) {
        ObjectId o = action.arguments[i];
        if (o < 0 || o >= task.num_objects()) return "unknown object";
        TypeId t = schema.parameters[i].type;
        if (!task.is_of_type[t][o]) {
            return "object " + task.objects[o].name + " is not of type " + task.types[t].name +
                   " required by parameter " + schema.parameters[i].name;
        }
    }
    return "";
}

// Why the precondition of `action` fails in `state`, or "" when it holds.
std::string failed_precondition(const Task& task, const GroundAction& action,
                                const std::set<GroundAtom>& state) {
    const ActionSchema& schema = task.schemas[action.schema];
    if (schema.original_precondition >= 0) {
        // ADL: the precondition as written, on the printed arguments.
        std::vector<ObjectId> binding(action.arguments.begin(),
                                      action.arguments.begin() + schema.printed_arity());
        const Condition& pre = task.original_preconditions[schema.original_precondition];
        if (!condition_holds(task, pre, binding, state))
            return "the precondition (as written in the domain) is not satisfied";
        return "";
    }
    std::string failed = failed_literal(task, schema, action, state);
    return failed.empty() ? failed : failed + " is not satisfied";
}

// PDDL semantics: deletes first, then adds; with `changes`, what changed.
void apply_effects(const Task& task, const GroundAction& action, std::set<GroundAtom>& state,
                   Budget* budget, std::vector<PlanReplay::Change>* changes = nullptr) {
    const ActionSchema& schema = task.schemas[action.schema];
    std::vector<GroundAtom> adds, deletes;
    for (const AtomSchema& eff : schema.add_effects)
        adds.push_back(instantiate(eff, action));
    for (const AtomSchema& eff : schema.delete_effects)
        deletes.push_back(instantiate(eff, action));
    // Conditional effects read the state before the action.
    if (!schema.conditional_effects.empty()) {
        conditional_effects_of(task, action, state, adds, deletes);
    }
    for (GroundAtom& atom : deletes) {
        if (state.erase(atom) > 0 && changes != nullptr)
            changes->push_back({std::move(atom), false});
    }
    for (GroundAtom& atom : adds) {
        const auto [at, added] = state.insert(std::move(atom));
        if (added && changes != nullptr) changes->push_back({*at, true});
    }
    apply_derived_definitions(task, state, budget);
}

}  // namespace

ValidationResult validate_plan(const Task& task, std::span<const GroundAction> plan) {
    return validate_plan(task, plan, StateObserver{});
}

ValidationResult validate_plan(const Task& task, std::span<const GroundAction> plan,
                               const StateObserver& observe, Budget* budget) {
    ValidationResult result;
    result.plan_length = static_cast<int>(plan.size());
    std::set<GroundAtom> state(task.initial_state.begin(), task.initial_state.end());
    apply_derived_definitions(task, state, budget);
    if (observe) observe(0, state);

    for (int step = 0; step < static_cast<int>(plan.size()); ++step) {
        const GroundAction& action = plan[step];
        auto fail = [&](const std::string& why) {
            result.failed_step = step;
            result.message = step_prefix(task, step, action) + why;
            return result;
        };
        const bool known_schema = action.schema >= 0 && action.schema < task.num_schemas();
        // The artificial goal action of an ADL goal changes nothing the
        // original goal reads (it is never printed).
        if (known_schema && task.schemas[action.schema].is_goal_action) continue;
        if (std::string why = malformed_action(task, action); !why.empty()) return fail(why);
        if (std::string why = failed_precondition(task, action, state); !why.empty())
            return fail(why);
        try {
            result.plan_cost += action_cost(task, action);
        } catch (const Error& e) {
            return fail(e.message());
        }
        apply_effects(task, action, state, budget);
        if (observe) observe(step + 1, state);
    }

    result.unmet_goals = unmet_goals(task, state);
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

PlanReplay::State PlanReplay::initial_state() const {
    State state(task_.initial_state.begin(), task_.initial_state.end());
    apply_derived_definitions(task_, state, budget_);
    return state;
}

bool PlanReplay::applicable(const GroundAction& action, const State& state) const {
    if (action.schema >= 0 && action.schema < task_.num_schemas() &&
        task_.schemas[action.schema].is_goal_action)
        return true;
    return malformed_action(task_, action).empty() &&
           failed_precondition(task_, action, state).empty();
}

void PlanReplay::apply(const GroundAction& action, State& state,
                       std::vector<Change>* changes) const {
    if (task_.schemas[action.schema].is_goal_action) return;
    if (changes != nullptr && !task_.axioms.empty())
        throw Error(ErrorCategory::Internal,
                    "PlanReplay: changes of derived atoms are not recorded");
    apply_effects(task_, action, state, budget_, changes);
}

void PlanReplay::undo(State& state, std::vector<Change>& changes) {
    for (auto it = changes.rbegin(); it != changes.rend(); ++it) {
        if (it->added)
            state.erase(it->atom);
        else
            state.insert(std::move(it->atom));
    }
    changes.clear();
}

bool PlanReplay::reaches_goal(const State& state) const {
    return unmet_goals(task_, state).empty();
}

}  // namespace ll
