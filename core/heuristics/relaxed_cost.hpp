// Costs of the relaxed explorations (the ground one, GroundRelaxation, and
// the lifted one, datalog::Exploration): both queue facts in one bucket per
// cost value and need the same two things for large action costs.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <tuple>
#include <vector>

namespace ll {

// An unreached fact's cost.
inline constexpr int kRelaxedInfinity = 1 << 30;

// A sum of costs, stopped short of kRelaxedInfinity (then a lower bound),
// so that a sum of two costs never overflows an int.
inline int capped_cost(std::int64_t cost) {
    return static_cast<int>(std::min<std::int64_t>(cost, kRelaxedInfinity - 1));
}

// The facts whose cost is too large for a bucket of its own (from kBuckets
// on): a min-heap in the buckets' order, (cost, push order), without a
// bucket per value.
class FarFacts {
  public:
    static constexpr std::size_t kBuckets = std::size_t(1) << 16;

    void clear() {
        heap_.clear();
        pushes_ = 0;
    }
    bool empty() const { return heap_.empty(); }
    void push(int cost, int fact) {
        heap_.emplace_back(cost, pushes_++, fact);
        std::push_heap(heap_.begin(), heap_.end(), std::greater<>{});
    }
    // Removes the cheapest entry (the earliest pushed on ties): {cost, fact}.
    std::pair<int, int> pop() {
        std::pop_heap(heap_.begin(), heap_.end(), std::greater<>{});
        const auto [cost, order, fact] = heap_.back();
        heap_.pop_back();
        return {cost, fact};
    }

  private:
    std::vector<std::tuple<int, std::uint64_t, int>> heap_;
    std::uint64_t pushes_ = 0;
};

}  // namespace ll
