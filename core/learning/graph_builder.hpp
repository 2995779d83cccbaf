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
    // its graph is made of, and build_delta() describes the graph of
    // (state, partial) as the change from the last graph built or described
    // (and remembers it); false if the builder has no deltas, nothing is
    // remembered, or more than `max_changes` nodes would change (the caller
    // then calls build()).
    void set_tracking(bool on) { tracking_ = on; }
    virtual bool has_deltas() const { return false; }
    virtual bool build_delta(const State& /*state*/, const PartialAction& /*partial*/,
                             int /*max_changes*/, GraphDelta& /*out*/) {
        return false;
    }

  protected:
    Budget* budget_ = nullptr;
    bool tracking_ = false;
};

// The builder keeps references to its arguments; they must outlive it.
std::unique_ptr<GraphBuilder> make_graph_builder(GraphKind kind, const Task& task,
                                                 const StateLayout& layout,
                                                 const StaticFacts& statics,
                                                 SuccessorGenerator& successors);

}  // namespace ll
