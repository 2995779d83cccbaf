// Tests of parse_task on valid input: lowering of types (either-types
// included), objects and constants, predicates, schemas (equality, negative
// preconditions, constants), init and goal, and every task in
// tests/data/tasks.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/pddl/parser.hpp"
#include "core/task/task.hpp"
#include "test_support.hpp"

namespace {

using ll::GroundAtom;
using ll::Task;
using ll::Term;

std::filesystem::path parser_tasks_dir() {
    return std::filesystem::path(LL_TEST_DATA_DIR) / "tasks";
}

Task parser_load(const std::string& task, const std::string& problem) {
    return ll::test::load_task(task, problem);
}

int find_object(const Task& t, const std::string& name) {
    for (int i = 0; i < t.num_objects(); ++i) {
        if (t.objects[i].name == name) return i;
    }
    ADD_FAILURE() << "no object " << name;
    return -1;
}

int find_predicate(const Task& t, const std::string& name) {
    for (int i = 0; i < t.num_predicates(); ++i) {
        if (t.predicates[i].name == name) return i;
    }
    ADD_FAILURE() << "no predicate " << name;
    return -1;
}

int find_type(const Task& t, const std::string& name) {
    for (int i = 0; i < static_cast<int>(t.types.size()); ++i) {
        if (t.types[i].name == name) return i;
    }
    ADD_FAILURE() << "no type " << name;
    return -1;
}

const ll::ActionSchema& find_schema(const Task& t, const std::string& name) {
    for (const auto& s : t.schemas) {
        if (s.name == name) return s;
    }
    ADD_FAILURE() << "no schema " << name;
    return t.schemas.at(0);
}

std::vector<std::string> atom_strings(const Task& t, const std::vector<GroundAtom>& atoms) {
    std::vector<std::string> out;
    for (const auto& a : atoms)
        out.push_back(ll::to_string(t, a));
    return out;
}

TEST(PddlParser, BlocksworldLowering) {
    Task t = parser_load("blocksworld", "p01");
    EXPECT_EQ(t.domain_name, "blocksworld");
    EXPECT_EQ(t.problem_name, "bw-p01");
    ASSERT_EQ(t.types.size(), 2u);
    EXPECT_EQ(t.types[0].name, "object");
    EXPECT_EQ(t.types[0].parent, -1);
    EXPECT_EQ(t.types[1].name, "block");
    EXPECT_EQ(t.types[1].parent, 0);
    ASSERT_EQ(t.num_objects(), 3);
    EXPECT_EQ(t.objects[0].name, "a");
    EXPECT_EQ(t.objects[2].name, "c");
    for (const auto& o : t.objects) {
        EXPECT_EQ(o.type, 1);
        EXPECT_FALSE(o.is_constant);
    }
    ASSERT_EQ(t.num_predicates(), 5);
    const std::vector<std::string> names = {"on", "ontable", "clear", "handempty", "holding"};
    const std::vector<int> arities = {2, 1, 1, 0, 1};
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(t.predicates[i].name, names[i]);
        EXPECT_EQ(t.predicates[i].arity(), arities[i]);
        EXPECT_FALSE(t.predicates[i].is_static);
    }
    EXPECT_EQ(t.predicates[0].argument_types, (std::vector<ll::TypeId>{1, 1}));

    ASSERT_EQ(t.num_schemas(), 4);
    EXPECT_EQ(t.schemas[0].name, "pick-up");
    EXPECT_EQ(t.schemas[3].name, "unstack");
    const auto& stack = t.schemas[2];
    EXPECT_EQ(stack.name, "stack");
    ASSERT_EQ(stack.arity(), 2);
    EXPECT_EQ(stack.parameters[0].name, "?x");
    EXPECT_EQ(stack.parameters[1].name, "?y");
    EXPECT_EQ(stack.parameters[1].type, 1);
    ASSERT_EQ(stack.positive_preconditions.size(), 2u);
    EXPECT_EQ(stack.positive_preconditions[0].predicate, 4);  // holding ?x
    EXPECT_EQ(stack.positive_preconditions[0].arguments, (std::vector<Term>{Term::parameter(0)}));
    EXPECT_TRUE(stack.negative_preconditions.empty());
    EXPECT_TRUE(stack.equalities.empty());
    ASSERT_EQ(stack.add_effects.size(), 3u);
    EXPECT_EQ(stack.add_effects[2].predicate, 0);  // on ?x ?y
    EXPECT_EQ(stack.add_effects[2].arguments,
              (std::vector<Term>{Term::parameter(0), Term::parameter(1)}));
    EXPECT_EQ(stack.delete_effects.size(), 2u);

