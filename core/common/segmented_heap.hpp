// A binary heap on a SegmentedVector: an open list grows with the search
// and must not double in one block (the copy of a 100-million-entry
// std::vector takes seconds of page faults, with no limit checked, and
// overshoots the memory limit). `Later(a, b)`: b comes out before a. With
// a total order (unique sequence numbers) the pop order is that of any
// correct heap, std::priority_queue's included.
#pragma once

#include <cstddef>

#include "core/common/segmented_vector.hpp"

namespace ll {

template <class T, class Later>
class SegmentedHeap {
  public:
    void push(const T& value) {
        std::size_t i = heap_.size();
        heap_.push_back(value);
        while (i > 0) {  // sift up from the new leaf
            const std::size_t parent = (i - 1) / 2;
            if (!Later{}(heap_[parent], value)) break;
            heap_[i] = heap_[parent];
            i = parent;
        }
        heap_[i] = value;
    }

    const T& top() const { return heap_[0]; }

    // Removes the top; the heap must not be empty.
    void pop() {
        const T last = heap_.back();
        heap_.pop_back();
        const std::size_t n = heap_.size();
        if (n == 0) return;
        std::size_t i = 0;
        for (;;) {  // sift the last leaf down from the root
            std::size_t child = 2 * i + 1;
            if (child >= n) break;
            if (child + 1 < n && Later{}(heap_[child], heap_[child + 1])) ++child;
            if (!Later{}(last, heap_[child])) break;
            heap_[i] = heap_[child];
            i = child;
        }
        heap_[i] = last;
    }

    bool empty() const { return heap_.empty(); }
    std::size_t size() const { return heap_.size(); }

  private:
    SegmentedVector<T> heap_;
};

}  // namespace ll
