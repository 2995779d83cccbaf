// LM-cut with incremental h^max (see header); the structure follows Fast
// Downward's LandmarkCutLandmarks.
#include "core/heuristics/lm_cut.hpp"

#include <algorithm>
#include <limits>

namespace ll {
namespace {
constexpr std::int64_t kInfinity = std::numeric_limits<std::int64_t>::max() / 4;
}  // namespace

LmCutHeuristic::LmCutHeuristic(const Task& task, const StateLayout& layout,
                               const StaticFacts& statics, const GoalChecker& goal,
                               RelaxationSource grounding, CostType cost_type)
    : task_(task),
      layout_(layout),
      statics_(statics),
      goal_(goal),
      grounding_(grounding),
      cost_type_(cost_type) {}

void LmCutHeuristic::set_budget(Budget* budget) {
    budget_ = budget;
    if (ground_) ground_->set_budget(budget);
    if (hmax_) hmax_->set_budget(budget);
}

// Prepared only once it finished: the grounding attempt may throw
// LimitReached, and a continued phase tries again.
void LmCutHeuristic::prepare() {
    // With conditional effects or axioms, LM-cut falls back to hmax over the
    // lifted relaxation (admissible, less informed).
    const bool groundable = !task_.has_conditional_effects() && !task_.has_axioms();
    if (grounding_.grounding != RelaxationGrounding::Lifted && groundable) {
        ground_ = ground_relaxation_for(grounding_, task_, layout_, statics_, budget_, false,
                                        AdjustedCosts(task_, cost_type_));
    }
    if (ground_) {
        build_structure();
        prepared_ = true;
        return;
    }
    // A relaxed task that did not fit is not grounded a second time.
    const bool tried = grounding_.grounding != RelaxationGrounding::Lifted && groundable;
    hmax_.emplace(RelaxationHeuristic::Kind::Max, task_, layout_, statics_, goal_,
                  tried ? RelaxationSource(RelaxationGrounding::Lifted) : grounding_, cost_type_);
    hmax_->set_budget(budget_);
    prepared_ = true;
}

void LmCutHeuristic::build_structure() {
    const GroundRelaxation::View v = ground_->view();
    const int num_actions = ground_->num_actions();
    init_fact_ = ground_->num_facts();
    goal_fact_ = init_fact_ + 1;
    const int num_facts = goal_fact_ + 1;
    pre_begin_.assign(1, 0);
    add_begin_.assign(1, 0);
    for (int a = 0; a <= num_actions; ++a) {
        const bool goal_op = a == num_actions;
        const auto pre =
            goal_op ? v.goal_facts
                    : v.pre.subspan(static_cast<std::size_t>(v.pre_begin[a]),
                                    static_cast<std::size_t>(v.pre_begin[a + 1] - v.pre_begin[a]));
        pre_.insert(pre_.end(), pre.begin(), pre.end());
        if (pre.empty()) pre_.push_back(init_fact_);
        pre_begin_.push_back(static_cast<int>(pre_.size()));
        if (goal_op) {
            add_.push_back(goal_fact_);
        } else {
            for (int i = v.add_begin[a]; i < v.add_begin[a + 1]; ++i)
                add_.push_back(v.add[static_cast<std::size_t>(i)]);
        }
        add_begin_.push_back(static_cast<int>(add_.size()));
        base_cost_.push_back(goal_op ? 0 : ground_->action_cost(a));
    }
    invert_lists(pre_begin_, pre_, num_facts, consumers_begin_, consumers_);
    invert_lists(add_begin_, add_, num_facts, achievers_begin_, achievers_);
    fact_cost_.assign(static_cast<std::size_t>(num_facts), kInfinity);
    status_.assign(static_cast<std::size_t>(num_facts), kReached);
    const auto num_ops = base_cost_.size();
    cost_.assign(num_ops, 0);
    unsatisfied_.assign(num_ops, 0);
    supporter_.assign(num_ops, -1);
    supporter_cost_.assign(num_ops, 0);
}

void LmCutHeuristic::enqueue(int fact, Cost cost) {
    if (fact_cost_[fact] <= cost) return;
    fact_cost_[fact] = cost;
    heap_.emplace_back(cost, fact);
    std::push_heap(heap_.begin(), heap_.end(), std::greater<>{});
}

void LmCutHeuristic::update_supporter(int op) {
    int best = -1;
    Cost best_cost = -1;
    for (int i = pre_begin_[op]; i < pre_begin_[op + 1]; ++i) {
        if (fact_cost_[pre_[i]] > best_cost) {
            best = pre_[i];
            best_cost = fact_cost_[pre_[i]];
        }
    }
    supporter_[op] = best;
    supporter_cost_[op] = best_cost;
}

// Pops facts in cost order. An op fires when its last precondition is
// popped (first exploration) or gets cheaper when its supporter does
// (incremental: its supporter is then recomputed; every popped fact was
// reached before).
void LmCutHeuristic::drain(bool incremental) {
    while (!heap_.empty()) {
        std::pop_heap(heap_.begin(), heap_.end(), std::greater<>{});
        const auto [cost, fact] = heap_.back();
        heap_.pop_back();
        if (fact_cost_[fact] < cost) continue;
        if (budget_ != nullptr) budget_->poll();
        for (int i = consumers_begin_[fact]; i < consumers_begin_[fact + 1]; ++i) {
            const int op = consumers_[i];
            if (unsatisfied_[op] > 0) {
                // Incremental: the fact was reached before and counted.
                if (incremental || --unsatisfied_[op] > 0) continue;
                supporter_[op] = fact;
                supporter_cost_[op] = cost;
            } else {
                if (supporter_[op] != fact || supporter_cost_[op] <= cost) continue;
                const Cost old = supporter_cost_[op];
                update_supporter(op);
                if (supporter_cost_[op] == old) continue;
            }
            const Cost target = supporter_cost_[op] + cost_[op];
            for (int j = add_begin_[op]; j < add_begin_[op + 1]; ++j)
                enqueue(add_[j], target);
        }
    }
}

void LmCutHeuristic::first_exploration() {
    std::fill(fact_cost_.begin(), fact_cost_.end(), kInfinity);
    std::copy(base_cost_.begin(), base_cost_.end(), cost_.begin());
    for (std::size_t op = 0; op < unsatisfied_.size(); ++op)
        unsatisfied_[op] = pre_begin_[op + 1] - pre_begin_[op];
    std::fill(supporter_.begin(), supporter_.end(), -1);
    heap_.clear();
    enqueue(init_fact_, 0);
    for (int f : state_facts_)
        enqueue(f, 0);
    drain(false);
}

void LmCutHeuristic::incremental_exploration() {
    for (int op : cut_) {
        const Cost target = supporter_cost_[op] + cost_[op];
        for (int j = add_begin_[op]; j < add_begin_[op + 1]; ++j)
            enqueue(add_[j], target);
    }
    drain(true);
}

// The goal zone: facts from which the goal is reached through zero-cost
// ops along h^max supporters.
void LmCutHeuristic::mark_goal_zone() {
    stack_.assign(1, goal_fact_);
    while (!stack_.empty()) {
        const int f = stack_.back();
        stack_.pop_back();
        if (status_[f] == kGoalZone) continue;
        status_[f] = kGoalZone;
        touched_.push_back(f);
        for (int i = achievers_begin_[f]; i < achievers_begin_[f + 1]; ++i) {
            const int op = achievers_[i];
            if (cost_[op] == 0 && unsatisfied_[op] == 0) stack_.push_back(supporter_[op]);
        }
    }
}

void LmCutHeuristic::find_cut() {
    cut_.clear();
    stack_.clear();
    auto reach = [&](int f) {
        if (status_[f] != kReached) return;
        status_[f] = kBeforeGoalZone;
        touched_.push_back(f);
        stack_.push_back(f);
    };
    reach(init_fact_);
    for (int f : state_facts_)
        reach(f);
    while (!stack_.empty()) {
        const int f = stack_.back();
        stack_.pop_back();
        for (int i = consumers_begin_[f]; i < consumers_begin_[f + 1]; ++i) {
            const int op = consumers_[i];
            if (unsatisfied_[op] > 0 || supporter_[op] != f) continue;
            bool enters_goal_zone = false;
            for (int j = add_begin_[op]; j < add_begin_[op + 1] && !enters_goal_zone; ++j)
                enters_goal_zone = status_[add_[j]] == kGoalZone;
            if (enters_goal_zone) {
                cut_.push_back(op);
                continue;
            }
            for (int j = add_begin_[op]; j < add_begin_[op + 1]; ++j)
                reach(add_[j]);
        }
    }
}

double LmCutHeuristic::evaluate(const State& state, const PartialAction& partial) {
    if (!prepared_) prepare();
    last_landmarks_ = 0;
    if (hmax_) return hmax_->evaluate(state, partial);
    if (goal_.is_goal(state)) return 0;
    if (!ground_->goal_possible()) return kDeadEnd;
    state_facts_.clear();
    ground_->state_facts(state, state_facts_);
    first_exploration();
    if (fact_cost_[goal_fact_] >= kInfinity) return kDeadEnd;
    Cost total = 0;
    while (fact_cost_[goal_fact_] != 0) {
        mark_goal_zone();
        find_cut();
        if (cut_.empty()) break;  // cannot happen with h^max(goal) > 0
        Cost cut_cost = kInfinity;
        for (int op : cut_)
            cut_cost = std::min(cut_cost, cost_[op]);
        for (int op : cut_)
            cost_[op] -= cut_cost;
        total += cut_cost;
        ++last_landmarks_;
        for (int f : touched_)
            status_[f] = kReached;
        touched_.clear();
        incremental_exploration();
    }
    for (int f : touched_)
        status_[f] = kReached;
    touched_.clear();
    return static_cast<double>(total);
}

}  // namespace ll
