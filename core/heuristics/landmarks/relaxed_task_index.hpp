// The ground relaxed task as the landmark and goal-order analyses read it:
// per fact its achievers and consumers, per action its preconditions, adds
// and (computed when first asked) deletes, and the initial state's facts;
// and the mutex prover's view of it (fact_mutexes.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "core/heuristics/ground_relaxation.hpp"
#include "core/heuristics/landmarks/fact_mutexes.hpp"
#include "core/task/task.hpp"

namespace ll {

class RelaxedTaskIndex {
  public:
    RelaxedTaskIndex(const Task& task, const StateLayout& layout, const GroundRelaxation& ground);

    int num_facts() const { return num_facts_; }
    int num_actions() const { return num_actions_; }
    std::span<const int> achievers(int f) const { return slice(achievers_begin_, achievers_, f); }
    std::span<const int> consumers(int f) const { return slice(consumers_begin_, consumers_, f); }
    std::span<const int> pre(int a) const { return slice(view_.pre_begin, view_.pre, a); }
    std::span<const int> add(int a) const { return slice(view_.add_begin, view_.add, a); }
    std::span<const int> goal_facts() const { return view_.goal_facts; }
    const std::vector<std::uint8_t>& initial() const { return initial_; }
    bool adds(int a, int f) const;
    // The relevant facts `a` deletes and does not add.
    const std::vector<int>& deletes(int a);
    bool deletes(int a, int f);
    // The prover's view of this index, which must outlive it.
    MutexTask mutex_task();

  private:
    static std::span<const int> slice(std::span<const int> begin, std::span<const int> list,
                                      int i) {
        return list.subspan(static_cast<std::size_t>(begin[i]),
                            static_cast<std::size_t>(begin[i + 1] - begin[i]));
    }

    const Task& task_;
    const GroundRelaxation& ground_;
    GroundRelaxation::View view_;
    int num_facts_ = 0, num_actions_ = 0;
    std::vector<int> achievers_begin_, achievers_, consumers_begin_, consumers_;
    std::vector<std::uint8_t> initial_;
    std::unordered_map<int, std::vector<int>> deletes_;  // of the actions asked
};

}  // namespace ll
