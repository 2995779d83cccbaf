// Evaluators and the per-node evaluation context (Fast Downward's
// Evaluator / EvaluationContext). An evaluator maps a search node, i.e. a
// state and a partial action (None in S³), to a value, kDeadEnd for a
// proven dead end, and optionally to preferred operators (helpful ground
// actions in the node's state). The context caches every evaluator's result
// for one node, so several open lists, novelty (which partitions on a
// heuristic's value) and preferred-operator collection never evaluate one
// node twice.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/heuristics/heuristic.hpp"
#include "core/search/search_space.hpp"
#include "core/task/action_list.hpp"

namespace ll {

struct EvalResult {
    double value = 0;  // kDeadEnd (core/heuristics/heuristic.hpp): dead end
    ActionList preferred;
    bool is_dead_end() const { return value == kDeadEnd; }
};

class EvalContext;

class Evaluator {
  public:
    virtual ~Evaluator() = default;
    virtual std::string name() const = 0;
    // Fills out.value, and out.preferred when `want_preferred` and the
    // evaluator provides them.
    virtual void evaluate(EvalContext& context, EvalResult& out, bool want_preferred) = 0;
    virtual bool provides_preferred() const { return false; }
    // Whether the evaluator's value measures progress towards the goal (new
    // best values boost preferred queues and are reported); not novelty.
    virtual bool measures_progress() const { return true; }
    // The relaxed plan of the evaluator's last evaluation into `out` (hFF:
    // lookahead applies it); false when it has none.
    virtual bool relaxed_plan(std::vector<GroundAction>& /*out*/) { return false; }
};

class EvalContext {
  public:
    // Results are referenced while other evaluators run (novelty asks for
    // its partition's value): the entries never move.
    static constexpr std::size_t kMaxEvaluators = 16;
    EvalContext() { entries_.reserve(kMaxEvaluators); }
    EvalContext(const EvalContext&) = delete;
    EvalContext& operator=(const EvalContext&) = delete;

    // Starts a new node, reached from `parent` (-1: the root) in `space`
    // (null: no ancestors beyond the parent): forgets every cached result
    // (keeps their memory).
    void reset(NodeId node, NodeId parent, StateId state_id, const State& state,
               PartialAction partial, const SearchSpace* space = nullptr) {
        node_ = node;
        parent_ = parent;
        space_ = space;
        state_id_ = state_id;
        state_ = &state;
        partial_ = std::move(partial);
        used_ = 0;
    }

    NodeId node() const { return node_; }
    // For path-dependent evaluators (the landmark count): the parent, and
    // the parent of an ancestor (PS² chains are not evaluated).
    NodeId parent() const { return parent_; }
    NodeId parent_of(NodeId ancestor) const {
        return space_ != nullptr ? space_->parent(ancestor) : -1;
    }
    StateId state_id() const { return state_id_; }
    const State& state() const { return *state_; }
    const PartialAction& partial() const { return partial_; }

    // The evaluator's value for this node (evaluated once).
    double value(Evaluator& evaluator) { return result(evaluator, false).value; }
    // The evaluator's result; with `want_preferred`, evaluated again if the
    // cached result was computed without preferred operators.
    const EvalResult& result(Evaluator& evaluator, bool want_preferred) {
        for (std::size_t i = 0; i < used_; ++i) {
            Entry& e = entries_[i];
            if (e.evaluator != &evaluator) continue;
            if (want_preferred && !e.with_preferred) compute(e, want_preferred);
            return e.result;
        }
        if (used_ == entries_.size()) {
            if (used_ == kMaxEvaluators) throw std::logic_error("too many evaluators");
            entries_.emplace_back();
        }
        Entry& e = entries_[used_++];
        e.evaluator = &evaluator;
        compute(e, want_preferred);
        return e.result;
    }

  private:
    struct Entry {
        Evaluator* evaluator = nullptr;
        EvalResult result;
        bool with_preferred = false;
    };
    void compute(Entry& e, bool want_preferred) {
        e.result.preferred.clear();
        e.with_preferred = want_preferred && e.evaluator->provides_preferred();
        e.evaluator->evaluate(*this, e.result, e.with_preferred);
    }

    NodeId node_ = -1;
    NodeId parent_ = -1;
    const SearchSpace* space_ = nullptr;
    StateId state_id_ = -1;
    const State* state_ = nullptr;
    PartialAction partial_;
    std::vector<Entry> entries_;
    std::size_t used_ = 0;
};

}  // namespace ll
