// State interning over never-moved chunks and a sharded open-addressing
// index (see the header for why nothing here doubles in one block).
#include "core/task/state_registry.hpp"

#include <algorithm>
#include <stdexcept>

namespace ll {

State StateRegistry::get(StateId id) const {
    auto w = words(id);
    return State(std::vector<ObjectId>(w.begin(), w.end()));
}

bool StateRegistry::equal(StateId id, std::span<const ObjectId> w) const {
    return equal_words(words(id), w);
}

std::uint64_t StateRegistry::store(std::span<const ObjectId> w) {
    const std::size_t need = w.size() + 1;
    if (need > (std::size_t(1) << 28)) {  // offsets within a chunk must fit 32 bits
        throw std::length_error("state registry: a state of more than 2^28 words");
    }
    if (chunks_.empty() || chunk_capacity_ - chunk_used_ < need) {
        // Chunks double from 4 KiB to 1 MiB, then stay at 1 MiB (larger only
        // for records above 1/8 of that, so that a chunk's unused tail stays
        // small). Pages become resident as records are written.
        std::size_t capacity =
            chunks_.empty() ? kFirstChunkWords : std::min(2 * chunk_capacity_, kMaxChunkWords);
        capacity = std::max(capacity, 8 * need);
        chunks_.push_back(std::unique_ptr<ObjectId[]>(new ObjectId[capacity]));
        chunk_capacity_ = capacity;
        chunk_words_ += capacity;
        chunk_used_ = 0;
    }
    ObjectId* record = chunks_.back().get() + chunk_used_;
    record[0] = static_cast<ObjectId>(w.size());
    std::copy(w.begin(), w.end(), record + 1);
    const std::uint64_t at = (std::uint64_t(chunks_.size() - 1) << 32) | chunk_used_;
    chunk_used_ += need;
    return at;
}

std::size_t StateRegistry::memory_bytes() const {
    std::size_t bytes = chunk_words_ * sizeof(ObjectId) + offsets_.size() * sizeof(std::uint64_t);
    for (const Shard& shard : shards_)
        bytes += shard.slots.size() * sizeof(Slot);
    return bytes;
}

void StateRegistry::grow(Shard& shard) {
    const std::size_t capacity = shard.slots.empty() ? kFirstShardSlots : 2 * shard.slots.size();
    if (capacity > (std::size_t(1) << 32)) {  // positions come from the 32-bit tag
        throw std::length_error("state registry: more than 2^32 slots in a shard");
    }
    // The new slots are written (resident) at once, next to the old ones.
    if (budget_ != nullptr) budget_->check_allocation(capacity * sizeof(Slot));
    std::vector<Slot> slots(capacity, 0);
    const std::size_t mask = capacity - 1;
    for (Slot slot : shard.slots) {
        if (slot == 0) continue;
        std::size_t pos = (slot >> 32) & mask;
        while (slots[pos] != 0)
            pos = (pos + 1) & mask;
        slots[pos] = slot;
    }
    shard.slots.swap(slots);
}

StateId StateRegistry::insert(std::span<const ObjectId> w, bool& inserted) {
    const std::uint64_t h = hash_words(w);
    const std::uint64_t tag = h << 32;
    Shard& shard = shards_[shard_of(h)];
    std::size_t pos = 0;
    if (!shard.slots.empty()) {
        const std::size_t mask = shard.slots.size() - 1;
        for (pos = h & mask; shard.slots[pos] != 0; pos = (pos + 1) & mask) {
            const Slot slot = shard.slots[pos];
            if ((slot & 0xffffffff00000000ull) == tag && equal(id_of(slot), w)) {
                inserted = false;
                return id_of(slot);
            }
        }
    }
    // New: only an insertion grows the shard (and may throw, changing nothing).
    // Up to 3/4 full: a probe sequence stays within a cache line or two.
    if ((shard.count + 1) * 4 > shard.slots.size() * 3) {
        grow(shard);
        const std::size_t mask = shard.slots.size() - 1;
        for (pos = h & mask; shard.slots[pos] != 0; pos = (pos + 1) & mask) {
        }
    }
    const StateId id = size();
    offsets_.push_back(store(w));
    shard.slots[pos] = make_slot(h, id);
    ++shard.count;
    inserted = true;
    return id;
}

}  // namespace ll
