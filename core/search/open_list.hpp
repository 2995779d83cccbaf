// Open lists behind one interface (Fast Downward's OpenList): a best-first
// list ordered by a tuple of evaluator values with FIFO or LIFO ties, which
// may accept preferred successors only; and alternation, which round-robins
// over sub-lists and is itself just another open list. Keys are read from
// the evaluation context of the node (eager search) or of its parent (lazy
// search), so a list never evaluates anything itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/common/vocabulary.hpp"
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
    // The entries held (a node in several sub-lists counts once per list)
    // and their bytes, for the statistics.
    virtual std::int64_t entries() const = 0;
    virtual std::int64_t bytes() const = 0;
};

// Order among equal keys: first in first out (Fast Downward's default), or
// last in first out, which dives along a plateau instead of sweeping it
// breadth first (tie=lifo).
enum class TieBreaking { Fifo, Lifo };
const NameTable<TieBreaking>& tie_breaking_names();

// The configuration keys of the queues (search_config.hpp).
struct QueueSettings {
    // Preferred operators (FF's helpful actions; in PS² the partial actions
    // that are prefixes of one) from the first FF heuristic of the
    // configuration, or from an extra FF evaluator when there is none; every
    // heuristic queue gets a preferred-only twin.
    bool preferred = false;
    // A queue ordered by (width-1 novelty w.r.t. the main heuristic's value,
    // main heuristic), alternated with the others.
    bool novelty = false;
    // Extra turns for preferred-only queues on every new best value.
    int boost = 1000;
    // Order among nodes of equal value in every best-first queue (tie=fifo|
    // lifo): LIFO follows the newest node along a plateau of a learnt h.
    TieBreaking ties = TieBreaking::Fifo;
    bool operator==(const QueueSettings&) const = default;
};
std::span<const ConfigKey<QueueSettings>> queue_config_keys();

// Lowest key tuple first (lexicographic over `keys`), `ties` among equal keys.
// Values are compared as doubles: memory does not depend on their range.
// `sequence_limit`: pushes between renumberings of the tie order (at most
// 2^32; smaller only in tests, to reach the renumbering).
std::unique_ptr<OpenList> make_best_first_open_list(std::vector<Evaluator*> keys,
                                                    bool only_preferred = false,
                                                    TieBreaking ties = TieBreaking::Fifo,
                                                    std::uint64_t sequence_limit = std::uint64_t(1)
                                                                                   << 32);

// Round robin over `lists` (the list with the fewest pops so far, boosts
// counted as negative pops; ties to the first list), skipping empty ones.
// A node is pushed into every sub-list that accepts it, so it may be popped
// more than once: engines skip nodes they have already closed.
std::unique_ptr<OpenList> make_alternation_open_list(std::vector<std::unique_ptr<OpenList>> lists);

}  // namespace ll
