// Search engines and configurations on hand-computed tasks: eager and lazy
// GBFS, preferred operators with boosted queues, alternation, novelty; and
// every configuration finds valid plans exactly when the oracle says so.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>

#include "core/common/budget.hpp"
#include "core/common/error.hpp"
#include "core/heuristics/relaxation.hpp"
#include "core/pddl/parser.hpp"
#include "core/pipeline.hpp"
#include "core/planner.hpp"
#include "core/search/evaluators.hpp"
#include "core/search/lazy_search.hpp"
#include "core/search/open_list.hpp"
#include "core/search/state_space.hpp"
#include "core/successors/object_symmetry.hpp"
#include "core/task/goal.hpp"
#include "core/task/static_facts.hpp"
#include "core/validation/validator.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

using test::with_config;
using EngineExpected = test::ExpectedCounts;

// star/p01: hub c0 (hFF 2) with side cells x1, x2 (hFF 3) and g1 (hFF 1)
// leading to the goal g2; objects in that order, so c0's children are
// generated x1, x2, g1. Derivations:
// - eager (paper): evaluate c0; expand c0, evaluating x1, x2, g1; expand g1,
//   whose child g2 is the goal: 2 expansions, 4 evaluations.
// - lazy, no preferred operators: x1, x2, g1 enter with c0's h = 2 (FIFO);
//   x1 and x2 are popped, evaluated and expanded (no new children) before
//   g1: 4 expansions, 4 evaluations.
// - lazy with preferred operators (lama): g1 is preferred ((move c0 g1) is
//   c0's only helpful action). Alternation [h, h-preferred] with equal
//   priorities pops from the first list (x1), then from the preferred one
//   (g1): 3 expansions, 3 evaluations.
// - eager with preferred operators: the same as eager, the goal being next
//   to g1: 2 expansions, 4 evaluations.
// - lazy with LIFO ties: g1, the last child queued, is popped first and
//   leads to the goal: 2 expansions, 2 evaluations.
// - bfws adds the (novelty, h) queue as the third list: x1, then g1 from the
//   preferred list, as lama.
TEST(Engines, StarHandComputed) {
    const Task task = test::load_task("star", "p01");
    for (const EngineExpected& e :
         {EngineExpected{"paper", 2, 4}, EngineExpected{"paper,search=lazy", 4, 4},
          EngineExpected{"lama", 3, 3}, EngineExpected{"eager-po", 2, 4},
          EngineExpected{"bfws", 3, 3}, EngineExpected{"paper,search=lazy,tie=lifo", 2, 2}}) {
        const SearchResult r = solve(task, with_config(e.config));
        ASSERT_EQ(r.status, SearchStatus::Solved) << e.config;
        EXPECT_EQ(r.stats.expansions, e.expansions) << e.config;
        EXPECT_EQ(r.stats.evaluations, e.evaluations) << e.config;
        EXPECT_EQ(r.plan.size(), 2u) << e.config;
        EXPECT_EQ(r.stats.initial_h, 2) << e.config;
    }
}

// PS² on star/p01 (pinned, derived from the tree): (s0, None) has the single
// child (s0, move), then (s0, move c0) with three children, whose rFF values
// are those of their states. Lazy search queues them under their parent's
// value, so it expands the side branches too.
TEST(Engines, StarPartialSpacePinned) {
    const Task task = test::load_task("star", "p01");
    for (const EngineExpected& e :
         {EngineExpected{"paper", 8, 6}, EngineExpected{"paper,search=lazy", 19, 6},
          EngineExpected{"eager-po", 8, 6}}) {
        const SearchResult r = solve(task, with_config(e.config, SpaceKind::Partial));
        ASSERT_EQ(r.status, SearchStatus::Solved) << e.config;
        EXPECT_EQ(r.stats.expansions, e.expansions) << e.config;
        EXPECT_EQ(r.stats.evaluations, e.evaluations) << e.config;
        EXPECT_EQ(r.plan.size(), 2u) << e.config;
    }
}

class EngineConfigTest : public ::testing::TestWithParam<test::TaskRef> {};

// One configuration against the brute-force optimum (-1: unsolvable): the
// same verdict, and a valid plan no shorter than the optimum.
void expect_sound_and_complete(const Task& task, int optimum, const std::string& config,
                               SpaceKind space, HeuristicKind h) {
    PlannerOptions options = with_config(config, space);
    options.heuristic = h;
    const SearchResult r = solve(task, options);
    const std::string what = config + " " + to_string(space) + " " + to_string(h);
    if (optimum < 0) {
        EXPECT_EQ(r.status, SearchStatus::Unsolvable) << what;
        return;
    }
    ASSERT_EQ(r.status, SearchStatus::Solved) << what;
    const ValidationResult v = validate_plan(task, r.plan);
    EXPECT_TRUE(v.valid) << what << ": " << v.message;
    EXPECT_GE(static_cast<int>(r.plan.size()), optimum) << what;
}

// Every alias and engine, both spaces, every heuristic as the main one:
// plans validate, solvability agrees with the brute-force oracle.
TEST_P(EngineConfigTest, EveryConfigurationIsSoundAndComplete) {
    const Task task = test::load_task(GetParam().task, GetParam().problem);
    const int optimum = test::GroundOracle(task).optimal_plan_length();
    for (const SearchAlias& alias : search_aliases()) {
        for (SpaceKind space : {SpaceKind::State, SpaceKind::Partial}) {
            // The optimal engines refuse the partial space (optimal_search_test.cpp).
            if (space == SpaceKind::Partial &&
                is_optimal_engine(parse_search_phases(alias.name).front().config.engine))
                continue;
            for (HeuristicKind h :
                 {HeuristicKind::FF, HeuristicKind::Add, HeuristicKind::GoalCount}) {
                expect_sound_and_complete(task, optimum, alias.name, space, h);
            }
        }
    }
}

