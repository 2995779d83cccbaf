// The state space (S³): nodes are states; expanding a state generates the
// successor of every applicable ground action.
#pragma once

#include <vector>

#include "core/heuristics/heuristic.hpp"
#include "core/search/search_space.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"
#include "core/task/state_registry.hpp"

namespace ll {

class StateSpace : public SearchSpace {
  public:
    StateSpace(const Task& task, const StateLayout& layout, SuccessorGenerator& successors,
               const GoalChecker& goal, ActionSetHeuristic& heuristic);

    EvaluatedNode root(Statistics& stats) override;
    bool is_goal(NodeId node) override;
    void expand(NodeId node, Expansion& out, Statistics& stats) override;
    std::vector<GroundAction> extract_plan(NodeId goal) const override;

  private:
    struct NodeInfo {
        NodeId parent = -1;
        std::int32_t action = -1;  // offset of [schema, args...] in actions_
    };
    NodeId add_node(const State& state, NodeId parent, const GroundAction& action, bool& is_new);

    const Task& task_;
    const StateLayout& layout_;
    SuccessorGenerator& successors_;
    const GoalChecker& goal_;
    ActionSetHeuristic& heuristic_;
    StateRegistry registry_;
    std::vector<NodeInfo> nodes_;  // indexed by StateId
    std::vector<std::int32_t> actions_;
    std::vector<GroundAction> applicable_;
};

}  // namespace ll
