// PS² expansion with the single-successor rule (see header).
#include "core/search/partial_space.hpp"

namespace ll {

PartialSpace::PartialSpace(const Task& task, const StateLayout& layout,
                           SuccessorGenerator& successors, const GoalChecker& goal,
                           ActionSetHeuristic& heuristic)
    : task_(task), layout_(layout), successors_(successors), goal_(goal), heuristic_(heuristic) {}

PartialAction PartialSpace::partial_of(NodeId node) const {
    const ObjectId* key = keys_.values(node);
    PartialAction p;
    p.schema = key[1];
    p.prefix.assign(key + 2, key + keys_.arity(node));
    return p;
}

NodeId PartialSpace::get_or_create(const std::vector<ObjectId>& key, NodeId parent, bool& is_new) {
    auto [id, inserted] = keys_.insert(0, key.data(), static_cast<int>(key.size()));
    is_new = inserted;
    if (inserted) {
        parent_.push_back(parent);
        h_.push_back(0);
    }
    return id;
}

bool PartialSpace::is_goal_key(const ObjectId* key) const {
    return key[1] < 0 && goal_state_[key[0]];
}

bool PartialSpace::is_goal(NodeId node) {
    return is_goal_key(keys_.values(node));
}

EvaluatedNode PartialSpace::root(Statistics& stats) {
    bool is_new = false;
    const State s0 = initial_state(task_, layout_);
    const StateId sid = states_.insert(s0, is_new);
    goal_state_.push_back(goal_.is_goal(s0));
    const NodeId id = get_or_create({sid, -1}, -1, is_new);
    ++stats.generated;
    ++stats.evaluations;
    const double h = heuristic_.evaluate(s0, PartialAction::none());
    h_[id] = static_cast<float>(h);
    return {id, h};
}

void PartialSpace::transitions(NodeId node, const State& state,
                               std::vector<std::vector<ObjectId>>& out) {
    out.clear();
    const PartialAction p = partial_of(node);
    const StateId sid = state_of(node);
    if (p.is_none()) {
        for (SchemaId s = 0; s < task_.num_schemas(); ++s) {
            if (successors_.has_applicable(state, s, {})) out.push_back({sid, s});
        }
        return;
    }
    if (p.is_complete(task_)) {
        const State next = apply_action(task_, layout_, state, GroundAction{p.schema, p.prefix});
        bool is_new = false;
        const StateId nid = states_.insert(next, is_new);
        if (is_new) goal_state_.push_back(goal_.is_goal(next));
        out.push_back({nid, -1});
        return;
    }
    for (ObjectId v : successors_.next_values(state, p.schema, p.prefix)) {
        std::vector<ObjectId> key{sid, p.schema};
        key.insert(key.end(), p.prefix.begin(), p.prefix.end());
        key.push_back(v);
        out.push_back(std::move(key));
    }
}

void PartialSpace::expand(NodeId node, Expansion& out, Statistics& stats) {
    for (bool chained = false;; chained = true) {
        if (chained) ++stats.expansions;  // the engine counts the first one
        const State state = states_.get(state_of(node));
        if (is_dead_end(state_of(node), state, stats)) return;
        transitions(node, state, children_);
        stats.generated_transitions += static_cast<std::int64_t>(children_.size());
        if (children_.size() == 1) {
            // Single successor: no evaluation, inherit the parent's h, go on.
            bool is_new = false;
            const NodeId child = get_or_create(children_[0], node, is_new);
            if (!is_new) return;
            ++stats.generated;
            ++stats.skipped_evaluations;
            h_[child] = h_[node];
            if (is_goal(child)) {
                out.goal = child;
                return;
            }
            node = child;
            continue;
        }
        for (const auto& key : children_) {
            bool is_new = false;
            const NodeId child = get_or_create(key, node, is_new);
            if (!is_new) continue;
            ++stats.generated;
            if (is_goal(child)) {
                out.goal = child;
                return;
            }
            // Several children: ρ is not complete, so they share node's state.
            if (deadline_.passed()) {
                out.interrupted = true;
                return;
            }
            const PartialAction partial = partial_of(child);
            ++stats.evaluations;
            const double h = heuristic_.evaluate(state, partial);
            h_[child] = static_cast<float>(h);
            out.children.push_back({child, h});
        }
        return;
    }
}

std::vector<GroundAction> PartialSpace::extract_plan(NodeId goal) const {
    std::vector<GroundAction> plan;
    for (NodeId n = goal; n >= 0; n = parent_[n]) {
        const PartialAction p = partial_of(n);
        if (p.is_complete(task_)) plan.push_back(GroundAction{p.schema, p.prefix});
    }
    return {plan.rbegin(), plan.rend()};
}

}  // namespace ll