// Symmetry pruning keeps every configuration sound and complete, in both
// spaces.
TEST_P(EngineConfigTest, SymmetryPruningIsSoundAndComplete) {
    const Task task = test::load_task(GetParam().task, GetParam().problem);
    const int optimum = test::GroundOracle(task).optimal_plan_length();
    for (const char* config : {"paper,symmetry=on", "paper,search=lazy,symmetry=on",
                               "lama,symmetry=on", "bfws,symmetry=on"}) {
        for (SpaceKind space : {SpaceKind::State, SpaceKind::Partial}) {
            for (HeuristicKind h : {HeuristicKind::FF, HeuristicKind::GoalCount})
                expect_sound_and_complete(task, optimum, config, space, h);
        }
    }
}

// On gripper, whose balls and grippers are exchangeable, pruning leaves
// actions out in both spaces and the search generates fewer nodes.
TEST(SymmetryPruning, GripperGeneratesFewerNodes) {
    const Task task = test::load_task("gripper", "p02");
    for (SpaceKind space : {SpaceKind::State, SpaceKind::Partial}) {
        const SearchResult plain = solve(task, with_config("paper", space));
        const SearchResult pruned = solve(task, with_config("paper,symmetry=on", space));
        ASSERT_EQ(plain.status, SearchStatus::Solved);
        ASSERT_EQ(pruned.status, SearchStatus::Solved);
        EXPECT_EQ(plain.stats.symmetric_pruned, 0);
        EXPECT_GT(pruned.stats.symmetric_pruned, 0) << to_string(space);
        EXPECT_LT(pruned.stats.generated, plain.stats.generated) << to_string(space);
        EXPECT_TRUE(validate_plan(task, pruned.plan).valid);
    }
    // Hand-derived, S³, the root only: pick(ball, rooma, gripper) for 4 balls
    // and 2 grippers and move(rooma, rooma|roomb) are applicable; all balls
    // and both grippers are exchangeable, so 7 of the 8 picks are left out,
    // and the new children are one pick and the move to roomb (2 instead of
    // 5; the move to rooma gives the root again). The join skips the 7 as 4
    // partial bindings (symmetric_pruned counts those): 3 for the objects
    // of rank 1-3 of the class it binds first, 1 for the other class's.
    for (const char* config : {"paper", "paper,symmetry=on"}) {
        PlannerOptions options = with_config(config, SpaceKind::State);
        options.limits.max_expansions = 1;
        const SearchResult r = solve(task, options);
        const bool on = std::string(config).find("symmetry") != std::string::npos;
        EXPECT_EQ(r.stats.expansions, 1) << config;
        EXPECT_EQ(r.stats.symmetric_pruned, on ? 4 : 0) << config;
        EXPECT_EQ(r.stats.generated_transitions, on ? 3 : 10) << config;
    }
}

INSTANTIATE_TEST_SUITE_P(AllTasks, EngineConfigTest, ::testing::ValuesIn(test::all_test_tasks()),
                         [](const auto& info) {
                             std::string n = info.param.task + "_" + info.param.problem;
                             std::replace(n.begin(), n.end(), '-', '_');
                             return n;
                         });

TEST(SearchConfig, AliasesAndKeys) {
    EXPECT_EQ(parse_search_config("paper").config, SearchConfig::paper());
    const ParsedSearchConfig c =
        parse_search_config("paper, search=lazy, h=goal-count+ff, preferred=on, boost=7");
    EXPECT_EQ(c.config.engine, EngineKind::Lazy);
    EXPECT_TRUE(c.sets_heuristic);
    EXPECT_EQ(c.heuristic, HeuristicKind::GoalCount);
    EXPECT_EQ(c.config.extra_heuristics, std::vector<HeuristicKind>{HeuristicKind::FF});
    EXPECT_TRUE(c.config.preferred);
    EXPECT_FALSE(c.config.novelty);
    EXPECT_EQ(c.config.boost, 7);
    EXPECT_EQ(to_string(c.config, c.heuristic),
              "search=lazy,h=goal-count+ff,preferred=on,novelty=off,boost=7,relax=lifted,"
              "orders=off,counting=off");
    EXPECT_EQ(c.config.relaxation, RelaxationGrounding::Lifted);
    // Every other configuration grounds the relaxation when it fits.
    EXPECT_EQ(parse_search_config("lama").config.relaxation, RelaxationGrounding::Auto);
    EXPECT_EQ(parse_search_config("lama,relax=ground").config.relaxation,
              RelaxationGrounding::Ground);
    EXPECT_EQ(to_string(parse_search_config("lama").config, HeuristicKind::FF),
              "search=lazy,h=ff,preferred=on,novelty=off,boost=1000,landmarks=on");
    EXPECT_EQ(parse_search_config("lama,tie=lifo").config.ties, TieBreaking::Lifo);
    EXPECT_EQ(to_string(parse_search_config("lama,tie=lifo").config, HeuristicKind::FF),
              "search=lazy,h=ff,preferred=on,novelty=off,boost=1000,tie=lifo,landmarks=on");
    EXPECT_EQ(parse_search_config("lama,tie=lifo,tie=fifo").config.ties, TieBreaking::Fifo);
    // The canonical text parses back to the same configuration.
    const ParsedSearchConfig back = parse_search_config(to_string(c.config, c.heuristic));
    EXPECT_EQ(back.config, c.config);
    EXPECT_EQ(back.heuristic, c.heuristic);
    for (const char* bad : {"fastest", "search=greedy", "boost=-1", "boost=x", "novelty=maybe",
                            "colour=red", "h=lama", "relax=maybe", "tie=random"}) {
        EXPECT_THROW(parse_search_config(bad), Error) << bad;
    }
    EXPECT_STREQ(search_aliases().front().name, "default");
}

