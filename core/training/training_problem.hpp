// A training problem: a task of the training domain and a valid plan for it.
#pragma once

#include <string>
#include <vector>

#include "core/task/task.hpp"

namespace ll {

// The order problems are trained on and solved in, smallest first: objects,
// then initial atoms (lltrain and the wasm trainer alike).
inline std::size_t training_size_key(const Task& task) {
    return task.objects.size() * 1000000 + task.initial_state.size();
}

struct TrainingProblem {
    std::string name;  // e.g. "p07" (for messages and the metadata)
    Task task;
    std::vector<GroundAction> plan;  // valid for task
};

}  // namespace ll
