// The landmark-count heuristic (see header).
#include "core/heuristics/landmarks/landmark_count.hpp"

#include <algorithm>

namespace ll {

LandmarkCountHeuristic::LandmarkCountHeuristic(const Task& task, const StateLayout& layout,
                                               const StaticFacts& statics, const GoalChecker& goal,
                                               RelaxationSource grounding, CostType cost_type)
    : task_(task),
      layout_(layout),
      statics_(statics),
      goal_(goal),
      grounding_(grounding),
      cost_type_(cost_type) {}

const LandmarkGraph& LandmarkCountHeuristic::graph() {
    if (!prepared_) prepare();
    return graph_;
}

// Prepared only once it finished: grounding and landmark generation may
// throw LimitReached, and a continued phase tries again.
void LandmarkCountHeuristic::prepare() {
    // As LM-cut: conditional effects and axioms are not in the ground
    // relaxed task's actions; their landmarks come from the schemas.
    const bool groundable = !task_.has_conditional_effects() && !task_.has_axioms();
    if (grounding_.grounding != RelaxationGrounding::Lifted && groundable) {
        ground_ = ground_relaxation_for(grounding_, task_, layout_, statics_, budget_, false,
                                        AdjustedCosts(task_, cost_type_));
    }
    graph_ = ground_ ? find_landmarks(task_, layout_, *ground_, budget_)
                     : find_lifted_landmarks(task_, layout_, statics_, cost_type_, budget_);
    const int n = graph_.num_landmarks();
    std::vector<std::vector<int>> parents(n), gn_children(n);
    for (const LandmarkEdge& e : graph_.edges) {
        parents[e.to].push_back(e.from);
        if (e.kind == LandmarkOrdering::GreedyNecessary) gn_children[e.from].push_back(e.to);
    }
    parents_.clear();
    gn_children_.clear();
    parents_begin_.assign(1, 0);
    gn_children_begin_.assign(1, 0);
    for (int i = 0; i < n; ++i) {
        parents_.insert(parents_.end(), parents[i].begin(), parents[i].end());
        parents_begin_.push_back(static_cast<int>(parents_.size()));
        gn_children_.insert(gn_children_.end(), gn_children[i].begin(), gn_children[i].end());
        gn_children_begin_.push_back(static_cast<int>(gn_children_.size()));
    }
    if (ground_) {
        // Per relaxation fact, its landmarks (landmark i lists fact f).
        std::vector<int> lm_begin{0}, lm_facts;
        for (const Landmark& lm : graph_.landmarks) {
            for (int fact : lm.facts)
                lm_facts.push_back(graph_.relaxation_fact[fact]);
            lm_begin.push_back(static_cast<int>(lm_facts.size()));
        }
        invert_lists(lm_begin, lm_facts, ground_->num_facts(), fact_landmarks_begin_,
                     fact_landmarks_);
        const GroundRelaxation::View v = ground_->view();
        invert_lists(v.add_begin, v.add, ground_->num_facts(), achievers_begin_, achievers_);
        fact_mark_.assign(ground_->num_facts(), 0);
        action_mark_.assign(ground_->num_actions(), 0);
    } else {
        index_lifted_facts();
    }
    words_ = (static_cast<std::size_t>(n) + 63) / 64;
    accepted_.assign(words_, 0);
    holds_.assign(words_, 0);
    prepared_ = true;
}

// Per predicate, the landmark facts as a sorted relation, and per fact its
// landmarks: a state's landmarks are found by merging relations.
void LandmarkCountHeuristic::index_lifted_facts() {
    std::vector<int> lm_begin{0}, lm_facts;
    for (const Landmark& lm : graph_.landmarks) {
        lm_facts.insert(lm_facts.end(), lm.facts.begin(), lm.facts.end());
        lm_begin.push_back(static_cast<int>(lm_facts.size()));
    }
    const int num_facts = static_cast<int>(graph_.facts.size());
    invert_lists(lm_begin, lm_facts, num_facts, fact_landmarks_begin_, fact_landmarks_);
    std::vector<int> order(static_cast<std::size_t>(num_facts));
    for (int f = 0; f < num_facts; ++f)
        order[f] = f;
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return graph_.facts[a] < graph_.facts[b]; });
    group_of_predicate_.assign(task_.predicates.size(), -1);
    for (int f : order) {
        const GroundAtom& atom = graph_.facts[f];
        if (!layout_.is_fluent(atom.predicate)) continue;  // never: landmarks are fluent
        int& g = group_of_predicate_[atom.predicate];
        if (g < 0) {
            g = static_cast<int>(groups_.size());
            groups_.push_back({atom.predicate, {}, {}});
        }
        FactGroup& group = groups_[g];
        if (atom.arguments.empty()) group.tuples.push_back(0);
        group.tuples.insert(group.tuples.end(), atom.arguments.begin(), atom.arguments.end());
        group.facts.push_back(f);
    }
}

