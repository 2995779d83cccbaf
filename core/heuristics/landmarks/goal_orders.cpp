// Goal orders by a fixpoint over the achievers of monotone goal atoms (see
// header).
#include "core/heuristics/landmarks/goal_orders.hpp"

#include <algorithm>
#include <span>
#include <unordered_set>

#include "core/heuristics/landmarks/relaxed_task_index.hpp"

namespace ll {

namespace {

// Per predicate, whether some action deletes an atom of it.
std::vector<std::uint8_t> deleted_predicates(const Task& task) {
    std::vector<std::uint8_t> deleted(task.predicates.size(), 0);
    for (const ActionSchema& schema : task.schemas) {
        for (const AtomSchema& atom : schema.delete_effects)
            deleted[atom.predicate] = 1;
        for (const ConditionalEffect& effect : schema.conditional_effects) {
            for (const AtomSchema& atom : effect.delete_effects)
                deleted[atom.predicate] = 1;
        }
    }
    return deleted;
}

// Whether two goal atoms or more are of fluent predicates no action
// deletes (else there is no order, and the task is not indexed at all).
bool has_monotone_goals(const Task& task, const StateLayout& layout,
                        const GroundRelaxation& ground) {
    const std::vector<std::uint8_t> deleted = deleted_predicates(task);
    int count = 0;
    for (int f : ground.view().goal_facts) {
        const PredicateId p = ground.fact_atom(f).predicate;
        if (!deleted[p] && layout.is_fluent(p) && ++count >= 2) return true;
    }
    return false;
}

class GoalOrderFinder {
  public:
    GoalOrderFinder(const Task& task, const StateLayout& layout, const GroundRelaxation& ground,
                    Budget* budget, const GoalOrderLimits& limits)
        : task_(task), ground_(ground), budget_(budget), limits_(limits), r_(task, layout, ground) {
        find_monotone_goals(layout);
    }

    std::vector<GoalOrder> run() {
        std::vector<GoalOrder> out;
        if (goals_.size() < 2) return out;
        prove_mutexes();
        if (kills_.empty()) return out;
        find_orders();
        for (std::size_t b = 0; b < goals_.size(); ++b) {
            for (int a : before_[b])
                out.push_back({ground_.fact_atom(goals_[a]), ground_.fact_atom(goals_[b])});
        }
        return out;
    }

  private:
    std::span<const int> list(const std::vector<int>& begin, const std::vector<int>& items,
                              int i) const {
        return std::span<const int>(items).subspan(
            static_cast<std::size_t>(begin[i]), static_cast<std::size_t>(begin[i + 1] - begin[i]));
    }

    // Goal atoms of fluent predicates no action deletes, false initially.
    void find_monotone_goals(const StateLayout& layout) {
        const std::vector<std::uint8_t> deleted = deleted_predicates(task_);
        goal_index_.assign(static_cast<std::size_t>(r_.num_facts()), -1);
        for (int f : r_.goal_facts()) {
            const PredicateId p = ground_.fact_atom(f).predicate;
            if (deleted[p] || !layout.is_fluent(p) || r_.initial()[f] || goal_index_[f] >= 0)
                continue;
            goal_index_[f] = static_cast<int>(goals_.size());
            goals_.push_back(f);
        }
        before_.resize(goals_.size());
    }

    // Facts that may be mutex with goal atom g: those every achiever of g
    // deletes, and, forward, facts all of whose achievers need one of them.
    std::vector<int> mutex_candidates(int g);
    void prove_mutexes();
    // Goals X with a precondition of `a` mutex with X, into `out` (sorted).
    void killed_by(int a, std::vector<int>& out) const;
    // Per fact, the goal indices of the pairs (fact, goal index), sorted.
    void to_lists(std::vector<std::pair<int, int>>& pairs, std::vector<int>& begin,
                  std::vector<int>& items) const;
    std::span<const int> groups_of(int f) const { return list(groups_begin_, groups_, f); }
    bool live(int a, int goal, std::vector<int>& scratch) const;
    void find_orders();

