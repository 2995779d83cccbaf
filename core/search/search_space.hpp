// The interface between a search engine and a search space (S³ or PS²). A
// space generates successors and owns nodes, states and duplicate
// detection; it never evaluates. Engines (eager_search, lazy_search) own
// evaluation, open lists, limits and statistics.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/common/budget.hpp"
#include "core/common/vocabulary.hpp"
#include "core/task/action_list.hpp"
#include "core/task/partial_action.hpp"
#include "core/task/state.hpp"
#include "core/task/state_registry.hpp"
#include "core/task/task.hpp"

namespace ll {

using NodeId = std::int32_t;

// The search space: S³ (states) or PS² (partial actions). `auto` is a
// request's "let the task decide" (choose_space, core/planner.hpp) and, in
// a configuration phase, "the run's space".
enum class SpaceKind { Auto, State, Partial };
const NameTable<SpaceKind>& space_kind_names();
SpaceKind parse_space_kind(std::string_view name);  // throws ll::Error(Usage)
const char* to_string(SpaceKind kind);

// The configuration keys of the spaces (search_config.hpp).
struct SpaceSettings {
    // The space of one phase (space=auto|state|partial): auto leaves it to
    // the run's space (--space, or the task's size); an explicit --space
    // overrides every phase.
    SpaceKind space = SpaceKind::Auto;
    // Only the canonical actions of a state under the object symmetries of
    // the task and the state generate successors (S³), or only canonical
    // bindings of a partial action (PS²) (symmetry=on|off;
    // core/successors/object_symmetry.hpp); lifted relaxations of the state
    // space then explore representatives of the groups only
    // (core/heuristics/representative_objects.hpp).
    bool symmetry = false;
    bool operator==(const SpaceSettings&) const = default;
};
std::span<const ConfigKey<SpaceSettings>> space_config_keys();

// One transition of an expansion, recorded when Expansion::record_edges is
// set: from `parent` (the expanded node, or a node of its single-successor
// chain) to `child`, new or a duplicate, at the cost of its action (0 for a
// partial step of PS², which costs nothing until the action is complete).
struct Edge {
    NodeId parent = -1;
    NodeId child = -1;
    double cost = 0;
    bool is_new = false;
    // The space's handle of the transition, for SearchSpace::reparent().
    std::int32_t transition = -1;
    // Created when its transition was taken from an open list (deferred
    // generation, lazy search), not while `parent` was being expanded.
    bool deferred = false;
};

struct Expansion {
    // Set by the engine and kept by clear(): record every transition in
    // `edges` (duplicates included); with stop_at_goal off, a new goal node
    // is an ordinary child (engines that goal-test at expansion, A*).
    bool record_edges = false;
    bool stop_at_goal = true;
    std::vector<Edge> edges;
    // The node whose children these are: the expanded node, or the end of a
    // single-successor chain that started there (PS²).
    NodeId expanded = -1;
    // New (never seen before) children, in a deterministic order.
    std::vector<NodeId> children;
    // A goal node found while expanding (then `children` stops before it).
    NodeId goal = -1;
    // Transitions considered (duplicates included); new nodes created (the
    // goal and chain nodes included); new single successors, which are never
    // evaluated; nodes expanded on by a single-successor chain.
    std::int64_t transitions = 0;
    std::int64_t generated = 0;
    std::int64_t single_successors = 0;
    std::int64_t chained = 0;
    // Actions left out as symmetric to a canonical one (S³ with symmetry).
    std::int64_t symmetric = 0;
    void clear() {
        expanded = -1;
        children.clear();
        goal = -1;
        transitions = 0;
        generated = 0;
        single_successors = 0;
        chained = 0;
        symmetric = 0;
        edges.clear();
    }
};

// Asked before a node is expanded (including nodes of a chain): true prunes
// it (no children). The engine answers with its dead-end check.
using PruneFn = std::function<bool(NodeId)>;

// What a space holds: its nodes and the bytes they take (states, keys,
// parents, creating actions, duplicate-detection index).
struct SpaceMemory {
    std::int64_t nodes = 0;
    std::int64_t bytes = 0;
};

// Deferred generation, as Fast Downward's lazy search does it: expanding a
// node lists its actions without creating its children; the engine keeps
// (parent, action) pairs in its open lists and creates a child only when
// its pair is popped. The space then grows with the nodes popped, not with
// every transition generated (a capability: SearchSpace::deferred()).
class DeferredSuccessors {
  public:
    virtual ~DeferredSuccessors() = default;
    // The actions of `node` (symmetric ones left out: out.symmetric), none
    // when `prune` prunes it; counts out.transitions. Their successors are
    // goal-tested (not stored), unless out.stop_at_goal is off: a new goal
    // child is created and set as out.goal. Valid until the next call of
    // transitions() or child().
    virtual const ActionList& transitions(NodeId node, Expansion& out, const PruneFn& prune) = 0;
    // The child of `parent` by the action, goal-tested and interned when
    // new (`is_new`, out.generated; out.edges when recorded, marked
    // deferred). Its state is what state() returns next.
    virtual NodeId child(NodeId parent, SchemaId schema, std::span<const ObjectId> arguments,
                         Expansion& out, bool& is_new) = 0;
    // flags[i]: whether actions[i], one of the actions transitions() just
    // listed for `parent`, agrees with one of the helpful actions computed
    // in the state `helpful_state` (none when that is another state). One
    // call per expansion: a state can have thousands of actions and
    // hundreds of helpful ones.
    virtual void preferred_flags(NodeId parent, const ActionList& actions, StateId helpful_state,
                                 const ActionList& helpful, std::vector<char>& flags) const = 0;
    // The number of arguments of the actions of `schema`.
    virtual std::size_t arity(SchemaId schema) const = 0;
};

class SearchSpace {
  public:
    virtual ~SearchSpace() = default;
    virtual NodeId root() = 0;
    virtual bool is_goal(NodeId node) const = 0;
    virtual void expand(NodeId node, Expansion& out, const PruneFn& prune) = 0;
    virtual std::vector<GroundAction> extract_plan(NodeId goal) const = 0;

