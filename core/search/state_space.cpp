// State-space expansion: all applicable actions, successor states interned,
// only new successors goal-tested and evaluated.
#include "core/search/state_space.hpp"

namespace ll {

StateSpace::StateSpace(const Task& task, const StateLayout& layout, SuccessorGenerator& successors,
                       const GoalChecker& goal, ActionSetHeuristic& heuristic)
    : task_(task), layout_(layout), successors_(successors), goal_(goal), heuristic_(heuristic) {}

NodeId StateSpace::add_node(const State& state, NodeId parent, const GroundAction& action,
                            bool& is_new) {
    NodeId id = registry_.insert(state, is_new);
    if (is_new) {
        NodeInfo info;
        info.parent = parent;
        if (parent >= 0) {
            info.action = static_cast<std::int32_t>(actions_.size());
            actions_.push_back(action.schema);
            actions_.insert(actions_.end(), action.arguments.begin(), action.arguments.end());
        }
        nodes_.push_back(info);
    }
    return id;
}

EvaluatedNode StateSpace::root(Statistics& stats) {
    bool is_new = false;
    const State s0 = initial_state(task_, layout_);
    NodeId id = add_node(s0, -1, GroundAction{}, is_new);
    ++stats.generated;
    ++stats.evaluations;
    return {id, heuristic_.evaluate(s0)};
}

bool StateSpace::is_goal(NodeId node) {
    return goal_.is_goal(
        State(std::vector<ObjectId>(registry_.words(node).begin(), registry_.words(node).end())));
}

void StateSpace::expand(NodeId node, Expansion& out, Statistics& stats) {
    const State state = registry_.get(node);
    if (is_dead_end(node, state, stats)) return;
    applicable_.clear();
    successors_.applicable_actions(state, applicable_);
    stats.generated_transitions += static_cast<std::int64_t>(applicable_.size());
    for (const GroundAction& action : applicable_) {
        const State succ = apply_action(task_, layout_, state, action);
        bool is_new = false;
        const NodeId child = add_node(succ, node, action, is_new);
        if (!is_new) continue;
        ++stats.generated;
        if (goal_.is_goal(succ)) {
            out.goal = child;
            return;
        }
        if (deadline_.passed()) {
            out.interrupted = true;
            return;
        }
        ++stats.evaluations;
        out.children.push_back({child, heuristic_.evaluate(succ)});
    }
}

std::vector<GroundAction> StateSpace::extract_plan(NodeId goal) const {
    std::vector<GroundAction> plan;
    for (NodeId n = goal; nodes_[n].parent >= 0; n = nodes_[n].parent) {
        const std::int32_t at = nodes_[n].action;
        GroundAction a;
        a.schema = actions_[at];
        a.arguments.assign(actions_.begin() + at + 1,
                           actions_.begin() + at + 1 + task_.schemas[a.schema].arity());
        plan.push_back(std::move(a));
    }
    return {plan.rbegin(), plan.rend()};
}

}  // namespace ll
