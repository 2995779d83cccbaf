// Mutex fact pairs for the reasonable orderings of the landmark generator:
// the greatest set M of candidate pairs {p, q}, none both true initially,
// such that every achiever of p either deletes q (without adding it) or has
// a precondition r with {r, q} in M, and symmetrically for q. M is an
// inductive invariant (no reachable state holds both facts of a pair of M),
// so its pairs are mutex. Candidates are the queried pairs and, closed
// under what their proof needs, the pairs of those preconditions, up to a
// bound; a pair beyond it, or a proof that does not converge in the work
// bound, counts as not mutex.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <unordered_map>
#include <vector>

namespace ll {

struct MutexTask {
    int num_facts = 0;
    std::span<const std::uint8_t> initial;  // per fact
    // Per fact, its achievers; per action, its preconditions; whether an
    // action adds / deletes a fact.
    std::function<std::span<const int>(int)> achievers, preconditions;
    std::function<bool(int, int)> adds, deletes;
    // The pairs a proof may add as candidates (null: any). A pair left out
    // counts as not mutex: on grids the unrestricted closure reaches every
    // pair of positions, where the proofs wanted stay local.
    std::function<bool(int, int)> may_add;
};

class FactMutexes {
  public:
    // Proves what it can of `queries` (pairs of facts).
    FactMutexes(const MutexTask& task, std::span<const std::pair<int, int>> queries,
                std::size_t max_pairs = 50'000, std::int64_t max_work = 10'000'000);
    bool mutex(int p, int q) const;
    std::size_t num_candidates() const { return pairs_.size(); }

  private:
    static std::uint64_t key(int p, int q) {
        if (p > q) std::swap(p, q);
        return (std::uint64_t(std::uint32_t(p)) << 32) | std::uint32_t(q);
    }
    // The pair's index (-1: not a candidate, so not mutex); adds it when
    // `grow` and there is room.
    int index(int p, int q, bool grow);
    // Whether {p, q} survives: every achiever of `p` keeps `q` false.
    bool kept_false(int p, int q, bool grow);

    const MutexTask& task_;
    std::size_t max_pairs_;
    std::unordered_map<std::uint64_t, int> index_;
    std::vector<std::pair<int, int>> pairs_;
    std::vector<std::uint8_t> alive_;
    bool proved_ = false;
};

}  // namespace ll
