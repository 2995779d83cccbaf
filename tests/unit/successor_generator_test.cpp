// Successor generation against brute-force grounding: on every reachable
// state of every test task, the applicable actions, the next-parameter values
// of every prefix, and the successor states must be identical.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/successors/successor_generator.hpp"
#include "core/task/static_facts.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

std::vector<GroundAtom> fluent_only(const StateLayout& layout, const test::AtomSet& atoms) {
    std::vector<GroundAtom> out;
    for (const auto& a : atoms) {
        if (layout.is_fluent(a.predicate)) out.push_back(a);
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The task, and whether the join uses its fast lookups (dense membership
// sets, bucketed indexes) or only the fallbacks (binary searches, sorted
// index keys).
class SuccessorGeneratorTest : public ::testing::TestWithParam<std::tuple<test::TaskRef, bool>> {};

TEST_P(SuccessorGeneratorTest, MatchesBruteForceOnReachableStates) {
    const auto& [ref, fast] = GetParam();
    const Task task = test::load_task(ref.task, ref.problem);
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const JoinLookups lookups = fast ? JoinLookups{} : JoinLookups{0, false};
    SuccessorGenerator gen(task, layout, statics, lookups);
    test::GroundOracle oracle(task);

    const auto states = oracle.reachable_states(300);
    ASSERT_FALSE(states.empty());
    int checked_prefixes = 0;
    ActionApplier applier(task, layout);  // reused, as search does
    ActionList flat;
    for (const auto& atoms : states) {
        const State state = test::to_state(layout, atoms);
        auto expected = oracle.applicable_actions(atoms);
        std::vector<GroundAction> actual;
        gen.applicable_actions(state, actual);
        std::sort(expected.begin(), expected.end());
        std::vector<GroundAction> sorted = actual;
        std::sort(sorted.begin(), sorted.end());
        ASSERT_EQ(sorted, expected) << "applicable actions differ";
        ASSERT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end())
            << "an action was generated twice";
        // The flat list holds the same actions in the same order; erase_if
        // keeps the others in order.
        flat.clear();
        gen.applicable_actions(state, flat);
        ASSERT_EQ(flat.size(), actual.size());
        for (std::size_t i = 0; i < flat.size(); ++i)
            ASSERT_EQ(flat.action(i), actual[i]);
        auto odd_first = [](SchemaId, std::span<const ObjectId> args) {
            return !args.empty() && args[0] % 2 == 1;
        };
        std::vector<GroundAction> kept;
        for (const GroundAction& a : actual)
            if (!odd_first(a.schema, a.arguments)) kept.push_back(a);
        EXPECT_EQ(flat.erase_if(odd_first), actual.size() - kept.size());
        ASSERT_EQ(flat.size(), kept.size());
        for (std::size_t i = 0; i < flat.size(); ++i)
            ASSERT_EQ(flat.action(i), kept[i]);
        // An action pushed after erase_if follows the kept ones (the argument
        // block is not shrunk); append copies a list, truncate drops a tail.
        if (!actual.empty()) {
            flat.push_back(actual.back());
            ASSERT_EQ(flat.size(), kept.size() + 1);
            ASSERT_EQ(flat.action(kept.size()), actual.back());
            ActionList copy;
            copy.push_back(actual.front());
            copy.append(flat);
            copy.append(flat);
            ASSERT_EQ(copy.size(), 1 + 2 * flat.size());
            for (std::size_t i = 0; i < flat.size(); ++i) {
                ASSERT_EQ(copy.action(1 + i), flat.action(i));
                ASSERT_EQ(copy.action(1 + flat.size() + i), flat.action(i));
            }
            copy.truncate(1);
            ASSERT_EQ(copy.to_vector(), std::vector<GroundAction>{actual.front()});
            copy.append(flat);
            ASSERT_EQ(copy.action(copy.size() - 1), actual.back());
        }

        // Successor states equal set semantics.
        for (const auto& a : expected) {
            EXPECT_TRUE(gen.is_applicable(state, a));
            const State next = apply_action(task, layout, state, a);
            const auto expected_next = fluent_only(layout, oracle.apply(atoms, a));
            EXPECT_EQ(fluent_atoms(layout, next), expected_next);
            EXPECT_EQ(fluent_atoms(layout, applier.apply(state, a.schema, a.arguments)),
                      expected_next);
        }

        // next_values: for every schema and every prefix of every length,
        // including prefixes that have no applicable completion.
        for (SchemaId s = 0; s < task.num_schemas(); ++s) {
            const int arity = task.schemas[s].arity();
            std::set<std::vector<ObjectId>> prefixes{{}};
            for (const auto& a : expected) {
                if (a.schema != s) continue;
                for (int k = 0; k < arity; ++k) {
                    prefixes.insert({a.arguments.begin(), a.arguments.begin() + k});
                }
            }
            // Dead prefixes: every object as a first argument.
            if (arity > 0) {
                for (ObjectId o = 0; o < task.num_objects(); ++o)
                    prefixes.insert({o});
            }
            for (const auto& prefix : prefixes) {
                if (static_cast<int>(prefix.size()) >= arity) continue;
                std::set<ObjectId> want;
                for (const auto& a : expected) {
                    if (a.schema == s &&
                        std::equal(prefix.begin(), prefix.end(), a.arguments.begin())) {
                        want.insert(a.arguments[prefix.size()]);
                    }
                }
                auto got = gen.next_values(state, s, prefix);
                ASSERT_EQ(std::vector<ObjectId>(want.begin(), want.end()), got)
                    << "schema " << task.schemas[s].name << " prefix length " << prefix.size();
                EXPECT_EQ(gen.has_applicable(state, s, prefix), !want.empty());
                ++checked_prefixes;
            }
            // for_each_applicable with a prefix yields exactly the matching actions.
            if (arity > 0) {
                for (ObjectId o = 0; o < task.num_objects(); ++o) {
                    std::vector<ObjectId> prefix{o};
                    std::vector<std::vector<ObjectId>> got, want;
                    gen.for_each_applicable(state, s, prefix, [&](std::span<const ObjectId> args) {
                        got.emplace_back(args.begin(), args.end());
                        return true;
                    });
                    for (const auto& a : expected) {
                        if (a.schema == s && a.arguments[0] == o) want.push_back(a.arguments);
                    }
                    std::sort(got.begin(), got.end());
                    std::sort(want.begin(), want.end());
                    ASSERT_EQ(got, want);
                }
            }
        }
    }
    const bool has_parameters = std::any_of(task.schemas.begin(), task.schemas.end(),
                                            [](const ActionSchema& a) { return a.arity() > 0; });
    EXPECT_EQ(checked_prefixes > 0, has_parameters);
}

// The plans for nothing bound that begin with each atom: one per positive
// precondition with a parameter, each beginning with its atom, each matching every such atom (as a
// step or as a check) and binding every parameter.
TEST_P(SuccessorGeneratorTest, PlansByFirstAtomCoverTheSchema) {
    const auto& ref = std::get<0>(GetParam());
    const Task task = test::load_task(ref.task, ref.problem);
    const CompiledJoins joins = compile_joins(task);
    for (SchemaId s = 0; s < task.num_schemas(); ++s) {
        const ActionSchema& schema = task.schemas[s];
        std::vector<int> atoms;
        for (int i = 0; i < static_cast<int>(schema.positive_preconditions.size()); ++i) {
            const auto& args = schema.positive_preconditions[i].arguments;
            if (std::any_of(args.begin(), args.end(),
                            [](const Term& t) { return t.is_parameter(); }))
                atoms.push_back(i);
        }
        const auto& plans = joins.schemas[s].unbound_by_first_atom;
        ASSERT_EQ(plans.size(), atoms.size() >= 2 ? atoms.size() : 0u) << schema.name;
        for (std::size_t k = 0; k < plans.size(); ++k) {
            const JoinPlan& plan = plans[k];
            const AtomSchema& first = schema.positive_preconditions[atoms[k]];
            ASSERT_FALSE(plan.steps.empty());
            EXPECT_EQ(plan.steps.front().predicate, first.predicate) << schema.name;
            std::vector<bool> bound(schema.arity(), false);
            int matched = 0;
            auto count_checks = [&](const std::vector<JoinCheck>& checks) {
                for (const JoinCheck& c : checks)
                    matched += c.kind == JoinCheck::Kind::PositiveAtom;
            };
            count_checks(plan.initial_checks);
            for (const JoinStep& step : plan.steps) {
                if (step.kind == JoinStep::Kind::Atom) ++matched;
                if (step.kind == JoinStep::Kind::Enumerate) bound[step.param] = true;
                for (const ArgOp& op : step.ops) {
                    if (op.kind == ArgOp::Kind::Bind) bound[op.value] = true;
                }
                count_checks(step.checks);
            }
            EXPECT_EQ(matched, static_cast<int>(schema.positive_preconditions.size()));
            EXPECT_TRUE(std::all_of(bound.begin(), bound.end(), [](bool b) { return b; }));
        }
    }
}

INSTANTIATE_TEST_SUITE_P(AllTasks, SuccessorGeneratorTest,
                         ::testing::Combine(::testing::ValuesIn(test::all_test_tasks()),
                                            ::testing::Bool()),
                         [](const auto& info) {
                             const test::TaskRef& ref = std::get<0>(info.param);
                             std::string n = ref.task + "_" + ref.problem +
                                             (std::get<1>(info.param) ? "_fast" : "_fallback");
                             std::replace(n.begin(), n.end(), '-', '_');
                             return n;
                         });

TEST(StatePacking, DuplicatesAndOrderDoNotMatter) {
    const Task task = test::load_task("blocksworld", "p02");
    const StateLayout layout(task);
    const State s0 = initial_state(task, layout);
    StateBuilder builder(layout);
    auto atoms = fluent_atoms(layout, s0);
    std::reverse(atoms.begin(), atoms.end());
    for (const auto& a : atoms) {
        builder.add(a.predicate, a.arguments);
        builder.add(a.predicate, a.arguments);
    }
    const State again = builder.build();
    EXPECT_EQ(again, s0);
    EXPECT_EQ(again.hash(), s0.hash());
}

TEST(StatePacking, AddAndDeleteOfTheSameAtomKeepsIt) {
    // PDDL: deletes first, then adds. Use a hand-made schema on blocksworld.
    Task task = test::load_task("blocksworld", "p01");
    const StateLayout layout(task);
    ActionSchema schema;
    schema.name = "touch";
    schema.parameters = {{"?x", 0}};
    const PredicateId clear = [&] {
        for (PredicateId p = 0; p < task.num_predicates(); ++p) {
            if (task.predicates[p].name == "clear") return p;
        }
        return -1;
    }();
    ASSERT_GE(clear, 0);
    schema.delete_effects = {{clear, {Term::parameter(0)}}};
    schema.add_effects = {{clear, {Term::parameter(0)}}};
    task.schemas.push_back(schema);
    const State s0 = initial_state(task, layout);
    for (ObjectId o = 0; o < task.num_objects(); ++o) {
        const GroundAction a{task.num_schemas() - 1, {o}};
        const State next = apply_action(task, layout, s0, a);
        EXPECT_TRUE(next.contains(layout, clear, std::vector<ObjectId>{o}));
    }
}

}  // namespace
}  // namespace ll
