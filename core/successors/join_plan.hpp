// Compiled join plans: for every action schema and every number k of bound
// leading parameters, the order in which precondition atoms are matched and
// where each type, negative-precondition and equality check fires. Plans are
// computed once per task; SuccessorGenerator executes them per state.
#pragma once

#include <cstdint>
#include <vector>

#include "core/task/task.hpp"

namespace ll {

// A test on the current (partial) parameter binding.
struct JoinCheck {
    enum class Kind : std::uint8_t { Type, PositiveAtom, NegativeAtom, Equal, NotEqual };
    Kind kind = Kind::Type;
    int param = 0;    // Type: the parameter
    TypeId type = 0;  // Type: required type
    int atom = 0;     // PositiveAtom/NegativeAtom: index into the schema's list
    Term lhs, rhs;    // Equal/NotEqual
};

// What to do with one argument position of a matched tuple.
struct ArgOp {
    enum class Kind : std::uint8_t { CheckParam, CheckObject, Bind };
    Kind kind = Kind::Bind;
    std::int32_t value = 0;  // parameter index or object id
};

struct JoinStep {
    enum class Kind : std::uint8_t { Atom, Enumerate };
    Kind kind = Kind::Atom;
    // Atom: match the tuples of `predicate` against `ops`.
    PredicateId predicate = 0;
    bool is_static = false;
    std::vector<ArgOp> ops;
    // Lookup: the first `prefix_length` positions are known (binary search in
    // the sorted relation); otherwise, if index_slot >= 0, a hash-like index on
    // the known positions narrows the candidates. ops re-verify everything.
    int prefix_length = 0;
    int index_slot = -1;
    // Otherwise, when the first position binds a parameter whose type's
    // objects have consecutive ids [first_from, first_to], only the tuples
    // whose first object lies there are scanned (a range of the sorted
    // relation: the man of spanner's 46 `at` tuples). -1: the whole relation.
    ObjectId first_from = -1, first_to = -1;
    int range_slot = -1;  // the successor generator's cache of that range per state
    // Enumerate: bind `param` to every object of `type` (parameters that occur
    // in no positive precondition).
    int param = 0;
    TypeId type = 0;
    // Checks that become decidable once this step has bound its parameters.
    std::vector<JoinCheck> checks;
};

struct JoinPlan {
    std::vector<JoinCheck> initial_checks;  // decidable on the bound prefix alone
    std::vector<JoinStep> steps;
};

// Which known positions of which relation an index is keyed on.
struct IndexSlot {
    PredicateId predicate = 0;
    bool is_static = false;
    std::vector<int> positions;  // at most kMaxIndexPositions
};

struct SchemaPlans {
    // by_prefix[k]: enumerate completions when parameters 0..k-1 are bound.
    std::vector<JoinPlan> by_prefix;
    // With two or more atoms to match, the plans for nothing bound that
    // begin with each atom in turn (a scan of its relation, narrowed only by
    // the constants the atom names), then go on greedily. The greedy order cannot know the
    // relations' sizes (it scans a static relation first: all 400 `adjacent` tuples of a Sokoban
    // grid, where `at-robot` has one); the successor generator runs the plan whose first relation
    // is the smallest in the state.
    std::vector<JoinPlan> unbound_by_first_atom;
    // candidates[k]: the step whose matches give candidate values of
    // parameter k when 0..k-1 are bound (an Enumerate step if no positive
    // precondition mentions it).
    std::vector<JoinStep> candidates;
};

struct CompiledJoins {
    std::vector<SchemaPlans> schemas;
    std::vector<IndexSlot> index_slots;
    int key_bits = 21;  // bits per object in packed index keys
};

CompiledJoins compile_joins(const Task& task);

}  // namespace ll
