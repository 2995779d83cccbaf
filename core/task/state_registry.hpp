// Interns states (and, in PS², node keys): each distinct word sequence is
// stored once and identified by a dense id in insertion order. Duplicate
// detection compares full contents, never just hashes.
//
// Everything here grows with the search, so nothing grows by doubling one
// large block (a doubling copies X bytes into 2X in one
// allocation, past any memory limit): the words live in chunks of at most
// 1 MiB that are never moved, the per-id offsets and hashes in segmented
// vectors, and the open-addressing index is split into 64 shards by the top
// bits of the hash, each rehashed on its own, so that one growth allocates
// 1/64 of the index. A shard's growth first asks the budget, if one is set
// (check_allocation), and throws LimitReached before changing anything.
//
// A slot holds the id and the low 32 bits of the hash: a probe reads only
// the slot (one cache line for a whole probe sequence) until the tags match,
// and a rehash reads no per-id array. Large searches are bound by these
// random reads, more so when another process shares the memory bus.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/common/budget.hpp"
#include "core/common/segmented_vector.hpp"
#include "core/task/state.hpp"

namespace ll {

using StateId = std::int32_t;

class StateRegistry {
  public:
    // Returns the id of `state`, inserting it if new; `inserted` tells which.
    StateId insert(const State& state, bool& inserted) { return insert(state.words(), inserted); }
    StateId insert(std::span<const ObjectId> words, bool& inserted);
    // A copy of the state (states are stored packed in the arena).
    State get(StateId id) const;
    std::span<const ObjectId> words(StateId id) const {
        const std::uint64_t at = offsets_[static_cast<std::size_t>(id)];
        const ObjectId* record = chunks_[at >> 32].get() + (at & 0xffffffffu);
        return {record + 1, static_cast<std::size_t>(record[0])};
    }
    int size() const { return static_cast<int>(offsets_.size()); }
    // The bytes held: the chunks of words, the per-id offsets and hashes,
    // the index (for the search statistics).
    std::size_t memory_bytes() const;

    // Growths of the index ask `budget` first (null: no limit).
    void set_budget(Budget* budget) { budget_ = budget; }

  private:
    static constexpr int kShardBits = 6;
    static constexpr std::size_t kFirstShardSlots = 16;
    static constexpr std::size_t kFirstChunkWords = 1024;
    static constexpr std::size_t kMaxChunkWords = std::size_t(1) << 18;  // 1 MiB

    // A slot: (low 32 bits of the hash) << 32 | (id + 1); 0 = empty.
    using Slot = std::uint64_t;
    struct Shard {
        std::vector<Slot> slots;  // open addressing, a power of 2 (at most 2^32)
        std::size_t count = 0;
    };

    static std::size_t shard_of(std::uint64_t hash) { return hash >> (64 - kShardBits); }
    static Slot make_slot(std::uint64_t hash, StateId id) {
        return (hash << 32) | static_cast<std::uint32_t>(id + 1);
    }
    static StateId id_of(Slot slot) { return static_cast<StateId>((slot & 0xffffffffu) - 1); }
    void grow(Shard& shard);
    bool equal(StateId id, std::span<const ObjectId> words) const;
    // Stores [size, words...] contiguously; returns its (chunk << 32 | offset).
    std::uint64_t store(std::span<const ObjectId> words);

    std::vector<std::unique_ptr<ObjectId[]>> chunks_;
    std::size_t chunk_used_ = 0;
    std::size_t chunk_capacity_ = 0;
    std::size_t chunk_words_ = 0;  // the capacity of all chunks
    SegmentedVector<std::uint64_t> offsets_;
    std::array<Shard, std::size_t(1) << kShardBits> shards_;
    Budget* budget_ = nullptr;
};

}  // namespace ll