TEST(SearchConfig, OptionRules) {
    OptionValues v;
    EXPECT_EQ(make_planner_options(v).heuristic, HeuristicKind::FF);
    v.has_model = true;
    ASSERT_FALSE(make_planner_options(v).next_phases.empty());
    EXPECT_EQ(make_planner_options(v).next_phases.front().heuristic, HeuristicKind::Wl);
    v.heuristic = "ff";  // a model nobody uses
    EXPECT_THROW(make_planner_options(v), Error);
    v.config = "h=ff+wl";  // ... unless an extra heuristic is wl
    v.heuristic.reset();
    EXPECT_EQ(make_planner_options(v).heuristic, HeuristicKind::FF);
    v.has_model = false;
    EXPECT_THROW(make_planner_options(v), Error);  // wl without a model
    OptionValues w;
    w.config = "paper";
    w.search = "lazy";
    w.preferred = "on";
    w.novelty = "on";
    const PlannerOptions o = make_planner_options(w);
    EXPECT_EQ(o.search.engine, EngineKind::Lazy);
    EXPECT_TRUE(o.search.preferred);
    EXPECT_TRUE(o.search.novelty);
}

// hFF's helpful actions in star/p01's initial state: only (move c0 g1).
TEST(PreferredOperators, HelpfulActionsOfFF) {
    const Task task = test::load_task("star", "p01");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    RelaxationHeuristic ff(RelaxationHeuristic::Kind::FF, task, layout, statics, goal);
    EXPECT_EQ(ff.evaluate(initial_state(task, layout)), 2);
    const std::vector<GroundAction> helpful = test::helpful_actions(ff);
    ASSERT_EQ(helpful.size(), 1u);
    EXPECT_EQ(to_string(task, helpful[0]), "(move c0 g1)");
}

}  // namespace
}  // namespace ll

