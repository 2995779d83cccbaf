// Derived predicates (axioms) and conditions compiled into derived
// predicates: parsing, strata, the refusals (with positions), the derived
// atoms of every reachable state of small tasks against two brute-force
// oracles (the normalised rules over every binding, and the validator's
// evaluation of the formulas as written), the relaxation with axioms, and
// plans of both search spaces checked by the validator.
#include <gtest/gtest.h>

#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/common/budget.hpp"
#include "core/heuristics/relaxation.hpp"
#include "core/heuristics/restricted_relaxation.hpp"
#include "core/learning/colour_description.hpp"
#include "core/learning/graph_builder.hpp"
#include "core/learning/model.hpp"
#include "core/pddl/parser.hpp"
#include "core/pipeline.hpp"
#include "core/planner.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"
#include "core/validation/condition_check.hpp"
#include "core/validation/validator.hpp"
#include "tests/unit/test_support.hpp"

namespace ll {
namespace {

using test::parse_error;

std::string derived_path(const std::string& task, const std::string& file) {
    return std::string(LL_TEST_DATA_DIR) + "/derived/" + task + "/" + file;
}

Task load_derived(const std::string& task, const std::string& problem) {
    return parse_task(test::read_file(derived_path(task, "domain.pddl")),
                      test::read_file(derived_path(task, problem + ".pddl")), "domain.pddl",
                      problem + ".pddl");
}

const std::vector<test::TaskRef>& derived_tasks() {
    static const std::vector<test::TaskRef> tasks{
        {"reachability", "p01"}, {"reachability", "p02"},        {"blocksworld-derived", "p01"},
        {"stratified", "p01"},   {"power-network", "p01"},       {"airport-like", "p01"},
        {"wide-dnf", "p01"},     {"blocksworld-derived", "p02"}, {"power-network", "p02"},
        {"quantifiers", "p01"}};
    return tasks;
}

// ---- The oracle: every binding of every rule, to a fixpoint per stratum --

class BruteForceAxioms {
  public:
    explicit BruteForceAxioms(const Task& task) : task_(task) {}

    // The derived atoms that follow from `basic` (fluent and static atoms).
    std::set<GroundAtom> derive(std::set<GroundAtom> atoms) const {
        for (int s = 0; s < task_.num_strata; ++s) {
            bool changed = true;
            while (changed) {
                changed = false;
                for (const Axiom& a : task_.axioms) {
                    if (a.stratum != s) continue;
                    std::vector<ObjectId> binding(a.variables.size());
                    changed = fire(a, 0, binding, atoms) || changed;
                }
            }
        }
        std::set<GroundAtom> derived;
        for (const GroundAtom& g : atoms)
            if (task_.predicates[g.predicate].is_derived) derived.insert(g);
        return derived;
    }

  private:
    static GroundAtom ground(const AtomSchema& a, const std::vector<ObjectId>& b) {
        GroundAtom g{a.predicate, {}};
        for (const Term& t : a.arguments)
            g.arguments.push_back(t.is_parameter() ? b[t.index] : t.index);
        return g;
    }

    bool fire(const Axiom& a, std::size_t i, std::vector<ObjectId>& b,
              std::set<GroundAtom>& atoms) const {
        if (i < a.variables.size()) {
            bool added = false;
            for (ObjectId o : task_.objects_of_type[a.variables[i].type]) {
                b[i] = o;
                added = fire(a, i + 1, b, atoms) || added;
            }
            return added;
        }
        auto value = [&](const Term& t) { return t.is_parameter() ? b[t.index] : t.index; };
        for (const EqualityConstraint& eq : a.equalities)
            if ((value(eq.lhs) == value(eq.rhs)) == eq.negated) return false;
        for (const AtomSchema& p : a.positive_conditions)
            if (!atoms.count(ground(p, b))) return false;
        for (const AtomSchema& n : a.negative_conditions)
            if (atoms.count(ground(n, b))) return false;
        return atoms.insert(ground(a.head, b)).second;
    }

