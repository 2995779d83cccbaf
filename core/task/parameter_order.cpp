// Parameter orders for partial-space search: see parameter_order.hpp.
#include "core/task/parameter_order.hpp"

#include <numeric>

#include "core/common/error.hpp"

namespace ll {

std::vector<int> DeclarationOrder::order(const Task& task, SchemaId schema) const {
    std::vector<int> out(task.schemas[schema].arity());
    std::iota(out.begin(), out.end(), 0);
    return out;
}

std::vector<int> ReverseDeclarationOrder::order(const Task& task, SchemaId schema) const {
    std::vector<int> out(task.schemas[schema].arity());
    std::iota(out.rbegin(), out.rend(), 0);
    return out;
}

std::shared_ptr<const ParameterOrder> make_parameter_order(std::string_view name) {
    if (name == "declaration") return std::make_shared<DeclarationOrder>();
    if (name == "reverse") return std::make_shared<ReverseDeclarationOrder>();
    throw Error(ErrorCategory::Usage, "unknown parameter order '" + std::string(name) +
                                          "' (expected declaration or reverse)");
}

namespace {
// Indices past the schema's parameters (a conditional effect's variables)
// keep their numbers.
void rename(Term& t, const std::vector<int>& new_index) {
    if (t.is_parameter() && t.index < static_cast<int>(new_index.size())) {
        t.index = new_index[t.index];
    }
}
void rename(std::vector<Term>& terms, const std::vector<int>& new_index) {
    for (Term& t : terms)
        rename(t, new_index);
}
void rename(ConditionalEffect& effect, const std::vector<int>& new_index) {
    for (auto* atoms : {&effect.positive_conditions, &effect.negative_conditions,
                        &effect.add_effects, &effect.delete_effects}) {
        for (AtomSchema& atom : *atoms)
            rename(atom.arguments, new_index);
    }
    for (EqualityConstraint& eq : effect.equalities) {
        rename(eq.lhs, new_index);
        rename(eq.rhs, new_index);
    }
}
}  // namespace

ReorderedTask reorder_parameters(const Task& task, const ParameterOrder& order) {
    ReorderedTask out{task, {}, true};
    for (SchemaId s = 0; s < task.num_schemas(); ++s) {
        std::vector<int> perm = order.order(task, s);
        const ActionSchema& original = task.schemas[s];
        std::vector<int> new_index(original.arity(), -1);
        for (int i = 0; i < static_cast<int>(perm.size()); ++i) {
            if (perm[i] < 0 || perm[i] >= original.arity() || new_index[perm[i]] >= 0) {
                throw Error(ErrorCategory::Internal, "parameter order '" + order.name() +
                                                         "' is not a permutation for " +
                                                         original.name);
            }
            new_index[perm[i]] = i;
            if (perm[i] != i) out.is_identity = false;
        }
        if (static_cast<int>(perm.size()) != original.arity()) {
            throw Error(ErrorCategory::Internal, "parameter order '" + order.name() +
                                                     "' has the wrong length for " + original.name);
        }
        ActionSchema& schema = out.task.schemas[s];
        for (int i = 0; i < original.arity(); ++i)
            schema.parameters[i] = original.parameters[perm[i]];
        for (auto* atoms : {&schema.positive_preconditions, &schema.negative_preconditions,
                            &schema.add_effects, &schema.delete_effects}) {
            for (AtomSchema& atom : *atoms)
                rename(atom.arguments, new_index);
        }
        for (CostTerm& term : schema.cost.terms)
            rename(term.arguments, new_index);
        for (EqualityConstraint& eq : schema.equalities) {
            rename(eq.lhs, new_index);
            rename(eq.rhs, new_index);
        }
        for (ConditionalEffect& effect : schema.conditional_effects)
            rename(effect, new_index);
        out.order.push_back(std::move(perm));
    }
    return out;
}

GroundAction to_declaration_order(const ReorderedTask& reordered, const GroundAction& action) {
    const std::vector<int>& perm = reordered.order[action.schema];
    GroundAction out{action.schema, std::vector<ObjectId>(action.arguments.size())};
    for (std::size_t i = 0; i < perm.size(); ++i)
        out.arguments[perm[i]] = action.arguments[i];
    return out;
}

}  // namespace ll
