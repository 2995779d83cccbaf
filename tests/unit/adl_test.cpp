// ADL: parsing and normalisation of or/imply/exists/forall/not over
// formulas and of forall/when effects; successors of the normalised schemas
// (both search spaces apply them through apply_action) against a brute-force
// oracle that evaluates the original formulas; plans of both spaces checked
// by the validator; the relaxation with conditional effects; the refusals
// (unsupported PDDL with line and column, learning on ADL domains).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/heuristics/relaxation.hpp"
#include "core/learning/graph_support.hpp"
#include "core/pddl/parser.hpp"
#include "core/planner.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/action_costs.hpp"
#include "core/task/goal.hpp"
#include "core/task/parameter_order.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"
#include "core/validation/validator.hpp"
#include "tests/unit/cli_test_support.hpp"
#include "tests/unit/test_support.hpp"

namespace ll {
namespace {

using test::parse_error;

using test::AtomSet;

std::vector<test::TaskRef> adl_tasks() {
    return {{"briefcase", "p01"},
            {"briefcase", "p02"},
            {"adl-conditions", "p01"},
            {"adl-conditions", "p02"}};
}

// ---- A brute-force oracle over the ORIGINAL formulas ----------------------

class AdlOracle {
  public:
    explicit AdlOracle(const Task& task) : task_(task) {
        // One ground action per PDDL action and printed argument tuple (the
        // first schema of each name stands for its variants).
        std::set<std::string> seen;
        for (SchemaId s = 0; s < task.num_schemas(); ++s) {
            const ActionSchema& schema = task.schemas[s];
            if (schema.is_goal_action || !seen.insert(schema.name).second) continue;
            std::vector<ObjectId> args;
            enumerate(s, args);
        }
    }

    ObjectId value(const Term& t, const std::vector<ObjectId>& b) const {
        return t.is_parameter() ? b[t.index] : t.index;
    }
    GroundAtom ground(const AtomSchema& a, const std::vector<ObjectId>& b) const {
        GroundAtom g{a.predicate, {}};
        for (const Term& t : a.arguments)
            g.arguments.push_back(value(t, b));
        return g;
    }

    bool holds(const Condition& c, std::vector<ObjectId>& b, const AtomSet& s) const {
        using K = Condition::Kind;
        switch (c.kind) {
            case K::True:
                return true;
            case K::False:
                return false;
            case K::Atom:
                return s.count(ground(c.atom, b)) > 0;
            case K::Equal:
                return value(c.atom.arguments[0], b) == value(c.atom.arguments[1], b);
            case K::Not:
                return !holds(c.children[0], b, s);
            case K::And:
                return std::all_of(c.children.begin(), c.children.end(),
                                   [&](const Condition& x) { return holds(x, b, s); });
            case K::Or:
                return std::any_of(c.children.begin(), c.children.end(),
                                   [&](const Condition& x) { return holds(x, b, s); });
            case K::Exists:
            case K::Forall:
                return quantified(c, 0, b, s);
        }
        return false;
    }

    bool quantified(const Condition& c, std::size_t i, std::vector<ObjectId>& b,
                    const AtomSet& s) const {
        if (i == c.variables.size()) return holds(c.children[0], b, s);
        const bool forall = c.kind == Condition::Kind::Forall;
        const std::size_t slot = c.first_variable + i;
        if (b.size() <= slot) b.resize(slot + 1);
        for (ObjectId o = 0; o < task_.num_objects(); ++o) {
            if (!task_.is_of_type[c.variables[i].type][o]) continue;
            b[slot] = o;
            if (quantified(c, i + 1, b, s) != forall) return !forall;
        }
        return forall;
    }

