// Action costs (:action-costs): the cost of a ground action, of a plan, and
// the cost a heuristic charges under Fast Downward's cost types (normal, one,
// plusone). A schema's cost is a constant plus static function terms
// (task.hpp, ActionCost), so a ground action's cost is a few table lookups;
// tasks without costs never look anything up (every action costs 1).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "core/common/vocabulary.hpp"
#include "core/task/task.hpp"

namespace ll {

// The cost of schema `schema` with `arguments` (1 in a task without action
// costs). Throws ll::Error(Input) when a static function it uses has no value
// in :init at those arguments.
int action_cost(const Task& task, SchemaId schema, std::span<const ObjectId> arguments);
inline int action_cost(const Task& task, const GroundAction& action) {
    return action_cost(task, action.schema, action.arguments);
}
// A lower bound on the cost of every ground action (1 without action
// costs): per schema its constant plus the smallest value of each term.
int min_action_cost(const Task& task);
// The sum of the costs of the plan's actions (its length without costs).
std::int64_t plan_cost(const Task& task, std::span<const GroundAction> plan);

// Fast Downward's cost_type for heuristics: `normal` uses the task's costs,
// `one` counts every action as 1, `plusone` adds 1 to every cost (on a
// unit-cost task: 1).
enum class CostType { Normal, One, PlusOne };
const NameTable<CostType>& cost_type_names();
CostType parse_cost_type(std::string_view name);  // throws ll::Error(Usage)
const char* to_string(CostType type);

// What a heuristic charges for a ground action. Default constructed: every
// action costs 1.
class AdjustedCosts {
  public:
    AdjustedCosts() = default;
    AdjustedCosts(const Task& task, CostType type)
        : task_(task.has_action_costs && type != CostType::One ? &task : nullptr),
          plus_one_(type == CostType::PlusOne) {}

    // The same cost type on `other` (a task with the same costs, e.g. the
    // relaxed compilation of conditional effects).
    AdjustedCosts on(const Task& other) const {
        AdjustedCosts out = *this;
        if (task_ != nullptr) out.task_ = &other;
        return out;
    }
    // Every action costs 1: the unit-cost fast path.
    bool is_unit() const { return task_ == nullptr; }
    int cost(SchemaId schema, std::span<const ObjectId> arguments) const {
        if (task_ == nullptr) return 1;
        return action_cost(*task_, schema, arguments) + (plus_one_ ? 1 : 0);
    }
    bool operator==(const AdjustedCosts&) const = default;

  private:
    const Task* task_ = nullptr;
    bool plus_one_ = false;
};

}  // namespace ll
