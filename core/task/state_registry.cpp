// Open-addressing state interning over a flat arena.
#include "core/task/state_registry.hpp"

#include <algorithm>

namespace ll {

std::span<const ObjectId> StateRegistry::words(StateId id) const {
    return {arena_.data() + offsets_[id],
            static_cast<std::size_t>(offsets_[id + 1] - offsets_[id])};
}

State StateRegistry::get(StateId id) const {
    auto w = words(id);
    return State(std::vector<ObjectId>(w.begin(), w.end()));
}

bool StateRegistry::equal(StateId id, std::span<const ObjectId> w) const {
    auto stored = words(id);
    return stored.size() == w.size() && std::equal(stored.begin(), stored.end(), w.begin());
}

void StateRegistry::grow() {
    std::size_t capacity = table_.empty() ? 1024 : table_.size() * 2;
    table_.assign(capacity, -1);
    const std::size_t mask = capacity - 1;
    for (StateId id = 0; id < size(); ++id) {
        std::size_t pos = hashes_[id] & mask;
        while (table_[pos] != -1)
            pos = (pos + 1) & mask;
        table_[pos] = id;
    }
}

StateId StateRegistry::insert(const State& state, bool& inserted) {
    if ((size() + 1) * 2 > static_cast<int>(table_.size())) grow();
    const auto w = state.words();
    const std::uint64_t h = hash_words(w);
    const std::size_t mask = table_.size() - 1;
    std::size_t pos = h & mask;
    while (table_[pos] != -1) {
        StateId other = table_[pos];
        if (hashes_[other] == h && equal(other, w)) {
            inserted = false;
            return other;
        }
        pos = (pos + 1) & mask;
    }
    StateId id = size();
    arena_.insert(arena_.end(), w.begin(), w.end());
    offsets_.push_back(arena_.size());
    hashes_.push_back(h);
    table_[pos] = id;
    inserted = true;
    return id;
}

}  // namespace ll
