// The ground relaxation's exploration is tuned for speed (compact counters,
// costs summed when an action fires); these tests hold it to a plain
// reference of the same function: Dijkstra over (cost, push order) with an
// achiever per fact set by the first action that reaches its final cost,
// consumers visited in action order, no-precondition actions fired before
// the queue. hadd, hmax, the relaxed plan (in order) and the helpful actions
// (in order) must be identical on random walks of every test task, with and
// without action costs, restricted or not.
#include <gtest/gtest.h>

#include <algorithm>
#include <queue>
#include <random>
#include <tuple>
#include <vector>

#include "core/heuristics/ground_relaxation.hpp"
#include "core/task/action_costs.hpp"
#include "core/task/static_facts.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

// The reference exploration over GroundRelaxation::View.
class ReferenceRelaxation {
  public:
    ReferenceRelaxation(const GroundRelaxation& g, int epsilon) : g_(g), epsilon_(epsilon) {
        const GroundRelaxation::View v = g.view();
        invert_lists(v.pre_begin, v.pre, g.num_facts(), consumers_begin_, consumers_);
        for (int a = 0; a < g.num_actions(); ++a)
            actions_.push_back(g.action(a));
    }

    struct Result {
        bool reached = false;
        long goal_cost = 0;
        std::vector<GroundAction> plan, helpful;
        long plan_cost = 0;
    };

    // `first`: the first actions of a restricted task with their costs.
    Result explore(std::span<const int> state_facts, bool sum,
                   const std::vector<std::pair<GroundAction, int>>& first) {
        const GroundRelaxation::View v = g_.view();
        const int n = g_.num_facts();
        cost_.assign(n, kRelaxedInfinity);
        achiever_.assign(n, -1);
        std::vector<long> pre_cost(g_.num_actions(), 0);
        std::vector<int> unsatisfied(g_.num_actions());
        for (int a = 0; a < g_.num_actions(); ++a)
            unsatisfied[a] = v.pre_begin[a + 1] - v.pre_begin[a];
        queue_ = {};
        seq_ = 0;
        for (int f : state_facts) {
            if (cost_[f] == 0) continue;
            cost_[f] = 0;
            achiever_[f] = -1;
            push(0, f);
        }
        for (int i = 0; i < static_cast<int>(first.size()); ++i)
            fire_first(i, first[i], v);
        for (int a = 0; a < g_.num_actions(); ++a) {
            if (unsatisfied[a] == 0) fire(a, 0, v);
        }
        while (!queue_.empty()) {
            const auto [c, order, f] = queue_.top();
            queue_.pop();
            if (cost_[f] != c) continue;
            for (int j = consumers_begin_[f]; j < consumers_begin_[f + 1]; ++j) {
                const int a = consumers_[j];
                pre_cost[a] = sum ? std::min<long>(pre_cost[a] + c, kRelaxedInfinity - 1)
                                  : std::max<long>(pre_cost[a], c);
                if (--unsatisfied[a] == 0) fire(a, pre_cost[a], v);
            }
        }
        return result(v, sum, state_facts, first);
    }

  private:
    void push(long c, int f) { queue_.emplace(c, seq_++, f); }
    void reach(int f, long c, int achiever) {
        if (c < cost_[f]) {
            cost_[f] = c;
            achiever_[f] = achiever;
            push(c, f);
        }
    }
    void fire(int a, long pre, const GroundRelaxation::View& v) {
        const long c = std::min<long>(pre + g_.action_cost(a), kRelaxedInfinity - 1);
        for (int i = v.add_begin[a]; i < v.add_begin[a + 1]; ++i)
            reach(v.add[i], c, a);
    }
    void fire_first(int index, const std::pair<GroundAction, int>& first,
                    const GroundRelaxation::View& v) {
        reach(epsilon_, first.second, -2 - index);
        const auto it = std::find(actions_.begin(), actions_.end(), first.first);
        if (it == actions_.end()) return;
        const int a = static_cast<int>(it - actions_.begin());
        for (int i = v.add_begin[a]; i < v.add_begin[a + 1]; ++i)
            reach(v.add[i], first.second, -2 - index);
    }

