// The partial space (PS², paper Def. 2): nodes are (state, partial action)
// pairs. The children of (s, ρ) are the applicable children of ρ in the
// partial action tree (only those with an applicable completion); a complete
// ρ = a leads to (succ(s, a), None). Nodes with exactly one child are expanded
// on without evaluation until a node with several children is reached.
//
// Unlike the authors' code, which merges (s', None) into the complete-action
// node, (s', None) is a node of its own, as in the paper: duplicate states
// are then detected once, at (s', None), whatever action reached them, and
// the goal test is a property of (s, None) nodes only. Since a complete node
// has a single child, the single-successor rule expands it on for free, so
// no evaluation is spent on (s', None) unless it is reached as a branch.
#pragma once

#include <span>
#include <vector>

#include "core/common/segmented_vector.hpp"
#include "core/search/search_space.hpp"
#include "core/successors/object_symmetry.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"
#include "core/task/state_registry.hpp"

namespace ll {

class PartialSpace final : public SearchSpace {
  public:
    // With `symmetry` (null: none), a parameter is bound only to objects that
    // keep the partial action canonical (core/successors/object_symmetry.hpp).
    PartialSpace(const Task& task, const StateLayout& layout, SuccessorGenerator& successors,
                 const GoalChecker& goal, ObjectSymmetry* symmetry = nullptr);

    NodeId root() override;
    bool is_goal(NodeId node) const override;
    void expand(NodeId node, Expansion& out, const PruneFn& prune) override;
    std::vector<GroundAction> extract_plan(NodeId goal) const override;

    StateId state_id(NodeId node) const override { return keys_.words(node)[0]; }
    const State& state(NodeId node) override;
    PartialAction partial(NodeId node) const override;
    bool is_preferred(NodeId child, StateId helpful_state,
                      const ActionList& helpful) const override;
    NodeId parent(NodeId node) const override { return parent_[node]; }
    PartialAction reached_by(NodeId node) const override { return partial(node); }
    PartialAction transition_action(const Edge& edge) const override { return partial(edge.child); }
    void set_budget(Budget* budget) override {
        budget_ = budget;
        states_.set_budget(budget);
        keys_.set_budget(budget);
    }
    SpaceMemory memory() const override {
        const std::size_t bytes = states_.memory_bytes() + keys_.memory_bytes() +
                                  parent_.size() * sizeof(NodeId) + goal_state_.size();
        return {keys_.size(), static_cast<std::int64_t>(bytes)};
    }

  private:
    // Child keys [state, schema, prefix...] of a node, in a deterministic
    // order, into child_words_ (key i ends at child_ends_[i]): one flat
    // buffer, not a vector per child (a `sail(l, ?)` node has 379).
    void transitions(NodeId node, const State& state);
    std::span<const ObjectId> child_key(std::size_t i) const {
        const std::size_t begin = i == 0 ? 0 : child_ends_[i - 1];
        return std::span<const ObjectId>(child_words_).subspan(begin, child_ends_[i] - begin);
    }
    // The cost of a transition out of `node`: its action's once complete.
    double step_cost(NodeId node) const;
    NodeId get_or_create(std::span<const ObjectId> key, NodeId parent, bool& is_new);
    // The symmetry groups of state `sid`, computed unless they are the last
    // ones computed.
    void symmetry_groups_of(StateId sid, const State* state) const;

    const Task& task_;
    const StateLayout& layout_;
    SuccessorGenerator& successors_;
    const GoalChecker& goal_;
    // Growing with the search: in chunks and segments, never one doubling
    // block (core/task/state_registry.hpp, core/common/segmented_vector.hpp).
    StateRegistry states_;
    SegmentedVector<char> goal_state_;  // per StateId
    StateRegistry keys_;                // [state, schema, prefix...]; node id = key id
    SegmentedVector<NodeId> parent_;
    std::vector<ObjectId> child_words_;
    std::vector<std::size_t> child_ends_;
    State current_;
    StateId current_id_ = -1;
    // Polled by the axiom evaluation of new states (tasks with axioms).
    Budget* budget_ = nullptr;
    ObjectSymmetry* symmetry_ = nullptr;
    mutable StateId symmetry_state_ = -1;  // the state whose groups symmetry_ holds
    std::vector<ObjectId> arguments_;      // scratch of the canonical checks
    std::int64_t* symmetric_ = nullptr;    // the current expansion's counter
};

}  // namespace ll
