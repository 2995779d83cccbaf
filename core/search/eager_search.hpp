// Eager greedy best-first search (Fast Downward's eager_greedy): children
// are goal-tested when generated and evaluated before they are queued; the
// preferred operators of the expanded node mark preferred children.
#pragma once

#include "core/search/search_engine.hpp"

namespace ll {

class EagerSearch final : public SearchEngine {
  public:
    using SearchEngine::SearchEngine;

  private:
    SearchStatus search() override;
    EvalContext context_, parent_context_;
};

}  // namespace ll