    Result result(const GroundRelaxation::View& v, bool sum, std::span<const int> state_facts,
                  const std::vector<std::pair<GroundAction, int>>& first) {
        Result r;
        for (int f : v.goal_facts) {
            if (cost_[f] >= kRelaxedInfinity) return r;
            r.goal_cost = sum ? std::min<long>(r.goal_cost + cost_[f], kRelaxedInfinity - 1)
                              : std::max<long>(r.goal_cost, cost_[f]);
        }
        r.reached = true;
        std::vector<char> in_state(g_.num_facts(), 0), marked(g_.num_actions(), 0);
        std::vector<char> first_marked(first.size(), 0);
        for (int f : state_facts)
            in_state[f] = 1;
        std::vector<int> stack(v.goal_facts.begin(), v.goal_facts.end());
        while (!stack.empty()) {
            const int f = stack.back();
            stack.pop_back();
            const int a = achiever_[f];
            if (a == -1) continue;
            if (a <= -2) {
                if (first_marked[-2 - a]) continue;
                first_marked[-2 - a] = 1;
                r.plan.push_back(first[-2 - a].first);
                r.helpful.push_back(first[-2 - a].first);
                r.plan_cost += first[-2 - a].second;
                continue;
            }
            if (marked[a]) continue;
            marked[a] = 1;
            r.plan.push_back(actions_[a]);
            r.plan_cost += g_.action_cost(a);
            bool applicable = true;
            for (int i = v.pre_begin[a]; i < v.pre_begin[a + 1]; ++i) {
                stack.push_back(v.pre[i]);
                applicable = applicable && in_state[v.pre[i]];
            }
            if (applicable) r.helpful.push_back(actions_[a]);
        }
        return r;
    }

    const GroundRelaxation& g_;
    int epsilon_;
    std::vector<int> consumers_begin_, consumers_;
    std::vector<GroundAction> actions_;
    std::vector<long> cost_;
    std::vector<int> achiever_;
    std::priority_queue<std::tuple<long, long, int>, std::vector<std::tuple<long, long, int>>,
                        std::greater<>>
        queue_;
    long seq_ = 0;
};

// States of random walks from the initial state (restarting at dead ends).
std::vector<test::AtomSet> random_walk_states(const test::GroundOracle& oracle, int count,
                                              unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<test::AtomSet> states;
    test::AtomSet s = oracle.initial();
    for (int i = 0; i < count; ++i) {
        states.push_back(s);
        const auto applicable = oracle.applicable_actions(s);
        if (applicable.empty() || rng() % 16 == 0) {
            s = oracle.initial();
            continue;
        }
        s = oracle.apply(s, applicable[rng() % applicable.size()]);
    }
    return states;
}

struct OracleCase {
    test::TaskRef ref;
    bool restricted;
};

class GroundRelaxationReferenceTest : public ::testing::TestWithParam<OracleCase> {};

TEST_P(GroundRelaxationReferenceTest, SameCostsPlansAndHelpfulActions) {
    const auto& [ref, restricted] = GetParam();
    const Task task = test::load_task(ref.task, ref.problem);
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const AdjustedCosts costs(task, CostType::Normal);
    auto g = GroundRelaxation::build(task, layout, statics, GroundingLimits{}, nullptr, restricted,
                                     costs);
    if (!g) GTEST_SKIP() << "not grounded";
    const int epsilon = restricted ? g->num_facts() - 1 : -1;
    ReferenceRelaxation reference(*g, epsilon);
    test::GroundOracle oracle(task);
    int compared = 0;
    for (const test::AtomSet& atoms : random_walk_states(oracle, 150, 7)) {
        const State s = test::to_state(layout, atoms);
        std::vector<int> facts;
        g->state_facts(s, facts);
        std::vector<GroundAction> first_actions;
        std::vector<std::pair<GroundAction, int>> first;
        if (restricted) {
            first_actions = oracle.applicable_actions(atoms);
            for (const GroundAction& a : first_actions)
                first.emplace_back(a, costs.cost(a.schema, a.arguments));
        }
        for (const bool sum : {true, false}) {
            const auto aggregation = sum ? datalog::Aggregation::Sum : datalog::Aggregation::Max;
            auto expected = reference.explore(facts, sum, first);
            expected.reached = expected.reached && g->goal_possible();
            ASSERT_EQ(g->explore(s, aggregation, first_actions), expected.reached);
            ++compared;
            if (!expected.reached) continue;
            ASSERT_EQ(g->goal_cost(aggregation), expected.goal_cost);
            std::vector<GroundAction> plan;
            g->relaxed_plan(&plan);
            ASSERT_EQ(plan, expected.plan);
            ASSERT_EQ(g->relaxed_plan_cost(), expected.plan_cost);
            ActionList helpful;
            g->helpful_actions(helpful);
            ASSERT_EQ(helpful.to_vector(), expected.helpful);
        }
    }
    EXPECT_GT(compared, 0);
}

