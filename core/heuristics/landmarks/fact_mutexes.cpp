// Mutex fact pairs by a greatest fixpoint over candidate pairs (see header).
#include "core/heuristics/landmarks/fact_mutexes.hpp"

namespace ll {

int FactMutexes::index(int p, int q, bool grow) {
    if (p == q) return -1;
    const auto found = index_.find(key(p, q));
    if (found != index_.end()) return found->second;
    if (!grow || pairs_.size() >= max_pairs_) return -1;
    if (task_.may_add && !task_.may_add(p, q)) return -1;
    const int id = static_cast<int>(pairs_.size());
    index_.emplace(key(p, q), id);
    pairs_.emplace_back(p, q);
    // Both true initially: not mutex.
    alive_.push_back(task_.initial[p] && task_.initial[q] ? 0 : 1);
    return id;
}

// Every achiever a of p that does not delete q must not add q and must need
// a precondition r with {r, q} a live candidate (q itself: a keeps it).
bool FactMutexes::kept_false(int p, int q, bool grow) {
    for (int a : task_.achievers(p)) {
        if (task_.adds(a, q)) return false;
        if (task_.deletes(a, q)) continue;
        bool blocked = false;
        for (int r : task_.preconditions(a)) {
            if (r == q) return false;
            const int i = index(r, q, grow);
            if (i >= 0 && alive_[i]) {
                blocked = true;
                if (!grow) break;
            }
        }
        if (!blocked) return false;
    }
    return true;
}

FactMutexes::FactMutexes(const MutexTask& task, std::span<const std::pair<int, int>> queries,
                         std::size_t max_pairs, std::int64_t max_work)
    : task_(task), max_pairs_(max_pairs) {
    for (const auto& [p, q] : queries)
        index(p, q, true);
    // Closure: the first check of each pair adds the pairs its proof needs.
    std::int64_t work = 0;
    for (std::size_t i = 0; i < pairs_.size(); ++i) {
        const auto [p, q] = pairs_[i];
        work += static_cast<std::int64_t>(task_.achievers(p).size() + task_.achievers(q).size());
        if (work > max_work) return;  // too large: nothing is proved
        if (alive_[i] && !(kept_false(p, q, true) && kept_false(q, p, true))) alive_[i] = 0;
    }
    // Greatest fixpoint: drop pairs whose proof needs a dropped pair.
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < pairs_.size(); ++i) {
            if (!alive_[i]) continue;
            const auto [p, q] = pairs_[i];
            work +=
                static_cast<std::int64_t>(task_.achievers(p).size() + task_.achievers(q).size()) +
                1;
            if (kept_false(p, q, false) && kept_false(q, p, false)) continue;
            alive_[i] = 0;
            changed = true;
        }
        if (work > max_work) return;  // not converged: nothing is proved
    }
    proved_ = true;
}

bool FactMutexes::mutex(int p, int q) const {
    if (!proved_ || p == q) return false;
    const auto found = index_.find(key(p, q));
    return found != index_.end() && alive_[found->second] != 0;
}

}  // namespace ll
