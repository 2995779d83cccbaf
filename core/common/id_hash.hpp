// A hash of an id tuple headed by a predicate or a schema (an atom or a
// ground action): the key of the hash-sorted lookups of the search, where
// equal keys are then compared in full.
#pragma once

#include <cstdint>
#include <span>

#include "core/common/ids.hpp"

namespace ll {

// FNV-1a over the head and the arguments, 64 bits.
inline std::uint64_t hash_id_tuple(std::int32_t head, std::span<const ObjectId> arguments) {
    std::uint64_t h = 0xcbf29ce484222325ULL ^ static_cast<std::uint64_t>(head);
    for (ObjectId a : arguments)
        h = (h ^ static_cast<std::uint64_t>(a)) * 0x100000001b3ULL;
    return h;
}

}  // namespace ll
