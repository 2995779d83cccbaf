// The landmark-count heuristic (LAMA's lmcount; Richter & Westphal 2010):
// the cost of the landmarks (landmark_graph.hpp) still to be achieved on the
// path to a node. A landmark is accepted at a node when it was accepted at
// its parent, or it holds in the node's state and every landmark ordered
// before it was accepted at the parent. The value is the sum of the costs
// (their cheapest achiever's, under the cost type) of the landmarks not
// accepted, plus those accepted but false and required again: goal atoms,
// and greedy-necessary predecessors of a landmark not accepted. 0 exactly
// at goal states; inadmissible.
//
// Path-dependent: the accepted landmarks of every evaluated node are kept,
// one bitset per node, and read back when its children are evaluated
// (PathDependentHeuristic; the engines pass each node's parent). A state
// reached again by another path keeps the landmarks of the path it was
// evaluated on (Fast Downward intersects them over paths).
//
// Preferred operators: the actions applicable in the state (relaxed:
// positive preconditions) that add a fact of a landmark still to be
// achieved that does not hold. When there are none, there are none (LAMA
// falls back to a relaxed plan towards the nearest landmarks; in the `lama`
// configuration hFF's helpful actions are preferred beside them). Without
// a ground relaxed task (lifted landmarks) there are none either.
//
// In PS², h(s, ρ) counts as reached, in addition, the landmarks that every
// action of A(s, ρ) adds: the add effects whose arguments the prefix of ρ
// binds (a syntactic test; an effect that only some completions share is not
// counted). The nodes of a single-successor chain are not evaluated: a
// node's accepted set comes from its nearest evaluated ancestor.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/heuristics/ground_relaxation.hpp"
#include "core/heuristics/heuristic.hpp"
#include "core/heuristics/landmarks/landmark_graph.hpp"
#include "core/heuristics/landmarks/lifted_landmarks.hpp"
#include "core/task/action_costs.hpp"
#include "core/task/goal.hpp"

namespace ll {

class LandmarkCountHeuristic final : public ActionSetHeuristic, public PathDependentHeuristic {
  public:
    LandmarkCountHeuristic(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                           const GoalChecker& goal, RelaxationSource grounding, CostType cost_type);
    // Without a path: as the root of one.
    double evaluate(const State& state, const PartialAction& partial) override {
        return evaluate_on_path(-1, -1, state, partial);
    }
    using ActionSetHeuristic::evaluate;
    double evaluate_on_path(std::int32_t node, std::int32_t parent, const State& state,
                            const PartialAction& partial) override;
    bool evaluated(std::int32_t node) const override {
        return node >= 0 && static_cast<std::size_t>(node) < stored_.size() &&
               stored_[static_cast<std::size_t>(node)] != 0;
    }
    PathDependentHeuristic* path_dependent() override { return this; }
    void set_budget(Budget* budget) override { budget_ = budget; }
    bool provides_helpful_actions() const override { return true; }
    void helpful_actions(ActionList& out) override;
    void add_statistics(Statistics& stats) const override;

    // The landmarks (generated at the first evaluation).
    const LandmarkGraph& graph();
    // Whether landmark `i` was accepted at the last evaluated node.
    bool accepted(int i) const { return test(accepted_, i); }

  private:
    void prepare();
    // Marks the landmarks that hold in `state` (and, ground, its facts).
    void mark_true(const State& state);
    void index_lifted_facts();
    void mark_true_lifted(const State& state);
    int lifted_fact(PredicateId p, std::span<const ObjectId> arguments) const;
    static bool test(const std::vector<std::uint64_t>& bits, int i) {
        return (bits[static_cast<std::size_t>(i) >> 6] >> (i & 63)) & 1;
    }
    static void set(std::vector<std::uint64_t>& bits, int i) {
        bits[static_cast<std::size_t>(i) >> 6] |= std::uint64_t{1} << (i & 63);
    }
    // Landmark i still to be achieved at the last node (not accepted, or
    // required again).
    bool future(int i) const;
    // PS²: the landmarks every completion of `partial` adds count as accepted
    // and holding for the value (not for the node's stored set).
    void reach_by_partial(const PartialAction& partial);

    const Task& task_;
    const StateLayout& layout_;
    const StaticFacts& statics_;
    const GoalChecker& goal_;
    RelaxationSource grounding_;
    CostType cost_type_;
    Budget* budget_ = nullptr;
    bool prepared_ = false;
    std::optional<GroundRelaxation> ground_;
    LandmarkGraph graph_;

    // Per landmark (CSR): the landmarks ordered before it, and those it is
    // greedy-necessarily ordered before. Per relaxation fact (lifted: per
    // LandmarkGraph fact): its landmarks.
    std::vector<int> parents_begin_, parents_, gn_children_begin_, gn_children_;
    std::vector<int> fact_landmarks_begin_, fact_landmarks_;
    // Lifted landmarks: per fluent predicate, its landmark facts as a sorted
    // relation (flat tuples; a 0 for a nullary one) and their fact indices.
    struct FactGroup {
        PredicateId predicate = 0;
        std::vector<ObjectId> tuples;
        std::vector<int> facts;
    };
    std::vector<FactGroup> groups_;
    std::vector<int> group_of_predicate_;  // -1: none
    // Per relaxation fact: achievers (CSR), for preferred operators.
    std::vector<int> achievers_begin_, achievers_;

    // The accepted bitsets of the evaluated nodes, `words_` per node.
    std::size_t words_ = 0;
    std::vector<std::uint64_t> store_;
    std::vector<std::uint8_t> stored_;

    // The last evaluation.
    std::vector<std::uint64_t> accepted_, holds_, before_;
    std::vector<ObjectId> arguments_;
    std::vector<int> state_facts_;
    std::vector<std::uint32_t> fact_mark_;  // == stamp_: in the state
    std::vector<std::uint32_t> action_mark_;
    std::uint32_t stamp_ = 0;
    bool last_goal_ = false;
};

}  // namespace ll
