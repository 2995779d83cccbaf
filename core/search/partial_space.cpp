// PS² expansion with the single-successor rule (see header).
#include "core/search/partial_space.hpp"

#include <algorithm>

#include "core/task/action_costs.hpp"

namespace ll {

PartialSpace::PartialSpace(const Task& task, const StateLayout& layout,
                           SuccessorGenerator& successors, const GoalChecker& goal,
                           ObjectSymmetry* symmetry)
    : task_(task),
      layout_(layout),
      successors_(successors),
      goal_(goal),
      symmetry_(symmetry != nullptr && symmetry->any() ? symmetry : nullptr) {}

void PartialSpace::symmetry_groups_of(StateId sid, const State* state) const {
    if (symmetry_state_ == sid) return;
    symmetry_->compute(state != nullptr ? *state : states_.get(sid));
    symmetry_state_ = sid;
}

PartialAction PartialSpace::partial(NodeId node) const {
    const auto key = keys_.words(node);
    PartialAction p;
    p.schema = key[1];
    p.prefix.assign(key.begin() + 2, key.end());
    return p;
}

const State& PartialSpace::state(NodeId node) {
    const StateId sid = state_id(node);
    if (sid != current_id_) {
        current_ = states_.get(sid);
        current_id_ = sid;
    }
    return current_;
}

NodeId PartialSpace::get_or_create(std::span<const ObjectId> key, NodeId parent, bool& is_new) {
    const NodeId id = keys_.insert(key, is_new);
    if (is_new) parent_.push_back(parent);
    return id;
}

bool PartialSpace::is_goal(NodeId node) const {
    const auto key = keys_.words(node);
    return key[1] < 0 && goal_state_[static_cast<std::size_t>(key[0])];
}

NodeId PartialSpace::root() {
    bool is_new = false;
    const State s0 = initial_state(task_, layout_, budget_);
    const StateId sid = states_.insert(s0, is_new);
    goal_state_.push_back(goal_.is_goal(s0));
    const ObjectId key[2]{sid, -1};
    return get_or_create(key, -1, is_new);
}

void PartialSpace::transitions(NodeId node, const State& state) {
    child_words_.clear();
    child_ends_.clear();
    auto close_key = [&] { child_ends_.push_back(child_words_.size()); };
    const PartialAction p = partial(node);
    const StateId sid = state_id(node);
    if (p.is_none()) {
        for (SchemaId s = 0; s < task_.num_schemas(); ++s) {
            if (!successors_.has_applicable(state, s, {})) continue;
            child_words_.insert(child_words_.end(), {sid, s});
            close_key();
        }
        return;
    }
    if (p.is_complete(task_)) {
        const State next =
            apply_action(task_, layout_, state, GroundAction{p.schema, p.prefix}, budget_);
        bool is_new = false;
        const StateId nid = states_.insert(next, is_new);
        if (is_new) goal_state_.push_back(goal_.is_goal(next));
        child_words_.insert(child_words_.end(), {nid, -1});
        close_key();
        return;
    }
    const bool canonical_only = symmetry_ != nullptr;
    if (canonical_only) {
        symmetry_groups_of(sid, &state);
        arguments_ = p.prefix;
        arguments_.push_back(-1);
    }
    for (ObjectId v : successors_.next_values(state, p.schema, p.prefix)) {
        if (canonical_only && symmetry_->grouped_objects() > 0) {
            // The prefix is canonical already: only the new binding can break it.
            arguments_.back() = v;
            if (!symmetry_->is_canonical(arguments_)) {
                ++*symmetric_;
                continue;
            }
        }
        child_words_.insert(child_words_.end(), {sid, p.schema});
        child_words_.insert(child_words_.end(), p.prefix.begin(), p.prefix.end());
        child_words_.push_back(v);
        close_key();
    }
}

double PartialSpace::step_cost(NodeId node) const {
    const PartialAction p = partial(node);
    if (!p.is_complete(task_)) return 0;  // a binding costs nothing by itself
    return task_.has_action_costs ? action_cost(task_, p.schema, p.prefix) : 1;
}

void PartialSpace::expand(NodeId node, Expansion& out, const PruneFn& prune) {
    for (bool chained = false;; chained = true) {
        out.expanded = node;
        if (chained) ++out.chained;
        if (prune && prune(node)) return;
        symmetric_ = &out.symmetric;
        transitions(node, state(node));  // the cached copy: siblings share it
        const std::size_t count = child_ends_.size();
        out.transitions += static_cast<std::int64_t>(count);
        if (count == 1) {
            // Single successor: no evaluation, go on from the child.
            bool is_new = false;
            const NodeId child = get_or_create(child_key(0), node, is_new);
            if (out.record_edges) out.edges.push_back({node, child, step_cost(node), is_new, 0});
            if (!is_new) return;
            ++out.generated;
            ++out.single_successors;
            if (is_goal(child)) {
                out.goal = child;
                return;
            }
            node = child;
            continue;
        }
        for (std::size_t i = 0; i < count; ++i) {
            bool is_new = false;
            const NodeId child = get_or_create(child_key(i), node, is_new);
            if (out.record_edges) out.edges.push_back({node, child, step_cost(node), is_new, 0});
            if (!is_new) continue;
            ++out.generated;
            if (is_goal(child)) {
                out.goal = child;
                return;
            }
            out.children.push_back(child);
        }
        return;
    }
}

bool PartialSpace::is_preferred(NodeId child, StateId helpful_state,
                                const ActionList& helpful) const {
    const auto key = keys_.words(child);
    if (key[0] != helpful_state || key[1] < 0) return false;
    const SchemaId schema = key[1];
    const std::span<const ObjectId> prefix(key.begin() + 2, key.end());
    // Under symmetry pruning a helpful action stands for its canonical twin:
    // the child's prefix may be that of any action of its orbit.
    if (symmetry_ != nullptr) symmetry_groups_of(helpful_state, nullptr);
    for (std::size_t i = 0; i < helpful.size(); ++i) {
        if (helpful.schema(i) != schema) continue;
        const std::span<const ObjectId> head = helpful.arguments(i).first(prefix.size());
        if (symmetry_ != nullptr ? symmetry_->same_orbit(head, prefix)
                                 : std::equal(prefix.begin(), prefix.end(), head.begin()))
            return true;
    }
    return false;
}

std::vector<GroundAction> PartialSpace::extract_plan(NodeId goal) const {
    std::vector<GroundAction> plan;
    for (NodeId n = goal; n >= 0; n = parent_[n]) {
        const PartialAction p = partial(n);
        if (p.is_complete(task_)) plan.push_back(GroundAction{p.schema, p.prefix});
    }
    return {plan.rbegin(), plan.rend()};
}

}  // namespace ll
