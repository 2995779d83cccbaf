// The relaxed exploration behind hadd, hmax, hFF and their restrictions
// (rFF): the relaxed task grounded once (ground_relaxation.hpp) when the
// grounding choice allows it and the task fits, the lifted Datalog
// exploration (datalog/exploration.hpp) otherwise. The choice is made at the
// first explore(), when the run's budget is known, since grounding a large
// task takes a while and must respect the limits. With representatives of
// symmetric objects, a ground task of copies gives way to the lifted
// exploration over the representatives.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "core/common/budget.hpp"
#include "core/heuristics/conditional_relaxation.hpp"
#include "core/heuristics/datalog/exploration.hpp"
#include "core/heuristics/ground_relaxation.hpp"
#include "core/heuristics/representative_objects.hpp"

namespace ll {

class RelaxedExplorer {
  public:
    // `restricted`: the program of the restricted task (ε in every action),
    // explored with first actions.
    // `costs`: what each action costs the relaxation (default: 1).
    RelaxedExplorer(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                    RelaxationSource grounding, bool restricted, AdjustedCosts costs = {});

    void set_budget(Budget* budget);
    // False: some goal atom is unreachable. A restricted explorer takes the
    // first actions, which must stay alive until the next explore().
    bool explore(const State& state, datalog::Aggregation aggregation,
                 std::span<const GroundAction> first_actions = {});
    // After a successful explore().
    int goal_cost(datalog::Aggregation aggregation) const;
    int relaxed_plan(std::vector<GroundAction>* actions = nullptr);
    // hFF: extracts a relaxed plan and returns the sum of its actions' costs.
    int relaxed_plan_cost();
    void helpful_actions(ActionList& out);

    // Whether explorations use the ground task (known after the first one).
    bool is_ground() const { return ground_.has_value(); }

  private:
    void prepare(const State& state);
    void make_lifted(const Task& task, AdjustedCosts costs);
    // Whether the lifted exploration over representatives is to replace the
    // ground relaxed task (relax=auto with symmetry=on).
    bool representatives_are_smaller(const Task& task, AdjustedCosts costs, const State& state);
    // Maps actions of the explored task back to the original task's.
    void to_original(std::vector<GroundAction>& actions, std::size_t from) const;

    const Task& task_;
    const StateLayout& layout_;
    const StaticFacts& statics_;
    RelaxationSource grounding_;
    bool restricted_;
    AdjustedCosts costs_;
    bool prepared_ = false;
    // With conditional effects: the compiled task the relaxation explores.
    std::optional<ConditionalRelaxation> conditional_;
    std::optional<GroundRelaxation> ground_;
    std::optional<datalog::Exploration> lifted_;
    std::optional<RepresentativeObjects> representatives_;  // lifted, unrestricted
    Budget* budget_ = nullptr;
};

}  // namespace ll
