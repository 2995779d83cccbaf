// The raw colour layout shared by the graph builders (ILG, AOAG, AEG), and
// the object colouring by unary static predicates.
//
// Every raw colour is instance-independent within a domain: it is built from
// predicate indices, schema indices and sets of unary static predicates only,
// never from object ids. With M = the number of object colours and S = the
// number of action schemas, the colour ranges are disjoint:
//
//   object node:  [0, M)     (ILG: M = 1, every object 0; AOAG/AEG: M = 2^k
//                             with k unary static predicates, colour = the
//                             bitmask of the ones true of the object)
//   action node:  M + schema
//   atom node:    M + S + 8 * predicate + status  (status: AtomStatus below)
#pragma once

#include <vector>

#include "core/learning/graph.hpp"
#include "core/task/static_facts.hpp"
#include "core/task/task.hpp"

namespace ll {

// An atom node's status: 4 * goal type (goal 0, non-goal 1) + effect status
// (achieved 0, unachieved 1, optional add 2, optional delete 3). ILG and AOAG
// only use GoalAchieved, GoalUnachieved and NonGoal; a non-goal atom that is
// not true (and not an optional add) is never a node, so 5 is unused.
enum class AtomStatus : int {
    GoalAchieved = 0,
    GoalUnachieved = 1,
    GoalOptionalAdd = 2,
    GoalOptionalDelete = 3,
    NonGoal = 4,  // a true non-goal atom ("achieved")
    NonGoalOptionalAdd = 6,
    NonGoalOptionalDelete = 7,
};
inline constexpr int kNumAtomStatuses = 8;

// Unary static predicates beyond this would overflow the object bitmask range
// (and make colours meaningless in practice).
inline constexpr int kMaxUnaryStaticPredicates = 40;

struct ColourLayout {
    RawColour num_object_colours = 1;  // M
    int num_schemas = 0;               // S

    RawColour action(SchemaId schema) const { return num_object_colours + schema; }
    RawColour atom(PredicateId predicate, AtomStatus status) const {
        return num_object_colours + num_schemas + RawColour(kNumAtomStatuses) * predicate +
               static_cast<int>(status);
    }
};

struct ObjectColouring {
    std::vector<RawColour> colours;  // by ObjectId
    RawColour num_colours = 1;       // M: every colour is in [0, M)
};

// Every object colour 0, M = 1 (ILG: WL-GOOSE ignores statics).
ObjectColouring uncoloured_objects(const Task& task);

// The colour of an object is Σ 2^rank(q) over the unary static predicates q
// true of it in the initial state, rank = position of q among the unary
// static predicates in index order; M = 2^k. Throws ll::Error(Unsupported) if
// the domain has more than kMaxUnaryStaticPredicates of them.
ObjectColouring colour_objects_by_unary_statics(const Task& task, const StaticFacts& statics);

}  // namespace ll
