// Relaxed-plan lookahead (core/search/lookahead.hpp, lookahead=on): every
// step it takes is applicable in its state (checked against the successor
// generator's full list of applicable actions, never the relaxation); every
// plan of lazy search with lookahead on every test task validates; where
// the relaxed plan is executable as it is, one lookahead reaches the goal.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "core/heuristics/relaxation.hpp"
#include "core/pddl/parser.hpp"
#include "core/planner.hpp"
#include "core/search/evaluators.hpp"
#include "core/search/lookahead.hpp"
#include "core/search/search_config.hpp"
#include "core/task/goal.hpp"
#include "core/validation/validator.hpp"
#include "loaded_task.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

// Every problem of every test task, but wide12 (10^18 actions per state).
std::vector<test::TaskRef> lookahead_test_problems() {
    std::vector<test::TaskRef> out;
    const std::filesystem::path root = std::string(LL_TEST_DATA_DIR) + "/tasks";
    for (const auto& dir : std::filesystem::directory_iterator(root)) {
        if (!dir.is_directory() || dir.path().filename() == "wide12") continue;
        for (const auto& file : std::filesystem::directory_iterator(dir.path())) {
            const std::string name = file.path().filename().string();
            if (name.size() > 5 && name[0] == 'p' && file.path().extension() == ".pddl")
                out.push_back({dir.path().filename().string(), name.substr(0, name.size() - 5)});
        }
    }
    std::sort(out.begin(), out.end(), [](const test::TaskRef& a, const test::TaskRef& b) {
        return std::tie(a.task, a.problem) < std::tie(b.task, b.problem);
    });
    return out;
}

// A truck hauls packages between places on a line of roads.
constexpr const char* kLookaheadHaulDomain = R"(
(define (domain lookahead-haul)
  (:requirements :strips :typing)
  (:types truck package place)
  (:predicates (at ?t - truck ?l - place) (pkg-at ?p - package ?l - place)
               (in ?p - package ?t - truck) (road ?a ?b - place))
  (:action drive :parameters (?t - truck ?a ?b - place)
    :precondition (and (at ?t ?a) (road ?a ?b))
    :effect (and (not (at ?t ?a)) (at ?t ?b)))
  (:action load :parameters (?p - package ?t - truck ?l - place)
    :precondition (and (at ?t ?l) (pkg-at ?p ?l))
    :effect (and (not (pkg-at ?p ?l)) (in ?p ?t)))
  (:action unload :parameters (?p - package ?t - truck ?l - place)
    :precondition (and (at ?t ?l) (in ?p ?t))
    :effect (and (not (in ?p ?t)) (pkg-at ?p ?l))))
)";

// Eight packages from a to b: the relaxed plan (load all, drive, unload
// all) is a plan.
constexpr const char* kLookaheadHaulOneWay = R"(
(define (problem one-way) (:domain lookahead-haul)
  (:objects t - truck a b - place p1 p2 p3 p4 p5 p6 p7 p8 - package)
  (:init (at t a) (road a b) (road b a)
         (pkg-at p1 a) (pkg-at p2 a) (pkg-at p3 a) (pkg-at p4 a)
         (pkg-at p5 a) (pkg-at p6 a) (pkg-at p7 a) (pkg-at p8 a))
  (:goal (and (pkg-at p1 b) (pkg-at p2 b) (pkg-at p3 b) (pkg-at p4 b)
              (pkg-at p5 b) (pkg-at p6 b) (pkg-at p7 b) (pkg-at p8 b))))
)";

// Packages to both ends of a line a - b - c - d, two of them from the far
// end: the relaxed plan has the truck at two places at once.
constexpr const char* kLookaheadHaulLine = R"(
(define (problem line) (:domain lookahead-haul)
  (:objects t - truck a b c d - place p1 p2 p3 p4 p5 p6 - package)
  (:init (at t a) (road a b) (road b a) (road b c) (road c b) (road c d) (road d c)
         (pkg-at p1 a) (pkg-at p2 a) (pkg-at p3 a) (pkg-at p4 a) (pkg-at p5 d) (pkg-at p6 d))
  (:goal (and (pkg-at p1 d) (pkg-at p2 c) (pkg-at p3 d) (pkg-at p4 b)
              (pkg-at p5 a) (pkg-at p6 b))))
)";

// The truck may drive from a to b or to c; the package, on board, goes to c.
constexpr const char* kLookaheadHaulFork = R"(
(define (problem fork) (:domain lookahead-haul)
  (:objects t - truck a b c - place p - package)
  (:init (at t a) (road a b) (road a c) (in p t))
  (:goal (pkg-at p c)))
)";

Task lookahead_haul_task(const char* problem) {
    return parse_task(kLookaheadHaulDomain, problem, "haul.pddl", "p.pddl");
}

PlannerOptions lookahead_options(const std::string& config, SpaceKind space = SpaceKind::State) {
    PlannerOptions options = test::with_config(config, space);
    options.limits.time_limit_s = 60;
    return options;
}

