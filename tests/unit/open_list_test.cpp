// Open lists and novelty on hand-computed inputs: best-first order with FIFO
// or LIFO ties over any range of values, tuple keys, preferred-only lists,
// alternation with boosts; width-1 novelty per partition.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
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
