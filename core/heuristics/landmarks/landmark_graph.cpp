// RHW-style landmark backchaining and approximate reasonable orderings on
// the ground relaxed task (see header).
#include "core/heuristics/landmarks/landmark_graph.hpp"

#include "core/heuristics/landmarks/relaxed_task_index.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace ll {

int LandmarkGraph::count(LandmarkOrdering kind) const {
    return static_cast<int>(std::count_if(
        edges.begin(), edges.end(), [kind](const LandmarkEdge& e) { return e.kind == kind; }));
}

bool LandmarkGraph::goal_only() const {
    return std::all_of(landmarks.begin(), landmarks.end(),
                       [](const Landmark& lm) { return lm.goal; });
}

namespace {

class Generator {
  public:
    Generator(const Task& task, const StateLayout& layout, const GroundRelaxation& ground,
              Budget* budget, const LandmarkLimits& limits)
        : ground_(ground), budget_(budget), limits_(limits), r_(task, layout, ground) {
        num_facts_ = r_.num_facts();
        num_actions_ = r_.num_actions();
        fact_index_.assign(num_facts_, -1);
        simple_.assign(num_facts_, -1);
        predicate_.resize(num_facts_);
        for (int f = 0; f < num_facts_; ++f)
            predicate_[f] = ground.fact_atom(f).predicate;
    }

    LandmarkGraph run() {
        for (int f : r_.goal_facts()) {
            const int lm = simple_landmark(f);
            out_.landmarks[lm].goal = true;
        }
        while (!queue_.empty()) {
            if (work_ > limits_.max_work) {
                out_.truncated = true;
                break;
            }
            const int lm = queue_.front();
            queue_.pop_front();
            backchain(lm);
        }
        add_reasonable_orderings();
        return std::move(out_);
    }

  private:
    std::span<const int> achievers(int f) const { return r_.achievers(f); }
    std::span<const int> pre(int a) const { return r_.pre(a); }
    std::span<const int> add(int a) const { return r_.add(a); }

    int graph_fact(int f) {
        if (fact_index_[f] < 0) {
            fact_index_[f] = static_cast<int>(out_.facts.size());
            out_.facts.push_back(ground_.fact_atom(f));
            out_.relaxation_fact.push_back(f);
        }
        return fact_index_[f];
    }

    int new_landmark(std::span<const int> facts) {
        Landmark lm;
        int cost = -1;
        for (int f : facts) {
            lm.facts.push_back(graph_fact(f));
            lm.initially_true = lm.initially_true || r_.initial()[f];
            for (int a : achievers(f)) {
                const int c = ground_.action_cost(a);
                if (cost < 0 || c < cost) cost = c;
            }
        }
        lm.cost = std::max(cost, 0);
        if (cost < 0) lm.cost = 1;  // never achieved: only ever initially true
        const int id = out_.num_landmarks();
        const bool backchain = !lm.initially_true;
        out_.landmarks.push_back(std::move(lm));
        relaxation_facts_.emplace_back(facts.begin(), facts.end());
        if (backchain) queue_.push_back(id);
        return id;
    }

    int simple_landmark(int f) {
        if (simple_[f] < 0) simple_[f] = new_landmark(std::span<const int>(&f, 1));
        return simple_[f];
    }

    void add_edge(int from, int to, LandmarkOrdering kind) {
        const std::uint64_t key = (std::uint64_t(std::uint32_t(from)) << 32) | std::uint32_t(to);
        if (!edge_keys_.insert(key).second) return;
        out_.edges.push_back({from, to, kind});
    }

    // Relaxed reachability from the initial state without the actions that
    // add a fact of `excluded`; then the first achievers of those facts.
    std::vector<int> first_achievers(std::span<const int> excluded);
    void backchain(int lm);
    void add_disjunctive(std::span<const int> achievers, int lm);

    // Reasonable orderings.
    void add_reasonable_orderings();
    const std::vector<int>& deletes(int a) { return r_.deletes(a); }
    bool achievers_delete(int p, int q, bool require_some);
    bool mutex(int p, int q) const { return mutexes_ && mutexes_->mutex(p, q); }
    // The mutexes the interference checks of these candidates may ask.
    void prove_mutexes(std::span<const std::pair<int, int>> candidates,
                       const std::vector<std::vector<int>>& gn_parents);
    bool interferes(int a_lm, int b_lm, const std::vector<std::vector<int>>& gn_parents);
    bool reaches(int from, int to, const std::vector<std::vector<int>>& successors) const;

