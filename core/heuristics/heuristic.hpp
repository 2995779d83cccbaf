// The heuristic interface shared by both search spaces (paper §"Action Set
// Heuristics"): h(s, ρ) estimates the cost to the goal from state s when the
// next action must be drawn from the applicable actions of partial action ρ.
// A state heuristic is the case ρ = None.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "core/common/budget.hpp"
#include "core/common/statistics.hpp"
#include "core/task/action_list.hpp"
#include "core/task/partial_action.hpp"
#include "core/task/state.hpp"

namespace ll {

inline constexpr double kDeadEnd = std::numeric_limits<double>::infinity();

class WlHeuristic;  // core/learning/wl_heuristic.hpp

// What an explanation (core/explain.hpp) asks of a heuristic beyond its
// value: a heuristic that can account for its value hands one out.
class HeuristicExplainer {
  public:
    virtual ~HeuristicExplainer() = default;
    // The relaxed plan of the last evaluation (FF-style heuristics).
    virtual std::optional<std::vector<GroundAction>> relaxed_plan() { return std::nullopt; }
    // The learnt heuristic, whose colours and weights explain its value.
    virtual WlHeuristic* learnt() { return nullptr; }
};

// A heuristic whose value depends on the path to a state (the landmark
// count): the engines evaluate each node with its nearest ancestor that the
// heuristic evaluated (-1: none, the root).
class PathDependentHeuristic {
  public:
    virtual ~PathDependentHeuristic() = default;
    virtual bool evaluated(std::int32_t node) const = 0;
    virtual double evaluate_on_path(std::int32_t node, std::int32_t parent, const State& state,
                                    const PartialAction& partial) = 0;
};

class ActionSetHeuristic {
  public:
    virtual ~ActionSetHeuristic() = default;
    // Lower is better; kDeadEnd when the goal is provably unreachable.
    virtual double evaluate(const State& state, const PartialAction& partial) = 0;
    double evaluate(const State& state) { return evaluate(state, PartialAction::none()); }

    // Limits polled inside long evaluations (null: none); evaluate() may
    // then throw ll::LimitReached.
    virtual void set_budget(Budget* /*budget*/) {}

    // Preferred operators: heuristics that can say which actions of the last
    // evaluated state look useful (FF's helpful actions) override both.
    virtual bool provides_helpful_actions() const { return false; }
    // The helpful actions of the last evaluate() call, appended to `out`
    // (flat: an evaluation lists several, and search evaluates millions).
    virtual void helpful_actions(ActionList& /*out*/) {}

    // Adds what this heuristic counted over the search to the run's
    // statistics (the learnt heuristic: its colour lookups).
    virtual void add_statistics(Statistics& /*stats*/) const {}

    // The path-dependent side of the heuristic (null: its value is a
    // function of the node alone).
    virtual PathDependentHeuristic* path_dependent() { return nullptr; }

    // Its account of the last value (null: none beyond the value).
    virtual HeuristicExplainer* explainer() { return nullptr; }
};

}  // namespace ll
