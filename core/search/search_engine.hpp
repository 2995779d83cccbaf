// What every search engine shares: the evaluators it evaluates nodes with,
// its open list, the expansion-time dead-end check, limits, statistics and
// progress reports. Engines alone own limits and statistics: spaces only
// generate, evaluators only evaluate, open lists only order.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "core/common/budget.hpp"
#include "core/common/error.hpp"
#include "core/common/resources.hpp"
#include "core/common/segmented_vector.hpp"
#include "core/heuristics/counting_dead_ends.hpp"
#include "core/heuristics/landmarks/goal_orders.hpp"
#include "core/search/evaluators.hpp"
#include "core/search/open_list.hpp"
#include "core/search/search_observer.hpp"
#include "core/search/search_result.hpp"
#include "core/search/search_space.hpp"

namespace ll {

class Lookahead;  // core/search/lookahead.hpp

struct EngineSetup {
    // Every evaluator a node is evaluated with (open-list keys included);
    // the first is the main heuristic (initial_h, best_h). A node is a dead
    // end when any of them says so. None (breadth-first and uniform-cost
    // search): every node is alive and its h is 0.
    std::vector<Evaluator*> evaluators;
    // Evaluators whose preferred operators mark preferred successors.
    std::vector<Evaluator*> preferred;
    std::unique_ptr<OpenList> open;
    // Checked once per expanded state (null: none).
    DeadEndCheck* dead_end = nullptr;
    // Checked at every evaluation, before the evaluators (null: none).
    GoalOrderCheck* goal_orders = nullptr;
    CountingDeadEnds* counting = nullptr;
    int boost = 1000;  // extra turns of preferred queues on progress (0: none)
    Limits limits;
    // End the search as out of time when the main heuristic's best value has
    // not improved for this many seconds (0: never): a portfolio phase that
    // stalls hands over early (SearchConfig::stall_s).
    double stall_s = 0;
    // The same once the average branching factor exceeds this (0: never;
    // SearchConfig::max_branching).
    double max_branching = 0;
    double progress_interval_s = 5.0;
    // The run's clock and budget (the budget is also polled by successor
    // generation, relaxed exploration and WL inside one step).
    const Stopwatch* clock = nullptr;
    Budget* budget = nullptr;
    // Told about every node the search touches (null: nobody).
    SearchObserver* observer = nullptr;
    // A* and anytime search's lazy weighted A* (core/search/anytime.hpp):
    // f = g + weight * h, and no node at path cost `cost_bound` or more is
    // queued (nor, with `admissible_bound`, one whose g + h reaches it), so
    // that every plan found is cheaper than the bound.
    double weight = 1;
    double cost_bound = std::numeric_limits<double>::infinity();
    bool admissible_bound = false;
    // Relaxed-plan lookahead after each evaluation (lazy search in S³; null:
    // none).
    Lookahead* lookahead = nullptr;
};

// The error of an engine that minimises plan cost (named `engine`) asked
// to run in PS², whose nodes have no path cost; require_path_costs()
// throws it unless `space` supports path costs.
Error needs_path_costs(std::string_view engine);
void require_path_costs(const SearchSpace& space, const char* engine);

class SearchEngine {
  public:
    SearchEngine(SearchSpace& space, EngineSetup setup);
    virtual ~SearchEngine() = default;
    // Runs to a plan, proof of unsolvability or a limit; catches LimitReached.
    SearchResult run(const ProgressCallback& progress = {});
    // Whether run() may be called again after it stopped at a limit (time,
    // stall, branching, expansions) to continue the same search.
    virtual bool resumable() const { return false; }
    // The limits of the next run of a resumable engine: the time limit on
    // its clock, the counts over all its runs.
    void set_limits(const Limits& limits, double stall_s, double max_branching) {
        setup_.limits = limits;
        setup_.stall_s = stall_s;
        setup_.max_branching = max_branching;
    }

  protected:
    // The search proper; returns the status, with goal_ set when solved.
    virtual SearchStatus search() = 0;
    // The open lists' entries and bytes into `stats` (run() calls it as the
    // search ends); engines with a store beside their lists add it.
    virtual void count_open_memory(Statistics& stats) const;

    // Creates and evaluates the root: false when the search ends there (a
    // goal root, status Solved with goal_ set; a dead-end root, Unsolvable).
    bool start(EvalContext& context, bool with_preferred, SearchStatus& status);
    // Evaluates `node` with every evaluator (and its preferred operators when
    // asked) into `context`; false for a dead end. Counts the evaluation,
    // tracks new best values (boosting preferred lists, reporting progress).
    bool evaluate(NodeId node, EvalContext& context, bool with_preferred);
    // Expands `node` into expansion_ (dead-end check included), counts it
    // and reports its transitions to the observer.
    void expand(NodeId node);
    // The main heuristic's value in `context` (0 without evaluators).
    double main_value(EvalContext& context) const {
        return setup_.evaluators.empty() ? 0.0 : context.value(*setup_.evaluators[0]);
    }
    // Helpful actions of `context`'s node from the preferred evaluators.
    void collect_preferred(EvalContext& context);
    bool is_preferred(NodeId child) const;
    // A limit that has passed (checked before each expansion), if any.
    bool limit_reached(SearchStatus& status);
    bool time_passed() const;
    // The budget's reserve for freeing the run's stores (0 without one).
    double release_reserve_s() const;

    SearchSpace& space_;
    EngineSetup setup_;
    Statistics stats_;
    Expansion expansion_;
    ActionList helpful_;
    StateId helpful_state_ = -1;
    SegmentedVector<char> closed_;  // per node: expanded, or evaluated as a dead end
    NodeId goal_ = -1;
    PruneFn prune_;  // the dead-end check as a space's prune function (empty: none)

    bool is_closed(NodeId node) const {
        return static_cast<std::size_t>(node) < closed_.size() && closed_[node] != 0;
    }
    void close(NodeId node) {
        if (static_cast<std::size_t>(node) >= closed_.size()) closed_.resize(node + 1024, 0);
        closed_[node] = 1;
        if (setup_.observer != nullptr) setup_.observer->closed(node);
    }
    void reopen(NodeId node) { closed_[node] = 0; }

  private:
    void report(bool new_best);

    ProgressCallback progress_;
    std::vector<double> best_;  // per evaluator that measures progress
    double last_report_ = 0;
    double last_improvement_ = 0;  // clock time of the last new best h
    bool stalled_ = false;         // limit_reached() ended the run by stall_s
    Stopwatch own_clock_;
};

}  // namespace ll
