// Open lists and novelty on hand-computed inputs: best-first order with FIFO
// or LIFO ties over any range of values, tuple keys, preferred-only lists,
// alternation with boosts; width-1 novelty per partition.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <vector>

#include "core/search/evaluators.hpp"
#include "core/search/open_list.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

// Values by node id.
class TableEvaluator final : public Evaluator {
  public:
    explicit TableEvaluator(std::map<NodeId, double> values) : values_(std::move(values)) {}
    std::string name() const override { return "table"; }
    void evaluate(EvalContext& c, EvalResult& out, bool) override {
        out.value = values_.at(c.node());
    }

  private:
    std::map<NodeId, double> values_;
};

const State kNoState;

void push(OpenList& open, NodeId node, bool preferred = false) {
    EvalContext c;
    c.reset(node, -1, 0, kNoState, PartialAction::none());
    open.push(c, node, preferred);
}

std::vector<NodeId> drain(OpenList& open) {
    std::vector<NodeId> out;
    while (!open.empty())
        out.push_back(open.pop());
    return out;
}

TEST(BestFirstOpenList, LowestFirstFifoAmongEqual) {
    TableEvaluator h({{0, 3}, {1, 1}, {2, 3}, {3, -2}, {4, 1}});
    auto open = make_best_first_open_list({&h});
    for (NodeId n = 0; n < 5; ++n)
        push(*open, n);
    EXPECT_EQ(drain(*open), (std::vector<NodeId>{3, 1, 4, 0, 2}));
}

TEST(BestFirstOpenList, LifoAmongEqual) {
    TableEvaluator h({{0, 3}, {1, 1}, {2, 3}, {3, -2}, {4, 1}, {5, 1}});
    auto open = make_best_first_open_list({&h}, false, TieBreaking::Lifo);
    for (NodeId n = 0; n < 4; ++n)
        push(*open, n);
    EXPECT_EQ(open->pop(), 3);
    EXPECT_EQ(open->pop(), 1);
    // Pushed after the pops: still newest first among the h = 1 and h = 3 ties.
    push(*open, 4);
    push(*open, 5);
    EXPECT_EQ(drain(*open), (std::vector<NodeId>{5, 4, 2, 0}));
}

// Memory does not depend on the range of values (a bucket per integer did).
TEST(BestFirstOpenList, HugeAndTinyValues) {
    TableEvaluator h({{0, 1e300}, {1, -1e300}, {2, 1e-300}, {3, 0}, {4, 1e12}});
    auto open = make_best_first_open_list({&h});
    for (NodeId n = 0; n < 5; ++n)
        push(*open, n);
    EXPECT_EQ(drain(*open), (std::vector<NodeId>{1, 3, 2, 4, 0}));
}

TEST(BestFirstOpenList, TupleKeysBreakTies) {
    TableEvaluator w({{0, 2}, {1, 1}, {2, 1}, {3, 2}});
    TableEvaluator h({{0, 0}, {1, 5}, {2, 4}, {3, 0}});
    auto open = make_best_first_open_list({&w, &h});
    for (NodeId n = 0; n < 4; ++n)
        push(*open, n);
    EXPECT_EQ(drain(*open), (std::vector<NodeId>{2, 1, 0, 3}));
}

// Renumbering the tie order when the 32-bit sequence would wrap keeps the
// pop order: lists that renumber every few pushes pop exactly what one that
// never does pops, over random keys with many ties, pushes and pops mixed.
TEST(BestFirstOpenList, RenumberingKeepsThePopOrder) {
    for (const TieBreaking ties : {TieBreaking::Fifo, TieBreaking::Lifo}) {
        for (const std::size_t num_keys : {1u, 2u, 3u}) {
            std::mt19937 rng(static_cast<unsigned>(7 * num_keys + (ties == TieBreaking::Lifo)));
            std::map<NodeId, double> values[3];
            for (NodeId n = 0; n < 400; ++n) {
                for (auto& v : values)
                    v[n] = static_cast<double>(rng() % 4);
            }
            TableEvaluator a(values[0]), b(values[1]), c(values[2]);
            std::vector<Evaluator*> keys{&a, &b, &c};
            keys.resize(num_keys);
            auto reference = make_best_first_open_list(keys, false, ties);
            std::vector<std::unique_ptr<OpenList>> lists;
            for (const std::uint64_t limit : {1u, 3u, 7u, 64u})
                lists.push_back(make_best_first_open_list(keys, false, ties, limit));
            std::vector<NodeId> expected, popped[4];
            for (NodeId n = 0; n < 400; ++n) {
                push(*reference, n);
                for (auto& l : lists)
                    push(*l, n);
                if (rng() % 3 == 0) {
                    expected.push_back(reference->pop());
                    for (std::size_t i = 0; i < lists.size(); ++i)
                        popped[i].push_back(lists[i]->pop());
                }
            }
            for (NodeId n : drain(*reference))
                expected.push_back(n);
            for (std::size_t i = 0; i < lists.size(); ++i) {
                for (NodeId n : drain(*lists[i]))
                    popped[i].push_back(n);
                EXPECT_EQ(popped[i], expected) << "list " << i << ", " << num_keys << " keys";
            }
        }
    }
}