    EXPECT_EQ(atom_strings(t, t.initial_state),
              (std::vector<std::string>{"(on c a)", "(ontable a)", "(ontable b)", "(clear c)",
                                        "(clear b)", "(handempty)"}));
    EXPECT_EQ(atom_strings(t, t.goal_positive), (std::vector<std::string>{"(on a b)", "(on b c)"}));
    EXPECT_TRUE(t.goal_negative.empty());
    EXPECT_FALSE(t.goal_contains_false_equality);
    EXPECT_EQ(t.objects_of_type[0], (std::vector<ll::ObjectId>{0, 1, 2}));
    EXPECT_EQ(t.objects_of_type[1], (std::vector<ll::ObjectId>{0, 1, 2}));
}

TEST(PddlParser, CaseInsensitiveNames) {
    Task t = parser_load("gripper", "p01");
    EXPECT_EQ(t.domain_name, "gripper");
    EXPECT_EQ(t.types[1].name, "room");
    EXPECT_EQ(t.objects[0].name, "rooma");
    EXPECT_EQ(t.objects[2].name, "ball1");
    EXPECT_EQ(t.predicates[0].name, "at-robby");
    EXPECT_EQ(t.schemas[0].name, "move");
    EXPECT_EQ(t.schemas[0].parameters[0].name, "?from");
    EXPECT_EQ(t.schemas[1].name, "pick");
    EXPECT_EQ(atom_strings(t, t.goal_positive),
              (std::vector<std::string>{"(at ball1 roomb)", "(at ball2 roomb)"}));
}

