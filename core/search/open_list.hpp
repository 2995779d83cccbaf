// GBFS open list: buckets by integer heuristic value, FIFO within a bucket
// (deterministic tie-breaking: among equal h, the oldest node first).
// Values are rounded to the nearest integer; learnt heuristics may be
// negative, so the bucket range grows downwards as well as upwards.
#pragma once

#include <cmath>
#include <cstdint>
#include <deque>
#include <vector>

#include "core/search/search_space.hpp"

namespace ll {

class BucketOpenList {
  public:
    void push(double h, NodeId node) {
        const std::int64_t key = std::llround(h);
        if (size_ == 0 && buckets_.empty()) offset_ = key;
        if (key < offset_) {
            // Prepend empty buckets (rare: only when h drops below all so far).
            buckets_.insert(buckets_.begin(), static_cast<std::size_t>(offset_ - key), {});
            min_ += static_cast<std::size_t>(offset_ - key);
            offset_ = key;
        }
        const std::size_t index = static_cast<std::size_t>(key - offset_);
        if (index >= buckets_.size()) buckets_.resize(index + 1);
        buckets_[index].push_back(node);
        if (size_ == 0 || index < min_) min_ = index;
        ++size_;
    }
    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }
    NodeId pop() {
        while (buckets_[min_].empty())
            ++min_;
        NodeId node = buckets_[min_].front();
        buckets_[min_].pop_front();
        --size_;
        return node;
    }

  private:
    std::vector<std::deque<NodeId>> buckets_;
    std::int64_t offset_ = 0;  // heuristic value of buckets_[0]
    std::size_t min_ = 0;      // no non-empty bucket below this index
    std::size_t size_ = 0;
};

}  // namespace ll
