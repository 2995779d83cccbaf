// Greedy action elimination: see plan_reduction.hpp.
#include "core/training/plan_reduction.hpp"

#include "core/validation/validator.hpp"

namespace ll {

namespace {
// `plan` without step `drop` and without every later step that becomes
// inapplicable; empty optional-like flag if the goal is then missed.
bool try_drop(const Task& task, std::vector<GroundAction>& plan, std::size_t drop) {
    std::vector<GroundAction> candidate = plan;
    candidate.erase(candidate.begin() + static_cast<std::ptrdiff_t>(drop));
    while (true) {
        const ValidationResult check = validate_plan(task, candidate);
        if (check.valid) {
            plan = std::move(candidate);
            return true;
        }
        // Only steps after the dropped one can fail: the prefix is unchanged.
        if (check.failed_step < static_cast<int>(drop)) return false;
        candidate.erase(candidate.begin() + check.failed_step);
    }
}
}  // namespace

std::vector<GroundAction> eliminate_redundant_actions(const Task& task,
                                                      std::vector<GroundAction> plan) {
    std::size_t i = 0;
    while (i < plan.size()) {
        // After a successful drop, step i is a new step: try it too.
        if (!try_drop(task, plan, i)) ++i;
    }
    return plan;
}

}  // namespace ll