    const GroundRelaxation& ground_;
    Budget* budget_;
    LandmarkLimits limits_;
    RelaxedTaskIndex r_;
    int num_facts_ = 0, num_actions_ = 0;
    std::vector<PredicateId> predicate_;
    std::vector<int> fact_index_;  // relaxation fact -> LandmarkGraph::facts index
    std::vector<int> simple_;      // relaxation fact -> its simple landmark
    std::vector<std::vector<int>> relaxation_facts_;  // per landmark
    std::map<std::vector<int>, int> disjunctive_;
    std::unordered_set<std::uint64_t> edge_keys_;
    MutexTask mutex_task_;
    std::optional<FactMutexes> mutexes_;
    std::deque<int> queue_;
    std::int64_t work_ = 0;
    LandmarkGraph out_;

    // Exploration scratch.
    std::vector<int> unsatisfied_, stack_;
    std::vector<std::uint8_t> reached_, excluded_action_;
};

std::vector<int> Generator::first_achievers(std::span<const int> excluded) {
    excluded_action_.assign(num_actions_, 0);
    for (int f : excluded) {
        for (int a : achievers(f))
            excluded_action_[a] = 1;
    }
    reached_.assign(num_facts_, 0);
    unsatisfied_.resize(num_actions_);
    for (int a = 0; a < num_actions_; ++a)
        unsatisfied_[a] = static_cast<int>(r_.pre(a).size());
    stack_.clear();
    auto reach = [&](int f) {
        if (reached_[f]) return;
        reached_[f] = 1;
        stack_.push_back(f);
    };
    auto fire = [&](int a) {
        if (excluded_action_[a]) return;
        for (int f : add(a))
            reach(f);
    };
    for (int f = 0; f < num_facts_; ++f) {
        if (r_.initial()[f]) reach(f);
    }
    for (int a = 0; a < num_actions_; ++a) {
        if (unsatisfied_[a] == 0) fire(a);
    }
    while (!stack_.empty()) {
        const int f = stack_.back();
        stack_.pop_back();
        const auto consumers = r_.consumers(f);
        work_ += static_cast<std::int64_t>(consumers.size()) + 1;
        for (int a : consumers) {
            if (--unsatisfied_[a] == 0) fire(a);
        }
    }
    work_ += num_actions_ + num_facts_;
    if (budget_ != nullptr) budget_->poll();
    std::vector<int> first;
    for (int f : excluded) {
        for (int a : achievers(f)) {
            if (unsatisfied_[a] == 0) first.push_back(a);
        }
    }
    std::sort(first.begin(), first.end());
    first.erase(std::unique(first.begin(), first.end()), first.end());
    return first;
}

void Generator::backchain(int lm) {
    const std::vector<int> excluded = relaxation_facts_[lm];
    const std::vector<int> first = first_achievers(excluded);
    if (first.empty()) return;  // unreachable from the initial state
    // Preconditions shared by every first achiever.
    std::unordered_map<int, int> count;
    for (int a : first) {
        for (int p : pre(a))
            ++count[p];
    }
    std::vector<int> shared;
    for (const auto& [p, n] : count) {
        if (n == static_cast<int>(first.size())) shared.push_back(p);
    }
    std::sort(shared.begin(), shared.end());
    for (int p : shared) {
        if (std::find(excluded.begin(), excluded.end(), p) != excluded.end()) continue;
        add_edge(simple_landmark(p), lm, LandmarkOrdering::GreedyNecessary);
    }
    add_disjunctive(first, lm);
}

// Per predicate, the non-shared preconditions of that predicate of every
// first achiever: when each achiever has one, one of them holds just
// before the landmark is first achieved.
void Generator::add_disjunctive(std::span<const int> first, int lm) {
    std::map<PredicateId, std::vector<int>> by_predicate;
    std::map<PredicateId, int> achievers_with;
    for (int a : first) {
        std::vector<PredicateId> seen;
        for (int p : pre(a)) {
            if (simple_[p] >= 0) continue;  // shared, or a landmark already
            by_predicate[predicate_[p]].push_back(p);
            if (std::find(seen.begin(), seen.end(), predicate_[p]) == seen.end()) {
                seen.push_back(predicate_[p]);
                ++achievers_with[predicate_[p]];
            }
        }
    }
    for (auto& [predicate, facts] : by_predicate) {
        if (achievers_with[predicate] != static_cast<int>(first.size())) continue;
        std::sort(facts.begin(), facts.end());
        facts.erase(std::unique(facts.begin(), facts.end()), facts.end());
        if (facts.size() < 2 || facts.size() > limits_.max_disjunction) continue;
        if (std::any_of(facts.begin(), facts.end(), [&](int f) { return r_.initial()[f] != 0; }))
            continue;
        auto [it, inserted] = disjunctive_.emplace(facts, -1);
        if (inserted) it->second = new_landmark(facts);
        add_edge(it->second, lm, LandmarkOrdering::GreedyNecessary);
    }
}

// Every achiever of p deletes q (require_some: and there is one).
bool Generator::achievers_delete(int p, int q, bool require_some) {
    const auto list = achievers(p);
    if (list.empty()) return !require_some;
    work_ += static_cast<std::int64_t>(list.size());
    for (int a : list) {
        const std::vector<int>& d = deletes(a);
        if (std::find(d.begin(), d.end(), q) == d.end()) return false;
    }
    return true;
}

bool Generator::interferes(int a_lm, int b_lm, const std::vector<std::vector<int>>& gn_parents) {
    const int a = relaxation_facts_[a_lm][0], b = relaxation_facts_[b_lm][0];
    if (a == b) return false;
    if (mutex(a, b) || achievers_delete(a, b, true)) return true;
    for (int x : gn_parents[a_lm]) {
        if (!out_.landmarks[x].disjunctive() && mutex(relaxation_facts_[x][0], b)) return true;
    }
    return false;
}

bool Generator::reaches(int from, int to, const std::vector<std::vector<int>>& successors) const {
    std::vector<std::uint8_t> seen(successors.size(), 0);
    std::vector<int> stack{from};
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        if (n == to) return true;
        if (seen[n]) continue;
        seen[n] = 1;
        for (int s : successors[n])
            stack.push_back(s);
    }
    return false;
}