    bool applicable(const AtomSet& s, const GroundAction& a) const {
        const ActionSchema& schema = task_.schemas[a.schema];
        std::vector<ObjectId> b = a.arguments;
        if (schema.original_precondition >= 0) {
            return holds(task_.original_preconditions[schema.original_precondition], b, s);
        }
        for (const auto& p : schema.positive_preconditions)
            if (!s.count(ground(p, b))) return false;
        for (const auto& p : schema.negative_preconditions)
            if (s.count(ground(p, b))) return false;
        for (const auto& eq : schema.equalities)
            if ((value(eq.lhs, b) == value(eq.rhs, b)) == eq.negated) return false;
        return true;
    }

    // Deletes then adds; conditional effects over every binding of their
    // variables, their conditions read in `s`.
    AtomSet apply(const AtomSet& s, const GroundAction& a) const {
        const ActionSchema& schema = task_.schemas[a.schema];
        std::vector<GroundAtom> adds, dels;
        std::vector<ObjectId> b = a.arguments;
        b.resize(schema.arity(), 0);  // hidden parameters: unused by effects
        for (const auto& e : schema.add_effects)
            adds.push_back(ground(e, b));
        for (const auto& e : schema.delete_effects)
            dels.push_back(ground(e, b));
        for (const ConditionalEffect& e : schema.conditional_effects) {
            std::vector<ObjectId> eb = b;
            eb.resize(b.size() + e.variables.size());
            fire(e, 0, eb, b.size(), s, adds, dels);
        }
        AtomSet next = s;
        for (const auto& g : dels)
            next.erase(g);
        for (const auto& g : adds)
            next.insert(g);
        return next;
    }

    void fire(const ConditionalEffect& e, std::size_t i, std::vector<ObjectId>& b,
              std::size_t first, const AtomSet& s, std::vector<GroundAtom>& adds,
              std::vector<GroundAtom>& dels) const {
        if (i < e.variables.size()) {
            for (ObjectId o = 0; o < task_.num_objects(); ++o) {
                if (!task_.is_of_type[e.variables[i].type][o]) continue;
                b[first + i] = o;
                fire(e, i + 1, b, first, s, adds, dels);
            }
            return;
        }
        for (const auto& c : e.positive_conditions)
            if (!s.count(ground(c, b))) return;
        for (const auto& c : e.negative_conditions)
            if (s.count(ground(c, b))) return;
        for (const auto& eq : e.equalities)
            if ((value(eq.lhs, b) == value(eq.rhs, b)) == eq.negated) return;
        for (const auto& x : e.add_effects)
            adds.push_back(ground(x, b));
        for (const auto& x : e.delete_effects)
            dels.push_back(ground(x, b));
    }

    // printed action -> successor, for every applicable PDDL action.
    std::map<std::string, AtomSet> successors(const AtomSet& s) const {
        std::map<std::string, AtomSet> out;
        for (const GroundAction& a : actions_)
            if (applicable(s, a)) out[to_string(task_, a)] = apply(s, a);
        return out;
    }

    std::vector<AtomSet> reachable(std::size_t cap) const {
        AtomSet init(task_.initial_state.begin(), task_.initial_state.end());
        std::vector<AtomSet> states{init};
        std::set<AtomSet> seen{init};
        for (std::size_t i = 0; i < states.size() && states.size() < cap; ++i) {
            for (auto& [name, next] : successors(states[i]))
                if (seen.insert(next).second) states.push_back(next);
        }
        return states;
    }

    bool is_goal(const AtomSet& s) const {
        std::vector<ObjectId> b;
        if (task_.has_original_goal) return holds(task_.original_goal, b, s);
        for (const auto& g : task_.goal_positive)
            if (!s.count(g)) return false;
        for (const auto& g : task_.goal_negative)
            if (s.count(g)) return false;
        return !task_.goal_contains_false_equality;
    }

    // Shortest plan length by breadth-first search, or -1.
    int optimal_length() const {
        AtomSet init(task_.initial_state.begin(), task_.initial_state.end());
        std::map<AtomSet, int> dist{{init, 0}};
        std::vector<AtomSet> queue{init};
        for (std::size_t i = 0; i < queue.size(); ++i) {
            if (is_goal(queue[i])) return dist[queue[i]];
            for (auto& [name, next] : successors(queue[i]))
                if (dist.emplace(next, dist[queue[i]] + 1).second) queue.push_back(next);
        }
        return -1;
    }

