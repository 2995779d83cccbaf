// A training problem: a task of the training domain and a valid plan for it.
#pragma once

#include <string>
#include <vector>

#include "core/task/task.hpp"

namespace ll {

struct TrainingProblem {
    std::string name;  // e.g. "p07" (for messages and the metadata)
    Task task;
    std::vector<GroundAction> plan;  // valid for task
};

}  // namespace ll
