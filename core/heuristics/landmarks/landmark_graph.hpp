// Landmarks (Hoffmann, Porteous & Sebastia 2004; Richter & Westphal 2010,
// LAMA): facts, or disjunctions of facts, that every plan makes true at some
// point, with orderings between them.
//
// On the ground relaxed task (ground_relaxation.hpp), as LAMA's RHW
// generator: starting from the goal atoms, a landmark L (not true in the
// initial state) is backchained through its first achievers, the actions
// adding L that are relaxed-reachable from the initial state without any
// action adding L. Every plan makes L true for the first time with one of
// them, so
// - a fact that is a precondition of every first achiever is a landmark,
//   true just before L first becomes true (greedy-necessarily ordered
//   before L);
// - when every first achiever has a precondition of one predicate P, the
//   set of those P-facts (2 to 4 of them, none initially true) is a
//   disjunctive landmark, greedy-necessarily ordered before L.
// Reasonable orderings (Hoffmann et al.'s approximation, as Fast Downward's
// lm_reasonable_orders_hps): A before B when achieving A would destroy B
// ("interferes") and B is a goal, or both are greedy-necessary
// predecessors of one landmark. A interferes with B when every achiever of
// A deletes B, or A, or a greedy-necessary predecessor of A, is mutex with
// B (fact_mutexes.hpp). Reasonable orderings that would close a cycle are
// left out.
//
// Preconditions are the relaxation's (positive, fluent): ignoring the rest
// over-approximates reachability, so the landmarks stay sound.
//
// Without a ground relaxed task (too large, conditional effects, axioms, or
// relax=lifted) the landmarks come from the schemas (lifted_landmarks.hpp):
// `lifted` says so, and lmcount reports it in its statistics.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/common/budget.hpp"
#include "core/heuristics/ground_relaxation.hpp"
#include "core/task/task.hpp"

namespace ll {

enum class LandmarkOrdering : std::uint8_t { GreedyNecessary, Reasonable };

struct Landmark {
    // Indices into LandmarkGraph::facts; one fact, or a disjunction.
    std::vector<int> facts;
    bool goal = false;            // a goal atom (never disjunctive)
    bool initially_true = false;  // some fact holds in the initial state
    int cost = 1;                 // its cheapest achiever's adjusted cost
    bool disjunctive() const { return facts.size() > 1; }
};

struct LandmarkEdge {
    int from, to;
    LandmarkOrdering kind;
};

struct LandmarkGraph {
    // The atoms landmarks are made of; with a ground relaxation, fact i is
    // relaxation fact relaxation_fact[i].
    std::vector<GroundAtom> facts;
    std::vector<int> relaxation_fact;
    std::vector<Landmark> landmarks;
    std::vector<LandmarkEdge> edges;
    // Found on the action schemas, without a ground relaxed task.
    bool lifted = false;
    // Backchaining stopped at its work bound: fewer landmarks (still sound).
    bool truncated = false;

    int num_landmarks() const { return static_cast<int>(landmarks.size()); }
    int count(LandmarkOrdering kind) const;
    // No landmark but the goal atoms (lmcount is then a goal count).
    bool goal_only() const;
};

struct LandmarkLimits {
    // Relaxed-exploration work (action preconditions counted) the
    // backchaining may spend; beyond it the landmarks found so far are kept.
    std::int64_t max_work = 20'000'000;
    std::size_t max_disjunction = 4;
};

// The landmarks of `task` from its initial state, on `ground` (its
// adjusted costs give the landmark costs). May throw LimitReached.
LandmarkGraph find_landmarks(const Task& task, const StateLayout& layout,
                             const GroundRelaxation& ground, Budget* budget,
                             const LandmarkLimits& limits = {});

}  // namespace ll