void Generator::prove_mutexes(std::span<const std::pair<int, int>> candidates,
                              const std::vector<std::vector<int>>& gn_parents) {
    std::vector<std::pair<int, int>> queries;
    for (const auto& [a, b] : candidates) {
        const int fb = relaxation_facts_[b][0];
        queries.emplace_back(relaxation_facts_[a][0], fb);
        for (int x : gn_parents[a]) {
            if (!out_.landmarks[x].disjunctive()) queries.emplace_back(relaxation_facts_[x][0], fb);
        }
    }
    mutex_task_ = r_.mutex_task();
    mutexes_.emplace(mutex_task_, queries);
}

// Candidates (A, B): B a simple landmark not initially true; A any other
// simple landmark when B is a goal, else a greedy-necessary co-parent of B.
void Generator::add_reasonable_orderings() {
    const int n = out_.num_landmarks();
    std::vector<std::vector<int>> gn_parents(n), gn_children(n), successors(n);
    for (const LandmarkEdge& e : out_.edges) {
        gn_parents[e.to].push_back(e.from);
        gn_children[e.from].push_back(e.to);
        successors[e.from].push_back(e.to);
    }
    std::vector<std::pair<int, int>> candidates;
    auto consider = [&](int a, int b) {
        if (a != b && !out_.landmarks[a].disjunctive()) candidates.emplace_back(a, b);
    };
    for (int b = 0; b < n; ++b) {
        const Landmark& lm = out_.landmarks[b];
        if (lm.disjunctive() || lm.initially_true) continue;
        if (lm.goal) {
            for (int a = 0; a < n; ++a)
                consider(a, b);
            continue;
        }
        std::vector<int> interesting;
        for (int c : gn_children[b]) {
            for (int a : gn_parents[c])
                interesting.push_back(a);
        }
        std::sort(interesting.begin(), interesting.end());
        interesting.erase(std::unique(interesting.begin(), interesting.end()), interesting.end());
        for (int a : interesting)
            consider(a, b);
    }
    prove_mutexes(candidates, gn_parents);
    for (const auto& [a, b] : candidates) {
        if (work_ > limits_.max_work) {
            out_.truncated = true;
            return;
        }
        if (budget_ != nullptr) budget_->poll();
        if (!interferes(a, b, gn_parents) || reaches(b, a, successors)) continue;  // or a cycle
        add_edge(a, b, LandmarkOrdering::Reasonable);
        successors[a].push_back(b);
    }
}

}  // namespace

LandmarkGraph find_landmarks(const Task& task, const StateLayout& layout,
                             const GroundRelaxation& ground, Budget* budget,
                             const LandmarkLimits& limits) {
    return Generator(task, layout, ground, budget, limits).run();
}

}  // namespace ll
