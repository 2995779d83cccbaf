// A problem as plain ground data over its own object list: what the problem
// generator edits (objects removed or cloned) and writes back as PDDL.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/task/state.hpp"
#include "core/task/task.hpp"

namespace ll {

struct ProblemModel {
    struct FunctionValue {
        FunctionId function = 0;
        std::vector<ObjectId> arguments;
        int value = 0;
    };
    // Indexed by the ObjectIds of the atoms below; constants are kept (and
    // never written as objects).
    std::vector<Object> objects;
    std::vector<GroundAtom> static_atoms;
    std::vector<GroundAtom> fluent_atoms;
    std::vector<FunctionValue> values;
};

// The problem of `task` with `state` as its initial state.
ProblemModel model_of(const Task& task, const StateLayout& layout, const State& state);

// Without object o and every atom and value that names it.
ProblemModel without_object(const ProblemModel& model, ObjectId o);
// With a new object of o's type (a type of `task`) that has a copy of every
// atom and value of o (o replaced by the copy), named by its type and a
// number.
ProblemModel with_clone(const Task& task, const ProblemModel& model, ObjectId o);

// The PDDL problem `name` of task's domain with the model's objects and
// initial state and the conjunction `goal` (over the model's objects); the
// metric (minimize (total-cost)) when the task has action costs.
std::string write_problem(const Task& task, const ProblemModel& model, std::string_view name,
                          std::span<const GroundAtom> goal);

}  // namespace ll