TEST(PddlParser, TypeHierarchyConstantsEqualityAndEither) {
    Task t = parser_load("constants-equality", "p01");
    // Ids follow first mention in (:types truck van - vehicle vehicle package
    // - locatable locatable location); the either-type comes last.
    ASSERT_EQ(t.types.size(), 8u);
    const std::vector<std::string> names = {
        "object",  "truck",     "van",      "vehicle",
        "package", "locatable", "location", "(either truck van)"};
    const std::vector<ll::TypeId> parents = {-1, 3, 3, 5, 5, 0, 0, -1};
    for (int i = 0; i < 8; ++i) {
        EXPECT_EQ(t.types[i].name, names[i]) << i;
        EXPECT_EQ(t.types[i].parent, parents[i]) << i;
    }
    // Problem objects first, then the constant.
    ASSERT_EQ(t.num_objects(), 7);
    EXPECT_EQ(t.objects[6].name, "depot");
    EXPECT_EQ(find_object(t, "depot"), 6);
    EXPECT_EQ(find_object(t, "l2"), 5);
    EXPECT_TRUE(t.objects[6].is_constant);
    EXPECT_EQ(t.objects[6].type, 6);
    EXPECT_FALSE(t.objects[5].is_constant);
    EXPECT_EQ(t.objects[0].type, 1);

    using V = std::vector<ll::ObjectId>;
    EXPECT_EQ(t.objects_of_type[0], (V{0, 1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(t.objects_of_type[1], (V{0}));
    EXPECT_EQ(t.objects_of_type[2], (V{1}));
    EXPECT_EQ(t.objects_of_type[3], (V{0, 1}));
    EXPECT_EQ(t.objects_of_type[4], (V{2, 3}));
    EXPECT_EQ(t.objects_of_type[5], (V{0, 1, 2, 3}));
    EXPECT_EQ(t.objects_of_type[6], (V{4, 5, 6}));
    EXPECT_EQ(t.objects_of_type[7], (V{0, 1}));
    ASSERT_EQ(t.is_of_type.size(), 8u);
    for (int type = 0; type < 8; ++type) {
        ASSERT_EQ(t.is_of_type[type].size(), 7u);
        for (int o = 0; o < 7; ++o) {
            bool listed = std::find(t.objects_of_type[type].begin(), t.objects_of_type[type].end(),
                                    o) != t.objects_of_type[type].end();
            EXPECT_EQ(t.is_of_type[type][o], listed) << type << " " << o;
        }
    }

    EXPECT_FALSE(t.predicates[find_predicate(t, "at")].is_static);
    EXPECT_TRUE(t.predicates[find_predicate(t, "road")].is_static);
    EXPECT_EQ(t.predicates[find_predicate(t, "at")].argument_types,
              (std::vector<ll::TypeId>{5, 6}));

    const auto& drive = find_schema(t, "drive");
    EXPECT_EQ(drive.parameters[0].type, 7);
    EXPECT_EQ(drive.parameters[1].type, 6);
    ASSERT_EQ(drive.equalities.size(), 1u);
    EXPECT_EQ(drive.equalities[0].lhs, Term::parameter(1));
    EXPECT_EQ(drive.equalities[0].rhs, Term::parameter(2));
    EXPECT_TRUE(drive.equalities[0].negated);
    EXPECT_EQ(drive.positive_preconditions.size(), 2u);  // '=' is not a predicate
    EXPECT_TRUE(drive.negative_preconditions.empty());

    const auto& unload = find_schema(t, "unload");
    ASSERT_EQ(unload.equalities.size(), 1u);
    EXPECT_EQ(unload.equalities[0].lhs, Term::parameter(2));
    EXPECT_EQ(unload.equalities[0].rhs, Term::object(6));
    EXPECT_TRUE(unload.equalities[0].negated);

    const auto& deliver = find_schema(t, "deliver");
    ASSERT_EQ(deliver.positive_preconditions.size(), 2u);
    EXPECT_EQ(deliver.positive_preconditions[1].predicate, find_predicate(t, "at"));
    EXPECT_EQ(deliver.positive_preconditions[1].arguments,
              (std::vector<Term>{Term::parameter(1), Term::object(6)}));
    ASSERT_EQ(deliver.add_effects.size(), 2u);
    EXPECT_EQ(deliver.add_effects[0].arguments,
              (std::vector<Term>{Term::parameter(0), Term::object(6)}));

    EXPECT_EQ(t.initial_state.size(), 9u);
    EXPECT_EQ(ll::to_string(t, t.initial_state[4]), "(road l1 depot)");
    EXPECT_EQ(atom_strings(t, t.goal_positive),
              (std::vector<std::string>{"(delivered p1)", "(at p2 l2)"}));
}

TEST(PddlParser, NegativePreconditionsAndNullaryPredicates) {
    Task t = parser_load("ferry", "p02");
    const auto& sail = find_schema(t, "sail");
    ASSERT_EQ(sail.negative_preconditions.size(), 1u);
    EXPECT_EQ(sail.negative_preconditions[0].predicate, find_predicate(t, "at-ferry"));
    EXPECT_EQ(sail.negative_preconditions[0].arguments, (std::vector<Term>{Term::parameter(1)}));
    EXPECT_EQ(sail.positive_preconditions.size(), 1u);
    EXPECT_EQ(t.predicates[find_predicate(t, "empty-ferry")].arity(), 0);
    const auto& board = find_schema(t, "board");
    ASSERT_EQ(board.positive_preconditions.size(), 3u);
    EXPECT_TRUE(board.positive_preconditions[2].arguments.empty());
}

TEST(PddlParser, StaticPredicates) {
    Task t = parser_load("unsolvable", "p01");
    for (const char* name : {"fits", "connects", "treasure-in"}) {
        EXPECT_TRUE(t.predicates[find_predicate(t, name)].is_static) << name;
    }
    for (const char* name : {"at", "key-in", "has", "open", "rich"}) {
        EXPECT_FALSE(t.predicates[find_predicate(t, name)].is_static) << name;
    }
    // Static atoms are part of the initial state too.
    EXPECT_EQ(t.initial_state.size(), 8u);
}

TEST(PddlParser, NegativeGoalLiteral) {
    Task t = parser_load("unsolvable", "p02");
    EXPECT_EQ(atom_strings(t, t.goal_positive), (std::vector<std::string>{"(rich)"}));
    EXPECT_EQ(atom_strings(t, t.goal_negative), (std::vector<std::string>{"(open d1)"}));
}

TEST(PddlParser, NoRequirementsSectionAssumesAllSupported) {
    Task t = parser_load("nullary", "p01");
    EXPECT_EQ(t.num_objects(), 0);
    EXPECT_TRUE(t.initial_state.empty());
    const auto& reach = find_schema(t, "reach");
    EXPECT_EQ(reach.arity(), 0);
    EXPECT_TRUE(reach.positive_preconditions.empty());
    ASSERT_EQ(reach.add_effects.size(), 1u);
    const auto& flip_on = find_schema(t, "flip-on");
    EXPECT_EQ(flip_on.negative_preconditions.size(), 1u);
    EXPECT_EQ(find_schema(t, "flip-off").delete_effects.size(), 1u);
    EXPECT_EQ(t.objects_of_type.size(), 1u);
    EXPECT_TRUE(t.objects_of_type[0].empty());
}

TEST(PddlParser, DuplicateInitAtomsAreDropped) {
    Task t = parser_load("trivial", "p01");
    EXPECT_EQ(atom_strings(t, t.initial_state),
              (std::vector<std::string>{"(done i1)", "(ready i2)"}));
}

TEST(PddlParser, RepeatedVariablesAndTypeOnlyParameters) {
    Task t = parser_load("repeated-vars", "p01");
    const auto& loop = find_schema(t, "mark-loop");
    ASSERT_EQ(loop.positive_preconditions.size(), 2u);
    EXPECT_EQ(loop.positive_preconditions[1].arguments,
              (std::vector<Term>{Term::parameter(1), Term::parameter(1)}));
    const auto& visit = find_schema(t, "visit");
    EXPECT_TRUE(visit.positive_preconditions.empty());
    EXPECT_EQ(visit.negative_preconditions.size(), 1u);
    const auto& pair = find_schema(t, "pair");
    EXPECT_EQ(pair.arity(), 2);
    EXPECT_EQ(pair.parameters[1].type, find_type(t, "node"));
    EXPECT_EQ(pair.positive_preconditions.size(), 1u);
}

TEST(PddlParser, EveryTestTaskParses) {
    int problems = 0;
    for (const auto& entry : std::filesystem::directory_iterator(parser_tasks_dir())) {
        if (!entry.is_directory()) continue;
        const std::string domain = ll::test::read_file(entry.path() / "domain.pddl");
        for (const auto& file : std::filesystem::directory_iterator(entry.path())) {
            const std::string name = file.path().filename().string();
            if (name == "domain.pddl" || file.path().extension() != ".pddl") continue;
            ++problems;
            EXPECT_NO_THROW({
                Task t =
                    ll::parse_task(domain, ll::test::read_file(file.path()), "domain.pddl", name);
                EXPECT_GT(t.num_schemas(), 0);
            }) << file.path();
        }
    }
    // wide12 (limits), grid-costs and roads (action costs), briefcase and
    // adl-conditions (ADL), pairs (object symmetry), tiles (goal orders),
    // snacks (counting) included
    EXPECT_EQ(problems, 32);
}

const char* kEitherDomain = R"(
(define (domain either)
  (:requirements :strips :typing :equality)
  (:types a b - object c - a d)
  (:constants k - c)
  (:predicates (p ?x - (either a b)) (q ?x - (either b a)) (r ?x - (either c a))
               (s ?x - (either d d)))
  (:action act
    :parameters (?x - (EITHER B A) ?y)
    :precondition (and (p ?x) (= ?x ?y) (= ?y k))
    :effect (and (q ?x) (not (p k)))))
)";

TEST(PddlParser, EitherTypes) {
    Task t = ll::parse_task(kEitherDomain, R"(
(define (problem e1) (:domain either)
  (:objects o1 - a o2 - b o3 - c o4 - d o5)
  (:init (p o1) (p k) (q o2))
  (:goal (and)))
)");
    // object a b c d, then one either-type shared by (either a b) and (either b a).
    ASSERT_EQ(t.types.size(), 6u);
    EXPECT_EQ(t.types[5].name, "(either a b)");
    EXPECT_EQ(t.types[5].parent, -1);
    EXPECT_EQ(t.predicates[0].argument_types, (std::vector<ll::TypeId>{5}));
    EXPECT_EQ(t.predicates[1].argument_types, (std::vector<ll::TypeId>{5}));
    // (either c a) is a, since c is a subtype of a; (either d d) is d.
    EXPECT_EQ(t.predicates[2].argument_types, (std::vector<ll::TypeId>{1}));
    EXPECT_EQ(t.predicates[3].argument_types, (std::vector<ll::TypeId>{4}));
    EXPECT_EQ(t.schemas[0].parameters[0].type, 5);
    EXPECT_EQ(t.schemas[0].parameters[1].type, 0);
    // Objects: o1..o5 then the constant k (id 5, type c, a subtype of a).
    using V = std::vector<ll::ObjectId>;
    EXPECT_EQ(t.objects_of_type[1], (V{0, 2, 5}));
    EXPECT_EQ(t.objects_of_type[3], (V{2, 5}));
    EXPECT_EQ(t.objects_of_type[5], (V{0, 1, 2, 5}));
    EXPECT_EQ(t.objects_of_type[0], (V{0, 1, 2, 3, 4, 5}));
    EXPECT_EQ(t.objects[4].type, 0);  // untyped
    ASSERT_EQ(t.schemas[0].equalities.size(), 2u);
    EXPECT_EQ(t.schemas[0].equalities[1].rhs, Term::object(5));
    EXPECT_FALSE(t.schemas[0].equalities[1].negated);
    EXPECT_EQ(t.schemas[0].delete_effects[0].arguments, (std::vector<Term>{Term::object(5)}));
    EXPECT_FALSE(t.predicates[0].is_static);
    EXPECT_TRUE(t.predicates[2].is_static);
    EXPECT_EQ(t.initial_state.size(), 3u);
}

TEST(PddlParser, GroundGoalEquality) {
    const char* domain = R"((define (domain g) (:predicates (p ?x) (q ?x))))";
    auto problem = [](const std::string& goal) {
        return "(define (problem g1) (:domain g) (:objects a b) (:init (p a)) (:goal " + goal +
               "))";
    };
    Task t = ll::parse_task(domain, problem("(and (= a a) (not (= a b)) (p a))"));
    EXPECT_FALSE(t.goal_contains_false_equality);
    EXPECT_EQ(atom_strings(t, t.goal_positive), (std::vector<std::string>{"(p a)"}));
    EXPECT_TRUE(ll::parse_task(domain, problem("(= a b)")).goal_contains_false_equality);
    EXPECT_TRUE(
        ll::parse_task(domain, problem("(and (p a) (not (= b b)))")).goal_contains_false_equality);
    // Duplicates are dropped; p and (not p) together are allowed (unsolvable).
    Task d = ll::parse_task(
        domain, problem("(and (p a) (and (p a) (not (q b))) (not (q b)) (not (p a)) (q b))"));
    EXPECT_EQ(atom_strings(d, d.goal_positive), (std::vector<std::string>{"(p a)", "(q b)"}));
    EXPECT_EQ(atom_strings(d, d.goal_negative), (std::vector<std::string>{"(q b)", "(p a)"}));
}

TEST(PddlParser, SectionsInAnyOrderAndEmptyFormulas) {
    const char* domain = R"(
; actions before predicates, constants last
(define (domain order)
  (:action a1 :effect (and (p c1)) :precondition ())
  (:action a2 :parameters () :precondition (and) :effect ())
  (:action a3 :effect (and (and (p ?x)) (not (q))) :parameters (?x))
  (:predicates (p ?x) (q))
  (:requirements :strips)
  (:constants c1))
)";
    const char* problem = R"(
(define (problem order-1)
  (:goal (and (p c1) (not (q))))
  (:init (q))
  (:objects o1)
  (:domain ORDER))
)";
    Task t = ll::parse_task(domain, problem);
    ASSERT_EQ(t.num_schemas(), 3);
    EXPECT_TRUE(t.schemas[0].positive_preconditions.empty());
    EXPECT_EQ(t.schemas[0].add_effects[0].arguments, (std::vector<Term>{Term::object(1)}));
    EXPECT_TRUE(t.schemas[1].add_effects.empty());
    EXPECT_EQ(t.schemas[2].add_effects.size(), 1u);
    EXPECT_EQ(t.schemas[2].delete_effects.size(), 1u);
    EXPECT_EQ(t.objects[0].name, "o1");
    EXPECT_EQ(t.objects[1].name, "c1");
    EXPECT_EQ(atom_strings(t, t.goal_negative), (std::vector<std::string>{"(q)"}));
}