// The landmark fact p(arguments) (in its predicate's group), or -1.
int LandmarkCountHeuristic::lifted_fact(PredicateId p, std::span<const ObjectId> arguments) const {
    const int g = group_of_predicate_[p];
    if (g < 0) return -1;
    const FactGroup& group = groups_[g];
    if (arguments.empty()) return group.facts[0];
    const int stride = static_cast<int>(arguments.size());
    const RelationView view{group.tuples.data(), static_cast<int>(group.facts.size()), stride};
    const auto [lo, hi] = relation_prefix_range(view, arguments);
    return lo < hi ? group.facts[lo] : -1;
}

// Per predicate, the smaller relation's tuples are looked up in the larger.
void LandmarkCountHeuristic::mark_true_lifted(const State& state) {
    auto mark = [&](int f) {
        for (int k = fact_landmarks_begin_[f]; k < fact_landmarks_begin_[f + 1]; ++k)
            set(holds_, fact_landmarks_[k]);
    };
    for (const FactGroup& group : groups_) {
        const RelationView rel = state.relation(layout_, group.predicate);
        const int n = static_cast<int>(group.facts.size());
        if (layout_.arity(group.predicate) == 0) {
            if (rel.size > 0) mark(group.facts[0]);
        } else if (n <= rel.size) {
            for (int i = 0; i < n; ++i) {
                if (relation_contains(rel, group.tuples.data() + std::size_t(i) * rel.stride))
                    mark(group.facts[i]);
            }
        } else {
            for (int t = 0; t < rel.size; ++t) {
                const int f = lifted_fact(group.predicate, rel.tuple(t));
                if (f >= 0) mark(f);
            }
        }
    }
}

void LandmarkCountHeuristic::mark_true(const State& state) {
    std::fill(holds_.begin(), holds_.end(), 0);
    if (!ground_) {
        mark_true_lifted(state);
        return;
    }
    if (++stamp_ == 0) {
        std::fill(fact_mark_.begin(), fact_mark_.end(), 0);
        stamp_ = 1;
    }
    state_facts_.clear();
    ground_->state_facts(state, state_facts_);
    for (int f : state_facts_) {
        fact_mark_[f] = stamp_;
        for (int i = fact_landmarks_begin_[f]; i < fact_landmarks_begin_[f + 1]; ++i)
            set(holds_, fact_landmarks_[i]);
    }
}

bool LandmarkCountHeuristic::future(int i) const {
    if (!test(accepted_, i)) return true;
    if (test(holds_, i)) return false;
    if (graph_.landmarks[i].goal) return true;
    for (int k = gn_children_begin_[i]; k < gn_children_begin_[i + 1]; ++k) {
        if (!test(accepted_, gn_children_[k])) return true;
    }
    return false;
}

