// Graph builders (ILG, AOAG, AEG): hand-checked graphs on blocksworld p01 and
// on a small courier domain with unary static predicates (graph-statics),
// the effect summary of an action set, instance independence of colours,
// determinism, and a brute-force oracle (explicit atom sets, its own colour
// formula) over every reachable state and partial action of the test tasks.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "core/common/error.hpp"
#include "core/learning/aeg_builder.hpp"
#include "core/learning/aoag_builder.hpp"
#include "core/learning/graph_builder.hpp"
#include "core/learning/graph_effects.hpp"
#include "core/learning/ilg_builder.hpp"
#include "core/pddl/parser.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/static_facts.hpp"
#include "loaded_task.hpp"

namespace ll {
namespace {

using Edges = std::vector<std::tuple<int, int, int>>;

Edges edges_of(const Graph& g) {
    Edges out;
    for (const GraphEdge& e : g.edges)
        out.emplace_back(e.u, e.v, e.label);
    return out;
}

void expect_same_graph(const Graph& a, const Graph& b) {
    EXPECT_EQ(a.colours, b.colours);
    EXPECT_EQ(edges_of(a), edges_of(b));
}

struct GraphFixture : test::LoadedTask {
    using LoadedTask::LoadedTask;

    ObjectId object(const std::string& name) const {
        for (ObjectId o = 0; o < task.num_objects(); ++o) {
            if (task.objects[o].name == name) return o;
        }
        ADD_FAILURE() << "no object " << name;
        return -1;
    }
    PredicateId predicate(const std::string& name) const {
        for (PredicateId p = 0; p < task.num_predicates(); ++p) {
            if (task.predicates[p].name == name) return p;
        }
        ADD_FAILURE() << "no predicate " << name;
        return -1;
    }
    SchemaId schema(const std::string& name) const {
        for (SchemaId s = 0; s < task.num_schemas(); ++s) {
            if (task.schemas[s].name == name) return s;
        }
        ADD_FAILURE() << "no schema " << name;
        return -1;
    }
    // "on a b" -> the ground atom.
    GroundAtom atom(const std::string& text) const {
        std::istringstream in(text);
        std::string word;
        in >> word;
        GroundAtom a{predicate(word), {}};
        while (in >> word)
            a.arguments.push_back(object(word));
        return a;
    }
    State state(const std::vector<std::string>& atoms) const {
        StateBuilder builder(layout);
        for (const auto& text : atoms) {
            GroundAtom a = atom(text);
            builder.add(a.predicate, a.arguments);
        }
        return builder.build();
    }
    State initial() const { return initial_state(task, layout); }
    // "stack a" -> the partial action (stack, [a]).
    PartialAction partial(const std::string& text) const {
        std::istringstream in(text);
        std::string word;
        in >> word;
        PartialAction p{schema(word), {}};
        while (in >> word)
            p.prefix.push_back(object(word));
        return p;
    }
    State successor(const State& s, const std::string& action) const {
        PartialAction p = partial(action);
        return apply_action(task, layout, s, GroundAction{p.schema, p.prefix});
    }

