// Breadth-first search: nodes in the order they were generated, children
// goal-tested when generated. The first plan found is a shortest one (fewest
// actions); with action costs not necessarily a cheapest one. Needs a space
// with path costs (S³): the plan length of a PS² node is not its depth.
#pragma once

#include "core/common/segmented_vector.hpp"
#include "core/search/search_engine.hpp"

namespace ll {

class BreadthFirstSearch final : public SearchEngine {
  public:
    // Throws ll::Error(Incompatible) for a space without path costs.
    BreadthFirstSearch(SearchSpace& space, EngineSetup setup);

  private:
    SearchStatus search() override;
    EvalContext context_;
    SegmentedVector<NodeId> queue_;
};

}  // namespace ll
