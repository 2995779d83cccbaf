// The state space (S³): nodes are states; expanding a state generates the
// successor of every applicable ground action.
#pragma once

#include <vector>

#include "core/common/segmented_vector.hpp"
#include "core/search/search_space.hpp"
#include "core/successors/object_symmetry.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"
#include "core/task/state_registry.hpp"

namespace ll {

class StateSpace final : public SearchSpace, public DeferredSuccessors {
  public:
    // With `symmetry` (null: none), only the canonical actions of a state
    // generate successors (core/successors/object_symmetry.hpp).
    StateSpace(const Task& task, const StateLayout& layout, SuccessorGenerator& successors,
               const GoalChecker& goal, ObjectSymmetry* symmetry = nullptr);

    NodeId root() override;
    bool is_goal(NodeId node) const override { return goal_state_[node] != 0; }
    void expand(NodeId node, Expansion& out, const PruneFn& prune) override;
    std::vector<GroundAction> extract_plan(NodeId goal) const override;

    StateId state_id(NodeId node) const override { return node; }
    const State& state(NodeId node) override;
    PartialAction partial(NodeId) const override { return PartialAction::none(); }
    bool is_preferred(NodeId child, StateId helpful_state,
                      const ActionList& helpful) const override;
    bool supports_path_costs() const override { return true; }
    void reparent(const Expansion& out, std::size_t edge) override;
    NodeId parent(NodeId node) const override { return nodes_[node].parent; }
    PartialAction reached_by(NodeId node) const override;
    PartialAction transition_action(const Edge& edge) const override;
    void set_budget(Budget* budget) override {
        budget_ = budget;
        registry_.set_budget(budget);
        applicable_.set_budget(budget);
        applier_.set_budget(budget);
    }
    DeferredSuccessors* deferred() override { return this; }
    SpaceMemory memory() const override;

    // Deferred generation (lazy search).
    const ActionList& transitions(NodeId node, Expansion& out, const PruneFn& prune) override;
    NodeId child(NodeId parent, SchemaId schema, std::span<const ObjectId> arguments,
                 Expansion& out, bool& is_new) override;
    void preferred_flags(NodeId parent, const ActionList& actions, StateId helpful_state,
                         const ActionList& helpful, std::vector<char>& flags) const override;
    std::size_t arity(SchemaId schema) const override {
        return static_cast<std::size_t>(task_.schemas[schema].arity());
    }

  private:
    struct NodeInfo {
        NodeId parent = -1;
        std::int32_t action = -1;  // offset of [schema, args...] in actions_
    };
    NodeId add_node(const State& state, NodeId parent, SchemaId schema,
                    std::span<const ObjectId> arguments, bool& is_new);
    // Appends [schema, args...] to actions_; returns its offset.
    std::int32_t store_action(SchemaId schema, std::span<const ObjectId> arguments);
    // The action store_action() put at `at`.
    GroundAction stored_action(std::int32_t at) const;
    // The state of `node` for expanding it, copied out of the registry only
    // when it is not at hand (current_, or one of the last children).
    const State& expanded_state(NodeId node);
    // applicable_ := the actions of `state` (node `node`) that generate
    // successors; counts them into `out`.
    void list_actions(NodeId node, const State& state, Expansion& out);
    // Whether (schema, arguments) agrees with a helpful action of state
    // `helpful_state`: the same action, or under symmetry one of its orbit.
    bool agrees_with_helpful(SchemaId schema, std::span<const ObjectId> arguments,
                             StateId helpful_state, const ActionList& helpful) const;
    // The symmetry groups of `node`'s state, computed unless they are the
    // last ones computed.
    void symmetry_groups_of(NodeId node, const State* state) const;
    // Whether applying an action of `schema` in a state with `unsatisfied`
    // goal literals can reach a goal: each literal it makes true is one
    // effect of the action, so not when more are unsatisfied than the
    // schema has effects (transitions() then skips applying it).
    bool may_reach_goal(SchemaId schema, int unsatisfied) const {
        return goal_effect_bound_.empty() || unsatisfied <= goal_effect_bound_[schema];
    }

    const Task& task_;
    const StateLayout& layout_;
    SuccessorGenerator& successors_;
    const GoalChecker& goal_;
    // Per node, growing with the search: in segments, never one doubling
    // block (core/common/segmented_vector.hpp).
    StateRegistry registry_;
    SegmentedVector<NodeInfo> nodes_;  // indexed by StateId
    SegmentedVector<char> goal_state_;
    SegmentedVector<std::int32_t> actions_;  // [schema, args...] per node but the root
    ActionList applicable_;
    ActionApplier applier_;
    State current_;
    NodeId current_id_ = -1;
    State parent_;  // the expanded state, when it is not current_
    // Deferred generation: the state whose children are being created.
    State deferred_parent_;
    NodeId deferred_parent_id_ = -1;
    // The new children of the last expansion, whose ids are consecutive from
    // first_child_: engines evaluate them next, and would otherwise copy
    // each state back out of the registry.
    std::vector<State> child_states_;
    NodeId first_child_ = 0;
    // Polled per successor: one expansion can have 10^5 children
    // (childsnack), each applied, interned and goal-tested.
    Budget* budget_ = nullptr;
    ObjectSymmetry* symmetry_ = nullptr;
    mutable NodeId symmetry_node_ = -1;              // the node whose groups symmetry_ holds
    mutable std::vector<ObjectId> child_arguments_;  // scratch of is_preferred()
    // Per schema, the goal literals one of its actions can make true (its
    // effects); empty when no bound holds (axioms, conditional effects
    // everywhere, a goal literal listed twice).
    std::vector<int> goal_effect_bound_;
    // preferred_flags()'s index of the helpful actions: canonical arguments,
    // and (hash, index) pairs sorted by hash.
    mutable ActionList helpful_canonical_;
    mutable std::vector<std::pair<std::uint64_t, std::int32_t>> helpful_hashes_;
    mutable std::vector<ObjectId> canonical_scratch_;
};

}  // namespace ll
