// The interface between a search engine and a search space (S³ or PS²): the
// engine owns the open list and the limits; the space owns nodes, states,
// duplicate detection, evaluation of new nodes, and plan extraction.
#pragma once

#include <cstdint>
#include <vector>

#include "core/common/resources.hpp"
#include "core/heuristics/dead_end_detector.hpp"
#include "core/search/search_result.hpp"
#include "core/task/task.hpp"

namespace ll {

using NodeId = std::int32_t;

struct EvaluatedNode {
    NodeId node = -1;
    double h = 0;
};

// The engine's time limit as seen by a space: one expansion of a large task
// can evaluate thousands of children (seconds), so spaces check it between
// evaluations and stop early, instead of overrunning the limit.
struct Deadline {
    const Stopwatch* clock = nullptr;
    double limit_s = 0;
    bool passed() const { return clock != nullptr && clock->seconds() >= limit_s; }
};

struct Expansion {
    // New (never seen before) children with their heuristic values; dead
    // ends are included with h = kDeadEnd and the engine drops them.
    std::vector<EvaluatedNode> children;
    // A goal node found while expanding, or -1.
    NodeId goal = -1;
    // The deadline passed before every child was evaluated.
    bool interrupted = false;
    void clear() {
        children.clear();
        goal = -1;
        interrupted = false;
    }
};

class SearchSpace {
  public:
    virtual ~SearchSpace() = default;
    // Creates (and evaluates) the root node.
    virtual EvaluatedNode root(Statistics& stats) = 0;
    virtual bool is_goal(NodeId node) = 0;
    virtual void expand(NodeId node, Expansion& out, Statistics& stats) = 0;
    virtual std::vector<GroundAction> extract_plan(NodeId goal) const = 0;

    void set_deadline(Deadline deadline) { deadline_ = deadline; }
    // Optional (null: none); not owned, must outlive the space. Nodes whose
    // state it declares a dead end are expanded into no children.
    void set_dead_end_detector(RelaxedDeadEndDetector* detector) { detector_ = detector; }

  protected:
    // Whether the state with this id (of the space's own registry) is a
    // dead end; each state is checked once, dead ends counted in stats.
    bool is_dead_end(std::int32_t state_id, const State& state, Statistics& stats) {
        if (detector_ == nullptr) return false;
        if (static_cast<std::size_t>(state_id) >= verdict_.size())
            verdict_.resize(static_cast<std::size_t>(state_id) + 1, kUnknown);
        std::int8_t& v = verdict_[static_cast<std::size_t>(state_id)];
        if (v == kUnknown) {
            v = detector_->is_dead_end(state) ? kDead : kAlive;
            if (v == kDead) ++stats.dead_ends;
        }
        return v == kDead;
    }

    Deadline deadline_;

  private:
    static constexpr std::int8_t kUnknown = 0, kAlive = 1, kDead = 2;
    RelaxedDeadEndDetector* detector_ = nullptr;
    std::vector<std::int8_t> verdict_;  // per state id
};

}  // namespace ll
