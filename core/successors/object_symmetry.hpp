// Symmetric successor pruning: objects that a permutation can exchange
// without changing the goal, the static facts, the action costs or the
// schemas (classes of the task), and, in each state, the groups of those
// objects that the state cannot tell apart either (e.g. the unmade
// sandwiches of childsnack, the spanners lying at one place, the passengers
// waiting on one floor for the same floor).
//
// Any permutation σ within the groups of a state s maps s to itself and the
// task to itself, so an action a applicable in s and σ(a) lead to states
// that σ maps onto each other: one has a plan iff the other has, of the
// same length and cost. Search may therefore keep, of the actions of s,
// only the canonical ones (each group's objects used in increasing order of
// id, in the order of the action's arguments): every plan is still found
// in its canonical form, and every action applied is a real action of the
// task, so plans need no translation.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/task/state.hpp"
#include "core/task/task.hpp"

namespace ll {

class ObjectSymmetry {
  public:
    // Up to `max_scanned_atoms` atoms per object, compute() looks for an
    // exchanged atom among the other object's atoms; beyond, in the state
    // (a binary search). Tests set 0 to check the second way everywhere.
    static constexpr int kMaxScannedAtoms = 16;
    ObjectSymmetry(const Task& task, const StateLayout& layout,
                   int max_scanned_atoms = kMaxScannedAtoms);

    // Whether some class has two or more objects: otherwise no state has a
    // symmetry and callers skip compute() altogether.
    bool any() const { return !classes_.empty(); }
    // The task's classes of two or more objects, each sorted by id.
    const std::vector<std::vector<ObjectId>>& classes() const { return classes_; }

    // The groups of `state`; is_canonical() and canonicalise() then refer to it.
    void compute(const State& state);
    // Number of objects in a group of two or more of the last state.
    int grouped_objects() const { return grouped_objects_; }
    // The groups of two or more objects of the last state, each sorted.
    int num_groups() const { return static_cast<int>(group_begin_.size()) - 1; }
    std::span<const ObjectId> group(int g) const {
        return {group_members_.data() + group_begin_[g],
                static_cast<std::size_t>(group_begin_[g + 1] - group_begin_[g])};
    }

    // Whether each group's objects occur in `arguments` (first occurrences,
    // left to right) as the group's smallest ids in increasing order.
    bool is_canonical(std::span<const ObjectId> arguments) const;
    // Whether a partial binding (positions whose bit is set in `bound`, of
    // `arity` < 64 positions) may still complete to a canonical action: a
    // necessary condition, so the successor generator can skip bindings
    // with no canonical completion instead of generating them all. A bound
    // object of rank r in its group needs r distinct objects of its group
    // before its first occurrence, which the positions before it, bound or
    // not, must be able to hold.
    bool may_be_canonical(const ObjectId* binding, std::uint64_t bound, int arity) const;
    // Renames `arguments` to their canonical form in the last state.
    void canonicalise(std::span<ObjectId> arguments) const;
    // Whether a permutation within the last state's groups maps `a` onto `b`
    // (argument lists of one schema, or prefixes of equal length): each
    // position holds the same object or two of one group, with the same
    // pattern of repeated objects. No allocation: asked per child and
    // helpful action.
    bool same_orbit(std::span<const ObjectId> a, std::span<const ObjectId> b) const;

  private:
    // The fluent atoms of the last state, indexed by the grouped objects
    // they mention (CSR over objects): (predicate, first word of the tuple).
    struct AtomRef {
        PredicateId predicate;
        const ObjectId* tuple;
    };
    bool swappable_in_state(const State& state, ObjectId a, ObjectId b);
    std::uint64_t state_signature(ObjectId o) const;
    // The steps of compute(): the fluent atoms indexed by the class members
    // they mention (each distinct member of a tuple once), then the groups
    // of one class.
    void index_atom_refs(const State& state);
    void group_class(const State& state, const std::vector<ObjectId>& c);

    const StateLayout& layout_;
    int max_scanned_atoms_;
    std::vector<std::vector<ObjectId>> classes_;
    std::vector<std::int32_t> class_of_;  // object -> class, or -1

    // Per state, flat (compute() allocates nothing once they have grown).
    std::vector<std::int32_t> group_of_;        // object -> group, or -1
    std::vector<std::int32_t> rank_;            // object -> index in its group
    std::vector<std::int32_t> group_begin_{0};  // group g: members [begin[g], begin[g + 1])
    std::vector<ObjectId> group_members_;
    int grouped_objects_ = 0;
    std::vector<std::int32_t> refs_begin_;
    std::vector<std::int32_t> fill_;  // a counting sort's cursors (refs_, then group_members_)
    std::vector<AtomRef> refs_;
    std::vector<ObjectId> swapped_;
    // compute()'s scratch, per class: each candidate group's first object,
    // each member's candidate group, and the candidate groups' sizes.
    std::vector<ObjectId> leaders_;
    std::vector<std::uint64_t> leader_signature_;
    std::vector<std::int32_t> member_group_, candidate_size_;
};

}  // namespace ll