    const Task& task_;
};

std::set<GroundAtom> derived_atoms_of(const Task& task, const StateLayout& layout,
                                      const State& state) {
    std::set<GroundAtom> out;
    for (const GroundAtom& g : fluent_atoms(layout, state))
        if (task.predicates[g.predicate].is_derived) out.insert(g);
    return out;
}

std::set<GroundAtom> basic_atoms_of(const Task& task, const StateLayout& layout,
                                    const State& state) {
    std::set<GroundAtom> out;
    for (const GroundAtom& g : fluent_atoms(layout, state))
        if (!task.predicates[g.predicate].is_derived) out.insert(g);
    for (const GroundAtom& g : task.initial_state)
        if (task.predicates[g.predicate].is_static) out.insert(g);
    return out;
}

class DerivedTasks : public ::testing::TestWithParam<test::TaskRef> {};

// Every reachable state (up to a cap) carries exactly the derived atoms
// both oracles compute; the formulas as written agree with the rules on the
// user's derived predicates (the validator's view).
TEST_P(DerivedTasks, StatesCarryTheDerivedAtomsOfBothOracles) {
    const Task task = load_derived(GetParam().task, GetParam().problem);
    ASSERT_TRUE(task.has_axioms());
    const StateLayout layout(task);
    const StaticFacts statics(task);
    SuccessorGenerator gen(task, layout, statics);
    const BruteForceAxioms oracle(task);
    std::vector<State> frontier{initial_state(task, layout)};
    std::set<std::vector<ObjectId>> seen;
    int checked = 0;
    std::size_t nonempty = 0;
    while (!frontier.empty() && checked < 400) {
        const State state = frontier.back();
        frontier.pop_back();
        const auto words = state.words();
        if (!seen.insert({words.begin(), words.end()}).second) continue;
        ++checked;
        const std::set<GroundAtom> basic = basic_atoms_of(task, layout, state);
        const std::set<GroundAtom> derived = derived_atoms_of(task, layout, state);
        nonempty += !derived.empty();
        ASSERT_EQ(derived, oracle.derive(basic)) << "state " << checked;
        std::set<GroundAtom> by_formulas = basic;
        apply_derived_definitions(task, by_formulas);
        std::set<GroundAtom> formula_derived;
        for (const GroundAtom& g : by_formulas)
            if (task.predicates[g.predicate].is_derived) formula_derived.insert(g);
        ASSERT_EQ(derived, formula_derived) << "state " << checked;
        std::vector<GroundAction> applicable;
        gen.applicable_actions(state, applicable);
        for (const GroundAction& a : applicable)
            frontier.push_back(apply_action(task, layout, state, a));
    }
    EXPECT_GT(checked, 3);
    EXPECT_GT(nonempty, 0u);
}

// Both spaces find plans the validator (which evaluates the formulas as
// written) accepts; the relaxation sees through the axioms (the initial
// state is no relaxed dead end).
TEST_P(DerivedTasks, BothSpacesSolveWithValidPlans) {
    const Task task = load_derived(GetParam().task, GetParam().problem);
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    for (auto kind : {RelaxationHeuristic::Kind::FF, RelaxationHeuristic::Kind::Add,
                      RelaxationHeuristic::Kind::Max}) {
        RelaxationHeuristic h(kind, task, layout, statics, goal, RelaxationGrounding::Auto);
        const double value = h.evaluate(initial_state(task, layout), PartialAction::none());
        EXPECT_GT(value, 0);
        EXPECT_LT(value, 1e9);
    }
    // rFF, the partial space's FF, too.
    SuccessorGenerator successors(task, layout, statics);
    RestrictedRelaxationHeuristic rff(RelaxationHeuristic::Kind::FF, task, layout, statics, goal,
                                      successors);
    const double rff_value = rff.evaluate(initial_state(task, layout), PartialAction::none());
    EXPECT_GT(rff_value, 0);
    EXPECT_LT(rff_value, 1e9);
    for (SpaceKind space : {SpaceKind::State, SpaceKind::Partial}) {
        // lama: lifted landmarks (no ground relaxed task with axioms).
        for (const char* config : {"default", "astar-lmcut", "lama"}) {
            if (space == SpaceKind::Partial && std::string(config) == "astar-lmcut") continue;
            const SearchResult r = solve(task, test::with_config(config, space));
            ASSERT_EQ(r.status, SearchStatus::Solved) << config;
            const ValidationResult v = validate_plan(task, r.plan);
            EXPECT_TRUE(v.valid) << config << ": " << v.message;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(All, DerivedTasks, ::testing::ValuesIn(derived_tasks()),
                         [](const auto& info) { return test::param_name(info.param); });

// ---- Parsing, strata, compilation -----------------------------------------

TEST(Derived, StrataOrderNegationAfterWhatItNegates) {
    const Task task = load_derived("stratified", "p01");
    auto stratum = [&](const std::string& name) {
        for (const Axiom& a : task.axioms)
            if (task.predicates[a.head.predicate].name == name) return a.stratum;
        return -1;
    };
    EXPECT_EQ(task.num_strata, 2);
    EXPECT_EQ(stratum("lit"), 0);
    EXPECT_EQ(stratum("sees"), 0);
    EXPECT_EQ(stratum("unwatched"), 1);
    for (const Predicate& p : task.predicates)
        if (p.is_derived) EXPECT_FALSE(p.is_static) << p.name;
}

TEST(Derived, LargeConditionsAreCompiledNotSplit) {
    // finish: (forall (?g) (or (mark1 ?g) ... (mark10 ?g))) over 4 groups,
    // 10^4 alternatives: one schema, auxiliary derived predicates.
    const Task wide = load_derived("wide-dnf", "p01");
    int finishes = 0;
    for (const ActionSchema& s : wide.schemas)
        finishes += s.name == "finish";
    EXPECT_EQ(finishes, 1);
    EXPECT_TRUE(wide.has_axioms());
    const Task airport = load_derived("airport-like", "p01");
    int moves = 0;
    for (const ActionSchema& s : airport.schemas)
        moves += s.name == "move";
    EXPECT_EQ(moves, 1);
    // A small disjunction is still split into schema variants.
    const Task split = parse_task(
        "(define (domain d) (:requirements :adl) (:predicates (p) (q) (r))\n"
        " (:action a :parameters () :precondition (or (p) (q)) :effect (r)))",
        "(define (problem p) (:domain d) (:init (q)) (:goal (r)))", "d.pddl", "p.pddl");
    EXPECT_EQ(split.num_schemas(), 2);
    EXPECT_FALSE(split.has_axioms());
}

TEST(Derived, TooLargeDisjunctiveGoalIsCompiledAndSolved) {
    // A goal of 2^10 alternatives.
    std::string preds, goal = "(and", acts;
    for (int i = 0; i < 10; ++i) {
        const std::string n = std::to_string(i);
        preds += " (p" + n + ") (q" + n + ")";
        goal += " (or (p" + n + ") (q" + n + "))";
        acts += " (:action make" + n + " :parameters () :precondition () :effect (q" + n + "))";
    }
    goal += ")";
    const Task task = parse_task(
        "(define (domain d) (:requirements :adl) (:predicates" + preds + ")" + acts + ")",
        "(define (problem p) (:domain d) (:init) (:goal " + goal + "))", "d.pddl", "p.pddl");
    EXPECT_TRUE(task.has_axioms());
    const SearchResult r = solve(task, test::with_config("default"));
    ASSERT_EQ(r.status, SearchStatus::Solved);
    EXPECT_EQ(r.plan.size(), 10u);
    EXPECT_TRUE(validate_plan(task, r.plan).valid);
}

// One written-out disjunction of 600 alternatives (beyond the 512 of a
// split): one auxiliary predicate with a rule per disjunct, solved.
TEST(Derived, LongWrittenDisjunctionIsCompiledAndSolved) {
    std::string preds = " (r)", any = "(or";
    for (int i = 0; i < 600; ++i) {
        preds += " (p" + std::to_string(i) + ")";
        any += " (p" + std::to_string(i) + ")";
    }
    any += ")";
    const Task task = parse_task(
        "(define (domain d) (:requirements :adl) (:predicates" + preds +
            ")\n (:action a :parameters () :precondition " + any + " :effect (r)))",
        "(define (problem p) (:domain d) (:init (p599)) (:goal (r)))", "d.pddl", "p.pddl");
    ASSERT_TRUE(task.has_axioms());
    EXPECT_EQ(task.axioms.size(), 600u);
    const SearchResult r = solve(task, test::with_config("default"));
    ASSERT_EQ(r.status, SearchStatus::Solved);
    EXPECT_EQ(r.plan.size(), 1u);
    EXPECT_TRUE(validate_plan(task, r.plan).valid);
}

TEST(Derived, ValidatorEvaluatesTheAxioms) {
    const Task task = load_derived("reachability", "p02");
    // c is reachable from a over corridors; the lock c-d needs the key at b.
    EXPECT_TRUE(validate_plan(
                    task, parse_plan(task, "(jump a b)\n(pick-key b)\n(jump b c)\n(unlock c d)\n"))
                    .valid);
    // d is behind the lock: not reachable, so jumping there fails.
    const ValidationResult bad = validate_plan(task, parse_plan(task, "(jump a d)\n"));
    EXPECT_FALSE(bad.valid);
    EXPECT_EQ(bad.failed_step, 0);
    EXPECT_NE(bad.message.find("reachable"), std::string::npos) << bad.message;
}

// PS²: a partial action's precondition on a derived atom is checked once
// its parameters are bound, like a basic fluent one. In p01 (a on b on c,
// d on the table) only a and d are clear.
TEST(Derived, PartialActionsCheckDerivedPreconditionsOnceBound) {
    const Task task = load_derived("blocksworld-derived", "p01");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    SuccessorGenerator successors(task, layout, statics);
    const State s0 = initial_state(task, layout);
    auto schema = [&](const std::string& name) {
        for (SchemaId s = 0; s < task.num_schemas(); ++s)
            if (task.schemas[s].name == name) return s;
        return SchemaId{-1};
    };
    auto object = [&](const std::string& name) {
        for (ObjectId o = 0; o < task.num_objects(); ++o)
            if (task.objects[o].name == name) return o;
        return ObjectId{-1};
    };
    const ObjectId a = object("a"), b = object("b"), d = object("d");
    // pick-up ?x: (clear ?x) (ontable ?x): c is on the table but not clear.
    EXPECT_EQ(successors.next_values(s0, schema("pick-up"), {}), std::vector<ObjectId>{d});
    // unstack ?x ?y: (on ?x ?y) (clear ?x): a, not b (under a).
    EXPECT_EQ(successors.next_values(s0, schema("unstack"), {}), std::vector<ObjectId>{a});
    EXPECT_FALSE(successors.has_applicable(s0, schema("unstack"), std::vector<ObjectId>{b}));
}

// The WL graphs show derived atoms as ordinary atom nodes: the ILG of a
// state without its derived atoms has exactly their nodes fewer (none of
// them is a goal atom here).
TEST(Derived, GraphsShowDerivedAtomsAsAtoms) {
    const Task task = load_derived("blocksworld-derived", "p01");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    SuccessorGenerator successors(task, layout, statics);
    const State s0 = initial_state(task, layout);
    const std::set<GroundAtom> goals(task.goal_positive.begin(), task.goal_positive.end());
    StateBuilder basic(layout);  // builds without evaluating the axioms
    int derived = 0;
    for (const GroundAtom& a : fluent_atoms(layout, s0)) {
        if (task.predicates[a.predicate].is_derived) {
            EXPECT_EQ(goals.count(a), 0u);
            ++derived;
        } else {
            basic.add(a.predicate, a.arguments);
        }
    }
    EXPECT_EQ(derived, 5);  // (clear a) (clear d) (above a b) (above a c) (above b c)
    const auto ilg = make_graph_builder(GraphKind::Ilg, task, layout, statics, successors);
    Graph with, without;
    ilg->build(s0, PartialAction::none(), with);
    ilg->build(basic.build(), PartialAction::none(), without);
    EXPECT_EQ(with.num_nodes() - without.num_nodes(), derived);
    EXPECT_EQ(with.edges.size() - without.edges.size(), 8u);  // one per argument
    // The explanation's colour texts mark derived atoms as such, and only them.
    WlFeatures wl;
    SparseVector histogram;
    wl.collect(with, histogram);
    const ColourDescriber describer(wl, GraphKind::Ilg, task);
    int derived_texts = 0;
    for (int id = 0; id < wl.num_colours(); ++id) {
        const std::string text = describer.describe(id);
        // The node's own label: "`p(?, ...)` (status[, derived])".
        const std::string label = text.substr(0, text.find(')', text.find("` (")) + 1);
        if (label.rfind("`clear(", 0) == 0 || label.rfind("`above(", 0) == 0) {
            EXPECT_NE(label.find(", derived)"), std::string::npos) << text;
            ++derived_texts;
        } else if (label.rfind("`on(", 0) == 0 || label.rfind("`ontable(", 0) == 0) {
            EXPECT_EQ(label.find("derived"), std::string::npos) << text;
        }
    }
    EXPECT_GT(derived_texts, 0);
}

// ---- Limits inside one fixpoint -------------------------------------------

// tests/data/derived-limits: a fixpoint (a chain of 300 nodes, its closure
// and four-step chains of it) that no evaluation finishes in a test's time.
Task closure_task() {
    const std::string dir = std::string(LL_TEST_DATA_DIR) + "/derived-limits/";
    return parse_task(test::read_file(dir + "domain.pddl"), test::read_file(dir + "p01.pddl"),
                      "domain.pddl", "p01.pddl");
}

TEST(DerivedLimits, SearchStopsAtTheLimitsInsideTheFixpoint) {
    const Task task = closure_task();
    for (SpaceKind space : {SpaceKind::State, SpaceKind::Partial}) {
        PlannerOptions options = test::with_config("default", space);
        options.limits.time_limit_s = 0.05;
        EXPECT_EQ(solve(task, options).status, SearchStatus::OutOfTime) << to_string(space);
        options = test::with_config("default", space);
        options.limits.memory_limit_mb = 0.001;  // below any process's resident size
        EXPECT_EQ(solve(task, options).status, SearchStatus::OutOfMemory) << to_string(space);
    }
}

// The check of a plan the search found runs under the run's limits too:
// on a chain of 400 nodes, the search needs one successor and a closure of
// 79 800 atoms (a fraction of a second), the validator's re-derivation
// (every head tuple against its formula) several seconds.
TEST(DerivedLimits, CheckOfAFoundPlanStopsAtTheLimit) {
    const std::string domain =
        "(define (domain chain) (:requirements :adl :derived-predicates) (:types node)\n"
        " (:predicates (edge ?x ?y - node) (path ?x ?y - node) (start ?x - node)\n"
        "  (end ?x - node) (done))\n"
        " (:derived (path ?x ?y - node) (edge ?x ?y))\n"
        " (:derived (path ?x ?z - node) (exists (?y - node) (and (path ?x ?y) (edge ?y ?z))))\n"
        " (:action finish :parameters (?x ?y - node)\n"
        "  :precondition (and (start ?x) (end ?y) (path ?x ?y)) :effect (done)))";
    std::string problem = "(define (problem p) (:domain chain) (:objects";
    for (int i = 0; i < 400; ++i)
        problem += " n" + std::to_string(i);
    problem += " - node) (:init (start n0) (end n399)";
    for (int i = 1; i < 400; ++i)
        problem += " (edge n" + std::to_string(i - 1) + " n" + std::to_string(i) + ")";
    problem += ") (:goal (done)))";
    PlanRequest request;
    request.domain_text = domain;
    request.problem_text = problem;
    request.options.space = "state";
    request.limits.time_limit_s = 1;
    const PlanOutcome outcome = plan_request(request);
    EXPECT_EQ(outcome.result.status, SearchStatus::OutOfTime);
    EXPECT_TRUE(outcome.result.plan.empty());
}

TEST(DerivedLimits, ValidatorStopsAtTheLimitsInsideTheReDerivation) {
    const Task task = closure_task();
    const std::vector<GroundAction> plan = parse_plan(task, "(finish n0 n299)\n");
    const double none = std::numeric_limits<double>::infinity();
    auto stopped_by = [&](double time_limit_s, double memory_limit_mb) {
        Stopwatch clock;
        Budget budget(&clock, time_limit_s, memory_limit_mb);
        try {
            validate_plan(task, plan, StateObserver{}, &budget);
        } catch (const LimitReached& limit) {
            return std::optional<LimitReached::Kind>(limit.kind());
        }
        return std::optional<LimitReached::Kind>();
    };
    EXPECT_EQ(stopped_by(0.05, none), LimitReached::Kind::Time);
    EXPECT_EQ(stopped_by(none, 0.001), LimitReached::Kind::Memory);
}

// The model file records the derived predicates (only when there are
// some: a STRIPS domain's model has no such field) and the fingerprint
// tells a derived predicate from a basic fluent one.
TEST(Derived, ModelsRecordTheDerivedPredicates) {
    const Task task = load_derived("blocksworld-derived", "p01");
    WlModel model;
    model.space = "state";
    set_model_domain(model, task);
    EXPECT_EQ(model.domain_derived, (std::vector<std::string>{"clear", "above"}));
    const std::string text = save_model(model);
    EXPECT_NE(text.find("\"derived\": [\"clear\", \"above\"]"), std::string::npos) << text;
    const WlModel loaded = load_model(text);
    EXPECT_EQ(loaded.domain_derived, model.domain_derived);
    EXPECT_EQ(save_model(loaded), text);
    EXPECT_NO_THROW(check_model_matches(loaded, load_derived("blocksworld-derived", "p02")));

    WlModel strips;
    strips.space = "state";
    set_model_domain(strips, test::load_task("blocksworld", "p01"));
    EXPECT_TRUE(strips.domain_derived.empty());
    EXPECT_EQ(save_model(strips).find("derived"), std::string::npos);
    // Same predicates, but clear and above basic: another fingerprint.
    Task basic = task;
    for (Predicate& p : basic.predicates)
        p.is_derived = false;
    EXPECT_NE(domain_fingerprint(basic), domain_fingerprint(task));
}

// ---- Refusals ------------------------------------------------------------

const char* kDerivedProblem = "(define (problem p) (:domain d) (:objects a) (:init) (:goal (q)))";

TEST(DerivedRefusals, EffectsOnDerivedPredicatesAreRefusedAtTheirPosition) {
    const Error e = parse_error(
        "(define (domain d) (:requirements :strips :derived-predicates)\n"
        " (:predicates (q) (r))\n (:derived (r) (q))\n"
        " (:action a :parameters () :precondition () :effect (and (q) (r))))",
        kDerivedProblem);
    EXPECT_EQ(e.category(), ErrorCategory::Input);
    EXPECT_EQ(e.position().line, 4);
    EXPECT_EQ(e.position().column, 62);  // the (r) of the effect
    EXPECT_NE(e.message().find("derived predicate 'r'"), std::string::npos) << e.message();
}

TEST(DerivedRefusals, NonStratifiableAxiomsAreRefusedAtTheirPosition) {
    const Error e = parse_error(
        "(define (domain d) (:requirements :strips :derived-predicates :negative-preconditions)\n"
        " (:predicates (q) (r) (s))\n (:derived (r) (q))\n (:derived (s) (not (r)))\n"
        "  (:derived (r) (s)))",
        kDerivedProblem);
    EXPECT_EQ(e.category(), ErrorCategory::Unsupported);
    EXPECT_NE(e.message().find("stratified"), std::string::npos) << e.message();
    EXPECT_GE(e.position().line, 3);
}

TEST(DerivedRefusals, MalformedDefinitionsAreInputErrors) {
    const Error undeclared =
        parse_error("(define (domain d) (:predicates (q))\n (:derived (r) (q)))", kDerivedProblem);
    EXPECT_EQ(undeclared.category(), ErrorCategory::Input);
    EXPECT_EQ(undeclared.position().line, 2);
    const Error arity = parse_error(
        "(define (domain d) (:predicates (q) (r ?x))\n (:derived (r) (q)))", kDerivedProblem);
    EXPECT_EQ(arity.category(), ErrorCategory::Input);
    const Error init = parse_error("(define (domain d) (:predicates (q) (r))\n (:derived (r) (q)))",
                                   "(define (problem p) (:domain d) (:init (r)) (:goal (q)))");
    EXPECT_EQ(init.category(), ErrorCategory::Input);
    EXPECT_NE(init.message().find("derived"), std::string::npos);
}

TEST(DerivedRefusals, RequirementIsSupportedAndUndeclaredUseWarns) {
    const Task task = parse_task(
        "(define (domain d) (:requirements :strips) (:predicates (q) (r))\n"
        " (:derived (r) (q)) (:action a :parameters () :precondition () :effect (q)))",
        "(define (problem p) (:domain d) (:init) (:goal (r)))", "d.pddl", "p.pddl");
    ASSERT_FALSE(task.warnings.empty());
    EXPECT_NE(task.warnings[0].message.find(":derived-predicates"), std::string::npos);
    EXPECT_NO_THROW(
        parse_task("(define (domain d) (:requirements :derived-predicates) (:predicates (q)))",
                   kDerivedProblem, "d.pddl", "p.pddl"));
}

}  // namespace
}  // namespace ll