double LandmarkCountHeuristic::evaluate_on_path(std::int32_t node, std::int32_t parent,
                                                const State& state, const PartialAction& partial) {
    if (!prepared_) prepare();
    mark_true(state);
    // Accepted at the parent (none at a root, or a parent not evaluated).
    std::vector<std::uint64_t>& before = before_;
    before.assign(words_, 0);
    if (evaluated(parent)) {
        const auto at = store_.begin() + static_cast<std::ptrdiff_t>(parent * words_);
        std::copy(at, at + static_cast<std::ptrdiff_t>(words_), before.begin());
    }
    accepted_ = before;
    for (int i = 0; i < graph_.num_landmarks(); ++i) {
        if (test(before, i) || !test(holds_, i)) continue;
        bool ordered = true;
        for (int k = parents_begin_[i]; k < parents_begin_[i + 1] && ordered; ++k)
            ordered = test(before, parents_[k]);
        if (ordered) set(accepted_, i);
    }
    if (node >= 0) {
        const auto at = static_cast<std::size_t>(node);
        if (at >= stored_.size()) {
            stored_.resize(at + 1024, 0);
            store_.resize(stored_.size() * words_, 0);
        }
        stored_[at] = 1;
        std::copy(accepted_.begin(), accepted_.end(),
                  store_.begin() + static_cast<std::ptrdiff_t>(at * words_));
    }
    last_goal_ = goal_.is_goal(state);
    if (last_goal_) return 0;
    if (ground_ && !ground_->goal_possible()) return kDeadEnd;
    if (!partial.is_none()) reach_by_partial(partial);
    double h = 0;
    for (int i = 0; i < graph_.num_landmarks(); ++i) {
        if (future(i)) h += graph_.landmarks[i].cost;
    }
    // Not a goal: some goal (a negative one, say) is still to be achieved.
    return std::max(h, 1.0);
}

void LandmarkCountHeuristic::reach_by_partial(const PartialAction& partial) {
    const std::size_t bound = partial.prefix.size();
    for (const AtomSchema& atom : task_.schemas[partial.schema].add_effects) {
        arguments_.clear();
        for (const Term& t : atom.arguments) {
            if (t.is_parameter() && static_cast<std::size_t>(t.index) >= bound) break;
            arguments_.push_back(t.is_parameter() ? partial.prefix[t.index] : t.index);
        }
        if (arguments_.size() != atom.arguments.size()) continue;  // some completion decides
        auto reach = [&](int i) {
            set(accepted_, i);
            set(holds_, i);
        };
        if (ground_) {
            const int f = ground_->fact_of(atom.predicate, arguments_);
            if (f < 0) continue;
            for (int k = fact_landmarks_begin_[f]; k < fact_landmarks_begin_[f + 1]; ++k)
                reach(fact_landmarks_[k]);
            continue;
        }
        const int f = lifted_fact(atom.predicate, arguments_);
        if (f < 0) continue;
        for (int k = fact_landmarks_begin_[f]; k < fact_landmarks_begin_[f + 1]; ++k)
            reach(fact_landmarks_[k]);
    }
}

void LandmarkCountHeuristic::helpful_actions(ActionList& out) {
    if (!ground_ || last_goal_) return;
    const GroundRelaxation::View v = ground_->view();
    if (++stamp_ == 0) {
        std::fill(action_mark_.begin(), action_mark_.end(), 0);
        stamp_ = 1;
    }
    // stamp_ moved on: the state's facts are re-marked with it.
    for (int f : state_facts_)
        fact_mark_[f] = stamp_;
    for (int i = 0; i < graph_.num_landmarks(); ++i) {
        if (test(holds_, i) || !future(i)) continue;
        for (int fact : graph_.landmarks[i].facts) {
            const int f = graph_.relaxation_fact[fact];
            for (int k = achievers_begin_[f]; k < achievers_begin_[f + 1]; ++k) {
                const int a = achievers_[k];
                if (action_mark_[a] == stamp_) continue;
                action_mark_[a] = stamp_;
                bool applicable = true;
                for (int p = v.pre_begin[a]; p < v.pre_begin[a + 1] && applicable; ++p)
                    applicable = fact_mark_[v.pre[p]] == stamp_;
                if (applicable) out.push_back(ground_->action(a));
            }
        }
    }
}

void LandmarkCountHeuristic::add_statistics(Statistics& stats) const {
    if (!prepared_) return;
    stats.landmarks = graph_.num_landmarks();
    stats.landmark_orderings = static_cast<std::int64_t>(graph_.edges.size());
    stats.landmarks_goal_only = graph_.goal_only() ? 1 : 0;
    stats.landmarks_lifted = graph_.lifted ? 1 : 0;
}

}  // namespace ll