TEST(PddlParser, ObjectTypeWithoutTypingRequirement) {
    // Generated benchmark problems write "- object" without :typing.
    Task t = ll::parse_task("(define (domain d) (:requirements :strips) (:predicates (p ?x)))",
                            "(define (problem q) (:domain d) (:objects a b - object) (:init) "
                            "(:goal (p a)))");
    EXPECT_EQ(t.num_objects(), 2);
}

TEST(PddlParser, ParameterMoreGeneralThanArgumentIsAccepted) {
    Task t = ll::parse_task(
        "(define (domain d) (:types a - object b - a) (:predicates (p ?x - b))"
        " (:action act :parameters (?x - a) :precondition (p ?x) :effect (not (p ?x))))",
        "(define (problem q) (:domain d) (:objects o - b) (:init (p o)) (:goal (and)))");
    EXPECT_EQ(t.schemas[0].parameters[0].type, 1);
}

TEST(PddlParser, LargeProblemIsFast) {
    const char* domain =
        "(define (domain big) (:types node) (:predicates (edge ?a ?b - node) (at ?a - node))"
        " (:action go :parameters (?a ?b - node) :precondition (and (at ?a) (edge ?a ?b))"
        " :effect (and (at ?b) (not (at ?a)))))";
    std::string problem = "(define (problem big-1) (:domain big) (:objects";
    const int n = 1000;
    for (int i = 0; i < n; ++i)
        problem += " node-" + std::to_string(i);
    problem += " - node) (:init (at node-0)";
    for (int i = 0; i < n; ++i) {
        for (int k = 1; k <= 50; ++k) {
            problem +=
                " (edge node-" + std::to_string(i) + " node-" + std::to_string((i + k) % n) + ")";
        }
    }
    problem += ") (:goal (at node-999)))";
    ASSERT_GT(problem.size(), 1000000u);
    auto start = std::chrono::steady_clock::now();
    Task t = ll::parse_task(domain, problem);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(t.initial_state.size(), 50001u);
    EXPECT_EQ(t.num_objects(), n);
    // Generous, to hold in Debug and sanitizer builds; a quadratic parser
    // would take minutes.
    EXPECT_LT(seconds, 10.0);
}

