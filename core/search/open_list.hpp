// GBFS open list: buckets by integer heuristic value, FIFO within a bucket
// (deterministic tie-breaking: among equal h, the oldest node first).
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
        const std::size_t key = static_cast<std::size_t>(std::llround(h));
        if (key >= buckets_.size()) buckets_.resize(key + 1);
        buckets_[key].push_back(node);
        if (key < min_) min_ = key;
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
    std::size_t min_ = SIZE_MAX;
    std::size_t size_ = 0;
};

}  // namespace ll
