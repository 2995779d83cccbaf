// Interning of small integer tuples tagged with a kind (a predicate, or a
// rule side for join indexes): open addressing, full-key equality, and O(1)
// clear between heuristic evaluations (slots are stamped with a generation).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/common/ids.hpp"

namespace ll {

class TupleTable {
  public:
    // Returns the id of (tag, values) and whether it was inserted now.
    std::pair<int, bool> insert(int tag, const ObjectId* values, int n) {
        if ((size() + 1) * 2 > static_cast<int>(slots_.size())) grow();
        const std::uint32_t h = hash(tag, values, n);
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t pos = h & mask;; pos = (pos + 1) & mask) {
            Slot& slot = slots_[pos];
            if (slot.stamp != stamp_) {
                const int id = size();
                store(tag, values, n);
                slot = {stamp_, id, h};
                return {id, true};
            }
            if (slot.hash == h && equals(slot.id, tag, values, n)) return {slot.id, false};
        }
    }

    // Stores (tag, values) under a new id without indexing it: for callers
    // that find tuples through an index of their own.
    int append(int tag, const ObjectId* values, int n) {
        const int id = size();
        store(tag, values, n);
        return id;
    }

    // The id of (tag, values), or -1.
    int find(int tag, const ObjectId* values, int n) const {
        if (slots_.empty()) return -1;
        const std::uint32_t h = hash(tag, values, n);
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t pos = h & mask;; pos = (pos + 1) & mask) {
            const Slot& slot = slots_[pos];
            if (slot.stamp != stamp_) return -1;
            if (slot.hash == h && equals(slot.id, tag, values, n)) return slot.id;
        }
    }

    void clear() {
        arena_.clear();
        offsets_.clear();
        if (++stamp_ == 0) {  // stamp wrapped: really clear
            for (Slot& s : slots_)
                s.stamp = 0;
            stamp_ = 1;
        }
    }

    int size() const { return static_cast<int>(offsets_.size()); }
    int tag(int id) const { return arena_[offsets_[id]]; }
    int arity(int id) const { return arena_[offsets_[id] + 1]; }
    const ObjectId* values(int id) const { return arena_.data() + offsets_[id] + 2; }

  private:
    // Element by element on purpose: tuples hold 1-4 values, and a memcpy
    // call per tuple costs far more in wasm than the loop (10-16% of search
    // time, benchmarks/results/wasm-vs-native-notes.md); natively the same.
    void store(int tag, const ObjectId* values, int n) {
        offsets_.push_back(static_cast<std::uint32_t>(arena_.size()));
        arena_.push_back(tag);
        arena_.push_back(n);
        for (int i = 0; i < n; ++i)
            arena_.push_back(values[i]);
    }

    struct Slot {
        std::uint32_t stamp = 0;
        std::int32_t id = -1;
        std::uint32_t hash = 0;
    };

    static std::uint32_t hash(int tag, const ObjectId* v, int n) {
        std::uint64_t h = 0x9e3779b97f4a7c15ull * (std::uint64_t(tag) + 1);
        for (int i = 0; i < n; ++i) {
            h ^= std::uint32_t(v[i]) + 0x9e3779b9u + (h << 6) + (h >> 2);
            h *= 0xff51afd7ed558ccdull;
        }
        h ^= h >> 33;
        return static_cast<std::uint32_t>(h);
    }

    bool equals(int id, int tag, const ObjectId* v, int n) const {
        const ObjectId* stored = arena_.data() + offsets_[id];
        if (stored[0] != tag || stored[1] != n) return false;
        for (int i = 0; i < n; ++i) {
            if (stored[2 + i] != v[i]) return false;
        }
        return true;
    }

    void grow() {
        std::vector<Slot> old;
        old.swap(slots_);
        // Sized from the number of ids, not from the old capacity: append()
        // adds ids without slots, and every id is rehashed below.
        std::size_t capacity = old.empty() ? 1024 : old.size() * 2;
        while (capacity < 2 * (static_cast<std::size_t>(size()) + 1))
            capacity *= 2;
        slots_.assign(capacity, Slot{});
        const std::uint32_t fresh = stamp_;
        const std::size_t mask = slots_.size() - 1;
        for (int id = 0; id < size(); ++id) {
            const std::uint32_t h = hash(tag(id), values(id), arity(id));
            std::size_t pos = h & mask;
            while (slots_[pos].stamp == fresh)
                pos = (pos + 1) & mask;
            slots_[pos] = {fresh, id, h};
        }
    }

    std::vector<ObjectId> arena_;
    std::vector<std::uint32_t> offsets_;
    std::vector<Slot> slots_;
    std::uint32_t stamp_ = 1;
};

}  // namespace ll