// ---- sloppy files accepted with a warning, as Fast Downward does -----------

bool has_warning(const Task& t, const std::string& text, int line = -1) {
    for (const ll::Warning& w : t.warnings) {
        if (w.message.find(text) != std::string::npos && (line < 0 || w.position.line == line))
            return true;
    }
    return false;
}

std::string describe_warnings(const Task& t) {
    std::string out;
    for (const ll::Warning& w : t.warnings)
        out += w.position.file + ":" + std::to_string(w.position.line) + ":" +
               std::to_string(w.position.column) + ": " + w.message + "\n";
    return out;
}

TEST(PddlWarnings, CleanFilesHaveNone) {
    for (const auto& ref : ll::test::all_test_tasks()) {
        Task t = ll::test::load_task(ref.task, ref.problem);
        EXPECT_TRUE(t.warnings.empty()) << ref.task << "/" << ref.problem << describe_warnings(t);
    }
}

TEST(PddlWarnings, VariableWrittenAgainstAName) {
    const std::string d =
        "(define (domain air) (:requirements :strips :typing) (:types aircraft)\n"
        " (:predicates (ready ?a - aircraft))\n"
        " (:action go :parameters (?a - aircraft) :precondition (ready ?a)\n"
        "  :effect (not (ready?a))))";
    const std::string p =
        "(define (problem p) (:domain air) (:objects a1 - aircraft) (:init (ready a1))"
        " (:goal (not (ready a1))))";
    Task t = ll::parse_task(d, p, "d.pddl", "p.pddl");
    ASSERT_EQ(t.schemas.size(), 1u);
    ASSERT_EQ(t.schemas[0].delete_effects.size(), 1u);
    ASSERT_EQ(t.warnings.size(), 1u) << describe_warnings(t);
    EXPECT_EQ(t.warnings[0].position.file, "d.pddl");
    EXPECT_EQ(t.warnings[0].position.line, 4);
    EXPECT_EQ(t.warnings[0].position.column, 22);
}