    Graph build(GraphKind kind, const State& s, const PartialAction& p) {
        auto builder = make_graph_builder(kind, task, layout, statics, successors);
        Graph g;
        builder->build(s, p, g);
        return g;
    }
};

// ---------------------------------------------------------------- kinds

TEST(GraphKindTest, ParsesAndPrintsEveryKind) {
    for (GraphKind k : {GraphKind::Ilg, GraphKind::Aoag, GraphKind::Aeg}) {
        EXPECT_EQ(parse_graph_kind(to_string(k)), k);
    }
    EXPECT_STREQ(to_string(GraphKind::Aeg), "aeg");
    EXPECT_EQ(parse_graph_kind("aoag"), GraphKind::Aoag);
}

TEST(GraphKindTest, RejectsUnknownKindWithUsageError) {
    try {
        parse_graph_kind("rslg");
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Usage);
        EXPECT_NE(e.message().find("expected ilg, aoag or aeg"), std::string::npos) << e.message();
    }
}

// ---------------------------------------------------------------- ILG

class BlocksworldGraphTest : public ::testing::Test {
  protected:
    void SetUp() override {
        // The hand-computed colours below rely on these indices.
        ASSERT_EQ(f.predicate("on"), 0);
        ASSERT_EQ(f.predicate("ontable"), 1);
        ASSERT_EQ(f.predicate("clear"), 2);
        ASSERT_EQ(f.predicate("handempty"), 3);
        ASSERT_EQ(f.predicate("holding"), 4);
        ASSERT_EQ(f.schema("stack"), 2);
        ASSERT_EQ(f.object("a"), 0);
        ASSERT_EQ(f.object("b"), 1);
        ASSERT_EQ(f.object("c"), 2);
    }
    GraphFixture f{"blocksworld", "p01"};
    // Holding a, b and c on the table: stack(a, ?y) has two completions.
    State holding_a() const {
        return f.state({"holding a", "ontable b", "ontable c", "clear b", "clear c"});
    }
};

// No unary statics, so M = 1; S = 4: atom colour = 5 + 8 * pred + status.
TEST_F(BlocksworldGraphTest, IlgOfInitialStateIsHandChecked) {
    Graph g = f.build(GraphKind::Ilg, f.initial(), PartialAction::none());
    // objects a b c; goals (on a b) (on b c) unachieved; then (on c a),
    // (ontable a) (ontable b), (clear b) (clear c), (handempty) non-goal.
    EXPECT_EQ(g.colours, (std::vector<RawColour>{0, 0, 0, 6, 6, 9, 17, 17, 25, 25, 33}));
    EXPECT_EQ(edges_of(g), (Edges{{3, 0, 0},
                                  {3, 1, 1},
                                  {4, 1, 0},
                                  {4, 2, 1},
                                  {5, 2, 0},
                                  {5, 0, 1},
                                  {6, 0, 0},
                                  {7, 1, 0},
                                  {8, 1, 0},
                                  {9, 2, 0}}));
}

TEST_F(BlocksworldGraphTest, IlgMarksAchievedGoals) {
    State goal = f.state({"on a b", "on b c", "ontable c", "clear a", "handempty"});
    Graph g = f.build(GraphKind::Ilg, goal, PartialAction::none());
    // Both goal nodes achieved (5 + 0), no extra node for them.
    EXPECT_EQ(g.colours, (std::vector<RawColour>{0, 0, 0, 5, 5, 17, 25, 33}));
    EXPECT_EQ(g.edges.size(), 4u + 1 + 1);
}

TEST_F(BlocksworldGraphTest, IlgIgnoresThePartialAction) {
    Graph none = f.build(GraphKind::Ilg, f.initial(), PartialAction::none());
    expect_same_graph(f.build(GraphKind::Ilg, f.initial(), f.partial("unstack c a")), none);
    expect_same_graph(f.build(GraphKind::Ilg, f.initial(), f.partial("pick-up")), none);
}

// ---------------------------------------------------------------- AOAG

TEST_F(BlocksworldGraphTest, AoagOfCompleteActionIsTheSuccessorGraph) {
    State s0 = f.initial();
    State next = f.successor(s0, "unstack c a");
    Graph expected = f.build(GraphKind::Aoag, next, PartialAction::none());
    expect_same_graph(f.build(GraphKind::Aoag, s0, f.partial("unstack c a")), expected);
    // A prefix with a single completion is the same action.
    expect_same_graph(f.build(GraphKind::Aoag, s0, f.partial("unstack c")), expected);
    // Without unary statics the AOAG of a state is its ILG.
    expect_same_graph(expected, f.build(GraphKind::Ilg, next, PartialAction::none()));
}

TEST_F(BlocksworldGraphTest, AoagHasOneActionNodePerCompletion) {
    Graph g = f.build(GraphKind::Aoag, holding_a(), f.partial("stack a"));
    // objects, goals, action nodes stack(a,b) and stack(a,c) (M + 2 = 3), then
    // (ontable b) (ontable c) (clear b) (clear c) (holding a).
    EXPECT_EQ(g.colours, (std::vector<RawColour>{0, 0, 0, 6, 6, 3, 3, 17, 17, 25, 25, 41}));
    EXPECT_EQ(edges_of(g), (Edges{{3, 0, 0},
                                  {3, 1, 1},
                                  {4, 1, 0},
                                  {4, 2, 1},
                                  {5, 0, 0},
                                  {5, 1, 1},
                                  {6, 0, 0},
                                  {6, 2, 1},
                                  {7, 1, 0},
                                  {8, 2, 0},
                                  {9, 1, 0},
                                  {10, 2, 0},
                                  {11, 0, 0}}));
    // (stack) has the same completions; put-down is applicable too, so
    // A(s, ρ) is not every applicable action and the actions are kept.
    expect_same_graph(f.build(GraphKind::Aoag, holding_a(), f.partial("stack")), g);
    // (put-down) has a single completion: the successor's graph.
    expect_same_graph(
        f.build(GraphKind::Aoag, holding_a(), f.partial("put-down")),
        f.build(GraphKind::Aoag, f.successor(holding_a(), "put-down a"), PartialAction::none()));
}

TEST_F(BlocksworldGraphTest, AoagOfSchemaWithEveryApplicableActionIsTheStateGraph) {
    // Only pick-up is applicable (three completions).
    State table = f.state(
        {"ontable a", "ontable b", "ontable c", "clear a", "clear b", "clear c", "handempty"});
    Graph none = f.build(GraphKind::Aoag, table, PartialAction::none());
    for (RawColour c : none.colours)
        EXPECT_NE(c, 1 + f.schema("pick-up"));
    expect_same_graph(f.build(GraphKind::Aoag, table, f.partial("pick-up")), none);
    expect_same_graph(f.build(GraphKind::Aeg, table, f.partial("pick-up")), none);
    // A bound prefix commits to an action.
    expect_same_graph(
        f.build(GraphKind::Aoag, table, f.partial("pick-up a")),
        f.build(GraphKind::Aoag, f.successor(table, "pick-up a"), PartialAction::none()));
}

TEST_F(BlocksworldGraphTest, AoagWithoutApplicableCompletionIsTheStateGraph) {
    // stack needs a held block: A(s0, (stack a)) is empty.
    expect_same_graph(f.build(GraphKind::Aoag, f.initial(), f.partial("stack a")),
                      f.build(GraphKind::Aoag, f.initial(), PartialAction::none()));
}

// ---------------------------------------------------------------- AEG

TEST_F(BlocksworldGraphTest, EffectSummaryOfStackWithBoundBlock) {
    // A = {stack(a,b), stack(a,c)}: UA = {clear a, handempty}, UD = {holding a},
    // OA = {on a b, on a c}, OD = {clear b, clear c}.
    GroundEffectSummary sum(f.task, f.layout);
    sum.clear();
    int count = 0;
    f.successors.for_each_applicable(holding_a(), f.schema("stack"),
                                     std::vector<ObjectId>{f.object("a")},
                                     [&](std::span<const ObjectId> args) {
                                         sum.add_action(f.schema("stack"), args);
                                         ++count;
                                         return true;
                                     });
    sum.finish();
    ASSERT_EQ(count, 2);
    EXPECT_EQ(sum.num_actions(), 2);
    std::map<std::string, int> flags;
    for (int i = 0; i < sum.size(); ++i) {
        GroundAtom a{sum.predicate(i), {}};
        for (int k = 0; k < f.task.predicates[a.predicate].arity(); ++k)
            a.arguments.push_back(sum.arguments(i)[k]);
        flags[to_string(f.task, a)] = sum.flags(i);
    }
    using F = GroundEffectSummary;
    EXPECT_EQ(flags, (std::map<std::string, int>{{"(clear a)", F::UnavoidableAdd},
                                                 {"(handempty)", F::UnavoidableAdd},
                                                 {"(holding a)", F::UnavoidableDelete},
                                                 {"(on a b)", F::OptionalAdd},
                                                 {"(on a c)", F::OptionalAdd},
                                                 {"(clear b)", F::OptionalDelete},
                                                 {"(clear c)", F::OptionalDelete}}));
}

TEST_F(BlocksworldGraphTest, AegOfStackWithBoundBlockIsHandChecked) {
    Graph g = f.build(GraphKind::Aeg, holding_a(), f.partial("stack a"));
    // Goals: (on a b) goal optional-add 5+2, (on b c) goal unachieved 5+1.
    // Then (on a c) non-goal optional-add 5+6; (ontable b) (ontable c)
    // achieved 13+4; (clear a) achieved 21+4 (unavoidable add); (clear b)
    // (clear c) optional-delete 21+7; (handempty) achieved 29+4. (holding a)
    // is an unavoidable delete: no node.
    EXPECT_EQ(g.colours, (std::vector<RawColour>{0, 0, 0, 7, 6, 11, 17, 17, 25, 28, 28, 33}));
    EXPECT_EQ(edges_of(g), (Edges{{3, 0, 0},
                                  {3, 1, 1},
                                  {4, 1, 0},
                                  {4, 2, 1},
                                  {5, 0, 0},
                                  {5, 2, 1},
                                  {6, 1, 0},
                                  {7, 2, 0},
                                  {8, 0, 0},
                                  {9, 1, 0},
                                  {10, 2, 0}}));
}

TEST_F(BlocksworldGraphTest, AegOfCompleteActionIsTheSuccessorGraph) {
    State s0 = f.initial();
    for (const char* action : {"unstack c a", "pick-up b"}) {
        Graph expected = f.build(GraphKind::Aeg, f.successor(s0, action), PartialAction::none());
        expect_same_graph(f.build(GraphKind::Aeg, s0, f.partial(action)), expected);
    }
    // AEG(None) carries no effects: the same graph as AOAG(None).
    expect_same_graph(f.build(GraphKind::Aeg, holding_a(), PartialAction::none()),
                      f.build(GraphKind::Aoag, holding_a(), PartialAction::none()));
}

TEST_F(BlocksworldGraphTest, BuildingIsDeterministicAndReusesTheOutput) {
    for (GraphKind kind : {GraphKind::Ilg, GraphKind::Aoag, GraphKind::Aeg}) {
        auto builder = make_graph_builder(kind, f.task, f.layout, f.statics, f.successors);
        Graph first, again;
        builder->build(holding_a(), f.partial("stack a"), first);
        // A bigger graph first, so `again` is overwritten, not appended to.
        builder->build(f.initial(), PartialAction::none(), again);
        builder->build(holding_a(), f.partial("stack a"), again);
        expect_same_graph(first, again);
        expect_same_graph(first, f.build(kind, holding_a(), f.partial("stack a")));
    }
}

TEST(GraphBuildersTest, ColoursAreInstanceIndependent) {
    GraphFixture p01("blocksworld", "p01"), p02("blocksworld", "p02");
    for (GraphKind kind : {GraphKind::Ilg, GraphKind::Aoag, GraphKind::Aeg}) {
        Graph g1 = p01.build(kind, p01.initial(), PartialAction::none());
        Graph g2 = p02.build(kind, p02.initial(), PartialAction::none());
        // p01: 3 objects, goals (on a b) (on b c); p02: 4 objects, goals
        // (on a b) (on b c) (on c d): all unachieved, same colour.
        ASSERT_EQ(g1.num_nodes(), 3 + 2 + 6);
        ASSERT_EQ(g2.num_nodes(), 4 + 3 + 6);
        EXPECT_EQ(g1.colours[3], g2.colours[4]);
        EXPECT_EQ(g1.colours[4], g2.colours[6]);
        // (handempty), the last atom node of both, and the objects.
        EXPECT_EQ(g1.colours.back(), g2.colours.back());
        EXPECT_EQ(g1.colours[0], g2.colours[3]);
    }
    // The colour of one (predicate, status) is the same in both problems.
    Graph g1 = p01.build(GraphKind::Aeg, p01.initial(), p01.partial("unstack c"));
    Graph g2 = p02.build(GraphKind::Aeg, p02.initial(), p02.partial("unstack d"));
    // (holding c) and (holding d) are both non-goal achieved atoms of the
    // successor; (on c a) and (on d c) are gone in both.
    EXPECT_EQ(std::count(g1.colours.begin(), g1.colours.end(), 5 + 32 + 4), 1);
    EXPECT_EQ(std::count(g2.colours.begin(), g2.colours.end(), 5 + 32 + 4), 1);
}

// ---------------------------------------------------------------- statics

class StaticsGraphTest : public ::testing::Test {
  protected:
    void SetUp() override {
        ASSERT_EQ(f.predicate("at"), 0);
        ASSERT_EQ(f.predicate("road"), 1);
        ASSERT_EQ(f.predicate("dark"), 2);
        ASSERT_EQ(f.predicate("heavy"), 3);
        ASSERT_EQ(f.predicate("item-at"), 4);
        ASSERT_EQ(f.predicate("visited"), 6);
        ASSERT_EQ(f.predicate("free"), 7);
        ASSERT_EQ(f.task.num_schemas(), 3);
        ASSERT_TRUE(f.task.predicates[1].is_static);
        ASSERT_TRUE(f.task.predicates[2].is_static);
        ASSERT_TRUE(f.task.predicates[3].is_static);
    }
    GraphFixture f{"graph-statics", "p01"};
};

// ILG: M = 1, S = 3: atom colour = 4 + 8 * pred + status.
TEST_F(StaticsGraphTest, IlgSkipsStaticAtomsAndStaticObjectColours) {
    Graph g = f.build(GraphKind::Ilg, f.initial(), PartialAction::none());
    // 5 objects; goals (item-at i1 p3) (visited p3), the static goal
    // (road p1 p2) is no node; (at p1) (item-at i1 p1) (item-at i2 p2) (free).
    EXPECT_EQ(g.colours, (std::vector<RawColour>{0, 0, 0, 0, 0, 37, 53, 8, 40, 40, 64}));
    EXPECT_EQ(g.edges.size(), 2u + 1 + 1 + 2 + 2 + 0);
}

// AOAG/AEG: unary statics dark (rank 0) and heavy (rank 1): M = 4, and
// atom colour = 7 + 8 * pred + status.
TEST_F(StaticsGraphTest, AoagColoursObjectsByUnaryStatics) {
    Graph ilg = f.build(GraphKind::Ilg, f.initial(), PartialAction::none());
    for (GraphKind kind : {GraphKind::Aoag, GraphKind::Aeg}) {
        Graph g = f.build(kind, f.initial(), PartialAction::none());
        // p1 -, p2 dark, p3 dark, i1 -, i2 heavy.
        EXPECT_EQ(g.colours, (std::vector<RawColour>{0, 1, 1, 0, 2, 40, 56, 11, 43, 43, 67}));
        EXPECT_EQ(edges_of(g), edges_of(ilg));
    }
}

TEST_F(StaticsGraphTest, StaticPredicatesNeverColourANode) {
    State s0 = f.initial();
    for (GraphKind kind : {GraphKind::Ilg, GraphKind::Aoag, GraphKind::Aeg}) {
        const RawColour base = kind == GraphKind::Ilg ? 4 : 7;
        for (const PartialAction& p :
             {PartialAction::none(), f.partial("move"), f.partial("pick i1 p1")}) {
            Graph g = f.build(kind, s0, p);
            for (PredicateId q : {1, 2, 3}) {
                for (RawColour c : g.colours) {
                    EXPECT_FALSE(c >= base + 8 * q && c < base + 8 * q + 8)
                        << to_string(kind) << " colour " << c;
                }
            }
        }
    }
}

TEST_F(StaticsGraphTest, AoagOfCompleteActionIsTheSuccessorGraph) {
    State s0 = f.initial();
    for (GraphKind kind : {GraphKind::Aoag, GraphKind::Aeg}) {
        expect_same_graph(f.build(kind, s0, f.partial("pick i1 p1")),
                          f.build(kind, f.successor(s0, "pick i1 p1"), PartialAction::none()));
        // move(p1, ?) has one completion, move(p1, p2).
        expect_same_graph(f.build(kind, s0, f.partial("move p1")),
                          f.build(kind, f.successor(s0, "move p1 p2"), PartialAction::none()));
    }
}

// A (deliberately unreachable) state where one action adds an atom another
// deletes: such an atom is optional-delete if true in s', optional-add if not.
TEST_F(StaticsGraphTest, AegAtomBothOptionalAddAndOptionalDelete) {
    State s = f.state({"at p1", "at p2", "free", "item-at i1 p1", "item-at i2 p2"});
    // A = {move(p1,p2), move(p2,p1), move(p2,p3)}; pick is applicable too.
    Graph g = f.build(GraphKind::Aeg, s, f.partial("move"));
    // Goals: (item-at i1 p3) unachieved 7+32+1, (visited p3) goal optional-add
    // 7+48+2. (at p1) (at p2): optional-delete 7+0+7; (at p3) optional-add
    // 7+0+6; (item-at i1 p1) (item-at i2 p2) achieved 7+32+4; (visited p1)
    // (visited p2) optional-add 7+48+6; (free) achieved 7+56+4.
    EXPECT_EQ(g.colours,
              (std::vector<RawColour>{0, 1, 1, 0, 2, 40, 57, 14, 14, 13, 43, 43, 61, 61, 67}));
    EXPECT_EQ(g.edges.size(), 3u + 3 + 4 + 2 + 0);
}

TEST(GraphBuildersTest, ObjectColoursAreInstanceIndependent) {
    GraphFixture p01("graph-statics", "p01"), p02("graph-statics", "p02");
    Graph g1 = p01.build(GraphKind::Aoag, p01.initial(), PartialAction::none());
    Graph g2 = p02.build(GraphKind::Aoag, p02.initial(), PartialAction::none());
    // p02 objects: i1 q1 (dark) q2; goals (item-at i1 q1) (visited q2).
    EXPECT_EQ(g1.colours[p01.object("p2")], g2.colours[p02.object("q1")]);
    EXPECT_EQ(g2.colours[p02.object("q1")], 1);
    EXPECT_EQ(g1.colours[p01.object("i1")], g2.colours[p02.object("i1")]);
    EXPECT_EQ(g1.colours[5], g2.colours[3]);          // item-at goal, unachieved
    EXPECT_EQ(g1.colours[6], g2.colours[4]);          // visited goal, unachieved
    EXPECT_EQ(g1.colours.back(), g2.colours.back());  // (free)
}

TEST(GraphBuildersTest, TooManyUnaryStaticPredicatesAreUnsupported) {
    std::string domain = "(define (domain many) (:predicates (fluent ?x)";
    std::string init;
    for (int i = 0; i < 41; ++i) {
        domain += " (s" + std::to_string(i) + " ?x)";
        init += " (s" + std::to_string(i) + " o)";
    }
    domain += ") (:action go :parameters (?x) :precondition (s0 ?x) :effect (fluent ?x)))";
    std::string problem = "(define (problem many-p) (:domain many) (:objects o) (:init" + init +
                          ") (:goal (fluent o)))";
    GraphFixture f(parse_task(domain, problem, "domain.pddl", "problem.pddl"));
    EXPECT_NO_THROW(f.build(GraphKind::Ilg, f.initial(), PartialAction::none()));
    for (GraphKind kind : {GraphKind::Aoag, GraphKind::Aeg}) {
        try {
            make_graph_builder(kind, f.task, f.layout, f.statics, f.successors);
            FAIL() << "expected an error";
        } catch (const Error& e) {
            EXPECT_EQ(e.category(), ErrorCategory::Unsupported);
        }
    }
}

// A complete ρ commits to its action even when it is the only applicable
// action: nullary/p01 s0 has only (reach).
TEST(GraphBuildersTest, CompleteNullaryActionIsTheSuccessorGraph) {
    GraphFixture f("nullary", "p01");
    State s0 = f.initial();
    for (GraphKind kind : {GraphKind::Aoag, GraphKind::Aeg}) {
        Graph g = f.build(kind, s0, f.partial("reach"));
        expect_same_graph(g, f.build(kind, f.successor(s0, "reach"), PartialAction::none()));
        // (in-room) goal unachieved, (switch-reachable) true: isolated nodes.
        EXPECT_EQ(g.num_nodes(), 2);
        EXPECT_TRUE(g.edges.empty());
    }
}

// ---------------------------------------------------------------- oracle

// A graph up to the order of its non-object nodes: object colours, and the
// multiset of (colour, sorted (label, object) edges) of the other nodes.
struct Canonical {
    std::vector<RawColour> objects;
    std::multiset<std::pair<RawColour, std::vector<std::pair<int, int>>>> others;
    bool operator==(const Canonical&) const = default;
};

Canonical canonical(const Graph& g, int num_objects) {
    Canonical c;
    c.objects.assign(g.colours.begin(), g.colours.begin() + std::min(num_objects, g.num_nodes()));
    std::vector<std::vector<std::pair<int, int>>> adj(g.num_nodes());
    for (const GraphEdge& e : g.edges) {
        // Every edge joins a non-object node to an object.
        EXPECT_GE(e.u, num_objects);
        EXPECT_LT(e.v, num_objects);
        if (e.u >= 0 && e.u < g.num_nodes()) adj[e.u].emplace_back(e.label, e.v);
    }
    for (int n = num_objects; n < g.num_nodes(); ++n) {
        std::sort(adj[n].begin(), adj[n].end());
        c.others.emplace(g.colours[n], adj[n]);
    }
    return c;
}

// The expected graph, from explicit atom sets and the documented layout.
Canonical oracle_graph(const GraphFixture& f, const test::GroundOracle& oracle, GraphKind kind,
                       const test::AtomSet& s, const PartialAction& rho) {
    const Task& task = f.task;
    Canonical c;
    std::vector<PredicateId> unary;
    for (PredicateId p = 0; p < task.num_predicates(); ++p) {
        if (task.predicates[p].is_static && task.predicates[p].arity() == 1) unary.push_back(p);
    }
    c.objects.assign(task.num_objects(), 0);
    RawColour m = 1;
    if (kind != GraphKind::Ilg) {
        m = RawColour(1) << unary.size();
        for (const GroundAtom& a : task.initial_state) {
            auto it = std::find(unary.begin(), unary.end(), a.predicate);
            if (it != unary.end())
                c.objects[a.arguments[0]] |= RawColour(1) << (it - unary.begin());
        }
    }
    const RawColour atom_base = m + task.num_schemas();
    auto fluent = [&](const GroundAtom& a) { return !task.predicates[a.predicate].is_static; };
    test::AtomSet goals;
    for (const GroundAtom& g : task.goal_positive) {
        if (fluent(g)) goals.insert(g);
    }

    std::vector<GroundAction> all = oracle.applicable_actions(s), actions;
    for (const GroundAction& a : all) {
        if (!rho.is_none() && a.schema == rho.schema &&
            std::equal(rho.prefix.begin(), rho.prefix.end(), a.arguments.begin())) {
            actions.push_back(a);
        }
    }
    const bool uncommitted =
        rho.is_none() || actions.empty() ||
        (rho.prefix.empty() && !rho.is_complete(task) && actions.size() == all.size());

    test::AtomSet ua, ud, oa, od, state = s;
    if (kind == GraphKind::Ilg || uncommitted) {
        // the state graph
    } else if (kind == GraphKind::Aoag && actions.size() > 1) {
        for (const GroundAction& a : actions) {
            std::vector<std::pair<int, int>> edges;
            for (int i = 0; i < static_cast<int>(a.arguments.size()); ++i)
                edges.emplace_back(i, a.arguments[i]);
            std::sort(edges.begin(), edges.end());
            c.others.emplace(m + a.schema, edges);
        }
    } else if (kind == GraphKind::Aoag) {
        state = oracle.apply(s, actions[0]);
    } else {
        bool first = true;
        test::AtomSet all_adds, all_dels;
        for (const GroundAction& a : actions) {
            test::AtomSet adds, dels;
            for (const auto& e : task.schemas[a.schema].add_effects)
                adds.insert(oracle.ground(e, a));
            for (const auto& e : task.schemas[a.schema].delete_effects) {
                GroundAtom g = oracle.ground(e, a);
                if (!adds.count(g)) dels.insert(g);
            }
            all_adds.insert(adds.begin(), adds.end());
            all_dels.insert(dels.begin(), dels.end());
            if (first) {
                ua = adds;
                ud = dels;
                first = false;
            } else {
                test::AtomSet x, y;
                std::set_intersection(ua.begin(), ua.end(), adds.begin(), adds.end(),
                                      std::inserter(x, x.end()));
                std::set_intersection(ud.begin(), ud.end(), dels.begin(), dels.end(),
                                      std::inserter(y, y.end()));
                ua.swap(x);
                ud.swap(y);
            }
        }
        std::set_difference(all_adds.begin(), all_adds.end(), ua.begin(), ua.end(),
                            std::inserter(oa, oa.end()));
        std::set_difference(all_dels.begin(), all_dels.end(), ud.begin(), ud.end(),
                            std::inserter(od, od.end()));
        state.clear();
        for (const GroundAtom& a : s) {
            if (!ud.count(a)) state.insert(a);
        }
        state.insert(ua.begin(), ua.end());
    }

    test::AtomSet nodes = goals;
    for (const GroundAtom& a : state) {
        if (fluent(a)) nodes.insert(a);
    }
    nodes.insert(oa.begin(), oa.end());
    for (const GroundAtom& a : nodes) {
        int status;
        if (state.count(a)) {
            status = od.count(a) ? 3 : 0;
        } else if (oa.count(a)) {
            status = 2;
        } else {
            status = 1;  // only goals reach here
        }
        if (!goals.count(a)) status += 4;
        std::vector<std::pair<int, int>> edges;
        for (int i = 0; i < static_cast<int>(a.arguments.size()); ++i)
            edges.emplace_back(i, a.arguments[i]);
        std::sort(edges.begin(), edges.end());
        c.others.emplace(atom_base + 8 * a.predicate + status, edges);
    }
    return c;
}

// Every partial action worth asking about in s: None, each schema with an
// empty prefix, and every prefix of every applicable action.
std::vector<PartialAction> partials(const Task& task, const std::vector<GroundAction>& applicable) {
    std::set<std::pair<SchemaId, std::vector<ObjectId>>> seen;
    std::vector<PartialAction> out{PartialAction::none()};
    for (SchemaId s = 0; s < task.num_schemas(); ++s) {
        if (seen.insert({s, {}}).second) out.push_back({s, {}});
    }
    for (const GroundAction& a : applicable) {
        for (std::size_t k = 1; k <= a.arguments.size(); ++k) {
            std::vector<ObjectId> prefix(a.arguments.begin(), a.arguments.begin() + k);
            if (seen.insert({a.schema, prefix}).second) out.push_back({a.schema, prefix});
        }
    }
    return out;
}

TEST(GraphBuildersTest, EveryGraphMatchesTheGroundOracle) {
    std::vector<test::TaskRef> tasks = test::all_test_tasks();
    tasks.push_back({"graph-statics", "p01"});
    tasks.push_back({"graph-statics", "p02"});
    for (const auto& ref : tasks) {
        SCOPED_TRACE(ref.task + "/" + ref.problem);
        GraphFixture f(ref.task, ref.problem);
        test::GroundOracle oracle(f.task);
        std::vector<std::unique_ptr<GraphBuilder>> builders;
        for (GraphKind kind : {GraphKind::Ilg, GraphKind::Aoag, GraphKind::Aeg})
            builders.push_back(make_graph_builder(kind, f.task, f.layout, f.statics, f.successors));
        Graph g;
        int checked = 0;
        for (const test::AtomSet& atoms : oracle.reachable_states(60)) {
            State s = test::to_state(f.layout, atoms);
            for (const PartialAction& rho : partials(f.task, oracle.applicable_actions(atoms))) {
                for (int k = 0; k < 3; ++k) {
                    const GraphKind kind = static_cast<GraphKind>(k);
                    builders[k]->build(s, rho, g);
                    ASSERT_EQ(canonical(g, f.task.num_objects()),
                              oracle_graph(f, oracle, kind, atoms, rho))
                        << to_string(kind) << " schema " << rho.schema << " prefix size "
                        << rho.prefix.size();
                    ++checked;
                }
            }
        }
        EXPECT_GT(checked, 0);
    }
}

}  // namespace
}  // namespace ll
