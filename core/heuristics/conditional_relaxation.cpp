// Compiling conditional effects for the delete relaxation (see header).
#include "core/heuristics/conditional_relaxation.hpp"

namespace ll {

ConditionalRelaxation relax_conditional_effects(const Task& task) {
    auto compiled = std::make_shared<Task>(task);
    ConditionalRelaxation out;
    for (SchemaId s = 0; s < task.num_schemas(); ++s)
        out.parent.push_back(s);
    for (SchemaId s = 0; s < task.num_schemas(); ++s) {
        const ActionSchema& schema = task.schemas[s];
        compiled->schemas[s].conditional_effects.clear();
        for (const ConditionalEffect& effect : schema.conditional_effects) {
            ActionSchema e;
            e.name = schema.name;
            e.parameters = schema.parameters;
            e.parameters.insert(e.parameters.end(), effect.variables.begin(),
                                effect.variables.end());
            e.num_hidden_parameters = schema.num_hidden_parameters;
            e.positive_preconditions = schema.positive_preconditions;
            e.positive_preconditions.insert(e.positive_preconditions.end(),
                                            effect.positive_conditions.begin(),
                                            effect.positive_conditions.end());
            e.negative_preconditions = schema.negative_preconditions;
            e.negative_preconditions.insert(e.negative_preconditions.end(),
                                            effect.negative_conditions.begin(),
                                            effect.negative_conditions.end());
            e.equalities = schema.equalities;
            e.equalities.insert(e.equalities.end(), effect.equalities.begin(),
                                effect.equalities.end());
            e.add_effects = effect.add_effects;
            e.delete_effects = effect.delete_effects;
            e.cost = schema.cost;
            e.original_precondition = schema.original_precondition;
            compiled->schemas.push_back(std::move(e));
            out.parent.push_back(s);
        }
    }
    out.task = std::move(compiled);
    return out;
}

GroundAction to_original_action(const ConditionalRelaxation& relaxation, const Task& original,
                                const GroundAction& action) {
    const SchemaId parent = relaxation.parent[action.schema];
    if (parent == action.schema) return action;
    const auto arity = static_cast<std::size_t>(original.schemas[parent].arity());
    return GroundAction{parent, {action.arguments.begin(), action.arguments.begin() + arity}};
}

}  // namespace ll