constexpr const char* kLookaheadLazyFF =
    "search=lazy,h=ff,preferred=on,novelty=off,boost=1000,symmetry=on,space=state";

TEST(LookaheadConfig, KeyParsesPrintsAndNeedsLazySearch) {
    EXPECT_FALSE(parse_search_config(kLookaheadLazyFF).config.lookahead);
    const ParsedSearchConfig on =
        parse_search_config(std::string(kLookaheadLazyFF) + ",lookahead=on");
    EXPECT_TRUE(on.config.lookahead);
    const std::string text = to_string(on.config, on.heuristic);
    EXPECT_NE(text.find("lookahead=on"), std::string::npos) << text;
    EXPECT_EQ(parse_search_config(text).config, on.config);
    try {
        parse_search_config("search=eager,lookahead=on");
        ADD_FAILURE() << "eager search accepted lookahead";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Usage);
        EXPECT_NE(std::string(e.what()).find("search=lazy"), std::string::npos) << e.what();
    }
}

TEST(LookaheadConfig, NeedsARelaxedPlanHeuristic) {
    const Task task = test::load_task("gripper", "p01");
    // Refused in PS² too, where lookahead itself does nothing.
    for (const SpaceKind space : {SpaceKind::State, SpaceKind::Partial}) {
        try {
            solve(task,
                  lookahead_options("search=lazy,h=goal-count,preferred=off,lookahead=on", space));
            ADD_FAILURE() << "lookahead ran without hFF in " << to_string(space);
        } catch (const Error& e) {
            EXPECT_EQ(e.category(), ErrorCategory::Usage);
            EXPECT_NE(std::string(e.what()).find("h=ff"), std::string::npos) << e.what();
        }
    }
    // With preferred operators the phase has hFF (for them): accepted.
    const SearchResult r =
        solve(task, lookahead_options("search=lazy,h=goal-count,preferred=on,lookahead=on"));
    EXPECT_EQ(r.status, SearchStatus::Solved);
}

// A relaxed-plan action with a false precondition is replaced by an
// applicable achiever of that atom, its add's parameters bound to the
// atom's objects: the truck drives to c (not to b, applicable too); the
// unload is left to the search from there.
TEST(LookaheadRepair, TakesAnAchieverOfTheFalsePrecondition) {
    test::LoadedTask t(lookahead_haul_task(kLookaheadHaulFork));
    const GoalChecker goal(t.task, t.layout, t.statics);
    RelaxationHeuristic ff(RelaxationHeuristic::Kind::FF, t.task, t.layout, t.statics, goal,
                           RelaxationGrounding::Ground);
    HeuristicEvaluator source("ff", ff);
    Lookahead lookahead(t.task, t.layout, t.successors, source);
    const std::vector<GroundAction> relaxed_plan = parse_plan(t.task, "(unload p t c)\n");
    std::vector<GroundAction> steps;
    LookaheadCounts counts;
    lookahead.run(initial_state(t.task, t.layout), relaxed_plan, steps, counts);
    EXPECT_EQ(steps, parse_plan(t.task, "(drive t a c)\n"));
    EXPECT_EQ(counts.repairs, 1);
}

// Replays every lookahead from the first states of every test task: each
// step is one of the successor generator's applicable actions in the state
// the steps before it reach (ferry and repeated-vars have negative
// preconditions the relaxation drops; constants-equality inequalities).
TEST(LookaheadSteps, EveryStepApplicableInItsState) {
    std::int64_t steps_taken = 0;
    for (const test::TaskRef& ref : lookahead_test_problems()) {
        test::LoadedTask t(ref);
        const GoalChecker goal(t.task, t.layout, t.statics);
        RelaxationHeuristic ff(RelaxationHeuristic::Kind::FF, t.task, t.layout, t.statics, goal,
                               RelaxationGrounding::Ground);
        HeuristicEvaluator source("ff", ff);
        Lookahead lookahead(t.task, t.layout, t.successors, source);
        std::vector<GroundAction> relaxed_plan, steps;
        LookaheadCounts counts;
        for (const State& start : t.breadth_first_states(60)) {
            if (goal.is_goal(start) || ff.evaluate(start) == kDeadEnd) continue;
            ASSERT_TRUE(source.relaxed_plan(relaxed_plan)) << ref.task;
            lookahead.run(start, relaxed_plan, steps, counts);
            EXPECT_LE(steps.size(), 2 * relaxed_plan.size()) << ref.task;
            State state = start;
            for (const GroundAction& step : steps) {
                const std::vector<GroundAction> applicable = t.applicable(state);
                ASSERT_NE(std::find(applicable.begin(), applicable.end(), step), applicable.end())
                    << ref.task << " " << ref.problem << ": " << t.task.schemas[step.schema].name
                    << " not applicable";
                state = apply_action(t.task, t.layout, state, step);
            }
            steps_taken += static_cast<std::int64_t>(steps.size());
        }
    }
    EXPECT_GT(steps_taken, 100);
}

