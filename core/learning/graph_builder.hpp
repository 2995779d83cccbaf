// Graph representations of (state, partial action) pairs (paper §"Graph
// Representations"): ILG (WL-GOOSE, ignores the partial action), AOAG
// (action nodes joined to their arguments) and AEG (unavoidable effects
// applied, optional effects as coloured atoms). Each builder precomputes a
// per-task base graph (objects, goal atoms) and adds per-evaluation nodes.
//
// The colour layout and atom statuses are in graph_colours.hpp; the shared
// rules (static atoms never nodes, negative goals ignored, node order) in
// graph_state_encoder.hpp; the None / every-applicable-action rule in
// graph_action_set.hpp.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "core/common/budget.hpp"
#include "core/common/vocabulary.hpp"
#include "core/learning/graph.hpp"
#include "core/learning/graph_delta.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/partial_action.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"
#include "core/task/task.hpp"

namespace ll {

enum class GraphKind { Ilg, Aoag, Aeg };
const NameTable<GraphKind>& graph_kind_names();

// "ilg" | "aoag" | "aeg"; throws ll::Error(Usage) otherwise.
GraphKind parse_graph_kind(std::string_view name);
const char* to_string(GraphKind kind);

class GraphBuilder {
  public:
    virtual ~GraphBuilder() = default;
    // Overwrites `out` with the graph of (state, partial). Reuses out's
    // storage, so a caller that keeps one Graph allocates nothing per call
    // in the steady state.
    virtual void build(const State& state, const PartialAction& partial, Graph& out) = 0;

    // Limits polled per encoded action (null: none); build() may then throw
    // ll::LimitReached. The enumeration of A(s, rho) polls the successor
    // generator's own budget.
    void set_budget(Budget* budget) { budget_ = budget; }

    // Graph deltas (ILG and AOAG): with tracking on, build() remembers what
    // its graph is made of, in the graph's slot, and build_delta() describes
    // the graph of (state, partial) as the change from the last graph of its
    // slot (and remembers it). A slot holds graphs of one shape: AOAG keeps
    // graphs without action nodes apart from those with the action nodes of
    // each schema, so a search alternating between shapes (a state's
    // sail-actions graph, then its successors' graphs) gets deltas within a
    // shape. build_delta() sets `slot` to the graph's slot, and returns
    // false if the builder has no deltas, the slot holds nothing,
    // max_changes[slot] < 0, or more than max_changes[slot] nodes would
    // change (the caller then calls build(), which fills that slot).
    void set_tracking(bool on) { tracking_ = on; }
    virtual bool has_deltas() const { return false; }
    virtual int num_slots() const { return 1; }
    virtual bool build_delta(const State& /*state*/, const PartialAction& /*partial*/,
                             std::span<const int> /*max_changes*/, GraphDelta& /*out*/, int& slot) {
        slot = 0;
        return false;
    }
    // The slot of the last graph build() made.
    int last_slot() const { return last_slot_; }

  protected:
    Budget* budget_ = nullptr;
    bool tracking_ = false;
    int last_slot_ = 0;
};

// The builder keeps references to its arguments; they must outlive it.
std::unique_ptr<GraphBuilder> make_graph_builder(GraphKind kind, const Task& task,
                                                 const StateLayout& layout,
                                                 const StaticFacts& statics,
                                                 SuccessorGenerator& successors);

}  // namespace ll
