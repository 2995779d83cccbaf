// Sparse feature vectors (WL colour histograms) and a matrix of distinct rows.
// Rows are interned: the same vector added twice gets the same row index, so
// datasets refer to rows by index and identical-pair filtering is `a == b`.
#pragma once

#include <cstdint>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ll {

// (feature id, count) sorted by id, ids distinct, counts > 0.
struct SparseEntry {
    int feature = 0;
    double value = 0;
    bool operator==(const SparseEntry&) const = default;
};
using SparseVector = std::vector<SparseEntry>;

class FeatureMatrix {
  public:
    // Index of the row equal to `row` (added if new). `row` must be sorted
    // by feature id with distinct ids.
    int intern(std::span<const SparseEntry> row) {
        const std::uint64_t h = hash(row);
        auto [first, last] = index_.equal_range(h);
        for (auto it = first; it != last; ++it)
            if (equal(this->row(it->second), row)) return it->second;
        const int id = num_rows();
        entries_.insert(entries_.end(), row.begin(), row.end());
        starts_.push_back(entries_.size());
        index_.emplace(h, id);
        for (const auto& e : row)
            if (e.feature >= num_features_) num_features_ = e.feature + 1;
        return id;
    }
    int num_rows() const { return static_cast<int>(starts_.size()) - 1; }
    // One more than the largest feature id seen.
    int num_features() const { return num_features_; }
    std::span<const SparseEntry> row(int i) const {
        return {entries_.data() + starts_[i], starts_[i + 1] - starts_[i]};
    }
    std::size_t num_entries() const { return entries_.size(); }

  private:
    static std::uint64_t hash(std::span<const SparseEntry> row) {
        std::uint64_t h = 0x9e3779b97f4a7c15ull ^ row.size();
        for (const auto& e : row) {
            std::uint64_t v = (std::uint64_t(std::uint32_t(e.feature)) << 32) ^
                              std::uint64_t(static_cast<std::int64_t>(e.value));
            h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
        }
        return h;
    }
    static bool equal(std::span<const SparseEntry> a, std::span<const SparseEntry> b) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!(a[i] == b[i])) return false;
        return true;
    }

    std::vector<SparseEntry> entries_;
    std::vector<std::size_t> starts_{0};
    std::unordered_multimap<std::uint64_t, int> index_;  // lookup only, never iterated
    int num_features_ = 0;
};

}  // namespace ll
