// The trainer's model selection: every (iterations, C) candidate is scored
// by search, the choice follows the documented order (solved, a blind model
// never ahead of a non-blind one that solves as many, evaluations, loss), a
// smaller iteration count is the larger dataset restricted to its rounds,
// and the model's dictionary is pruned without changing h.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/learning/dataset.hpp"
#include "core/pddl/parser.hpp"
#include "core/planner.hpp"
#include "core/training/trainer.hpp"
#include "core/validation/plan_reduction.hpp"
#include "core/validation/validator.hpp"
#include "tests/unit/test_support.hpp"

namespace ll {
namespace {

std::vector<TrainingProblem> blocksworld_problems() {
    std::vector<TrainingProblem> out;
    for (const char* name : {"p01", "p02", "p03"}) {
        TrainingProblem p{name, test::load_task("blocksworld", name), {}};
        p.plan = parse_plan(
            p.task, test::read_file(test::task_path("blocksworld", std::string(name) + ".plan")),
            std::string(name) + ".plan");
        out.push_back(std::move(p));
    }
    return out;
}

TrainerOptions search_options() {
    TrainerOptions options;
    options.dataset.graph = GraphKind::Aoag;
    options.dataset.importances = default_importances(GraphKind::Aoag);
    options.wl.iterations = 2;
    options.iteration_candidates = {1, 2};
    // 1e-4 makes w = 0 the LP's optimum: a blind candidate at each count.
    options.c_grid = {1e-4, 1.0};
    return options;
}

bool ranks_before(const SelectionCandidate& a, const SelectionCandidate& b) {
    if (a.search.solved != b.search.solved) return a.search.solved > b.search.solved;
    if ((a.non_zero_weights == 0) != (b.non_zero_weights == 0)) return b.non_zero_weights == 0;
    if (a.search.evaluations != b.search.evaluations)
        return a.search.evaluations < b.search.evaluations;
    return a.validation_loss < b.validation_loss;
}

TEST(Trainer, SearchSelectionScoresEveryCandidateAndNeverPicksABlindOne) {
    const auto problems = blocksworld_problems();
    const TrainerResult result = train_model(problems, search_options());
    const TrainerSummary& s = result.summary;
    ASSERT_EQ(s.candidates.size(), 4u);
    EXPECT_EQ(s.train_problems, 2);
    EXPECT_EQ(s.validation_problems, 1);
    for (std::size_t i = 0; i < s.candidates.size(); ++i) {
        const SelectionCandidate& c = s.candidates[i];
        SCOPED_TRACE(i);
        EXPECT_EQ(c.iterations, i < 2 ? 1 : 2);
        EXPECT_EQ(c.c, i % 2 == 0 ? 1e-4 : 1.0);
        EXPECT_EQ(c.non_zero_weights == 0, i % 2 == 0);
        EXPECT_EQ(c.search.attempted, 1);  // the one validation problem
        EXPECT_GT(c.search.evaluations, 0);
    }
    // The chosen one ranks first (the earliest among equals).
    ASSERT_GE(s.chosen, 0);
    for (int i = 0; i < static_cast<int>(s.candidates.size()); ++i) {
        EXPECT_FALSE(ranks_before(s.candidates[i], s.candidates[s.chosen])) << i;
        if (i < s.chosen) EXPECT_TRUE(ranks_before(s.candidates[s.chosen], s.candidates[i])) << i;
    }
    EXPECT_GT(s.candidates[s.chosen].non_zero_weights, 0);
    EXPECT_GT(s.non_zero_weights, 0);
    EXPECT_EQ(result.model.features.options().iterations, s.chosen_iterations);
    EXPECT_EQ(s.chosen_iterations, s.candidates[s.chosen].iterations);
    EXPECT_EQ(s.chosen_c, s.candidates[s.chosen].c);
    // The record in the model file.
    EXPECT_NE(result.model.training_json.find("\"selection\":\"search\""), std::string::npos);
    EXPECT_NE(result.model.training_json.find("\"chosen_candidate\":" + std::to_string(s.chosen)),
              std::string::npos);
}

// The grid stops at the first C whose candidate ranks below the previous
// one (here the blind C = 1e-4 after C = 1: the last C = 1 is never fitted),
// and the counts stop at the first whose best ranks below the best before.
TEST(Trainer, SearchSelectionStopsWhereCandidatesGetWorse) {
    TrainerOptions options = search_options();
    options.wl.iterations = 3;
    options.iteration_candidates = {1, 2, 3};
    options.c_grid = {1.0, 1e-4, 1.0};
    const TrainerSummary s = train_model(blocksworld_problems(), options).summary;
    // Each count: C = 1, then the blind C = 1e-4 ranks below it: stop.
    ASSERT_GE(s.candidates.size(), 4u);
    for (std::size_t i = 0; i < s.candidates.size(); ++i) {
        EXPECT_EQ(s.candidates[i].iterations, 1 + int(i / 2)) << i;
        EXPECT_EQ(s.candidates[i].c, i % 2 == 0 ? 1.0 : 1e-4) << i;
        if (i % 2 == 1) EXPECT_TRUE(ranks_before(s.candidates[i - 1], s.candidates[i])) << i;
    }
    // Count 3 only if count 2's best (candidate 2) does not rank below
    // count 1's (candidate 0).
    const bool worse = ranks_before(s.candidates[0], s.candidates[2]);
    EXPECT_EQ(s.candidates.size(), worse ? 4u : 6u);
    EXPECT_EQ(s.candidates[s.chosen].c, 1.0);
}

// Out of selection time: one candidate is still fitted and becomes the model.
TEST(Trainer, SelectionTimeLimitKeepsTheFirstCandidate) {
    TrainerOptions options = search_options();
    options.selection_time_limit_s = 0;
    const TrainerResult result = train_model(blocksworld_problems(), options);
    ASSERT_EQ(result.summary.candidates.size(), 1u);
    EXPECT_TRUE(result.summary.selection_cut);
    EXPECT_EQ(result.summary.chosen, 0);
    EXPECT_EQ(result.summary.chosen_c, 1e-4);
    EXPECT_FALSE(train_model(blocksworld_problems(), search_options()).summary.selection_cut);
}

// The selection starts no candidate that would end past the limit at the
// pace of the slowest candidate so far (not the last one, not none). A
// scripted clock: the selector reads it when it checks the time (before
// every candidate but the first), when a candidate starts and when it ends.
// The grid repeats one C, so no candidate ranks below the one before it and
// only the clock can stop the grid.
TEST(Trainer, SelectionTimeLimitPredictsTheSlowestCandidate) {
    TrainerOptions options = search_options();
    options.iteration_candidates = {options.wl.iterations};
    options.c_grid = std::vector<double>(6, 1.0);
    auto scripted = [](std::vector<double> readings) {
        auto next = std::make_shared<std::size_t>(0);
        return [readings = std::move(readings), next] {
            // Past the script the clock stands still (the test then fails on
            // the candidate count, not on an out-of-range read).
            return readings[std::min(readings.size() - 1, (*next)++)];
        };
    };
    // Candidate 1 takes 50 s; the second is checked at 60 s (would end by
    // 110 s) and takes 1 s; at 70 s a third one, as slow as the first, would
    // end at 120 s (as fast as the last: 71 s).
    const std::vector<double> slow_then_fast = {0, 50, 60, 60, 61, 70, 70, 71, 80, 80, 81};
    options.selection_time_limit_s = 115;
    TrainerSummary s =
        train_model(blocksworld_problems(), options, {}, scripted(slow_then_fast)).summary;
    EXPECT_EQ(s.candidates.size(), 2u);
    EXPECT_TRUE(s.selection_cut);
    // With room for it (70 + 50 < 130), the third starts; the fourth, checked
    // at 80 s, would end at 130 s: not started.
    options.selection_time_limit_s = 130;
    s = train_model(blocksworld_problems(), options, {}, scripted(slow_then_fast)).summary;
    EXPECT_EQ(s.candidates.size(), 3u);
    EXPECT_TRUE(s.selection_cut);
    // Without a limit all six are fitted.
    options.selection_time_limit_s = std::numeric_limits<double>::infinity();
    s = train_model(blocksworld_problems(), options, {}, scripted(slow_then_fast)).summary;
    EXPECT_EQ(s.candidates.size(), 6u);
    EXPECT_FALSE(s.selection_cut);
}

TEST(Trainer, LossSelectionIsTheBayesianSearchOverC) {
    TrainerOptions options = search_options();
    options.selection = ModelSelection::Loss;
    options.iteration_candidates = {2};
    options.tune_initial_points = 2;
    options.tune_iterations = 1;
    const TrainerResult result = train_model(blocksworld_problems(), options);
    const TrainerSummary& s = result.summary;
    ASSERT_EQ(s.candidates.size(), 4u);  // first point + 2 initial + 1 guided
    for (const auto& c : s.candidates) {
        EXPECT_EQ(c.search.attempted, 0);
        EXPECT_GE(c.validation_loss, s.validation_loss);
    }
    EXPECT_EQ(s.candidates[s.chosen].validation_loss, s.validation_loss);
}

// The dataset of 2 iterations restricted to rounds 0..1 trains the same model
// as a dataset built with 1 iteration.
TEST(Trainer, FewerIterationsAreTheLargerDatasetRestricted) {
    const auto problems = blocksworld_problems();
    TrainerOptions restricted = search_options();
    restricted.tune = false;
    restricted.iteration_candidates = {1};
    TrainerOptions direct = restricted;
    direct.wl.iterations = 1;
    const WlModel a = train_model(problems, restricted).model;
    const WlModel b = train_model(problems, direct).model;
    EXPECT_EQ(a.features.options().iterations, 1);
    EXPECT_EQ(a.features.keys(), b.features.keys());
    ASSERT_EQ(a.weights.size(), b.weights.size());
    for (std::size_t i = 0; i < a.weights.size(); ++i) {
        EXPECT_EQ(a.weights[i].first, b.weights[i].first);
        EXPECT_NEAR(a.weights[i].second, b.weights[i].second, 1e-9);
    }
}

// Pruning the dictionary to the non-zero colours and their ancestors keeps
// every h: the trainer's model against the same weights over the full
// dictionary (rebuilt from the same data, the colours matched by key) gives
// the same searches in both spaces.
TEST(Trainer, PrunedModelSearchesLikeTheFullDictionary) {
    const auto problems = blocksworld_problems();
    TrainerOptions options = search_options();
    options.tune = false;
    options.iteration_candidates = {2};
    const WlModel pruned = train_model(problems, options).model;
    ASSERT_GT(pruned.weights.size(), 0u);

    WlModel full = pruned;
    full.features = WlFeatures(options.wl);
    DatasetBuilder builder(options.dataset, full.features);
    for (int i = 0; i < static_cast<int>(problems.size()); ++i)
        builder.add_plan(problems[i].task, problems[i].plan, i);
    EXPECT_LT(pruned.features.num_colours(), full.features.num_colours());
    std::map<std::vector<std::int32_t>, int> full_id;
    for (int id = 0; id < full.features.num_colours(); ++id)
        full_id[full.features.keys()[id]] = id;
    std::vector<int> to_full(pruned.features.num_colours());
    for (int j = 0; j < pruned.features.num_colours(); ++j) {
        auto key = pruned.features.keys()[j];
        if (!WlFeatures::is_base_marker(key[0])) {
            for (std::size_t i = 1; i < key.size(); i += i == 1 ? 1 : 2)
                key[i] = to_full[key[i]];
        }
        ASSERT_TRUE(full_id.count(key)) << "colour " << j;
        to_full[j] = full_id.at(key);
    }
    full.weights.clear();
    for (const auto& [id, w] : pruned.weights)
        full.weights.emplace_back(to_full[id], w);
    std::sort(full.weights.begin(), full.weights.end());

    for (const auto space : {SpaceKind::Partial, SpaceKind::State}) {
        for (const auto& p : problems) {
            SCOPED_TRACE(p.name + " " + to_string(space));
            PlannerOptions planner;
            planner.space = space;
            planner.space_is_explicit = true;
            planner.heuristic = HeuristicKind::Wl;
            planner.model = std::make_shared<const WlModel>(pruned);
            const SearchResult with_pruned = solve(p.task, planner);
            planner.model = std::make_shared<const WlModel>(full);
            const SearchResult with_full = solve(p.task, planner);
            ASSERT_EQ(with_pruned.status, SearchStatus::Solved);
            EXPECT_EQ(with_pruned.stats.expansions, with_full.stats.expansions);
            EXPECT_EQ(with_pruned.stats.initial_h, with_full.stats.initial_h);
            EXPECT_EQ(with_pruned.plan.size(), with_full.plan.size());
        }
    }
}

// A detour (pick c up again and put it back) is eliminated with the step
// that depends on it; a plan without detours is kept as it is.
TEST(PlanReduction, DropsDetoursAndKeepsNecessarySteps) {
    const TrainingProblem p = blocksworld_problems()[2];
    ASSERT_EQ(p.plan.size(), 12u);
    EXPECT_EQ(eliminate_redundant_actions(p.task, p.plan), p.plan);
    const auto detour = parse_plan(p.task,
                                   "(unstack c b)\n(put-down c)\n(pick-up c)\n(put-down c)\n"
                                   "(pick-up c)\n(put-down c)\n",
                                   "detour");
    std::vector<GroundAction> longer(p.plan.begin(), p.plan.begin() + 2);
    longer.insert(longer.end(), detour.begin() + 2, detour.end());
    longer.insert(longer.end(), p.plan.begin() + 2, p.plan.end());
    ASSERT_EQ(longer.size(), 16u);
    ASSERT_TRUE(validate_plan(p.task, longer).valid);
    EXPECT_EQ(eliminate_redundant_actions(p.task, longer), p.plan);
}

}  // namespace
}  // namespace ll
