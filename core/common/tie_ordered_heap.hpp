// A min-heap of (key tuple, payload) with ties in insertion order (FIFO) or
// its reverse (LIFO), in compact entries: K doubles, a 32-bit sequence and
// the 32-bit payload (16 bytes for one key). Open lists hold an entry per
// generated transition, most of a lazy search's memory, so a 64-bit
// sequence (8 bytes more per entry) is not worth its range: when the
// sequence would wrap (2^32 pushes), the held entries are renumbered in
// pop order, which keeps every later pop what it would have been.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "core/common/segmented_heap.hpp"

namespace ll {

template <std::size_t K, class Payload>
class TieOrderedHeap {
    static_assert(K >= 1 && sizeof(Payload) <= 4, "one or more keys, a 32-bit payload");

  public:
    using Key = std::array<double, K>;

    // `sequence_limit`: pushes between renumberings (at most 2^32; smaller
    // only in tests, to reach the renumbering).
    explicit TieOrderedHeap(bool lifo = false, std::uint64_t sequence_limit = std::uint64_t(1)
                                                                              << 32)
        : lifo_(lifo), sequence_limit_(sequence_limit) {
        if (sequence_limit == 0 || sequence_limit > (std::uint64_t(1) << 32)) {
            throw std::logic_error("a tie-ordered heap numbers 1 to 2^32 entries");
        }
    }

    void push(const Key& key, Payload payload) {
        if (pushed_ >= sequence_limit_) renumber();
        heap_.push(Entry{key, sequence_of(pushed_++), payload});
    }

    // The payload of the first entry; the heap must not be empty.
    Payload top() const { return heap_.top().payload; }
    void pop() { heap_.pop(); }
    bool empty() const { return heap_.empty(); }
    std::size_t size() const { return heap_.size(); }
    static constexpr std::size_t entry_bytes() { return sizeof(Entry); }

  private:
    struct Entry {
        Key key;
        std::uint32_t sequence;
        Payload payload;
    };
    // "Later(a, b)": b comes first.
    struct Later {
        bool operator()(const Entry& a, const Entry& b) const {
            if (a.key != b.key) return b.key < a.key;
            return b.sequence < a.sequence;
        }
    };

    // LIFO counts down: the newest entry has the smallest sequence.
    std::uint32_t sequence_of(std::uint64_t n) const {
        const auto s = static_cast<std::uint32_t>(n);
        return lifo_ ? ~s : s;
    }

    // Gives the held entries the sequences 0..n-1 in their pop order (n-1..0
    // for LIFO), so that numbering continues from n with the order unchanged.
    void renumber() {
        std::vector<Entry> held;
        held.reserve(heap_.size());
        while (!heap_.empty()) {
            held.push_back(heap_.top());
            heap_.pop();
        }
        const std::size_t n = held.size();
        for (std::size_t i = 0; i < n; ++i) {
            held[i].sequence = sequence_of(lifo_ ? n - 1 - i : i);
            heap_.push(held[i]);
        }
        pushed_ = n;
    }

    bool lifo_;
    std::uint64_t sequence_limit_;
    SegmentedHeap<Entry, Later> heap_;
    std::uint64_t pushed_ = 0;  // since the last renumbering
};

}  // namespace ll
