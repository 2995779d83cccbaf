// The order in which partial-space search binds the parameters of an action
// schema (paper Def. 1 binds a prefix in "some fixed order"). A strategy
// object, so that orders other than the declaration order can be tried: the
// planner renames parameters once (reorder_parameters) and every component
// below it keeps binding prefixes in index order; plans are mapped back to
// the declaration order before they leave the planner.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/task/task.hpp"

namespace ll {

class ParameterOrder {
  public:
    virtual ~ParameterOrder() = default;
    virtual std::string name() const = 0;
    // A permutation of 0..arity-1: position i binds declared parameter order[i].
    virtual std::vector<int> order(const Task& task, SchemaId schema) const = 0;
};

// The parameters as declared in the PDDL (the paper's and the default).
class DeclarationOrder final : public ParameterOrder {
  public:
    std::string name() const override { return "declaration"; }
    std::vector<int> order(const Task& task, SchemaId schema) const override;
};

// Last declared parameter first (an alternative, e.g. to bind a move's
// destination before its origin).
class ReverseDeclarationOrder final : public ParameterOrder {
  public:
    std::string name() const override { return "reverse"; }
    std::vector<int> order(const Task& task, SchemaId schema) const override;
};

// "declaration" | "reverse"; throws ll::Error(Usage) otherwise.
std::shared_ptr<const ParameterOrder> make_parameter_order(std::string_view name);

// The task with every schema's parameters permuted by `order` (parameter i
// of the result is parameter order[i] of the input), and the permutations.
struct ReorderedTask {
    Task task;
    std::vector<std::vector<int>> order;  // per schema
    bool is_identity = true;
};
ReorderedTask reorder_parameters(const Task& task, const ParameterOrder& order);

// An action of the reordered task as an action of the original task.
GroundAction to_declaration_order(const ReorderedTask& reordered, const GroundAction& action);

}  // namespace ll
