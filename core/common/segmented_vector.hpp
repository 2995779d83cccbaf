// A growable array stored in fixed-size segments (at most 1 MiB each), for
// the stores that grow with the search (node records, state offsets, open
// lists). A std::vector grows by doubling: its last growth copies X bytes
// into a new block of 2X while both are resident, inside one allocation that
// no budget poll can interrupt, so a search under a memory limit peaks at
// about its store's size above the limit. Here growing allocates
// one more segment and copies nothing; the pages of a segment become
// resident only as elements are written, so resident memory follows the
// elements and the budget's periodic check (core/common/budget.hpp) sees it
// grow. Only the first segment is doubled, from 512 bytes up to a full
// segment, so that small stores stay small (a copy of at most 1 MiB).
//
// Elements are reached by index (the segment's address is one extra load)
// and are not contiguous across segments. Trivially copyable elements only:
// segments are raw memory, copied with memcpy and never destroyed per element.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace ll {

inline constexpr std::size_t kSegmentBytes = std::size_t(1) << 20;

template <class T>
class SegmentedVector {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                  "SegmentedVector stores trivially copyable elements only");

  public:
    // Elements per segment: a power of two (index = segment << kShift | offset).
    static constexpr int kShift =
        std::bit_width(std::max<std::size_t>(kSegmentBytes / sizeof(T), 1)) - 1;
    static constexpr std::size_t kPerSegment = std::size_t(1) << kShift;
    static constexpr std::size_t kMask = kPerSegment - 1;
    static constexpr std::size_t kFirstCapacity =
        std::min(kPerSegment, std::max<std::size_t>(512 / sizeof(T), 1));

    SegmentedVector() = default;
    SegmentedVector(const SegmentedVector& other) {
        for (std::size_t i = 0; i < other.size_; ++i)
            push_back(other[i]);
    }
    SegmentedVector(SegmentedVector&& other) noexcept { swap(other); }
    SegmentedVector& operator=(SegmentedVector other) noexcept {
        swap(other);
        return *this;
    }
    ~SegmentedVector() { release(); }

    void swap(SegmentedVector& other) noexcept {
        segments_.swap(other.segments_);
        std::swap(size_, other.size_);
        std::swap(capacity_, other.capacity_);
    }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }

    T& operator[](std::size_t i) { return segments_[i >> kShift][i & kMask]; }
    const T& operator[](std::size_t i) const { return segments_[i >> kShift][i & kMask]; }
    T& back() { return (*this)[size_ - 1]; }
    const T& back() const { return (*this)[size_ - 1]; }

    void push_back(const T& value) {
        if (size_ == capacity_) grow();
        ::new (static_cast<void*>(&(*this)[size_])) T(value);
        ++size_;
    }
    void pop_back() { --size_; }

    // Grows to `n` elements, the new ones set to `value` (or shrinks to n).
    void resize(std::size_t n, const T& value) {
        if (n <= size_) {
            size_ = n;
            return;
        }
        while (size_ < n)
            push_back(value);
    }

  private:
    static T* allocate(std::size_t n) { return std::allocator<T>().allocate(n); }
    static void deallocate(T* p, std::size_t n) { std::allocator<T>().deallocate(p, n); }

    void grow() {
        if (capacity_ < kPerSegment) {
            // The first segment doubles until it is a full segment.
            const std::size_t capacity =
                capacity_ == 0 ? kFirstCapacity : std::min(2 * capacity_, kPerSegment);
            T* fresh = allocate(capacity);
            if (segments_.empty()) {
                try {
                    segments_.push_back(fresh);
                } catch (...) {
                    deallocate(fresh, capacity);
                    throw;
                }
            } else {
                if (size_ > 0)
                    std::memcpy(static_cast<void*>(fresh), segments_[0], size_ * sizeof(T));
                deallocate(segments_[0], capacity_);
                segments_[0] = fresh;
            }
            capacity_ = capacity;
            return;
        }
        T* fresh = allocate(kPerSegment);
        try {
            segments_.push_back(fresh);
        } catch (...) {
            deallocate(fresh, kPerSegment);
            throw;
        }
        capacity_ += kPerSegment;
    }

    void release() {
        for (std::size_t s = 0; s < segments_.size(); ++s)
            deallocate(segments_[s], s == 0 ? std::min(capacity_, kPerSegment) : kPerSegment);
        segments_.clear();
        size_ = capacity_ = 0;
    }

    std::vector<T*> segments_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

}  // namespace ll
