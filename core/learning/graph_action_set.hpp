// The action set A(s, ρ) as the AOAG and AEG builders see it. ρ = None and a
// ρ whose A(s, ρ) is every applicable action of s (an incomplete ρ with an
// empty prefix whose schema is the only applicable one) both mean "no action
// committed to": the graph is then the plain state graph. A complete ρ always
// commits to its action (its graph is the successor's), even when that action
// is the only applicable one (a nullary schema).
#pragma once

#include <span>
#include <vector>

#include "core/learning/graph_builder.hpp"
#include "core/learning/graph_effects.hpp"
#include "core/learning/graph_state_encoder.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/partial_action.hpp"
#include "core/task/state.hpp"
#include "core/task/task.hpp"

namespace ll {

// True iff (s, ρ) carries no commitment beyond s (see above).
bool commits_to_nothing(const Task& task, SuccessorGenerator& successors, const State& state,
                        const PartialAction& partial);

// What the AOAG and AEG builders share: the state encoder (objects coloured
// by unary static predicates), the effect summary, and the state graph of an
// (s, ρ) that commits to nothing.
class ActionSetGraphBuilder : public GraphBuilder {
  public:
    const ColourLayout& colours() const { return encoder_.colours(); }

  protected:
    // Throws ll::Error(Unsupported) beyond kMaxUnaryStaticPredicates.
    ActionSetGraphBuilder(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                          SuccessorGenerator& successors);
    // Starts `out`; true when (s, ρ) commits to nothing, and `out` is then
    // the complete state graph.
    bool build_state_graph_if_uncommitted(const State& state, const PartialAction& partial,
                                          Graph& out);

    const Task& task_;
    SuccessorGenerator& successors_;
    StateGraphEncoder encoder_;
    GroundEffectSummary effects_;
};

}  // namespace ll
