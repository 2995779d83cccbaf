// Goal orders that solvability forces. For goal atoms A and B that no
// action ever deletes, A is ordered before B when, once B holds, A can no
// longer be achieved: every achiever of A needs a precondition that is
// mutex with B, or one mutex with a goal C ordered before A (C holds when
// A is first achieved on any plan) that the achiever does not add. The
// orders are found to a fixpoint, so they chain: in floortile a tile can
// only be painted from the tile below it (the tile above it must be
// painted first, and a robot never stands on a painted tile), so each
// column must be painted top down.
//
// A state that holds B but not A is a dead end. The delete relaxation
// cannot see it (painting a tile does not take away its `clear` in the
// relaxation, so a robot still stands on it to paint the tile above), and
// in floortile nearly every state a greedy search reaches is one: the
// search wanders among them until its time is up.
//
// Sound: mutexes are proven (fact_mutexes.hpp) and the preconditions are the
// relaxation's (positive, fluent), a subset of the real ones.
#pragma once

#include <cstdint>
#include <vector>

#include "core/common/budget.hpp"
#include "core/heuristics/ground_relaxation.hpp"
#include "core/task/task.hpp"

namespace ll {

struct GoalOrder {
    GroundAtom before, after;
};

struct GoalOrderLimits {
    // Mutex candidate pairs and work of their proof.
    std::size_t max_mutex_pairs = 200'000;
    std::int64_t max_mutex_work = 20'000'000;
    // Facts tried as mutex with one goal atom.
    std::size_t max_candidates_per_goal = 256;
};

// The goal orders of `task` on its ground relaxed task (none when no goal
// atom is monotone). May throw LimitReached.
std::vector<GoalOrder> find_goal_orders(const Task& task, const StateLayout& layout,
                                        const GroundRelaxation& ground, Budget* budget,
                                        const GoalOrderLimits& limits = {});

// The goal orders of one planner run's tasks, found once and shared by its
// phases and anytime restarts (hard floortile p08: about 5 s per analysis).
// Only tasks that outlive the cache (registered with `add_task`) are cached.
class GoalOrderCache {
  public:
    void add_task(const Task& task);
    // The orders found before for (task, grounding); nullptr: none yet, or
    // the task is not registered.
    const std::vector<GoalOrder>* find(const Task& task, RelaxationGrounding grounding) const;
    // Keeps `orders` when the task is registered.
    void store(const Task& task, RelaxationGrounding grounding, std::vector<GoalOrder> orders);

  private:
    struct Entry {
        const Task* task;
        RelaxationGrounding grounding;
        std::vector<GoalOrder> orders;
    };
    std::vector<const Task*> tasks_;
    std::vector<Entry> entries_;
};

// Whether a state breaks a goal order (and so is a dead end). The orders
// are found at the first check, on the ground relaxed task of `source` (none
// when the task is not grounded), or taken from `cache`.
class GoalOrderCheck {
  public:
    GoalOrderCheck(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                   RelaxationSource source, GoalOrderCache* cache = nullptr);
    // May throw LimitReached while the orders are found (the next call
    // starts again).
    bool violated(const State& state);
    // Whether applying `action` in `state`, which breaks no order, breaks
    // one (its unconditional adds; with conditional effects there are no
    // orders).
    bool broken_by(const State& state, const GroundAction& action);
    void set_budget(Budget* budget) { budget_ = budget; }
    // Found (after the first check).
    int num_orders() const { return static_cast<int>(before_.size()); }

  private:
    struct Atom {
        PredicateId predicate;
        int begin;  // into args_
        int arity;
    };
    void prepare();
    bool holds(const State& state, const Atom& atom) const;
    // Some earlier atom of after_[after] is false in `state`.
    bool misses_before(const State& state, std::size_t after) const;
    int compare(const Atom& atom) const;
    Atom intern(const GroundAtom& atom);

    const Task& task_;
    const StateLayout& layout_;
    const StaticFacts& statics_;
    RelaxationSource source_;
    GoalOrderCache* cache_;
    Budget* budget_ = nullptr;
    bool prepared_ = false;
    std::vector<ObjectId> args_;
    // Per distinct later atom, its earlier atoms before_[first .. next first).
    std::vector<Atom> after_;
    std::vector<int> first_before_;
    std::vector<Atom> before_;
    std::vector<ObjectId> scratch_;  // an instantiated add effect
};

}  // namespace ll