  private:
    void enumerate(SchemaId s, std::vector<ObjectId>& args) {
        const ActionSchema& schema = task_.schemas[s];
        if (static_cast<int>(args.size()) == schema.printed_arity()) {
            actions_.push_back(GroundAction{s, args});
            return;
        }
        for (ObjectId o = 0; o < task_.num_objects(); ++o) {
            if (!task_.is_of_type[schema.parameters[args.size()].type][o]) continue;
            args.push_back(o);
            enumerate(s, args);
            args.pop_back();
        }
    }

    const Task& task_;
    std::vector<GroundAction> actions_;
};

AtomSet fluent_set(const StateLayout& layout, const State& state) {
    auto atoms = fluent_atoms(layout, state);
    return {atoms.begin(), atoms.end()};
}

AtomSet adl_fluent_only(const StateLayout& layout, const AtomSet& atoms) {
    AtomSet out;
    for (const auto& a : atoms)
        if (layout.is_fluent(a.predicate)) out.insert(a);
    return out;
}

// ---- Parsing and normalisation ---------------------------------------------

int count_named(const Task& task, const std::string& name) {
    return static_cast<int>(std::count_if(task.schemas.begin(), task.schemas.end(),
                                          [&](const ActionSchema& s) { return s.name == name; }));
}

const ActionSchema& first_named(const Task& task, const std::string& name) {
    for (const auto& s : task.schemas)
        if (s.name == name) return s;
    throw std::runtime_error("no schema " + name);
}

TEST(AdlNormalisation, DisjunctionsSplitIntoVariantsWithTheActionsName) {
    const Task task = test::load_task("adl-conditions", "p01");
    // go: (or door door) x (imply locked has-key) = 4 variants
    EXPECT_EQ(count_named(task, "go"), 4);
    // start-party: (not (and locked (not has-key))) = (or (not locked) has-key)
    EXPECT_EQ(count_named(task, "start-party"), 2);
    EXPECT_EQ(count_named(task, "pick-key"), 1);
    EXPECT_EQ(first_named(task, "pick-key").original_precondition, -1);  // STRIPS path
    const ActionSchema& go = first_named(task, "go");
    EXPECT_GE(go.original_precondition, 0);
    EXPECT_EQ(go.num_hidden_parameters, 0);
}

TEST(AdlNormalisation, ExistentialVariablesBecomeHiddenParameters) {
    const Task task = test::load_task("adl-conditions", "p01");
    const ActionSchema& flip = first_named(task, "flip");
    EXPECT_EQ(count_named(task, "flip"), 1);
    EXPECT_EQ(flip.arity(), 3);
    EXPECT_EQ(flip.printed_arity(), 1);
    EXPECT_EQ(flip.num_hidden_parameters, 2);
    EXPECT_EQ(to_string(task, GroundAction{static_cast<SchemaId>(&flip - task.schemas.data()),
                                           {0, 3, 1}}),
              "(flip r1)");
}

TEST(AdlNormalisation, UniversalPreconditionsAreInstantiatedOverTheObjects) {
    const Task task = test::load_task("adl-conditions", "p01");
    const ActionSchema& party = first_named(task, "start-party");
    // (forall (?x - room) (lit ?x)) over r1 r2 r3, plus (in ?r)
    int lit = 0;
    for (const AtomSchema& a : party.positive_preconditions)
        if (task.predicates[a.predicate].name == "lit") ++lit;
    EXPECT_EQ(lit, 3);
}

TEST(AdlNormalisation, ConditionalEffectsAreKeptLifted) {
    const Task task = test::load_task("briefcase", "p01");
    const ActionSchema& move = first_named(task, "move");
    ASSERT_EQ(move.conditional_effects.size(), 1u);
    const ConditionalEffect& e = move.conditional_effects[0];
    EXPECT_EQ(e.variables.size(), 1u);
    EXPECT_EQ(e.positive_conditions.size(), 1u);
    EXPECT_EQ(e.add_effects.size(), 1u);
    EXPECT_EQ(e.delete_effects.size(), 1u);
    EXPECT_EQ(move.original_precondition, -1);
    // (in ?x) is read by a condition: kept in states even where static.
    EXPECT_TRUE(task.has_conditional_effects());
    // A (when (or A B) E) splits into one conditional effect per disjunct.
    const Task adl = test::load_task("adl-conditions", "p01");
    EXPECT_EQ(first_named(adl, "tidy-up").conditional_effects.size(), 2u);
}

TEST(AdlNormalisation, GoalsCompileToAtomsOrToAGoalAction) {
    // forall goal: a conjunction of ground literals
    const Task universal = test::load_task("briefcase", "p02");
    EXPECT_EQ(universal.goal_positive.size(), 3u);
    EXPECT_EQ(universal.goal_negative.size(), 3u);
    EXPECT_TRUE(universal.has_original_goal);
    EXPECT_EQ(count_named(universal, "__goal"), 0);
    // exists / or goals: the artificial action
    const Task existential = test::load_task("adl-conditions", "p01");
    EXPECT_GE(count_named(existential, "__goal"), 1);
    EXPECT_TRUE(first_named(existential, "__goal").is_goal_action);
    const Task disjunctive = test::load_task("adl-conditions", "p02");
    EXPECT_EQ(count_named(disjunctive, "__goal"), 2);
}

// ---- Successors against the oracle ------------------------------------------

class AdlSuccessorTest : public ::testing::TestWithParam<test::TaskRef> {};

TEST_P(AdlSuccessorTest, MatchesTheOriginalFormulasOnReachableStates) {
    const Task task = test::load_task(GetParam().task, GetParam().problem);
    const StateLayout layout(task);
    const StaticFacts statics(task);
    SuccessorGenerator gen(task, layout, statics);
    AdlOracle oracle(task);
    const auto states = oracle.reachable(400);
    ASSERT_GT(states.size(), 3u);
    for (const AtomSet& atoms : states) {
        const State state = test::to_state(layout, atoms);
        std::vector<GroundAction> actions;
        gen.applicable_actions(state, actions);
        std::map<std::string, AtomSet> actual;
        for (const GroundAction& a : actions) {
            if (task.schemas[a.schema].is_goal_action) continue;
            const AtomSet next = fluent_set(layout, apply_action(task, layout, state, a));
            auto [it, inserted] = actual.emplace(to_string(task, a), next);
            // Variants and hidden bindings of one action give one successor.
            if (!inserted) {
                EXPECT_EQ(it->second, next) << to_string(task, a);
            }
        }
        std::map<std::string, AtomSet> expected;
        for (auto& [name, next] : oracle.successors(atoms))
            expected.emplace(name, adl_fluent_only(layout, next));
        ASSERT_EQ(actual, expected);
    }
}

INSTANTIATE_TEST_SUITE_P(AdlTasks, AdlSuccessorTest, ::testing::ValuesIn(adl_tasks()),
                         [](const auto& info) { return test::param_name(info.param); });

// ---- Plans in both spaces, validated ----------------------------------------

using AdlPlanParam = std::tuple<test::TaskRef, SpaceKind, RelaxationGrounding>;
class AdlPlanTest : public ::testing::TestWithParam<AdlPlanParam> {};

TEST_P(AdlPlanTest, PlansAreValidForTheOriginalSemantics) {
    const auto& [ref, space, grounding] = GetParam();
    const Task task = test::load_task(ref.task, ref.problem);
    PlannerOptions options;
    options.space = space;
    options.search.relaxation = grounding;
    const SearchResult result = solve(task, options);
    ASSERT_EQ(result.status, SearchStatus::Solved);
    const ValidationResult check = validate_plan(task, result.plan);
    EXPECT_TRUE(check.valid) << check.message;
    // The plan as printed (without the goal action) parses back and
    // validates: hidden parameters are not needed.
    std::string text;
    int printed = 0;
    for (const GroundAction& a : result.plan) {
        if (task.schemas[a.schema].is_goal_action) continue;
        text += to_string(task, a) + "\n";
        ++printed;
    }
    const ValidationResult reparsed = validate_plan(task, parse_plan(task, text));
    EXPECT_TRUE(reparsed.valid) << reparsed.message << "\n" << text;
    EXPECT_EQ(reparsed.plan_cost, printed);
}

INSTANTIATE_TEST_SUITE_P(
    AdlTasks, AdlPlanTest,
    ::testing::Combine(::testing::ValuesIn(adl_tasks()),
                       ::testing::Values(SpaceKind::State, SpaceKind::Partial),
                       ::testing::Values(RelaxationGrounding::Lifted, RelaxationGrounding::Ground)),
    [](const auto& info) {
        return test::param_name(
            std::get<0>(info.param),
            std::string(std::get<1>(info.param) == SpaceKind::State ? "state_" : "partial_") +
                to_string(std::get<2>(info.param)));
    });

TEST(AdlPlans, PartialSpaceWithReversedParameterOrderKeepsHiddenParametersApart) {
    for (const test::TaskRef& ref : adl_tasks()) {
        const Task task = test::load_task(ref.task, ref.problem);
        PlannerOptions options;
        options.space = SpaceKind::Partial;
        options.parameter_order = make_parameter_order("reverse");
        const SearchResult result = solve(task, options);
        ASSERT_EQ(result.status, SearchStatus::Solved) << ref.task << " " << ref.problem;
        const ValidationResult check = validate_plan(task, result.plan);
        EXPECT_TRUE(check.valid) << ref.task << " " << ref.problem << ": " << check.message;
    }
}

TEST(AdlValidator, ChecksTheOriginalPreconditionAndConditionalEffects) {
    const Task task = test::load_task("briefcase", "p01");
    const char* good =
        "(put-in paper home)\n(put-in book home)\n(move home office)\n(take-out paper)\n"
        "(move office bank)\n(take-out book)\n(move bank home)\n";
    const ValidationResult ok = validate_plan(task, parse_plan(task, good));
    EXPECT_TRUE(ok.valid) << ok.message;
    EXPECT_EQ(ok.plan_cost, 7);
    // Without the conditional effect the book would stay at home.
    const char* no_book =
        "(put-in paper home)\n(move home office)\n(take-out paper)\n"
        "(move office bank)\n(move bank home)\n";
    const ValidationResult bad = validate_plan(task, parse_plan(task, no_book));
    EXPECT_FALSE(bad.valid);
    ASSERT_EQ(bad.unmet_goals.size(), 1u);
    EXPECT_EQ(bad.unmet_goals[0], "(at book bank)");

    const Task adl = test::load_task("adl-conditions", "p01");
    // flip r3 needs a switch controlling r3 in the current room (s2 in r2).
    const ValidationResult early = validate_plan(adl, parse_plan(adl, "(flip r3)\n"));
    EXPECT_FALSE(early.valid);
    EXPECT_EQ(early.failed_step, 0);
    EXPECT_NE(early.message.find("as written in the domain"), std::string::npos);
    // go r2 r3 needs the key (imply), door r3 r2 is the other direction (or).
    const char* plan =
        "(flip r1)\n(flip r2)\n(go r1 r2)\n(pick-key r2)\n(flip r3)\n(go r2 r3)\n"
        "(start-party r3)\n(tidy-up r3)\n";
    const ValidationResult full = validate_plan(adl, parse_plan(adl, plan));
    EXPECT_TRUE(full.valid) << full.message;
    const ValidationResult untidy =
        validate_plan(adl, parse_plan(adl,
                                      "(flip r1)\n(flip r2)\n(go r1 r2)\n(pick-key r2)\n(flip r3)\n"
                                      "(go r2 r3)\n(start-party r3)\n"));
    EXPECT_FALSE(untidy.valid);
    EXPECT_EQ(untidy.unmet_goals.size(), 1u);
}

TEST(AdlValidator, TheTaskPlansAreValidAndOptimal) {
    for (const auto& [name, problem, length] :
         {std::tuple{"briefcase", "p01", 7}, std::tuple{"adl-conditions", "p01", 8},
          std::tuple{"adl-conditions", "p02", 2}}) {
        const Task task = test::load_task(name, problem);
        const std::string text =
            test::read_file(test::task_path(name, std::string(problem) + ".plan"));
        const ValidationResult v = validate_plan(task, parse_plan(task, text));
        EXPECT_TRUE(v.valid) << name << " " << problem << ": " << v.message;
        EXPECT_EQ(v.plan_cost, length) << name << " " << problem;
        EXPECT_EQ(AdlOracle(task).optimal_length(), length) << name << " " << problem;
    }
}

// ---- The relaxation with conditional effects -------------------------------

TEST(AdlRelaxation, ConditionalEffectsReachTheirAtomsInBothComputations) {
    const Task task = test::load_task("briefcase", "p01");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    const State init = initial_state(task, layout);
    for (RelaxationGrounding g : {RelaxationGrounding::Lifted, RelaxationGrounding::Ground}) {
        RelaxationHeuristic ff(RelaxationHeuristic::Kind::FF, task, layout, statics, goal, g);
        RelaxationHeuristic add(RelaxationHeuristic::Kind::Add, task, layout, statics, goal, g);
        // (at paper office) is only added by the conditional effect of move.
        const double h = ff.evaluate(init, PartialAction::none());
        EXPECT_GT(h, 0);
        EXPECT_LT(h, 1e9) << to_string(g);
        EXPECT_LT(add.evaluate(init, PartialAction::none()), 1e9);
        for (const GroundAction& a : ff.last_relaxed_plan()) {
            ASSERT_LT(a.schema, task.num_schemas());
            EXPECT_EQ(static_cast<int>(a.arguments.size()), task.schemas[a.schema].arity());
        }
    }
}

// Helpful actions are mapped back to the original task like relaxed plans:
// in every reachable state, actions of the original schemas, in the relaxed
// plan and applicable. Once the briefcase holds an object, the compiled
// schema of move's conditional effect is helpful: unmapped, it has an id past
// the original schemas.
TEST(AdlRelaxation, HelpfulActionsAreOriginalActions) {
    const Task task = test::load_task("briefcase", "p01");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    SuccessorGenerator gen(task, layout, statics);
    for (RelaxationGrounding g : {RelaxationGrounding::Lifted, RelaxationGrounding::Ground}) {
        RelaxationHeuristic ff(RelaxationHeuristic::Kind::FF, task, layout, statics, goal, g);
        std::vector<State> frontier{initial_state(task, layout)};
        std::set<std::vector<ObjectId>> seen;
        int checked = 0;
        while (!frontier.empty() && checked < 300) {
            const State state = frontier.back();
            frontier.pop_back();
            const auto words = state.words();
            if (!seen.insert({words.begin(), words.end()}).second) continue;
            if (ff.evaluate(state, PartialAction::none()) >= 1e9 || goal.is_goal(state)) continue;
            ++checked;
            const std::vector<GroundAction> plan = ff.last_relaxed_plan();
            const std::vector<GroundAction> helpful = test::helpful_actions(ff);
            EXPECT_FALSE(helpful.empty()) << to_string(g);
            for (const GroundAction& a : helpful) {
                ASSERT_LT(a.schema, task.num_schemas()) << to_string(g);
                ASSERT_EQ(static_cast<int>(a.arguments.size()), task.schemas[a.schema].arity());
                EXPECT_NE(std::find(plan.begin(), plan.end(), a), plan.end()) << to_string(task, a);
                EXPECT_TRUE(gen.is_applicable(state, a)) << to_string(task, a);
            }
            std::vector<GroundAction> applicable;
            gen.applicable_actions(state, applicable);
            for (const GroundAction& a : applicable)
                frontier.push_back(apply_action(task, layout, state, a));
        }
        EXPECT_GT(checked, 10) << to_string(g);
    }
}

// ---- Refusals ----------------------------------------------------------------

const char* kAdlProblem = "(define (problem p) (:domain d) (:objects a) (:init) (:goal (q)))";

TEST(AdlRefusals, UnsupportedConstructsAreNamedAtTheirPosition) {
    const Error durative = parse_error(
        "(define (domain d)\n (:predicates (q))\n (:durative-action a :parameters ()\n"
        "  :duration (= ?duration 1) :condition () :effect ()))",
        kAdlProblem);
    EXPECT_EQ(durative.category(), ErrorCategory::Unsupported);
    EXPECT_EQ(durative.position().line, 3);
    EXPECT_NE(durative.message().find("durative"), std::string::npos);

    const Error fluent = parse_error(
        "(define (domain d) (:predicates (q)) (:functions (fuel) - number)\n"
        " (:action a :parameters () :precondition ()\n  :effect (and (q) (decrease (fuel) 1))))",
        kAdlProblem);
    EXPECT_EQ(fluent.category(), ErrorCategory::Unsupported);
    EXPECT_EQ(fluent.position().line, 3);
    EXPECT_EQ(fluent.position().column, 21);
    EXPECT_NE(fluent.message().find("numeric fluents"), std::string::npos);

    const Error requirement =
        parse_error("(define (domain d) (:requirements :adl\n :numeric-fluents) (:predicates (q)))",
                    kAdlProblem);
    EXPECT_EQ(requirement.category(), ErrorCategory::Unsupported);
    EXPECT_EQ(requirement.position().line, 2);
    EXPECT_EQ(requirement.position().column, 2);

    const Error cost_under_when = parse_error(
        "(define (domain d) (:requirements :adl :action-costs) (:predicates (q))\n"
        " (:functions (total-cost) - number)\n (:action a :parameters () :precondition ()\n"
        "  :effect (when (q) (increase (total-cost) 1))))",
        kAdlProblem);
    EXPECT_EQ(cost_under_when.category(), ErrorCategory::Unsupported);
    EXPECT_EQ(cost_under_when.position().line, 4);
}

TEST(AdlRefusals, AdlRequirementsAreAcceptedAndUndeclaredUseWarns) {
    const std::string domain =
        "(define (domain d) (:requirements :strips) (:predicates (q) (r))\n"
        " (:action a :parameters () :precondition (or (q) (r)) :effect (q)))";
    const Task task = parse_task(domain, kAdlProblem, "d.pddl", "p.pddl");
    EXPECT_EQ(task.num_schemas(), 2);
    ASSERT_FALSE(task.warnings.empty());
    EXPECT_NE(task.warnings[0].message.find(":disjunctive-preconditions"), std::string::npos);
    for (const char* r :
         {":adl", ":conditional-effects", ":quantified-preconditions", ":existential-preconditions",
          ":universal-preconditions", ":disjunctive-preconditions"}) {
        EXPECT_NO_THROW(parse_task(
            "(define (domain d) (:requirements " + std::string(r) + ") (:predicates (q)))",
            kAdlProblem, "d.pddl", "p.pddl"))
            << r;
    }
}

TEST(AdlRefusals, TooLargeDisjunctiveFormsAreCompiledIntoDerivedPredicates) {
    // (and (or p1 q1) ... (or p10 q10)) has 1024 alternatives: past the
    // limit, the disjunctions become derived predicates (one schema).
    std::string pre = "(and";
    std::string preds;
    for (int i = 0; i < 10; ++i) {
        pre += " (or (p" + std::to_string(i) + ") (q" + std::to_string(i) + "))";
        preds += " (p" + std::to_string(i) + ") (q" + std::to_string(i) + ")";
    }
    pre += ")";
    const Task task =
        parse_task("(define (domain d) (:requirements :adl) (:predicates (q)" + preds +
                       ")\n (:action a :parameters () :precondition " + pre + " :effect (q)))",
                   kAdlProblem, "d.pddl", "p.pddl");
    EXPECT_EQ(task.num_schemas(), 1);
    EXPECT_EQ(task.axioms.size(), 20u);  // two rules for each of the 10 disjunctions
    EXPECT_EQ(task.schemas[0].positive_preconditions.size(), 10u);
}

TEST(AdlLearning, GraphsRefuseAdlDomainsWithATypedError) {
    const Task briefcase = test::load_task("briefcase", "p01");
    try {
        require_graph_encodable(briefcase, "learned models");
        FAIL() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Unsupported);
        EXPECT_NE(e.message().find("conditional"), std::string::npos);
    }
    EXPECT_THROW(require_graph_encodable(test::load_task("adl-conditions", "p01"), "x"), Error);
    EXPECT_NO_THROW(require_graph_encodable(test::load_task("gripper", "p01"), "x"));
}

// ---- The CLI -----------------------------------------------------------------

class AdlCli : public ::testing::Test {
  protected:
    void SetUp() override {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "ll_adl_test_XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
    }
    void TearDown() override {
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }
    void write(const std::string& name, const std::string& text) {
        std::ofstream(dir_ / name, std::ios::binary) << text;
    }
    test::RunResult run(const std::string& args) const {
        return test::run_in(dir_, LL_CLI_PATH, args);
    }
    std::filesystem::path dir_;
};

TEST_F(AdlCli, SolvesAdlTasksWithValidPrintedPlansInBothSpaces) {
    for (const test::TaskRef& ref : adl_tasks()) {
        for (const char* space : {"state", "partial"}) {
            const std::string domain = test::quote(test::task_path(ref.task, "domain.pddl"));
            const std::string problem =
                test::quote(test::task_path(ref.task, ref.problem + ".pddl"));
            test::RunResult r = run("plan " + domain + " " + problem +
                                    " --quiet --plan-file out.plan --space " + space);
            ASSERT_EQ(r.code, 0) << ref.task << " " << ref.problem << " " << space << r.err;
            const std::string plan = test::slurp(dir_ / "out.plan");
            EXPECT_EQ(plan.find("__goal"), std::string::npos) << plan;
            r = run("validate " + domain + " " + problem + " out.plan");
            EXPECT_EQ(r.code, 0) << r.out << r.err;
            EXPECT_NE(r.out.find("Plan valid"), std::string::npos) << r.out;
        }
    }
}

TEST_F(AdlCli, RefusedConstructsExit34WithTheirPosition) {
    write("domain.pddl",
          "(define (domain d) (:requirements :adl)\n (:predicates (q) (r))\n"
          "  (:durative-action a :parameters () :duration (= ?duration 1)\n"
          "   :condition () :effect ()))\n");
    write("problem.pddl", kAdlProblem);
    const test::RunResult r = run("plan domain.pddl problem.pddl");
    EXPECT_EQ(r.code, 34) << r.err;
    EXPECT_NE(r.err.find("domain.pddl:3:"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("durative"), std::string::npos) << r.err;
}

TEST_F(AdlCli, LltrainAndModelsRefuseAdlDomainsWithExit34) {
    std::filesystem::create_directories(dir_ / "problems");
    std::filesystem::create_directories(dir_ / "plans");
    write("problems/p01.pddl", test::read_file(test::task_path("briefcase", "p01.pddl")));
    const std::string domain = test::quote(test::task_path("briefcase", "domain.pddl"));
    const test::RunResult r =
        test::run_in(dir_, LL_LLTRAIN_PATH,
                     "--domain " + domain + " --problems problems --plans plans --out m.json");
    EXPECT_EQ(r.code, 34) << r.err;
    EXPECT_NE(r.err.find("conditional or universal effects"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir_ / "m.json"));
}

}  // namespace
}  // namespace ll
