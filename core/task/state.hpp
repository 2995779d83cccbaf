// A planning state: the fluent ground atoms true in it, one sorted relation
// per fluent predicate, packed into a single flat vector. Static atoms are not
// stored in states (they live in StaticFacts, once per task).
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

#include "core/task/task.hpp"

namespace ll {

class AxiomEvaluator;
class Budget;

// How states of one task are laid out: which predicates are fluent and the
// storage stride of each (arity, or 1 for nullary predicates, which store a
// single 0 when true).
class StateLayout {
  public:
    explicit StateLayout(const Task& task);

    int num_predicates() const { return static_cast<int>(arity_.size()); }
    bool is_fluent(PredicateId p) const { return slot_[p] >= 0; }
    // Index of p among the fluent predicates, or -1 for static ones.
    int slot(PredicateId p) const { return slot_[p]; }
    int num_slots() const { return static_cast<int>(fluent_.size()); }
    PredicateId predicate_of_slot(int slot) const { return fluent_[slot]; }
    int arity(PredicateId p) const { return arity_[p]; }
    int stride(PredicateId p) const { return arity_[p] == 0 ? 1 : arity_[p]; }
    // The task's axioms, or null when it has none: every state built with
    // this layout (initial_state, ActionApplier) holds its derived atoms.
    const AxiomEvaluator* axioms() const { return axioms_.get(); }

  private:
    std::shared_ptr<const AxiomEvaluator> axioms_;
    std::vector<int> arity_;
    std::vector<int> slot_;
    std::vector<PredicateId> fluent_;
};

// The tuples of one predicate, lexicographically sorted, without duplicates.
struct RelationView {
    const ObjectId* data = nullptr;
    int size = 0;    // number of tuples
    int stride = 1;  // objects per tuple (1 for nullary predicates)
    std::span<const ObjectId> tuple(int i) const {
        return {data + static_cast<std::size_t>(i) * stride, static_cast<std::size_t>(stride)};
    }
    bool empty() const { return size == 0; }
};

// Packed state: words [0, num_slots] are the offsets of each fluent
// relation's tuples (relative to the start of the vector), then the tuples.
class State {
  public:
    State() = default;
    explicit State(std::vector<ObjectId> words) : words_(std::move(words)) {}

    RelationView relation(const StateLayout& layout, PredicateId p) const {
        int s = layout.slot(p);
        int begin = words_[s], end = words_[s + 1];
        int stride = layout.stride(p);
        // Most relations are unary: no integer division for them.
        const int size = stride == 1 ? end - begin : (end - begin) / stride;
        return {words_.data() + begin, size, stride};
    }
    // `args` holds arity(p) objects. Inline, with a pointer: in wasm32 a span
    // passed by value to an out-of-line call is copied through memory, and
    // reading that copy back stalls store forwarding (docs/build.md).
    bool contains(const StateLayout& layout, PredicateId p, const ObjectId* args) const;
    bool contains(const StateLayout& layout, PredicateId p, std::span<const ObjectId> args) const {
        return contains(layout, p, args.data());
    }

    std::span<const ObjectId> words() const { return words_; }
    std::uint64_t hash() const;
    bool operator==(const State&) const = default;

  private:
    std::vector<ObjectId> words_;
};

// Builds states from lists of ground atoms (any order, duplicates allowed).
class StateBuilder {
  public:
    explicit StateBuilder(const StateLayout& layout);
    void add(PredicateId p, std::span<const ObjectId> args);
    // Sorts, deduplicates and packs; the builder is empty afterwards.
    State build();