    const Task& task_;
    const GroundRelaxation& ground_;
    Budget* budget_;
    GoalOrderLimits limits_;
    RelaxedTaskIndex r_;
    std::vector<int> goals_;       // goal index -> fact
    std::vector<int> goal_index_;  // fact -> goal index, -1
    // Per fact, the goals it is proven mutex with, and those whose mutex
    // candidates (or the goal itself) it is among (CSR).
    std::vector<int> kills_begin_, kills_, groups_begin_, groups_;
    // Per goal, the goals ordered before it.
    std::vector<std::vector<int>> before_;
};

std::vector<int> GoalOrderFinder::mutex_candidates(int g) {
    std::vector<int> out;
    const auto first = r_.achievers(g);
    if (first.empty()) return out;
    out = r_.deletes(first[0]);
    for (int a : first.subspan(1)) {
        if (out.empty()) return out;
        const std::vector<int>& d = r_.deletes(a);
        std::erase_if(out, [&](int f) { return std::find(d.begin(), d.end(), f) == d.end(); });
    }
    std::erase(out, g);
    std::unordered_set<int> in(out.begin(), out.end());
    auto needs_candidate = [&](int b) {
        const auto p = r_.pre(b);
        return std::any_of(p.begin(), p.end(), [&](int f) { return in.contains(f); });
    };
    for (std::size_t i = 0; i < out.size() && out.size() < limits_.max_candidates_per_goal; ++i) {
        for (int a : r_.consumers(out[i])) {
            for (int q : r_.add(a)) {
                if (q == g || in.contains(q)) continue;
                const auto list = r_.achievers(q);
                if (!std::all_of(list.begin(), list.end(), needs_candidate)) continue;
                in.insert(q);
                out.push_back(q);
            }
        }
    }
    return out;
}

void GoalOrderFinder::prove_mutexes() {
    std::vector<std::pair<int, int>> queries;
    std::vector<std::pair<int, int>> members;  // (fact, goal index)
    for (std::size_t i = 0; i < goals_.size(); ++i) {
        if (budget_ != nullptr) budget_->poll();
        const int g = goals_[i];
        members.emplace_back(g, static_cast<int>(i));
        for (int p : mutex_candidates(g)) {
            queries.emplace_back(g, p);
            members.emplace_back(p, static_cast<int>(i));
        }
    }
    to_lists(members, groups_begin_, groups_);
    MutexTask task = r_.mutex_task();
    // Proofs stay among the candidates of one goal atom (and the atom).
    task.may_add = [this](int p, int q) {
        for (int g : groups_of(p)) {
            if (std::binary_search(groups_of(q).begin(), groups_of(q).end(), g)) return true;
        }
        return false;
    };
    const FactMutexes mutexes(task, queries, limits_.max_mutex_pairs, limits_.max_mutex_work);
    std::vector<std::pair<int, int>> kills;  // (fact, goal index)
    for (const auto& [g, p] : queries) {
        if (mutexes.mutex(g, p)) kills.emplace_back(p, goal_index_[g]);
    }
    to_lists(kills, kills_begin_, kills_);
}

void GoalOrderFinder::to_lists(std::vector<std::pair<int, int>>& pairs, std::vector<int>& begin,
                               std::vector<int>& items) const {
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    begin.assign(static_cast<std::size_t>(r_.num_facts()) + 1, 0);
    items.clear();
    for (const auto& [f, x] : pairs) {
        ++begin[f + 1];
        items.push_back(x);
    }
    for (int f = 0; f < r_.num_facts(); ++f)
        begin[f + 1] += begin[f];
}

void GoalOrderFinder::killed_by(int a, std::vector<int>& out) const {
    out.clear();
    for (int p : r_.pre(a)) {
        for (int x : list(kills_begin_, kills_, p))
            out.push_back(x);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
}

// Whether achiever `a` of goal `goal` can still apply once the goals
// ordered before `goal` hold: none of its preconditions is mutex with one
// of them that it does not add itself.
bool GoalOrderFinder::live(int a, int goal, std::vector<int>& scratch) const {
    killed_by(a, scratch);
    const auto adds = r_.add(a);
    for (int c : before_[goal]) {
        if (!std::binary_search(scratch.begin(), scratch.end(), c)) continue;
        if (std::find(adds.begin(), adds.end(), goals_[c]) == adds.end()) return false;
    }
    return true;
}

void GoalOrderFinder::find_orders() {
    std::vector<int> scratch, later, killed;
    for (bool changed = true; changed;) {
        changed = false;
        for (int g = 0; g < static_cast<int>(goals_.size()); ++g) {
            if (budget_ != nullptr) budget_->poll();
            bool first = true;
            later.clear();
            for (int a : r_.achievers(goals_[g])) {
                if (!live(a, g, scratch)) continue;
                killed_by(a, killed);
                if (first) {
                    later = killed;
                    first = false;
                } else {
                    std::erase_if(later, [&](int x) {
                        return !std::binary_search(killed.begin(), killed.end(), x);
                    });
                }
                if (later.empty()) break;
            }
            // No live achiever: g cannot be achieved at all; no order says so.
            if (first) continue;
            for (int b : later) {
                if (b == g) continue;
                std::vector<int>& before = before_[b];
                if (std::find(before.begin(), before.end(), g) != before.end()) continue;
                before.push_back(g);
                changed = true;
            }
        }
    }
}

}  // namespace

std::vector<GoalOrder> find_goal_orders(const Task& task, const StateLayout& layout,
                                        const GroundRelaxation& ground, Budget* budget,
                                        const GoalOrderLimits& limits) {
    if (!has_monotone_goals(task, layout, ground)) return {};
    return GoalOrderFinder(task, layout, ground, budget, limits).run();
}

void GoalOrderCache::add_task(const Task& task) {
    if (std::find(tasks_.begin(), tasks_.end(), &task) == tasks_.end()) tasks_.push_back(&task);
}

const std::vector<GoalOrder>* GoalOrderCache::find(const Task& task,
                                                   RelaxationGrounding grounding) const {
    for (const Entry& e : entries_) {
        if (e.task == &task && e.grounding == grounding) return &e.orders;
    }
    return nullptr;
}

void GoalOrderCache::store(const Task& task, RelaxationGrounding grounding,
                           std::vector<GoalOrder> orders) {
    if (std::find(tasks_.begin(), tasks_.end(), &task) == tasks_.end()) return;
    if (find(task, grounding) != nullptr) return;
    entries_.push_back({&task, grounding, std::move(orders)});
}

GoalOrderCheck::GoalOrderCheck(const Task& task, const StateLayout& layout,
                               const StaticFacts& statics, RelaxationSource source,
                               GoalOrderCache* cache)
    : task_(task), layout_(layout), statics_(statics), source_(source), cache_(cache) {}

void GoalOrderCheck::prepare() {
    const std::vector<GoalOrder>* cached =
        cache_ != nullptr ? cache_->find(task_, source_.grounding) : nullptr;
    std::vector<GoalOrder> orders;
    if (cached != nullptr) {
        orders = *cached;
    } else {
        if (const std::optional<GroundRelaxation> ground =
                ground_relaxation_for(source_, task_, layout_, statics_, budget_, false)) {
            orders = find_goal_orders(task_, layout_, *ground, budget_);
        }
        if (cache_ != nullptr) cache_->store(task_, source_.grounding, orders);
    }
    std::sort(orders.begin(), orders.end(),
              [](const GoalOrder& x, const GoalOrder& y) { return x.after < y.after; });
    args_.clear();
    after_.clear();
    first_before_.clear();
    before_.clear();
    for (std::size_t i = 0; i < orders.size(); ++i) {
        if (i == 0 || !(orders[i].after == orders[i - 1].after)) {
            after_.push_back(intern(orders[i].after));
            first_before_.push_back(static_cast<int>(before_.size()));
        }
        before_.push_back(intern(orders[i].before));
    }
    first_before_.push_back(static_cast<int>(before_.size()));
    prepared_ = true;
}

GoalOrderCheck::Atom GoalOrderCheck::intern(const GroundAtom& atom) {
    const Atom out{atom.predicate, static_cast<int>(args_.size()),
                   static_cast<int>(atom.arguments.size())};
    args_.insert(args_.end(), atom.arguments.begin(), atom.arguments.end());
    return out;
}

bool GoalOrderCheck::holds(const State& state, const Atom& atom) const {
    return state.contains(
        layout_, atom.predicate,
        std::span<const ObjectId>(args_.data() + atom.begin, static_cast<std::size_t>(atom.arity)));
}

bool GoalOrderCheck::violated(const State& state) {
    if (!prepared_) prepare();
    for (std::size_t i = 0; i < after_.size(); ++i) {
        if (holds(state, after_[i]) && misses_before(state, i)) return true;
    }
    return false;
}

bool GoalOrderCheck::misses_before(const State& state, std::size_t after) const {
    for (int j = first_before_[after]; j < first_before_[after + 1]; ++j) {
        if (!holds(state, before_[static_cast<std::size_t>(j)])) return true;
    }
    return false;
}

// Goal atoms in orders are never deleted, so a step can break an order only
// by adding a later atom whose earlier one is still false.
bool GoalOrderCheck::broken_by(const State& state, const GroundAction& action) {
    if (!prepared_) prepare();
    if (after_.empty()) return false;
    for (const AtomSchema& add : task_.schemas[action.schema].add_effects) {
        scratch_.clear();
        for (const Term& t : add.arguments)
            scratch_.push_back(t.is_parameter() ? action.arguments[t.index] : t.index);
        const auto at = std::lower_bound(
            after_.begin(), after_.end(), add.predicate, [&](const Atom& a, PredicateId p) {
                return a.predicate != p ? a.predicate < p : compare(a) < 0;
            });
        if (at != after_.end() && at->predicate == add.predicate && compare(*at) == 0 &&
            !holds(state, *at) &&
            misses_before(state, static_cast<std::size_t>(at - after_.begin())))
            return true;
    }
    return false;
}

// The order of `atom`'s arguments against scratch_ (same predicate).
int GoalOrderCheck::compare(const Atom& atom) const {
    return compare_object_tuples(args_.data() + atom.begin, scratch_.data(), atom.arity);
}

}  // namespace ll
