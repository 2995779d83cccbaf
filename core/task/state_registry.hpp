// Interns states: each distinct state is stored once, in one arena, and
// identified by a dense StateId. Duplicate detection compares full contents,
// never just hashes.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/task/state.hpp"

namespace ll {

using StateId = std::int32_t;

class StateRegistry {
  public:
    // Returns the id of `state`, inserting it if new; `inserted` tells which.
    StateId insert(const State& state, bool& inserted);
    // A copy of the state (states are stored packed in the arena).
    State get(StateId id) const;
    std::span<const ObjectId> words(StateId id) const;
    int size() const { return static_cast<int>(offsets_.size()) - 1; }

  private:
    void grow();
    bool equal(StateId id, std::span<const ObjectId> words) const;

    std::vector<ObjectId> arena_;
    std::vector<std::uint64_t> offsets_{0};
    std::vector<std::uint64_t> hashes_;
    // Open addressing table of state ids (-1 = empty); capacity a power of 2.
    std::vector<StateId> table_;
};

}  // namespace ll