namespace ll {
namespace {

TEST(Portfolio, PhasesParseAndDescribe) {
    const auto phases = parse_search_phases("search=eager,h=goal-count,time=0.5; lama");
    ASSERT_EQ(phases.size(), 2u);
    EXPECT_EQ(phases[0].config.time_fraction, 0.5);
    EXPECT_EQ(phases[0].heuristic, HeuristicKind::GoalCount);
    EXPECT_FALSE(phases[1].sets_heuristic);
    EXPECT_TRUE(phases[1].config.preferred);
    EXPECT_THROW(parse_search_config("paper;lama"), Error);  // one phase expected
    // The default prunes symmetric actions in both phases; the paper's search does not.
    for (const ParsedSearchConfig& phase : parse_search_phases("default"))
        EXPECT_TRUE(phase.config.symmetry);
    EXPECT_FALSE(parse_search_config("paper").config.symmetry);
    EXPECT_THROW(parse_search_phases("paper,time=0"), Error);
    EXPECT_THROW(parse_search_phases("paper,time=1.5"), Error);
    EXPECT_THROW(parse_search_phases("paper,time-partial=0"), Error);
    EXPECT_THROW(parse_search_phases("paper,stall=-1"), Error);
    EXPECT_THROW(parse_search_phases("paper,stall=soon"), Error);
    EXPECT_EQ(parse_search_config("paper,stall=2.5").config.stall_s, 2.5);
    EXPECT_THROW(parse_search_phases("paper,after-stall=maybe"), Error);
    EXPECT_EQ(
        to_string(parse_search_config("paper,stall=5,after-stall=on").config, HeuristicKind::FF),
        "search=eager,h=ff,preferred=off,novelty=off,boost=1000,relax=lifted,orders=off,"
        "counting=off,stall=5,after-stall=on");
    EXPECT_THROW(parse_search_phases("paper,branching=-1"), Error);
    EXPECT_THROW(parse_search_phases("paper,branching=wide"), Error);
    EXPECT_EQ(parse_search_config("paper,branching=1000").config.max_branching, 1000);
    EXPECT_EQ(parse_search_config("paper,time-partial=0.7").config.time_fraction_partial, 0.7);
    EXPECT_EQ(
        to_string(parse_search_config("lama,time=0.2,time-partial=0.7").config, HeuristicKind::FF),
        "search=lazy,h=ff,preferred=on,novelty=off,boost=1000,landmarks=on,time=0.2,time-partial=0."
        "7");
    OptionValues v;
    v.config = "search=eager,h=goal-count,time=0.5; lama";
    const PlannerOptions o = make_planner_options(v);
    ASSERT_EQ(o.next_phases.size(), 1u);
    EXPECT_EQ(describe_search(o),
              "search=eager,h=goal-count,preferred=off,novelty=off,boost=1000,time=0.5;"
              "search=lazy,h=ff,preferred=on,novelty=off,boost=1000,landmarks=on");
}

// The configuration text says where each phase runs: an explicit space
// overrides the default portfolio's space=state phase.
TEST(Portfolio, DescribeSearchShowsTheSpaceEachPhaseRunsIn) {
    const std::string lazy_ff = "search=lazy,h=ff,preferred=on,novelty=off,boost=1000,symmetry=on";
    OptionValues partial;
    partial.space = "partial";
    // Lookahead is a no-op in PS², so the text does not name it there.
    EXPECT_EQ(describe_search(make_planner_options(partial)), lazy_ff + ",space=partial");
    OptionValues state;
    state.space = "state";
    // In S³ the fresh phase without lookahead differs from its neighbours.
    const std::string in_state = lazy_ff + ",space=state,time=0.25,stall=5,lookahead=on;" +
                                 lazy_ff + ",space=state,time=0.1,stall=5,after-stall=on;" +
                                 lazy_ff + ",space=state,lookahead=on";
    EXPECT_EQ(describe_search(make_planner_options(state)), in_state);
    EXPECT_EQ(describe_search(make_planner_options(OptionValues{})), in_state);
    partial.has_model = true;
    const std::string all = describe_search(make_planner_options(partial));
    EXPECT_EQ(all.substr(all.rfind(';') + 1), lazy_ff + ",space=partial");
    EXPECT_EQ(all.find("lookahead"), std::string::npos);
    EXPECT_EQ(all.find("space=state"), std::string::npos);
}

// The default portfolio runs lazy hFF with lookahead, the learnt model, a
// fresh lazy hFF search without lookahead when a phase stalled, then the
// first lazy search again; without a model the model phase is dropped.
TEST(Portfolio, DefaultDropsTheModelPhaseWithoutAModel) {
    const PlannerOptions without = make_planner_options(OptionValues{});
    ASSERT_EQ(without.next_phases.size(), 2u);
    EXPECT_EQ(without.heuristic, HeuristicKind::FF);
    EXPECT_EQ(without.search.engine, EngineKind::Lazy);
    EXPECT_TRUE(without.search.preferred);
    EXPECT_TRUE(without.search.lookahead);
    EXPECT_EQ(without.search.time_fraction, 0.25);
    EXPECT_EQ(without.search.stall_s, 5);
    const SearchConfig& fresh = without.next_phases[0].search;
    EXPECT_EQ(without.next_phases[0].heuristic, HeuristicKind::FF);
    EXPECT_TRUE(fresh.after_stall);
    EXPECT_FALSE(fresh.lookahead);
    EXPECT_EQ(fresh.time_fraction, 0.1);
    EXPECT_EQ(fresh.stall_s, 5);
    EXPECT_TRUE(without.next_phases[1].search.lookahead);
    EXPECT_EQ(without.next_phases[1].search.time_fraction, 1.0);
    OptionValues with_model;
    with_model.has_model = true;
    const PlannerOptions with = make_planner_options(with_model);
    EXPECT_EQ(with.heuristic, HeuristicKind::FF);
    EXPECT_EQ(with.search.engine, EngineKind::Lazy);
    EXPECT_EQ(with.search.time_fraction, 0.25);
    EXPECT_EQ(with.search.stall_s, 5);
    ASSERT_EQ(with.next_phases.size(), 3u);
    const SearchConfig& model_phase = with.next_phases[0].search;
    EXPECT_EQ(with.next_phases[0].heuristic, HeuristicKind::Wl);
    EXPECT_EQ(model_phase.engine, EngineKind::Eager);
    EXPECT_EQ(model_phase.time_fraction, 0.2);
    EXPECT_EQ(model_phase.stall_s, 10);
    EXPECT_EQ(model_phase.space, SpaceKind::State);
    EXPECT_TRUE(with.next_phases[1].search.after_stall);
    EXPECT_EQ(with.next_phases[2].heuristic, HeuristicKind::FF);
    EXPECT_EQ(with.next_phases[2].search.space, SpaceKind::State);
    // An explicit heuristic drops the model phase rather than rerunning it.
    OptionValues hadd;
    hadd.heuristic = "hadd";
    const PlannerOptions o = make_planner_options(hadd);
    ASSERT_EQ(o.next_phases.size(), 2u);
    EXPECT_EQ(o.heuristic, HeuristicKind::Add);
    EXPECT_EQ(o.search.engine, EngineKind::Lazy);
    for (const PlannerOptions::Phase& phase : o.next_phases)
        EXPECT_EQ(phase.heuristic, HeuristicKind::Add);
}

// A phase that repeats its neighbour's search is merged with it, and a
// repeat that runs only after a stall is dropped: in PS², where lookahead
// is a no-op, the default without a model is one search (no restarts).
TEST(Portfolio, RepeatedPhasesRunAsOne) {
    OptionValues partial;
    partial.space = "partial";
    const PlannerOptions o = make_planner_options(partial);
    EXPECT_EQ(describe_search(o),
              "search=lazy,h=ff,preferred=on,novelty=off,boost=1000,symmetry=on,space=partial");
    OptionValues v;
    v.config = "search=lazy,h=ff,stall=5;search=lazy,h=ff,after-stall=on;search=lazy,h=ff,time=0.5";
    EXPECT_EQ(describe_search(make_planner_options(v)),
              "search=lazy,h=ff,preferred=off,novelty=off,boost=1000,time=0.5");
}

// A phase that ends for another reason than its time share ends the
// portfolio: a proof of unsolvability in phase 1 is final, with phase 1's
// counts; a plan found in phase 1 is the result.
TEST(Portfolio, OnlyRunningOutOfTimeHandsOver) {
    const Task unsolvable = test::load_task("unsolvable", "p01");
    PlannerOptions single;
    single.heuristic = HeuristicKind::GoalCount;
    const SearchResult alone = solve(unsolvable, single);
    OptionValues v;
    v.config = "search=eager,h=goal-count,time=0.5;search=lazy,h=ff";
    PlannerOptions portfolio = make_planner_options(v);
    portfolio.limits.time_limit_s = 60;
    const SearchResult both = solve(unsolvable, portfolio);
    EXPECT_EQ(both.status, SearchStatus::Unsolvable);
    EXPECT_EQ(both.stats.expansions, alone.stats.expansions);
    EXPECT_EQ(both.stats.evaluations, alone.stats.evaluations);

    const Task star = test::load_task("star", "p01");
    const SearchResult solved = solve(star, portfolio);
    ASSERT_EQ(solved.status, SearchStatus::Solved);
    // Eager goal count (1 everywhere but the goal): c0, x1, x2, then g1.
    EXPECT_EQ(solved.stats.expansions, 4);
}

// A phase's space key picks its space unless the user chose one; on
// star/p01 S³ and PS² have the pinned counts of StarHandComputed and
// StarPartialSpacePinned.
TEST(Portfolio, PhaseSpaceUnlessExplicit) {
    EXPECT_EQ(parse_search_config("lama,space=state").config.space, SpaceKind::State);
    EXPECT_EQ(parse_search_config("lama,space=partial").config.space, SpaceKind::Partial);
    EXPECT_EQ(parse_search_config("lama").config.space, SpaceKind::Auto);
    EXPECT_THROW(parse_search_config("lama,space=grid"), Error);
    const Task task = test::load_task("star", "p01");
    PlannerOptions options = with_config("paper,space=state", SpaceKind::Partial);
    EXPECT_FALSE(options.space_is_explicit);
    SearchResult r = solve(task, options);
    EXPECT_EQ(r.stats.expansions, 2);
    EXPECT_EQ(r.stats.evaluations, 4);
    OptionValues values;
    values.config = "paper,space=state";
    values.space = "partial";  // --space partial overrides the phase
    options = make_planner_options(values);
    EXPECT_TRUE(options.space_is_explicit);
    r = solve(task, options);
    EXPECT_EQ(r.stats.expansions, 8);
    EXPECT_EQ(r.stats.evaluations, 6);
}

// --model auto may bring a model to any configuration that leaves room for
// wl, a single h=wl phase included.
TEST(Portfolio, AutoModelForWlConfigurations) {
    OptionValues v;
    EXPECT_TRUE(accepts_auto_model(v));  // the default portfolio
    v.config = "search=eager,h=wl";
    EXPECT_TRUE(accepts_auto_model(v));
    v.config = "lama";
    EXPECT_TRUE(accepts_auto_model(v));  // no h: wl when a model comes
    v.config = "lama,h=ff";
    EXPECT_FALSE(accepts_auto_model(v));
    v.config = "lama,h=ff+wl";
    EXPECT_TRUE(accepts_auto_model(v));
    v.config.reset();
    v.heuristic = "hadd";
    EXPECT_FALSE(accepts_auto_model(v));
}

// stall=S ends a phase whose main heuristic has not improved for S seconds
// as if its time share were used, with or without a time limit: on
// unsolvable/p01 goal counting never improves on its initial value, so the
// first phase hands over to the second, which proves the task unsolvable.
TEST(Portfolio, StalledPhaseHandsOver) {
    const Task task = test::load_task("unsolvable", "p01");
    OptionValues v;
    v.config = "search=eager,h=goal-count,stall=0.000001;search=eager,h=ff";
    PlannerOptions options = make_planner_options(v);
    const SearchResult r = solve(task, options);  // no time limit
    EXPECT_EQ(r.status, SearchStatus::Unsolvable);
    PlannerOptions ff_only;
    const SearchResult alone = solve(task, ff_only);
    // Phase 1 stopped at its first limit check, before or after expanding the
    // root (goal counting alone would expand every reachable state).
    EXPECT_LE(r.stats.expansions, alone.stats.expansions + 1);
    PlannerOptions count_only;
    count_only.heuristic = HeuristicKind::GoalCount;
    EXPECT_GT(solve(task, count_only).stats.expansions, 1);
    // A single phase that stalls ends out of time.
    v.config = "search=eager,h=goal-count,stall=0.000001";
    EXPECT_EQ(solve(task, make_planner_options(v)).status, SearchStatus::OutOfTime);
}

// after-stall=on runs a phase only when a phase that ran before it ended
// by stalling: after a phase that stops at its branching bound the
// breadth-first phase is skipped (the run is the two others alone); after
// one that stalls at once it runs, and its plan is breadth-first search's.
TEST(Portfolio, AfterStallPhaseRunsOnlyAfterAStall) {
    const Task task = test::load_task("gripper", "p02");
    const auto run = [&](const char* config) {
        OptionValues v;
        v.config = config;
        return solve(task, make_planner_options(v));  // no time limit
    };
    const SearchResult skipped =
        run("search=eager,h=ff,branching=0.01;search=bfs,after-stall=on;search=lazy,h=ff");
    const SearchResult without = run("search=eager,h=ff,branching=0.01;search=lazy,h=ff");
    ASSERT_EQ(skipped.status, SearchStatus::Solved);
    EXPECT_EQ(skipped.plan, without.plan);
    EXPECT_EQ(skipped.stats.expansions, without.stats.expansions);
    const SearchResult shortest = run("search=bfs");
    const SearchResult greedy = run("search=eager,h=ff");
    ASSERT_GT(greedy.plan.size(), shortest.plan.size());  // else the check below proves nothing
    const SearchResult after = run("search=eager,h=ff,stall=0.000001;search=bfs,after-stall=on");
    ASSERT_EQ(after.status, SearchStatus::Solved);
    EXPECT_EQ(after.plan, shortest.plan);
    // A stall before the phase just ended counts too: the middle phase ends
    // by its branching bound, and the breadth-first phase still runs.
    const SearchResult later =
        run("search=eager,h=goal-count,stall=0.000001;search=eager,h=ff,branching=0.01;"
            "search=bfs,after-stall=on;search=lazy,h=ff");
    ASSERT_EQ(later.status, SearchStatus::Solved);
    EXPECT_EQ(later.plan, shortest.plan);
}

TEST(AutoSpace, ByNumberOfObjects) {
    EXPECT_EQ(choose_space(test::load_task("star", "p01")), SpaceKind::State);
    std::string problem = "(define (problem big) (:domain star) (:objects";
    for (int i = 0; i < kPartialSpaceObjects; ++i)
        problem += " c" + std::to_string(i);
    problem += ") (:init (at c0) (adj c0 c1)) (:goal (at c1)))";
    const Task big = parse_task(test::read_file(test::task_path("star", "domain.pddl")), problem,
                                "domain.pddl", "big.pddl");
    EXPECT_EQ(choose_space(big), SpaceKind::Partial);
}

}  // namespace
}  // namespace ll

