// Open lists behind one interface (Fast Downward's OpenList): a best-first
// list ordered by a tuple of evaluator values with FIFO or LIFO ties, which
// may accept preferred successors only; and alternation, which round-robins
// over sub-lists and is itself just another open list. Keys are read from
// the evaluation context of the node (eager search) or of its parent (lazy
// search), so a list never evaluates anything itself.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "core/search/evaluator.hpp"

namespace ll {

class OpenList {
  public:
    virtual ~OpenList() = default;
    // Inserts `node` keyed by the values in `context`.
    virtual void push(EvalContext& context, NodeId node, bool preferred) = 0;
    // The next node; requires !empty().
    virtual NodeId pop() = 0;
    virtual bool empty() const = 0;
    // Fast Downward's boost: preferred-only lists get `amount` extra turns.
    virtual void boost_preferred(int /*amount*/) {}
    virtual bool only_preferred() const { return false; }
};

// Order among equal keys: first in first out (Fast Downward's default), or
// last in first out, which dives along a plateau instead of sweeping it
// breadth first (tie=lifo).
enum class TieBreaking { Fifo, Lifo };

// Lowest key tuple first (lexicographic over `keys`), `ties` among equal keys.
// Values are compared as doubles: memory does not depend on their range.
std::unique_ptr<OpenList> make_best_first_open_list(std::vector<Evaluator*> keys,
                                                    bool only_preferred = false,
                                                    TieBreaking ties = TieBreaking::Fifo);

// Round robin over `lists` (the list with the fewest pops so far, boosts
// counted as negative pops; ties to the first list), skipping empty ones.
// A node is pushed into every sub-list that accepts it, so it may be popped
// more than once: engines skip nodes they have already closed.
std::unique_ptr<OpenList> make_alternation_open_list(std::vector<std::unique_ptr<OpenList>> lists);

}  // namespace ll