    // What evaluators see of a node. The state reference stays valid until
    // the next call of state() or expand().
    virtual StateId state_id(NodeId node) const = 0;
    virtual const State& state(NodeId node) = 0;
    virtual PartialAction partial(NodeId node) const = 0;

    // Whether the transition that created `child` agrees with one of the
    // helpful actions computed in the state `helpful_state` (S³: the child's
    // action is one of them; PS²: the child's partial action is a prefix of
    // one of them, in the same state).
    virtual bool is_preferred(NodeId child, StateId helpful_state,
                              const ActionList& helpful) const = 0;

    // Path costs, for engines that minimise plan cost (A*, uniform-cost
    // search): whether the space reports the true cost of every transition
    // and can re-parent a node onto a cheaper path. PS² cannot (a chain of
    // partial steps is one transition, and its nodes are keyed by prefix).
    virtual bool supports_path_costs() const { return false; }
    // Makes the transition edges[edge] of the last expansion `out` the path
    // to its child (requires supports_path_costs()).
    virtual void reparent(const Expansion& /*out*/, std::size_t /*edge*/) {}

    // The node a node was reached from (-1: the root), and what reached it:
    // S³ the ground action (a complete partial action), PS² the node's own
    // partial action (None for a state node). For traces.
    virtual NodeId parent(NodeId node) const = 0;
    virtual PartialAction reached_by(NodeId node) const = 0;
    // What a transition of the last expansion applies (S³: its ground
    // action; PS²: its child's partial action). Valid until the next expand().
    virtual PartialAction transition_action(const Edge& edge) const = 0;

    // The run's budget (null: none), set by the engine: stores whose growth
    // is one large allocation (the duplicate-detection index) ask it first.
    virtual void set_budget(Budget* /*budget*/) {}

    // Deferred generation, when the space offers it (null: children are
    // created when their parent is expanded).
    virtual DeferredSuccessors* deferred() { return nullptr; }
    // The nodes held and their bytes, for the statistics.
    virtual SpaceMemory memory() const { return {}; }
};

}  // namespace ll
