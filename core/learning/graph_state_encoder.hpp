// The part every graph builder shares: a per-task base graph (one node per
// object, then one per distinct fluent positive goal atom, in goal order,
// coloured unachieved-goal) and the encoding of a state, optionally with the
// effects of an action set applied and marked, as atom nodes on top of it.
//
// Static atoms are never nodes (in the state and in the goal alike); negative
// goals are ignored. An atom node has one edge to each argument object,
// labelled with the argument position; a nullary atom is an isolated node.
#pragma once

#include <span>
#include <vector>

#include "core/learning/graph.hpp"
#include "core/learning/graph_colours.hpp"
#include "core/learning/graph_effects.hpp"
#include "core/task/state.hpp"
#include "core/task/task.hpp"

namespace ll {

class StateGraphEncoder {
  public:
    StateGraphEncoder(const Task& task, const StateLayout& layout, ObjectColouring objects);

    const ColourLayout& colours() const { return colours_; }
    const Graph& base() const { return base_; }

    // Overwrites `out` with the base graph (reusing its storage).
    void begin(Graph& out) const;
    // Adds a node for a ground action with an edge to each argument object,
    // labelled with the parameter position.
    void add_action(Graph& out, SchemaId schema, std::span<const ObjectId> arguments) const;
    // Adds the atoms of s' = (s \ UD) ∪ UA and of OA (effects may be null:
    // s' = s) and recolours the goal nodes. Status of an atom: in s' →
    // optional-delete if in OD, else achieved; not in s' → optional-add if in
    // OA, else unachieved for a goal atom (a non-goal atom is then no node).
    // An atom both optional-add and optional-delete is thus optional-delete
    // if true in s', optional-add otherwise. New nodes come in state order:
    // predicate index, then sorted arguments.
    void add_atoms(Graph& out, const State& state, const GroundEffectSummary* effects) const;
    // The base node of fluent goal atom p(args), or -1 if p(args) is no goal.
    int goal_node_of(PredicateId p, const ObjectId* args) const;
    // Arguments per atom in the goal table (the domain's largest arity, >= 1).
    int atom_width() const { return goal_stride_; }

  private:
    const StateLayout& layout_;
    ColourLayout colours_;
    Graph base_;
    // Distinct fluent goal atoms grouped by predicate, sorted by arguments:
    // entries [goal_first_[p], goal_first_[p + 1]); arguments padded to
    // goal_stride_ (nullary atoms store a 0); goal_node_ is the base node.
    std::vector<int> goal_first_;
    std::vector<ObjectId> goal_args_;
    std::vector<int> goal_node_;
    int goal_stride_ = 1;
};

}  // namespace ll
