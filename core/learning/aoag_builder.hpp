// The Action-Object-Atom Graph (AOAG; brief §6.2) of (s, ρ): the ILG of s
// with objects coloured by unary static predicates, plus one node per action
// of A(s, ρ) (coloured by schema, an edge to each argument labelled with the
// parameter position). Special cases: ρ = None, or A(s, ρ) = every applicable
// action of s, or A(s, ρ) empty: no action nodes; |A(s, ρ)| = 1: the graph of
// the successor state succ(s, a) instead, with no action node.
#pragma once

#include <vector>

#include "core/learning/graph_action_set.hpp"
#include "core/learning/graph_content.hpp"

namespace ll {

class AoagBuilder final : public ActionSetGraphBuilder {
  public:
    // Throws ll::Error(Unsupported) beyond kMaxUnaryStaticPredicates.
    AoagBuilder(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                SuccessorGenerator& successors);
    void build(const State& state, const PartialAction& partial, Graph& out) override;
    bool build_delta(const State& state, const PartialAction& partial,
                     std::span<const int> max_changes, GraphDelta& out, int& slot) override;
    bool has_deltas() const override { return true; }
    // Slot 0: graphs without action nodes; 1 + s: with those of schema s.
    int num_slots() const override { return task_.num_schemas() + 1; }

  private:
    // Enumerates A(s, ρ) (and, for one action, its effects); -1 when (s, ρ)
    // commits to nothing, else |A(s, ρ)|.
    int describe(const State& state, const PartialAction& partial);
    // Records the content of the described graph in slots_.next(); returns
    // its slot.
    int record(const PartialAction& partial, int k);

    std::vector<ObjectId> action_args_;  // A(s, ρ), flat, schema arity each
    int num_actions_ = 0;                // |A(s, ρ)|
    GraphContentDiff diff_;
    GraphContentSlots slots_;
};

}  // namespace ll
