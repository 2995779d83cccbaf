// The Action Effect Graph (AEG; brief §6.3, "RSLG" in the reference) of
// (s, ρ): with A = A(s, ρ), the unavoidable effects are applied,
// s' = (s \ UD) ∪ UA, and the optional effects are marked on atom nodes
// (statuses in graph_colours.hpp, rules in graph_state_encoder.hpp). Objects
// are coloured by unary static predicates. ρ = None, or A(s, ρ) = every
// applicable action of s, or A empty: no effects (the state graph). With a
// single action every effect is unavoidable: the successor's graph.
//
// Unlike the reference, goal atoms are base nodes (as in ILG/AOAG), node order
// is deterministic, and an atom that is both an optional add and an optional
// delete gets a status (optional-delete if true in s', else optional-add)
// instead of a panic.
#pragma once

#include "core/learning/graph_action_set.hpp"

namespace ll {

class AegBuilder final : public ActionSetGraphBuilder {
  public:
    // Throws ll::Error(Unsupported) beyond kMaxUnaryStaticPredicates.
    AegBuilder(const Task& task, const StateLayout& layout, const StaticFacts& statics,
               SuccessorGenerator& successors);
    void build(const State& state, const PartialAction& partial, Graph& out) override;
};

}  // namespace ll