namespace ll {
namespace {

// A task with a large branching factor: a walker on a complete graph of
// `cities` cities (every state has cities - 1 moves) must visit the first
// six. Deferred generation keeps lazy search's stored states to the ones it
// popped: with 80 cities, a few hundred transitions and a dozen states.
std::string fan_out_problem(int cities) {
    std::string objects, init;
    for (int i = 0; i < cities; ++i)
        objects += " c" + std::to_string(i);
    init = "(at c0) (visited c0)";
    return "(define (problem fan) (:domain fan) (:objects" + objects + ") (:init " + init +
           ") (:goal (and (visited c1) (visited c2) (visited c3) (visited c4) (visited c5) "
           "(visited c6))))";
}

constexpr const char* kFanOutDomain =
    "(define (domain fan) (:predicates (at ?x) (visited ?x))"
    " (:action move :parameters (?from ?to) :precondition (at ?from)"
    "  :effect (and (not (at ?from)) (at ?to) (visited ?to))))";

TEST(LazyMemory, StoredStatesGrowWithExpansionsNotTransitions) {
    const Task task = parse_task(kFanOutDomain, fan_out_problem(50), "fan.pddl", "p.pddl");
    for (const char* config : {"lama", "paper,search=lazy", "paper,search=lazy,tie=lifo"}) {
        const SearchResult lazy = solve(task, with_config(config));
        ASSERT_EQ(lazy.status, SearchStatus::Solved) << config;
        EXPECT_TRUE(validate_plan(task, lazy.plan).valid) << config;
        // Every stored state was popped: the root, each evaluated state
        // (expanded or a dead end) and the goal.
        EXPECT_LE(lazy.stats.stored_states, lazy.stats.evaluations + 2) << config;
        EXPECT_EQ(lazy.stats.stored_states, lazy.stats.generated) << config;
        EXPECT_GE(lazy.stats.generated_transitions, 20 * lazy.stats.stored_states) << config;
        EXPECT_GT(lazy.stats.bytes_per_state(), 0) << config;
        EXPECT_GT(lazy.stats.bytes_per_open_entry(), 0) << config;
    }
    // Eager search stores every new child of every expansion.
    const SearchResult eager = solve(task, with_config("paper"));
    ASSERT_EQ(eager.status, SearchStatus::Solved);
    EXPECT_GE(eager.stats.stored_states, 40 * eager.stats.expansions);
}

// Deferred generation marks the queued actions of a state as preferred in one
// pass (StateSpace::preferred_flags): a listed (canonical) action is
// preferred exactly when some helpful action is in its orbit under the
// state's symmetry groups. Every applicable action of gripper p02's initial
// state, canonical or not, taken alone as the helpful list, against the
// orbit test of ObjectSymmetry.
TEST(LazyMemory, PreferredFlagsAgreeWithOrbits) {
    const Task task = test::load_task("gripper", "p02");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    SuccessorGenerator successors(task, layout, statics);
    const GoalChecker goal(task, layout, statics);
    ObjectSymmetry symmetry(task, layout);
    StateSpace space(task, layout, successors, goal, &symmetry);
    const NodeId root = space.root();
    Expansion out;
    const ActionList listed = space.transitions(root, out, {});
    ASSERT_GT(out.symmetric, 0);
    ActionList listed_copy;
    for (std::size_t i = 0; i < listed.size(); ++i)
        listed_copy.push_back(listed.schema(i), listed.arguments(i));

    const State s0 = initial_state(task, layout);
    std::vector<GroundAction> all;
    successors.applicable_actions(s0, all);
    ObjectSymmetry oracle(task, layout);
    oracle.compute(s0);
    std::vector<char> flags;
    for (const GroundAction& helpful_action : all) {
        ActionList helpful;
        helpful.push_back(helpful_action);
        space.preferred_flags(root, listed_copy, root, helpful, flags);
        ASSERT_EQ(flags.size(), listed_copy.size());
        int marked = 0;
        for (std::size_t i = 0; i < listed_copy.size(); ++i) {
            const bool expected =
                listed_copy.schema(i) == helpful_action.schema &&
                oracle.same_orbit(listed_copy.arguments(i), helpful_action.arguments);
            EXPECT_EQ(flags[i] != 0, expected) << i;
            marked += flags[i];
        }
        EXPECT_EQ(marked, 1);  // each orbit has one canonical action
        // Helpful actions of another state mark nothing.
        space.preferred_flags(root, listed_copy, root + 1, helpful, flags);
        EXPECT_EQ(std::count(flags.begin(), flags.end(), 1), 0);
    }
}

// transitions() applies only the actions that can reach a goal (not one
// when more goal literals are false than an action has effects), and still
// finds a goal one step away.
void expect_goal_one_step_away(const Task& task) {
    const StateLayout layout(task);
    const StaticFacts statics(task);
    SuccessorGenerator successors(task, layout, statics);
    const GoalChecker goal(task, layout, statics);
    StateSpace space(task, layout, successors, goal);
    Expansion out;
    space.transitions(space.root(), out, {});
    ASSERT_GE(out.goal, 0);
    EXPECT_TRUE(space.is_goal(out.goal));
    EXPECT_EQ(out.generated, 1);
}

TEST(LazyMemory, TransitionsFindAGoalOneStepAway) {
    // As many false goal literals as a move has effects; a literal listed
    // four times.
    for (const char* goal_text : {"(and (visited c2) (at c2) (not (at c0)))",
                                  "(and (visited c2) (visited c2) (visited c2) (visited c2))"}) {
        const Task task = parse_task(kFanOutDomain,
                                     std::string("(define (problem fan) (:domain fan) (:objects "
                                                 "c0 c1 c2) (:init (at c0) (visited c0)) (:goal ") +
                                         goal_text + "))",
                                     "fan.pddl", "p.pddl");
        expect_goal_one_step_away(task);
    }
}

// branching=N ends a phase once its states have more than N successors on
// average, as if its time share were used: the fan-out walker's states have
// 50 each (staying put included), so an eager phase with branching=10
// stops after the root's expansion and hands over to the next phase, which
// solves the task.
TEST(Portfolio, WideBranchingHandsOver) {
    const Task task = parse_task(kFanOutDomain, fan_out_problem(50), "fan.pddl", "p.pddl");
    OptionValues v;
    v.config = "search=eager,h=goal-count,branching=10";
    const SearchResult wide = solve(task, make_planner_options(v));
    EXPECT_EQ(wide.status, SearchStatus::OutOfTime);
    EXPECT_EQ(wide.stats.expansions, 1);
    v.config = "search=eager,h=goal-count,branching=50";
    EXPECT_EQ(solve(task, make_planner_options(v)).status, SearchStatus::Solved);
    v.config = "search=eager,h=goal-count,branching=10;search=lazy,h=ff";
    const SearchResult handed = solve(task, make_planner_options(v));  // no time limit
    ASSERT_EQ(handed.status, SearchStatus::Solved);
    EXPECT_TRUE(validate_plan(task, handed.plan).valid);
}

// A phase that repeats an earlier one (the default's second lazy hFF
// phase) continues the earlier search where it stopped: the first lazy
// phase stops after one expansion (branching=0.01), an eager goal-count
// phase expands the root once, and the third phase then ends the first
// one's search as if it had never stopped (the plan of a lazy search run
// alone, one expansion more: the eager phase's). Started over, the third
// phase would expand the root again.
TEST(Portfolio, RepeatedPhaseContinuesItsSearch) {
    const std::string lazy =
        "search=lazy,h=ff,preferred=on,novelty=off,boost=1000,symmetry=off,space=state";
    for (const auto& [name, problem] : {std::pair{"gripper", "p01"}, std::pair{"ferry", "p01"},
                                        std::pair{"blocksworld", "p02"}}) {
        SCOPED_TRACE(std::string(name) + "/" + problem);
        const Task task = test::load_task(name, problem);
        OptionValues v;
        v.config = lazy;
        const SearchResult alone = solve(task, make_planner_options(v));
        ASSERT_EQ(alone.status, SearchStatus::Solved);
        ASSERT_GT(alone.stats.expansions, 2);
        v.config = lazy + ",branching=0.01;search=eager,h=goal-count,branching=0.01;" + lazy;
        const SearchResult resumed = solve(task, make_planner_options(v));  // no time limit
        ASSERT_EQ(resumed.status, SearchStatus::Solved);
        EXPECT_EQ(resumed.plan, alone.plan);
        EXPECT_EQ(resumed.stats.expansions, alone.stats.expansions + 1);
    }
}

// hFF that throws LimitReached (as the budget does when a phase's share
// ends inside an evaluation) at its `at`-th call.
class InterruptingEvaluator final : public Evaluator {
  public:
    InterruptingEvaluator(Evaluator& inner, int at) : inner_(inner), at_(at) {}
    std::string name() const override { return inner_.name(); }
    void evaluate(EvalContext& context, EvalResult& out, bool want_preferred) override {
        if (++calls_ == at_) throw LimitReached(LimitReached::Kind::Time);
        inner_.evaluate(context, out, want_preferred);
    }
    bool provides_preferred() const override { return inner_.provides_preferred(); }
    bool relaxed_plan(std::vector<GroundAction>& out) override { return inner_.relaxed_plan(out); }