TEST(PddlWarnings, RepeatedPredicateParameterName) {
    const std::string d =
        "(define (domain d) (:requirements :strips :typing) (:types obj)\n"
        " (:predicates (in ?obj - obj ?obj - obj))\n"
        " (:action put :parameters (?x ?y - obj) :precondition () :effect (in ?x ?y)))";
    const std::string p =
        "(define (problem p) (:domain d) (:objects a b - obj) (:init) (:goal (in a b)))";
    Task t = ll::parse_task(d, p, "d.pddl", "p.pddl");
    ASSERT_EQ(t.predicates.size(), 1u);
    EXPECT_EQ(t.predicates[0].arity(), 2);
    EXPECT_TRUE(has_warning(t, "'?obj' repeated in predicate 'in'", 2)) << describe_warnings(t);
}

TEST(PddlWarnings, TypeUnderTwoParentsBelongsToBoth) {
    const std::string d =
        "(define (domain d) (:requirements :strips :typing)\n"
        " (:types truck - vehicle truck - container vehicle container place)\n"
        " (:predicates (drives ?v - vehicle) (holds ?c - container) (at ?p - place))\n"
        " (:action go :parameters (?v - vehicle ?c - container)\n"
        "  :precondition (and) :effect (and (drives ?v) (holds ?c))))";
    const std::string p =
        "(define (problem p) (:domain d) (:objects t - truck x - place) (:init)\n"
        " (:goal (and (drives t) (holds t))))";
    Task t = ll::parse_task(d, p, "d.pddl", "p.pddl");
    EXPECT_TRUE(has_warning(t,
                            "type 'truck' is declared under two parents ('vehicle' and "
                            "'container')",
                            2))
        << describe_warnings(t);
    auto type_id = [&](const std::string& name) {
        for (std::size_t i = 0; i < t.types.size(); ++i)
            if (t.types[i].name == name) return static_cast<ll::TypeId>(i);
        ADD_FAILURE() << "no type " << name;
        return ll::TypeId(0);
    };
    const ll::ObjectId truck = 0;
    EXPECT_TRUE(t.is_of_type[type_id("vehicle")][truck]);
    EXPECT_TRUE(t.is_of_type[type_id("container")][truck]);
    EXPECT_FALSE(t.is_of_type[type_id("place")][truck]);
    // The truck can bind both parameters of go: the goal is reachable in one step.
    EXPECT_EQ(t.objects_of_type[type_id("container")], std::vector<ll::ObjectId>{truck});

    // Declared twice under the same parent: a warning, nothing else.
    Task twice = ll::parse_task(
        "(define (domain d) (:requirements :typing) (:types a - b a - b) (:predicates (p ?x - a)))",
        "(define (problem p) (:domain d) (:objects o - a) (:init) (:goal (p o)))");
    EXPECT_TRUE(has_warning(twice, "type 'a' is declared twice")) << describe_warnings(twice);

    // A cycle through the second parent is still an error.
    EXPECT_THROW(ll::parse_task("(define (domain d) (:requirements :typing)"
                                " (:types a - b b - c a - c c - a))",
                                "(define (problem p) (:domain d) (:goal (and)))"),
                 ll::Error);
}

