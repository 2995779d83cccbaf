// Landmarks of the lifted task (in the spirit of Wichlacz, Höller &
// Hoffmann 2022, "Landmark Extraction in Lifted Planning"): when the relaxed
// task cannot be grounded, the goal atoms are backchained over the action
// schemas, never grounding an action.
//
// The achievers of a landmark atom p(c1..ck) (not true initially) are the
// (schema, add effect) pairs whose effect, an unconditional one or one of a
// conditional effect (whose condition then counts as precondition), unifies
// with it: constants equal, a parameter used twice bound once, each
// parameter's type admits its object, bound (in)equalities hold, and every
// static precondition matches some static fact at its bound arguments. An
// achiever needing a fact of the landmark itself is left out (it never makes
// the landmark true for the first time). Every plan makes the landmark true
// first with one of the rest, so
// - a fluent precondition whose arguments the achiever binds to one ground
//   atom (by the unification, by constants, or because a single object is
//   left for its other parameters) shared by every achiever is a landmark,
//   greedy-necessarily ordered before it;
// - when every achiever has a precondition of one predicate P whose
//   instantiations (over the objects of the unbound parameters' types that
//   the static preconditions admit, at most two unbound parameters) number
//   few, one of their union less the landmark's own facts (false until
//   then) holds just before it: with 2 to max_disjunction atoms, none
//   initially true, a disjunctive landmark ordered the same way; with one
//   atom, a landmark as above.
// All achievers are used, reachable or not: the landmarks are those of the
// relaxation without first-achiever reachability, weaker than the ground
// generator's but sound. Negative preconditions are ignored (an
// over-approximation). Derived atoms (axioms) are landmarks but not
// backchained. No reasonable orderings; orderings that would close a cycle
// are left out.
//
// A landmark's cost is 1, or under action costs (cost type `normal` or
// `plusone`) a lower bound on its cheapest achiever's: over the schemas
// adding its predicate, the cheapest constant plus cost terms' smallest
// values.
#pragma once

#include <cstdint>

#include "core/common/budget.hpp"
#include "core/heuristics/landmarks/landmark_graph.hpp"
#include "core/task/action_costs.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"

namespace ll {

struct LiftedLandmarkLimits {
    // Steps (achiever unifications, static lookups, candidate objects,
    // cycle checks) the backchaining may spend; beyond it the landmarks
    // found so far are kept (LandmarkGraph::truncated).
    std::int64_t max_work = 20'000'000;
    // Facts of a disjunctive landmark.
    std::size_t max_disjunction = 4;
};

// The landmarks of `task` from its initial state, found on its schemas
// (LandmarkGraph::lifted, no relaxation facts). May throw LimitReached.
LandmarkGraph find_lifted_landmarks(const Task& task, const StateLayout& layout,
                                    const StaticFacts& statics, CostType cost_type, Budget* budget,
                                    const LiftedLandmarkLimits& limits = {});

}  // namespace ll
