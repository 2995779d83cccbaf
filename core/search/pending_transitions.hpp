// The (parent, action) pairs a lazy engine queues instead of states: one
// flat store of [parent, schema, arguments...] words, an entry's offset is
// what the open list holds. Shared by LazySearch and anytime search's
// LazyWeightedSearch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "core/common/budget.hpp"
#include "core/common/ids.hpp"
#include "core/common/segmented_vector.hpp"
#include "core/search/search_space.hpp"

namespace ll {

class PendingTransitions {
  public:
    // Stores the pair; returns its offset. Offsets are int32 (open lists
    // hold NodeIds): past 2^31 words (8 GB of queued actions) the store
    // counts as out of memory.
    std::int32_t push(NodeId parent, SchemaId schema, std::span<const ObjectId> arguments) {
        const std::size_t at = words_.size();
        if (at + 2 + arguments.size() > std::size_t(std::numeric_limits<std::int32_t>::max()))
            throw LimitReached(LimitReached::Kind::Memory);
        words_.push_back(parent);
        words_.push_back(schema);
        for (ObjectId a : arguments)
            words_.push_back(a);
        return static_cast<std::int32_t>(at);
    }

    NodeId parent(std::size_t at) const { return words_[at]; }
    SchemaId schema(std::size_t at) const { return words_[at + 1]; }
    // The entry's arguments (`arity` of them: the schema's) into `out`.
    void arguments(std::size_t at, std::size_t arity, std::vector<ObjectId>& out) const {
        out.clear();
        for (std::size_t i = 0; i < arity; ++i)
            out.push_back(words_[at + 2 + i]);
    }

    std::int64_t bytes() const {
        return static_cast<std::int64_t>(words_.size() * sizeof(std::int32_t));
    }

  private:
    SegmentedVector<std::int32_t> words_;
};

}  // namespace ll