TEST(PddlWarnings, NegativePreconditionAndEqualityWithoutRequirement) {
    const std::string d =
        "(define (domain d) (:requirements :strips :typing) (:types obj)\n"
        " (:predicates (p ?x - obj) (q ?x - obj))\n"
        " (:action a :parameters (?x ?y - obj)\n"
        "  :precondition (and (not (p ?x)) (not (= ?x ?y)) (not (q ?y)))\n"
        "  :effect (p ?x)))";
    const std::string p =
        "(define (problem p) (:domain d) (:objects o1 o2 - obj) (:init)\n"
        " (:goal (and (p o1) (not (= o1 o2)))))";
    Task t = ll::parse_task(d, p, "d.pddl", "p.pddl");
    ASSERT_EQ(t.schemas.size(), 1u);
    EXPECT_EQ(t.schemas[0].negative_preconditions.size(), 2u);
    EXPECT_EQ(t.schemas[0].equalities.size(), 1u);
    EXPECT_TRUE(has_warning(t, "':negative-preconditions' is not in :requirements", 4))
        << describe_warnings(t);
    EXPECT_TRUE(has_warning(t, "':equality' is not in :requirements", 4)) << describe_warnings(t);
    // One warning per kind and file, however often the feature is used.
    int negative = 0;
    for (const auto& w : t.warnings)
        negative += w.message.find("negative-preconditions") != std::string::npos;
    EXPECT_EQ(negative, 1) << describe_warnings(t);
    EXPECT_TRUE(has_warning(t, "':equality'", 2)) << "the goal's '=' in p.pddl\n"
                                                  << describe_warnings(t);
}

}  // namespace
