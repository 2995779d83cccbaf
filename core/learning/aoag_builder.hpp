// The Action-Object-Atom Graph (AOAG; brief §6.2) of (s, ρ): the ILG of s
// with objects coloured by unary static predicates, plus one node per action
// of A(s, ρ) (coloured by schema, an edge to each argument labelled with the
// parameter position). Special cases: ρ = None, or A(s, ρ) = every applicable
// action of s, or A(s, ρ) empty: no action nodes; |A(s, ρ)| = 1: the graph of
// the successor state succ(s, a) instead, with no action node.
#pragma once

#include <vector>

#include "core/learning/graph_action_set.hpp"

namespace ll {

class AoagBuilder final : public ActionSetGraphBuilder {
  public:
    // Throws ll::Error(Unsupported) beyond kMaxUnaryStaticPredicates.
    AoagBuilder(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                SuccessorGenerator& successors);
    void build(const State& state, const PartialAction& partial, Graph& out) override;

  private:
    std::vector<ObjectId> action_args_;  // A(s, ρ), flat, schema arity each
    int num_actions_ = 0;                // |A(s, ρ)|
};

}  // namespace ll
