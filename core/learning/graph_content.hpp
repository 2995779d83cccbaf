// What an ILG or AOAG graph is made of: a state, the effects of the one
// action the pair commits to (unavoidable adds and deletes), and action
// nodes. Two contents are compared atom by atom and action by action into a
// graph delta (graph_delta.hpp), without building either graph: siblings in
// a search share their state, so only the effects and actions are compared.
#pragma once

#include <span>
#include <vector>

#include "core/learning/graph_delta.hpp"
#include "core/learning/graph_effects.hpp"
#include "core/learning/graph_state_encoder.hpp"
#include "core/task/state.hpp"
#include "core/task/task.hpp"

namespace ll {

struct GraphContent {
    State state;  // set by GraphContentSlots, not by record()
    // Records of predicate, arguments (padded with -1 to the atom width),
    // flags (GroundEffectSummary's unavoidable add / delete).
    std::vector<ObjectId> effects;
    // Action nodes of `schema`: `arity` arguments each, sorted.
    SchemaId schema = -1;
    int arity = 0;
    std::vector<ObjectId> actions;
};

class GraphContentDiff {
  public:
    GraphContentDiff(const Task& task, const StateLayout& layout, const StateGraphEncoder& encoder);
    // The content of a graph, apart from its state: the effects of a single
    // action (null: none) and the actions `args` of `schema` (none if empty).
    void record(GraphContent& out, const GroundEffectSummary* effects, SchemaId schema,
                std::span<const ObjectId> args) const;
    // The delta from the graph of `from` to that of `to` whose state is
    // `to_state` (`same_state`: equal to from.state); false if it changes
    // more than `max_changes` nodes.
    bool diff(const GraphContent& from, const GraphContent& to, const State& to_state,
              bool same_state, int max_changes, GraphDelta& out);

  private:
    void diff_states(const State& a, const State& b);
    bool in_graph(const GraphContent& c, const State& state, const ObjectId* atom) const;
    void diff_actions(const GraphContent& from, const GraphContent& to, GraphDelta& out);
    void push_atom(PredicateId p, const ObjectId* args);

    const Task& task_;
    const StateLayout& layout_;
    const StateGraphEncoder& encoder_;
    int width_ = 1;
    std::vector<ObjectId> atoms_;  // candidate records: predicate, width_ arguments
    std::vector<std::uint32_t> order_;
    std::vector<int> targets_;
};

// The last content of each slot of a builder (graphs of one shape, see
// GraphBuilder), and the delta of a new content against it. Siblings share
// their state, so the state is compared, and copied only when it changed.
class GraphContentSlots {
  public:
    void resize(int slots);
    bool has(int slot) const { return has_[static_cast<std::size_t>(slot)] != 0; }
    // Where a builder records the next content (GraphContentDiff::record).
    GraphContent& next() { return next_; }
    // The delta from the slot's content to next() with `state`; on success
    // next() becomes the slot's content.
    bool delta(GraphContentDiff& diff, int slot, const State& state, int max_changes,
               GraphDelta& out);
    // next() with `state` becomes the slot's content (after a full build).
    void keep(int slot, const State& state);

  private:
    void swap_parts(GraphContent& a);

    std::vector<GraphContent> last_;
    std::vector<char> has_;
    GraphContent next_;
};

}  // namespace ll