  private:
    const StateLayout& layout_;
    std::vector<std::vector<ObjectId>> tuples_;  // per slot, flat
};

// Lexicographic order of two tuples of n objects, by object id, first
// position first: -1, 0 or 1. The order of sorted relations, hence of state
// and graph canonical forms.
inline int compare_object_tuples(const ObjectId* a, const ObjectId* b, int n) {
    for (int i = 0; i < n; ++i) {
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

// Binary search for a tuple of rel.stride objects in a sorted relation.
inline bool relation_contains(const RelationView& rel, const ObjectId* tuple) {
    const int stride = rel.stride;
    int lo = 0, hi = rel.size;
    if (stride == 1) {  // no inner loop (wasm engines check the stack in every loop)
        const ObjectId x = tuple[0];
        while (lo < hi) {
            const int mid = (lo + hi) >> 1;
            const ObjectId y = rel.data[mid];
            if (y == x) return true;
            if (y < x)
                lo = mid + 1;
            else
                hi = mid;
        }
        return false;
    }
    while (lo < hi) {
        const int mid = (lo + hi) >> 1;
        const ObjectId* t = rel.data + static_cast<std::size_t>(mid) * stride;
        int i = 0;
        while (i < stride && t[i] == tuple[i])
            ++i;
        if (i == stride) return true;
        if (t[i] < tuple[i])
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}
inline bool relation_contains(const RelationView& rel, std::span<const ObjectId> tuple) {
    return relation_contains(rel, tuple.data());
}
// Sorts a flat array of tuples of the given stride and removes duplicates.
void sort_unique_tuples(std::vector<ObjectId>& flat, int stride);

// The range [first, last) of tuples whose first `prefix.size()` objects equal
// `prefix`.
std::pair<int, int> relation_prefix_range(const RelationView& rel,
                                          std::span<const ObjectId> prefix);

// The fluent atoms of the initial state. `budget` (null: none) is polled
// by the axiom evaluation of a task with axioms, and only there.
State initial_state(const Task& task, const StateLayout& layout, Budget* budget = nullptr);

// The applicable action's successor: deletes first, then adds (PDDL).
// `budget` as for initial_state().
State apply_action(const Task& task, const StateLayout& layout, const State& state,
                   const GroundAction& action, Budget* budget = nullptr);

// apply_action() with its working buffers kept from one call to the next: a
// search applies millions of actions, and each call would otherwise allocate
// three vectors besides the new state's. Task and layout must outlive it.
class ActionApplier {
  public:
    ActionApplier(const Task& task, const StateLayout& layout) : task_(&task), layout_(&layout) {}
    State apply(const State& state, SchemaId schema, std::span<const ObjectId> arguments);
    // Polled by the axiom evaluation of the successors (null: none).
    void set_budget(Budget* budget) { budget_ = budget; }

  private:
    struct Effect {
        int slot;
        bool add;
        int offset;  // of the atom's arguments in args_
    };
    const Task* task_;
    const StateLayout* layout_;
    Budget* budget_ = nullptr;
    std::vector<Effect> effects_;
    std::vector<ObjectId> args_, rel_;
};

// Every fluent atom of the state, in predicate order (for printing/tests).
std::vector<GroundAtom> fluent_atoms(const StateLayout& layout, const State& state);

std::uint64_t hash_words(std::span<const ObjectId> words);

// Whether two packed states (or any word blocks) are equal. Natively libc's
// vectorised memcmp; in wasm a word loop, since Emscripten's libc memcmp
// compares byte by byte. Hot: duplicate detection, and the successor
// generator's "same state as last time?" (once per partial action in PS²).
inline bool equal_words(std::span<const ObjectId> a, std::span<const ObjectId> b) {
    if (a.size() != b.size()) return false;
#if defined(__EMSCRIPTEN__)
    std::size_t i = 0;
    while (i < a.size() && a[i] == b[i])
        ++i;
    return i == a.size();
#else
    return a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(ObjectId)) == 0;
#endif
}

inline bool State::contains(const StateLayout& layout, PredicateId p, const ObjectId* args) const {
    const RelationView rel = relation(layout, p);
    if (layout.arity(p) == 0) return rel.size > 0;
    return relation_contains(rel, args);
}

}  // namespace ll
