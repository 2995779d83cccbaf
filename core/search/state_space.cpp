// State-space expansion: all applicable actions, successor states interned,
// new successors goal-tested when generated.
#include "core/search/state_space.hpp"

#include <algorithm>
#include <limits>

#include "core/common/id_hash.hpp"
#include "core/task/action_costs.hpp"

namespace ll {

namespace {

bool has_duplicates(std::vector<GroundAtom> atoms) {
    std::sort(atoms.begin(), atoms.end());
    return std::adjacent_find(atoms.begin(), atoms.end()) != atoms.end();
}

// Per schema, how many goal literals one of its actions can make true: its
// effects (an effect makes one atom true or false). Empty when derived
// atoms can change the goal's truth or a literal listed twice would count
// twice in GoalChecker::unsatisfied().
std::vector<int> goal_effect_bounds(const Task& task) {
    if (!task.axioms.empty() || has_duplicates(task.goal_positive) ||
        has_duplicates(task.goal_negative)) {
        return {};
    }
    std::vector<int> bounds;
    for (const ActionSchema& schema : task.schemas) {
        // A (forall ...) effect can change any number of atoms.
        const bool unbounded = !schema.conditional_effects.empty();
        bounds.push_back(
            unbounded ? std::numeric_limits<int>::max()
                      : static_cast<int>(schema.add_effects.size() + schema.delete_effects.size()));
    }
    return bounds;
}

}  // namespace

StateSpace::StateSpace(const Task& task, const StateLayout& layout, SuccessorGenerator& successors,
                       const GoalChecker& goal, ObjectSymmetry* symmetry)
    : task_(task),
      layout_(layout),
      successors_(successors),
      goal_(goal),
      applier_(task, layout),
      symmetry_(symmetry != nullptr && symmetry->any() ? symmetry : nullptr),
      goal_effect_bound_(goal_effect_bounds(task)) {}

void StateSpace::symmetry_groups_of(NodeId node, const State* state) const {
    if (symmetry_node_ == node) return;
    symmetry_->compute(state != nullptr ? *state : registry_.get(node));
    symmetry_node_ = node;
}

NodeId StateSpace::add_node(const State& state, NodeId parent, SchemaId schema,
                            std::span<const ObjectId> arguments, bool& is_new) {
    NodeId id = registry_.insert(state, is_new);
    if (is_new) {
        NodeInfo info;
        info.parent = parent;
        if (parent >= 0) info.action = store_action(schema, arguments);
        nodes_.push_back(info);
        goal_state_.push_back(goal_.is_goal(state) ? 1 : 0);
    }
    return id;
}

std::int32_t StateSpace::store_action(SchemaId schema, std::span<const ObjectId> arguments) {
    const auto at = static_cast<std::int32_t>(actions_.size());
    actions_.push_back(schema);
    for (ObjectId a : arguments)
        actions_.push_back(a);
    return at;
}

void StateSpace::reparent(const Expansion& out, std::size_t edge) {
    // applicable_ still holds the last expansion's actions: the handle is
    // the action's index there.
    const Edge& e = out.edges[edge];
    const auto i = static_cast<std::size_t>(e.transition);
    nodes_[e.child].parent = e.parent;
    nodes_[e.child].action = store_action(applicable_.schema(i), applicable_.arguments(i));
}

GroundAction StateSpace::stored_action(std::int32_t at) const {
    GroundAction a;
    a.schema = actions_[at];
    for (int i = 1; i <= task_.schemas[a.schema].arity(); ++i)
        a.arguments.push_back(actions_[static_cast<std::size_t>(at + i)]);
    return a;
}

PartialAction StateSpace::reached_by(NodeId node) const {
    const NodeInfo& info = nodes_[node];
    if (info.parent < 0) return PartialAction::none();
    GroundAction a = stored_action(info.action);
    return PartialAction{a.schema, std::move(a.arguments)};
}

PartialAction StateSpace::transition_action(const Edge& edge) const {
    if (edge.transition < 0) return PartialAction::none();
    const auto i = static_cast<std::size_t>(edge.transition);
    const auto arguments = applicable_.arguments(i);
    return PartialAction{applicable_.schema(i), {arguments.begin(), arguments.end()}};
}

NodeId StateSpace::root() {
    bool is_new = false;
    return add_node(initial_state(task_, layout_, budget_), -1, 0, {}, is_new);
}

const State& StateSpace::state(NodeId node) {
    if (node >= first_child_ &&
        static_cast<std::size_t>(node - first_child_) < child_states_.size()) {
        return child_states_[static_cast<std::size_t>(node - first_child_)];
    }
    if (node != current_id_) {
        current_ = registry_.get(node);
        current_id_ = node;
    }
    return current_;
}

const State& StateSpace::expanded_state(NodeId node) {
    // The engine has usually just evaluated `node`: its state is then
    // current_ or one of the last children, and is not copied out of the
    // registry again (a copy of 512 bytes or more is a call into JS in wasm).
    if (node == current_id_) return current_;
    const std::size_t child = static_cast<std::size_t>(node - first_child_);
    if (node >= first_child_ && child < child_states_.size())
        parent_ = std::move(child_states_[child]);
    else
        parent_ = registry_.get(node);
    return parent_;
}

void StateSpace::list_actions(NodeId node, const State& state, Expansion& out) {
    applicable_.clear();
    if (symmetry_ != nullptr) symmetry_groups_of(node, &state);
    if (symmetry_ == nullptr || symmetry_->grouped_objects() == 0) {
        successors_.applicable_actions(state, applicable_);
    } else {
        // Partial bindings without a canonical completion are skipped inside
        // the join (counted once each); the rest is filtered here.
        out.symmetric += successors_.applicable_actions(state, applicable_, *symmetry_);
        out.symmetric += static_cast<std::int64_t>(
            applicable_.erase_if([&](SchemaId, std::span<const ObjectId> arguments) {
                return !symmetry_->is_canonical(arguments);
            }));
    }
    out.transitions += static_cast<std::int64_t>(applicable_.size());
}

void StateSpace::expand(NodeId node, Expansion& out, const PruneFn& prune) {
    out.expanded = node;
    if (prune && prune(node)) return;
    const State& parent = expanded_state(node);
    child_states_.clear();
    first_child_ = registry_.size();
    list_actions(node, parent, out);
    for (std::size_t i = 0; i < applicable_.size(); ++i) {
        const SchemaId schema = applicable_.schema(i);
        const std::span<const ObjectId> arguments = applicable_.arguments(i);
        if (budget_ != nullptr) budget_->poll();
        State succ = applier_.apply(parent, schema, arguments);
        bool is_new = false;
        const NodeId child = add_node(succ, node, schema, arguments, is_new);
        if (out.record_edges) {
            const double cost = task_.has_action_costs ? action_cost(task_, schema, arguments) : 1;
            out.edges.push_back({node, child, cost, is_new, static_cast<std::int32_t>(i)});
        }
        if (!is_new) continue;
        ++out.generated;
        if (goal_state_[child] && out.stop_at_goal) {
            out.goal = child;
            return;
        }
        out.children.push_back(child);
        child_states_.push_back(std::move(succ));
    }
}

bool StateSpace::is_preferred(NodeId child, StateId helpful_state,
                              const ActionList& helpful) const {
    const NodeInfo& info = nodes_[child];
    if (info.parent != helpful_state || info.action < 0) return false;
    const SchemaId schema = actions_[info.action];
    const std::size_t args = static_cast<std::size_t>(info.action) + 1;
    // Copied once per child: actions_ is segmented, not one contiguous block.
    child_arguments_.clear();
    for (int i = 0; i < task_.schemas[schema].arity(); ++i)
        child_arguments_.push_back(actions_[args + static_cast<std::size_t>(i)]);
    return agrees_with_helpful(schema, child_arguments_, helpful_state, helpful);
}

void StateSpace::preferred_flags(NodeId parent, const ActionList& actions, StateId helpful_state,
                                 const ActionList& helpful, std::vector<char>& flags) const {
    flags.assign(actions.size(), 0);
    if (parent != helpful_state || helpful.empty()) return;
    // The listed actions are canonical under the state's symmetry groups
    // (list_actions), and two actions are in one orbit exactly when their
    // canonical forms agree: each listed action is looked up among the
    // helpful actions' canonical forms.
    if (symmetry_ != nullptr) symmetry_groups_of(helpful_state, nullptr);
    helpful_canonical_.clear();
    helpful_hashes_.clear();
    for (std::size_t i = 0; i < helpful.size(); ++i) {
        const std::span<const ObjectId> arguments = helpful.arguments(i);
        canonical_scratch_.assign(arguments.begin(), arguments.end());
        if (symmetry_ != nullptr) symmetry_->canonicalise(canonical_scratch_);
        helpful_hashes_.emplace_back(hash_id_tuple(helpful.schema(i), canonical_scratch_),
                                     static_cast<std::int32_t>(helpful_canonical_.size()));
        helpful_canonical_.push_back(helpful.schema(i), canonical_scratch_);
    }
    std::sort(helpful_hashes_.begin(), helpful_hashes_.end());
    for (std::size_t i = 0; i < actions.size(); ++i) {
        const SchemaId schema = actions.schema(i);
        const std::span<const ObjectId> arguments = actions.arguments(i);
        const std::uint64_t h = hash_id_tuple(schema, arguments);
        auto at = std::lower_bound(helpful_hashes_.begin(), helpful_hashes_.end(),
                                   std::make_pair(h, std::int32_t{0}));
        for (; at != helpful_hashes_.end() && at->first == h; ++at) {
            const auto j = static_cast<std::size_t>(at->second);
            const std::span<const ObjectId> candidate = helpful_canonical_.arguments(j);
            if (helpful_canonical_.schema(j) == schema &&
                std::equal(candidate.begin(), candidate.end(), arguments.begin(),
                           arguments.end())) {
                flags[i] = 1;
                break;
            }
        }
    }
}

bool StateSpace::agrees_with_helpful(SchemaId schema, std::span<const ObjectId> arguments,
                                     StateId helpful_state, const ActionList& helpful) const {
    // Under symmetry pruning a helpful action stands for its canonical twin,
    // the one that generated a child: any action of its orbit.
    if (symmetry_ != nullptr) symmetry_groups_of(helpful_state, nullptr);
    for (std::size_t i = 0; i < helpful.size(); ++i) {
        if (helpful.schema(i) != schema) continue;
        const std::span<const ObjectId> candidate = helpful.arguments(i);
        if (symmetry_ != nullptr
                ? symmetry_->same_orbit(candidate, arguments)
                : std::equal(candidate.begin(), candidate.end(), arguments.begin()))
            return true;
    }
    return false;
}

const ActionList& StateSpace::transitions(NodeId node, Expansion& out, const PruneFn& prune) {
    out.expanded = node;
    applicable_.clear();
    if (prune && prune(node)) return applicable_;
    const State& parent = expanded_state(node);
    list_actions(node, parent, out);
    // Engines that goal-test when they pop a pair (stop_at_goal off: lazy
    // weighted A*, whose goals must be within its cost bound) skip this.
    if (!out.stop_at_goal) return applicable_;
    // Successors are goal-tested now, as when they are created (expand()):
    // a goal is one step away however its entry would be ordered. Only
    // those that can be goals are applied (may_reach_goal).
    const int unsatisfied = goal_effect_bound_.empty() ? 0 : goal_.unsatisfied(parent);
    for (std::size_t i = 0; i < applicable_.size(); ++i) {
        if (budget_ != nullptr) budget_->poll();
        const SchemaId schema = applicable_.schema(i);
        if (!may_reach_goal(schema, unsatisfied)) continue;
        const std::span<const ObjectId> arguments = applicable_.arguments(i);
        State succ = applier_.apply(parent, schema, arguments);
        if (!goal_.is_goal(succ)) continue;
        bool is_new = false;
        const NodeId child = add_node(succ, node, schema, arguments, is_new);
        if (out.record_edges) {
            const double cost = task_.has_action_costs ? action_cost(task_, schema, arguments) : 1;
            out.edges.push_back({node, child, cost, is_new, static_cast<std::int32_t>(i)});
        }
        if (!is_new) continue;  // a goal state known before (not reachable: it ended the search)
        ++out.generated;
        out.goal = child;
        break;
    }
    return applicable_;
}

NodeId StateSpace::child(NodeId parent, SchemaId schema, std::span<const ObjectId> arguments,
                         Expansion& out, bool& is_new) {
    if (parent != deferred_parent_id_) {
        deferred_parent_ = parent == current_id_ ? current_ : registry_.get(parent);
        deferred_parent_id_ = parent;
    }
    State succ = applier_.apply(deferred_parent_, schema, arguments);
    const NodeId id = add_node(succ, parent, schema, arguments, is_new);
    if (out.record_edges) {
        // The edge's handle is the action's index in applicable_, which then
        // holds this one action (transition_action, reparent).
        applicable_.clear();
        applicable_.push_back(schema, arguments);
        const double cost = task_.has_action_costs ? action_cost(task_, schema, arguments) : 1;
        out.edges.push_back({parent, id, cost, is_new, 0, true});
    }
    if (!is_new) return id;
    ++out.generated;
    current_ = std::move(succ);
    current_id_ = id;
    return id;
}

SpaceMemory StateSpace::memory() const {
    const std::size_t bytes = registry_.memory_bytes() + nodes_.size() * sizeof(NodeInfo) +
                              goal_state_.size() + actions_.size() * sizeof(std::int32_t);
    return {registry_.size(), static_cast<std::int64_t>(bytes)};
}

std::vector<GroundAction> StateSpace::extract_plan(NodeId goal) const {
    std::vector<GroundAction> plan;
    for (NodeId n = goal; nodes_[n].parent >= 0; n = nodes_[n].parent)
        plan.push_back(stored_action(nodes_[n].action));
    return {plan.rbegin(), plan.rend()};
}

}  // namespace ll
