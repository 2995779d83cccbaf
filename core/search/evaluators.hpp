// The evaluators a search configuration is made of: any action-set
// heuristic (goal count, hadd, hmax, hFF, rFF, WL), width-1 novelty
// partitioned by another evaluator's value; and the relaxed dead-end check
// that engines ask before expanding a state.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/common/tuple_table.hpp"
#include "core/heuristics/dead_end_detector.hpp"
#include "core/heuristics/heuristic.hpp"
#include "core/search/evaluator.hpp"

namespace ll {

// h(s, ρ) of an action-set heuristic; preferred operators are its helpful
// actions where it has them (FF and rFF).
class HeuristicEvaluator final : public Evaluator {
  public:
    HeuristicEvaluator(std::string name, ActionSetHeuristic& heuristic)
        : name_(std::move(name)), heuristic_(heuristic) {}
    std::string name() const override { return name_; }
    void evaluate(EvalContext& context, EvalResult& out, bool want_preferred) override;
    bool provides_preferred() const override { return heuristic_.provides_helpful_actions(); }
    bool relaxed_plan(std::vector<GroundAction>& out) override;
    ActionSetHeuristic& heuristic() { return heuristic_; }

  private:
    std::string name_;
    ActionSetHeuristic& heuristic_;
};

// Width-1 novelty relative to a partition (BFWS(f5); Powerlifted's
// alt-bfws1): 1 if the node's state has an atom never seen in an evaluated
// state of the same partition (the partition evaluator's value, e.g. h),
// else 2. Novelty is a property of states: the partial children of (s, ·)
// share s, and once one of them is evaluated s is no longer novel in its
// partition.
class NoveltyEvaluator final : public Evaluator {
  public:
    // `partition` may be null (one partition).
    NoveltyEvaluator(const StateLayout& layout, Evaluator* partition)
        : layout_(layout), partition_(partition) {}
    std::string name() const override { return "novelty"; }
    void evaluate(EvalContext& context, EvalResult& out, bool want_preferred) override;
    bool measures_progress() const override { return false; }

  private:
    const StateLayout& layout_;
    Evaluator* partition_;
    TupleTable atoms_;                                                   // (slot, args) -> atom id
    std::unordered_map<std::int64_t, std::vector<std::uint64_t>> seen_;  // bitset per partition
};

// Relaxed reachability of the goal (heuristics/dead_end_detector.hpp),
// remembered per state: every node of a state shares its verdict. Not an
// open-list key but a pruning check, asked once per expanded state (see
// docs/design.md, Search).
class DeadEndCheck {
  public:
    explicit DeadEndCheck(RelaxedDeadEndDetector& detector) : detector_(detector) {}
    // The verdict for a state; `first_time` tells whether it was computed now.
    bool is_dead_end(StateId id, const State& state, bool& first_time);

  private:
    static constexpr std::int8_t kUnknown = 0, kAlive = 1, kDead = 2;
    RelaxedDeadEndDetector& detector_;
    std::vector<std::int8_t> verdict_;  // per state id
};

}  // namespace ll