// Every plan found with lookahead validates; the unsolvable tasks stay
// unsolvable (the lookahead's nodes are expanded when popped later, so the
// search stays complete).
TEST(LookaheadSearch, EveryPlanOnEveryTestTaskValidates) {
    for (const test::TaskRef& ref : lookahead_test_problems()) {
        const Task task = test::load_task(ref.task, ref.problem);
        for (const std::string& config :
             {std::string(kLookaheadLazyFF) + ",lookahead=on",
              std::string("search=lazy,h=ff,preferred=off,novelty=off,lookahead=on"),
              std::string("search=lazy,h=ff,preferred=on,novelty=on,lookahead=on")}) {
            const SearchResult r = solve(task, lookahead_options(config));
            const std::string what = ref.task + " " + ref.problem + " " + config;
            if (ref.task == "unsolvable") {
                EXPECT_EQ(r.status, SearchStatus::Unsolvable) << what;
                continue;
            }
            ASSERT_EQ(r.status, SearchStatus::Solved) << what;
            const ValidationResult v = validate_plan(task, r.plan);
            EXPECT_TRUE(v.valid) << what << ": " << v.message;
        }
    }
}

// Lazy hFF with and without lookahead on `task`: both solve it, and the
// plan found with lookahead validates.
std::pair<SearchResult, SearchResult> solve_with_and_without_lookahead(const Task& task) {
    SearchResult with =
        solve(task, lookahead_options(std::string(kLookaheadLazyFF) + ",lookahead=on"));
    SearchResult without = solve(task, lookahead_options(kLookaheadLazyFF));
    EXPECT_EQ(with.status, SearchStatus::Solved);
    EXPECT_EQ(without.status, SearchStatus::Solved);
    EXPECT_TRUE(validate_plan(task, with.plan).valid);
    return {std::move(with), std::move(without)};
}

TEST(LookaheadSearch, ExecutableRelaxedPlanReachesTheGoalInOneEvaluation) {
    const Task task = lookahead_haul_task(kLookaheadHaulOneWay);
    const auto [with, without] = solve_with_and_without_lookahead(task);
    EXPECT_EQ(with.plan.size(), 17u);
    EXPECT_EQ(with.stats.evaluations, 1);
    EXPECT_EQ(with.stats.lookahead_actions, 17);
    EXPECT_GE(without.stats.evaluations, 10);
}

// The relaxed plan is not a plan here: lookaheads stop where the truck is
// needed elsewhere, repair, and still need far fewer evaluations.
TEST(LookaheadSearch, FewerEvaluationsWithRepairsOnALine) {
    const Task task = lookahead_haul_task(kLookaheadHaulLine);
    const auto [with, without] = solve_with_and_without_lookahead(task);
    EXPECT_GT(with.stats.lookahead_states, 0);
    EXPECT_LE(with.stats.evaluations * 3, without.stats.evaluations)
        << with.stats.evaluations << " vs " << without.stats.evaluations;
}

// Seven blocks with a goal no plan reaches (b1 on b2 and b2 on b1) but the
// relaxation does: the search exhausts the states, and its lookaheads chase
// the impossible pair without lowering h, so after the trial of 100 they stop.
TEST(LookaheadSearch, StopsWhereMostLookaheadsDoNotLowerH) {
    const Task task = parse_task(test::read_file(test::task_path("blocksworld", "domain.pddl")),
                                 R"((define (problem twin-towers) (:domain blocksworld)
  (:objects b1 b2 b3 b4 b5 b6 b7 - block)
  (:init (handempty) (ontable b1) (on b2 b1) (on b3 b2) (clear b3) (ontable b4) (on b5 b4)
         (on b6 b5) (on b7 b6) (clear b7))
  (:goal (and (on b4 b3) (on b5 b4) (on b6 b5) (on b7 b6) (on b1 b2) (on b2 b1)))))",
                                 "domain.pddl", "twin-towers.pddl");
    const SearchResult r =
        solve(task, lookahead_options(std::string(kLookaheadLazyFF) + ",lookahead=on"));
    ASSERT_EQ(r.status, SearchStatus::Unsolvable);
    // The task has no dead ends: each lookahead state counts in the trial,
    // and the trial's 100 are all there are over 65,990 expansions.
    EXPECT_EQ(r.stats.dead_ends, 0);
    EXPECT_EQ(r.stats.lookahead_states, 100);
    EXPECT_GT(r.stats.expansions, 60000);
}

// PS² creates children on expansion: lookahead=on changes nothing there.
TEST(LookaheadSearch, NoOpInThePartialSpace) {
    const Task task = test::load_task("gripper", "p02");
    const std::string config = "search=lazy,h=ff,preferred=on,novelty=off,boost=1000";
    const SearchResult off = solve(task, lookahead_options(config, SpaceKind::Partial));
    const SearchResult on =
        solve(task, lookahead_options(config + ",lookahead=on", SpaceKind::Partial));
    ASSERT_EQ(on.status, SearchStatus::Solved);
    EXPECT_EQ(on.plan, off.plan);
    EXPECT_EQ(on.stats.expansions, off.stats.expansions);
    EXPECT_EQ(on.stats.lookahead_actions, 0);
}

}  // namespace
}  // namespace ll