TEST(BestFirstOpenList, PreferredOnlyIgnoresOthers) {
    TableEvaluator h({{0, 1}, {1, 0}, {2, 2}});
    auto open = make_best_first_open_list({&h}, true);
    push(*open, 0, true);
    push(*open, 1, false);
    push(*open, 2, true);
    EXPECT_TRUE(open->only_preferred());
    EXPECT_EQ(drain(*open), (std::vector<NodeId>{0, 2}));
}

// Round robin with ties to the first list; a boost of 2 gives the preferred
// list two extra turns.
TEST(AlternationOpenList, RoundRobinAndBoost) {
    TableEvaluator h({{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}});
    TableEvaluator reverse({{0, 5}, {1, 4}, {2, 3}, {3, 2}, {4, 1}, {5, 0}});
    std::vector<std::unique_ptr<OpenList>> lists;
    lists.push_back(make_best_first_open_list({&h}));
    lists.push_back(make_best_first_open_list({&reverse}, true));
    auto open = make_alternation_open_list(std::move(lists));
    for (NodeId n = 0; n < 6; ++n)
        push(*open, n, n >= 3);  // 3, 4, 5 preferred
    // h list: 0 1 2 3 4 5; preferred list (reverse h): 5 4 3.
    EXPECT_EQ(open->pop(), 0);  // priorities 0 0: first list
    EXPECT_EQ(open->pop(), 5);  // 1 0
    open->boost_preferred(2);   // 1 -1
    EXPECT_EQ(open->pop(), 4);  // 1 -1 -> preferred
    EXPECT_EQ(open->pop(), 3);  // 1 0 -> preferred
    EXPECT_EQ(open->pop(), 1);  // 1 1 -> first
    // The preferred list is empty now: the rest comes from the first list
    // (duplicates included: engines skip closed nodes).
    EXPECT_EQ(drain(*open), (std::vector<NodeId>{2, 3, 4, 5}));
}

// Width-1 novelty on gripper states, partitioned by a table evaluator.
TEST(Novelty, NewAtomPerPartition) {
    const Task task = test::load_task("star", "p01");
    const StateLayout layout(task);
    const auto at = [&](const char* cell) {
        StateBuilder b(layout);
        PredicateId p = -1;
        for (PredicateId q = 0; q < static_cast<PredicateId>(task.predicates.size()); ++q) {
            if (task.predicates[q].name == "at") p = q;
        }
        for (ObjectId o = 0; o < task.num_objects(); ++o) {
            if (task.objects[o].name == cell) {
                const ObjectId args[1] = {o};
                b.add(p, args);
            }
        }
        return b.build();
    };
    TableEvaluator h({{0, 2}, {1, 2}, {2, 3}, {3, 2}, {4, 3}});
    NoveltyEvaluator novelty(layout, &h);
    const State c0 = at("c0"), x1 = at("x1");
    auto eval = [&](NodeId node, const State& s) {
        EvalContext c;
        c.reset(node, -1, node, s, PartialAction::none());
        return c.value(novelty);
    };
    EXPECT_EQ(eval(0, c0), 1);  // partition 2: at(c0) new
    EXPECT_EQ(eval(1, c0), 2);  // partition 2: seen
    EXPECT_EQ(eval(2, c0), 1);  // partition 3: new there
    EXPECT_EQ(eval(3, x1), 1);  // partition 2: at(x1) new
    EXPECT_EQ(eval(4, x1), 1);  // partition 3: at(x1) new
}

}  // namespace
}  // namespace ll
