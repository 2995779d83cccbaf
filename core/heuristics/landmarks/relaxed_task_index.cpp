// The indexed ground relaxed task (see header).
#include "core/heuristics/landmarks/relaxed_task_index.hpp"

#include <algorithm>

namespace ll {

RelaxedTaskIndex::RelaxedTaskIndex(const Task& task, const StateLayout& layout,
                                   const GroundRelaxation& ground)
    : task_(task), ground_(ground), view_(ground.view()) {
    num_facts_ = ground.num_facts();
    num_actions_ = ground.num_actions();
    invert_lists(view_.add_begin, view_.add, num_facts_, achievers_begin_, achievers_);
    invert_lists(view_.pre_begin, view_.pre, num_facts_, consumers_begin_, consumers_);
    initial_.assign(static_cast<std::size_t>(num_facts_), 0);
    std::vector<int> facts;
    ground.state_facts(initial_state(task, layout), facts);
    for (int f : facts)
        initial_[f] = 1;
}

bool RelaxedTaskIndex::adds(int a, int f) const {
    const auto list = add(a);
    return std::find(list.begin(), list.end(), f) != list.end();
}

const std::vector<int>& RelaxedTaskIndex::deletes(int a) {
    auto [it, inserted] = deletes_.try_emplace(a);
    if (inserted) ground_.delete_facts(task_, a, it->second);
    return it->second;
}

bool RelaxedTaskIndex::deletes(int a, int f) {
    const std::vector<int>& list = deletes(a);
    return std::find(list.begin(), list.end(), f) != list.end();
}

MutexTask RelaxedTaskIndex::mutex_task() {
    MutexTask task;
    task.num_facts = num_facts_;
    task.initial = initial_;
    task.achievers = [this](int f) { return achievers(f); };
    task.preconditions = [this](int a) { return pre(a); };
    task.adds = [this](int a, int f) { return adds(a, f); };
    task.deletes = [this](int a, int f) { return deletes(a, f); };
    return task;
}

}  // namespace ll
