// LM-cut (Helmert & Domshlak 2009) on the relaxed task grounded once
// (ground_relaxation.hpp): repeatedly computes h^max, cuts the relaxed
// task between the facts reachable without the goal zone and the goal zone
// (the facts whose h^max supporters reach the goal through zero-cost
// actions), adds the cheapest cut action's cost and subtracts it from every
// cut action. h^max is updated incrementally after each cut, from the cut
// actions' effects, not recomputed. Admissible with action costs under the
// normal cost type, and never below h^max.
//
// When the relaxed task cannot be grounded (it exceeds the grounding limits,
// relax=lifted, or the task has conditional effects, whose compiled relaxed
// actions would each pay their action's cost) the value is h^max, computed
// as the hmax heuristic does.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/heuristics/ground_relaxation.hpp"
#include "core/heuristics/heuristic.hpp"
#include "core/heuristics/relaxation.hpp"
#include "core/task/action_costs.hpp"
#include "core/task/goal.hpp"

namespace ll {

class LmCutHeuristic final : public ActionSetHeuristic {
  public:
    LmCutHeuristic(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                   const GoalChecker& goal, RelaxationSource grounding, CostType cost_type);
    // h(s, ρ) = h(s): the partial action is not used.
    double evaluate(const State& state, const PartialAction& partial) override;
    using ActionSetHeuristic::evaluate;
    void set_budget(Budget* budget) override;

    // Whether evaluations compute LM-cut (false: h^max); decided at the
    // first evaluation.
    bool computes_lm_cut() const { return ground_.has_value(); }
    // The number of cuts (landmarks) of the last evaluation.
    int last_landmarks() const { return last_landmarks_; }

  private:
    // Relaxed path costs: a sum of up to one action cost (at most 10^8,
    // core/pddl) per fact, beyond int.
    using Cost = std::int64_t;
    void prepare();
    void build_structure();
    // Full h^max from the state's facts, with each action's supporter (its
    // most expensive precondition).
    void first_exploration();
    // h^max after the costs of `cut_` dropped: only what they lower.
    void incremental_exploration();
    void enqueue(int fact, Cost cost);
    void drain(bool incremental);
    void update_supporter(int op);
    void mark_goal_zone();
    // The cut: reached actions supported from the state's side whose
    // effects enter the goal zone.
    void find_cut();

    const Task& task_;
    const StateLayout& layout_;
    const StaticFacts& statics_;
    const GoalChecker& goal_;
    RelaxationSource grounding_;
    CostType cost_type_;
    bool prepared_ = false;
    Budget* budget_ = nullptr;
    std::optional<GroundRelaxation> ground_;
    std::optional<RelaxationHeuristic> hmax_;  // the fallback

    // The relaxed task plus an artificial precondition fact (of actions
    // without one) and an artificial goal fact added by a zero-cost goal
    // action. CSR arrays, ops indexed like the ground relaxation's actions.
    int init_fact_ = -1, goal_fact_ = -1;
    std::vector<int> pre_begin_, pre_, add_begin_, add_;
    std::vector<int> consumers_begin_, consumers_;  // per fact: ops it is a precondition of
    std::vector<int> achievers_begin_, achievers_;  // per fact: ops adding it
    std::vector<Cost> base_cost_;

    // Per evaluation.
    enum Status : std::uint8_t { kReached, kGoalZone, kBeforeGoalZone };
    std::vector<Cost> fact_cost_;  // h^max; kInfinity: unreached
    std::vector<std::uint8_t> status_;
    std::vector<Cost> cost_, supporter_cost_;  // per op
    std::vector<int> unsatisfied_, supporter_;
    std::vector<int> state_facts_, touched_, stack_, cut_;
    std::vector<std::pair<Cost, int>> heap_;  // (cost, fact), a min-heap
    int last_landmarks_ = 0;
};

}  // namespace ll