  private:
    Evaluator& inner_;
    int at_;
    int calls_ = 0;
};

// A lazy search stopped by a limit inside a step and then continued finds
// the plan of the search that was never stopped, after as many expansions:
// no node is lost. The limit comes from hFF (LimitReached at its k-th call,
// the evaluation of a popped node) or from the space's budget, polled while
// the expanded node's transitions are listed and goal-tested (at its k-th
// poll: the budget has expired, and k - 1 polls are left before it checks).
TEST(LazySearch, ContinuesAfterAnInterruptedStep) {
    for (const auto& [name, problem] : {std::pair{"gripper", "p02"}, std::pair{"briefcase", "p01"},
                                        std::pair{"blocksworld", "p03"}}) {
        SCOPED_TRACE(std::string(name) + "/" + problem);
        const Task task = test::load_task(name, problem);
        const StateLayout layout(task);
        const StaticFacts statics(task);
        const GoalChecker goal(task, layout, statics);
        // Runs the search, interrupted once at hFF's call `at_call` or at
        // the space's poll `at_poll` (0: never), then continues it.
        struct Runs {
            SearchResult stopped, continued;
        };
        const auto search = [&](int at_call, int at_poll) {
            SuccessorGenerator successors(task, layout, statics);
            StateSpace space(task, layout, successors, goal, nullptr);
            Stopwatch clock;
            Budget budget(&clock, at_poll > 0 ? -1.0 : std::numeric_limits<double>::infinity(),
                          std::numeric_limits<double>::infinity());
            constexpr int kPollsPerCheck = 1024;  // Budget's stride (budget.hpp)
            for (int i = at_poll; i > 0 && i < kPollsPerCheck; ++i)
                budget.poll();
            RelaxationHeuristic ff(RelaxationHeuristic::Kind::FF, task, layout, statics, goal,
                                   RelaxationGrounding::Auto);
            HeuristicEvaluator hff("ff", ff);
            InterruptingEvaluator h(hff, at_call);
            EngineSetup setup;
            setup.evaluators = {&h};
            setup.preferred = {&h};
            std::vector<std::unique_ptr<OpenList>> queues;
            queues.push_back(make_best_first_open_list({&h}));
            queues.push_back(make_best_first_open_list({&h}, true));
            setup.open = make_alternation_open_list(std::move(queues));
            setup.clock = &clock;
            LazySearch engine(space, std::move(setup));
            space.set_budget(&budget);  // after the engine, which hands the space its own (none)
            Runs runs;
            runs.stopped = engine.run({});
            space.set_budget(nullptr);
            runs.continued =
                runs.stopped.status == SearchStatus::OutOfTime ? engine.run({}) : runs.stopped;
            return runs;
        };
        const SearchResult alone = search(0, 0).stopped;
        ASSERT_EQ(alone.status, SearchStatus::Solved);
        ASSERT_GT(alone.stats.evaluations, 6);
        const auto check = [&](const Runs& runs) {
            ASSERT_EQ(runs.stopped.status, SearchStatus::OutOfTime);
            ASSERT_EQ(runs.continued.status, SearchStatus::Solved);
            EXPECT_EQ(runs.continued.plan, alone.plan);
            // Counts are the engine's over both runs.
            EXPECT_EQ(runs.continued.stats.expansions, alone.stats.expansions);
        };
        for (int at = 2; at <= static_cast<int>(alone.stats.evaluations); at += 3) {
            SCOPED_TRACE("hFF call " + std::to_string(at));
            check(search(at, 0));
        }
        int interrupted = 0;
        for (int at = 1; at <= 40; at += 3) {
            SCOPED_TRACE("space poll " + std::to_string(at));
            const Runs runs = search(0, at);
            if (runs.stopped.status == SearchStatus::Solved) break;  // fewer polls in all
            check(runs);
            ++interrupted;
        }
        EXPECT_GE(interrupted, 5);
    }
}

// A phase that starts over (another engine) with other heuristics on the
// same relaxation (hadd, hFF for its preferred operators, the landmark
// count) uses the relaxed task the first phase grounded.
TEST(Portfolio, PhasesShareTheGroundRelaxedTask) {
    for (const auto& [name, problem] : {std::pair{"gripper", "p01"}, std::pair{"ferry", "p01"},
                                        std::pair{"blocksworld", "p02"}}) {
        SCOPED_TRACE(std::string(name) + "/" + problem);
        const Task task = test::load_task(name, problem);
        OptionValues v;
        v.config =
            "search=eager,h=ff,preferred=off,branching=0.01;"
            "search=lazy,h=hadd,preferred=on,landmarks=on";
        const SearchResult result = solve(task, make_planner_options(v));
        ASSERT_EQ(result.status, SearchStatus::Solved);
        EXPECT_GT(result.stats.landmarks, 0);
        EXPECT_EQ(result.stats.relaxation_groundings, 1);
    }
}

}  // namespace
}  // namespace ll