// Copies from the run's cache share the grounded task and explore with
// buffers of their own: interleaved explorations of two copies give each
// the reference's results for its own state.
TEST_P(GroundRelaxationReferenceTest, CachedCopiesExploreApart) {
    // Plain variables: the lambda below captures them (clang before 16
    // cannot capture structured bindings).
    const test::TaskRef ref = GetParam().ref;
    const bool restricted = GetParam().restricted;
    const Task task = test::load_task(ref.task, ref.problem);
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const AdjustedCosts costs(task, CostType::Normal);
    GroundRelaxationCache cache;
    cache.add_task(task);
    const RelaxationSource source(RelaxationGrounding::Auto, &cache);
    auto a = ground_relaxation_for(source, task, layout, statics, nullptr, restricted, costs);
    if (!a) GTEST_SKIP() << "not grounded";
    auto b = ground_relaxation_for(source, task, layout, statics, nullptr, restricted, costs);
    ASSERT_TRUE(b);
    EXPECT_EQ(cache.built(), 1);
    EXPECT_TRUE(a->shared() && b->shared());
    // Another cost type is another relaxed task.
    const AdjustedCosts unit(task, CostType::One);
    if (!(unit == costs)) {
        ground_relaxation_for(source, task, layout, statics, nullptr, restricted, unit);
        EXPECT_EQ(cache.built(), 2);
    }
    const int epsilon = restricted ? a->num_facts() - 1 : -1;
    ReferenceRelaxation reference(*a, epsilon);
    test::GroundOracle oracle(task);
    const std::vector<test::AtomSet> states = random_walk_states(oracle, 60, 11);
    for (std::size_t i = 0; i + 1 < states.size(); ++i) {
        const State sa = test::to_state(layout, states[i]);
        const State sb = test::to_state(layout, states[i + 1]);
        const auto firsts = [&](const test::AtomSet& atoms) {
            return restricted ? oracle.applicable_actions(atoms) : std::vector<GroundAction>{};
        };
        const std::vector<GroundAction> first_a = firsts(states[i]),
                                        first_b = firsts(states[i + 1]);
        std::vector<std::pair<GroundAction, int>> first;
        for (const GroundAction& action : first_a)
            first.emplace_back(action, costs.cost(action.schema, action.arguments));
        std::vector<int> facts;
        a->state_facts(sa, facts);
        auto expected = reference.explore(facts, true, first);
        expected.reached = expected.reached && a->goal_possible();
        ASSERT_EQ(a->explore(sa, datalog::Aggregation::Sum, first_a), expected.reached);
        b->explore(sb, datalog::Aggregation::Max, first_b);
        if (!expected.reached) continue;
        ASSERT_EQ(a->goal_cost(datalog::Aggregation::Sum), expected.goal_cost);
        std::vector<GroundAction> plan;
        a->relaxed_plan(&plan);
        ASSERT_EQ(plan, expected.plan);
        ActionList helpful;
        a->helpful_actions(helpful);
        ASSERT_EQ(helpful.to_vector(), expected.helpful);
    }
    // Held by no heuristic: dropped, then grounded again when asked for.
    a.reset();
    b.reset();
    const int built = cache.built();
    cache.drop_unused();
    ASSERT_TRUE(ground_relaxation_for(source, task, layout, statics, nullptr, restricted, costs));
    EXPECT_EQ(cache.built(), built + 1);
}

// A task the cache does not know (e.g. a compiled copy that lives shorter
// than the run) is grounded for the caller alone.
TEST(GroundRelaxationCache, UnknownTasksAreNotCached) {
    const Task task = test::load_task("blocksworld", "p01");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    GroundRelaxationCache cache;
    const RelaxationSource source(RelaxationGrounding::Auto, &cache);
    auto g = ground_relaxation_for(source, task, layout, statics, nullptr, false);
    ASSERT_TRUE(g);
    EXPECT_FALSE(g->shared());
    EXPECT_EQ(cache.built(), 0);
}

std::vector<OracleCase> oracle_cases() {
    std::vector<test::TaskRef> tasks = test::all_test_tasks();
    for (const char* p : {"p01", "p02"})
        tasks.push_back({"grid-costs", p});
    tasks.push_back({"roads", "p01"});
    std::vector<OracleCase> cases;
    for (const test::TaskRef& ref : tasks) {
        cases.push_back({ref, false});
        cases.push_back({ref, true});
    }
    return cases;
}

INSTANTIATE_TEST_SUITE_P(AllTasks, GroundRelaxationReferenceTest,
                         ::testing::ValuesIn(oracle_cases()), [](const auto& info) {
                             return test::param_name(info.param.ref,
                                                     info.param.restricted ? "restricted" : "");
                         });

}  // namespace
}  // namespace ll
