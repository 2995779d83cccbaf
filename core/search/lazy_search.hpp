// Lazy greedy best-first search (Fast Downward's lazy_greedy): children are
// queued with their parent's values and evaluated only when popped, which
// saves the evaluation of every child that is never expanded; a popped node
// that is a dead end is dropped. Preferred children (from the parent's
// preferred operators) also enter the preferred-only lists.
#pragma once

#include "core/search/search_engine.hpp"

namespace ll {

class LazySearch final : public SearchEngine {
  public:
    using SearchEngine::SearchEngine;

  private:
    SearchStatus search() override;
    EvalContext context_;
};

}  // namespace ll
