// A plan validator that replays ground actions on explicit sets of ground
// atoms. It deliberately shares no code with successor generation, so that
// it is an independent check of every plan the planner prints.
#pragma once

#include <cstdint>
#include <functional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "core/common/budget.hpp"
#include "core/task/task.hpp"

namespace ll {

struct ValidationResult {
    bool valid = false;
    // Index (0-based) of the first step whose preconditions fail, or -1.
    int failed_step = -1;
    // Human-readable reason: the failing step and precondition, or the unmet
    // goals; "plan valid" when valid.
    std::string message;
    std::vector<std::string> unmet_goals;  // printed literals, when the goal fails
    int plan_length = 0;
    // The sum of the action costs of the steps replayed (the plan's cost
    // when valid; its length in a task without action costs).
    std::int64_t plan_cost = 0;
};

ValidationResult validate_plan(const Task& task, std::span<const GroundAction> plan);

// Called with the initial state (step 0) and with the state after each step
// that was applied (step i for the i-th step, 1-based). The plan trace
// (plan_trace.hpp) observes the replay through it, so that it shows exactly
// the states the validator checks.
using StateObserver = std::function<void(int step, const std::set<GroundAtom>& state)>;

// With `budget` (null: none), the re-derivation of derived atoms after each
// step polls it and throws LimitReached when a limit passes; a task without
// derived predicates never polls.
ValidationResult validate_plan(const Task& task, std::span<const GroundAction> plan,
                               const StateObserver& observe, Budget* budget = nullptr);

// The validator's semantics one step at a time, for code that replays
// variants of a plan (plan_reduction.hpp).
class PlanReplay {
  public:
    using State = std::set<GroundAtom>;
    // `budget` (null: none) is polled by the re-derivation of derived atoms.
    explicit PlanReplay(const Task& task, Budget* budget = nullptr)
        : task_(task), budget_(budget) {}

    State initial_state() const;
    // Whether `action` is a well-formed action of the task whose
    // precondition holds in `state` (an ADL goal action always is).
    bool applicable(const GroundAction& action, const State& state) const;
    // What one step changed: the atom, and whether the step added it.
    struct Change {
        GroundAtom atom;
        bool added = false;
    };
    // Applies an applicable `action` (deletes first, then adds, then the
    // derived atoms). With `changes` (only in a task without derived
    // predicates, whose re-derivation it does not record), appends what
    // changed, for undo().
    void apply(const GroundAction& action, State& state,
               std::vector<Change>* changes = nullptr) const;
    // Reverts the `changes` recorded by apply(), newest first.
    static void undo(State& state, std::vector<Change>& changes);
    bool reaches_goal(const State& state) const;

  private:
    const Task& task_;
    Budget* budget_;
};

}  // namespace ll
