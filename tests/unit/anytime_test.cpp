// Anytime search (core/search/anytime.hpp): after the first plan, lazy
// weighted A* restarts (hFF and the landmark count alternated, as LAMA's)
// under the best cost find strictly cheaper valid
// plans, numbered from 1, until no cheaper plan exists (checked against a
// brute-force oracle); without a time limit or with anytime=off the run
// stops at its first plan, as before.
#include <gtest/gtest.h>

#include <vector>

#include "core/planner.hpp"
#include "core/task/action_costs.hpp"
#include "core/validation/validator.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

using test::with_config;

struct Found {
    int number;
    std::int64_t cost;
    bool valid;
};

std::vector<Found> plans_of(const Task& task, const PlannerOptions& options, SearchResult& out) {
    std::vector<Found> found;
    out = solve(task, options, [&](const Progress& p) {
        if (p.plan == nullptr) return;
        found.push_back(
            {p.plan_number, plan_cost(task, *p.plan), validate_plan(task, *p.plan).valid});
    });
    return found;
}

// Tasks whose first plan (GBFS on hFF, no landmarks) is not a cheapest one.
TEST(Anytime, StrictlyCheaperValidPlansNumberedFromOne) {
    for (const auto& [domain, problem] : {std::pair{"grid-costs", "p01"}, std::pair{"roads", "p01"},
                                          std::pair{"gripper", "p02"}, std::pair{"ferry", "p02"}}) {
        const Task task = test::load_task(domain, problem);
        // Without landmarks: with them the first plan of gripper p02 is a
        // cheapest one already.
        PlannerOptions options = with_config("lama,landmarks=off,anytime=auto");
        options.limits.time_limit_s = 30;
        ASSERT_TRUE(improves_plans(options, task));
        SearchResult result;
        const std::vector<Found> found = plans_of(task, options, result);
        const std::string what = std::string(domain) + " " + problem;
        ASSERT_EQ(result.status, SearchStatus::Solved) << what;
        ASSERT_GE(found.size(), 2u) << what;
        for (std::size_t i = 0; i < found.size(); ++i) {
            EXPECT_EQ(found[i].number, static_cast<int>(i) + 1) << what;
            EXPECT_TRUE(found[i].valid) << what;
            if (i > 0) EXPECT_LT(found[i].cost, found[i - 1].cost) << what;
        }
        EXPECT_EQ(result.plans_found, static_cast<int>(found.size())) << what;
        EXPECT_EQ(plan_cost(task, result.plan), found.back().cost) << what;
        // The restarts alternate hFF and the landmark count, as LAMA's (the
        // first phase has no landmarks).
        EXPECT_GT(result.stats.landmarks, 0) << what;
        // The phase and every restart (hFF and the landmark count each)
        // share the relaxed task grounded for their cost type: the phase
        // counts actions (cost-type=one), the restarts the task's costs.
        EXPECT_EQ(result.stats.relaxation_groundings, task.has_action_costs ? 2 : 1) << what;
        // Each restart prunes at the best cost: the last one exhausts the
        // space, which proves the final plan a cheapest one.
        EXPECT_EQ(result.final_plan, FinalPlanReason::Exhausted) << what;
        const test::GroundOracle oracle(task);
        EXPECT_EQ(found.back().cost,
                  oracle.optimal_plan_cost(oracle.initial(),
                                           [&](const GroundAction& a) {
                                               return static_cast<long>(action_cost(task, a));
                                           }))
            << what;
    }
}

// On every small task the oracle handles (unit costs and action costs),
// whatever the first plan: the plans found are valid and strictly cheaper
// each, and the restarts end by exhausting their bounded space (lazy
// weighted A* reopens states reached more cheaply, so it is complete under
// the bound) with a cheapest plan.
TEST(Anytime, LazyRestartsEndAtTheOptimum) {
    const std::pair<const char*, const char*> tasks[]{
        {"grid-costs", "p01"},  {"grid-costs", "p02"},  {"roads", "p01"},      {"roads", "p02"},
        {"gripper", "p01"},     {"gripper", "p02"},     {"ferry", "p01"},      {"ferry", "p02"},
        {"blocksworld", "p01"}, {"blocksworld", "p02"}, {"blocksworld", "p03"}};
    for (const char* config : {"lama,landmarks=off,anytime=on", "paper,anytime=on"}) {
        for (const auto& [domain, problem] : tasks) {
            const Task task = test::load_task(domain, problem);
            const std::string what = std::string(config) + " " + domain + " " + problem;
            SearchResult result;
            const std::vector<Found> found = plans_of(task, with_config(config), result);
            ASSERT_EQ(result.status, SearchStatus::Solved) << what;
            ASSERT_FALSE(found.empty()) << what;
            for (std::size_t i = 0; i < found.size(); ++i) {
                EXPECT_TRUE(found[i].valid) << what;
                if (i > 0) EXPECT_LT(found[i].cost, found[i - 1].cost) << what;
            }
            EXPECT_EQ(result.final_plan, FinalPlanReason::Exhausted) << what;
            const test::GroundOracle oracle(task);
            EXPECT_EQ(found.back().cost,
                      oracle.optimal_plan_cost(oracle.initial(),
                                               [&](const GroundAction& a) {
                                                   return static_cast<long>(action_cost(task, a));
                                               }))
                << what;
        }
    }
}

// Without a time limit (anytime=auto), or with anytime=off (the default),
// the first plan is final and the search is the configured one.
TEST(Anytime, OffWithoutTimeLimitOrFirstPlan) {
    const Task task = test::load_task("roads", "p01");
    const SearchResult plain = solve(task, with_config("lama"));
    PlannerOptions first_plan = with_config("lama,anytime=off");
    first_plan.limits.time_limit_s = 30;
    for (const PlannerOptions& options : {with_config("lama,anytime=auto"), first_plan}) {
        SearchResult result;
        EXPECT_TRUE(plans_of(task, options, result).empty());
        EXPECT_EQ(result.plans_found, 1);
        EXPECT_EQ(result.final_plan, FinalPlanReason::FirstPlan);
        EXPECT_EQ(result.plan, plain.plan);
        EXPECT_EQ(result.stats.expansions, plain.stats.expansions);
    }
    // A configuration that finds a cheapest plan is not improved.
    PlannerOptions astar = with_config("astar-blind,anytime=auto");
    astar.limits.time_limit_s = 30;
    EXPECT_FALSE(improves_plans(astar, task));
}

// A* at weight 1 with an admissible heuristic proves its plan optimal.
TEST(Anytime, AdmissibleHeuristicProvesOptimality) {
    const Task task = test::load_task("grid-costs", "p01");
    PlannerOptions options = with_config("lama,anytime=on");
    options.heuristic = HeuristicKind::Max;
    SearchResult result;
    const std::vector<Found> found = plans_of(task, options, result);
    ASSERT_EQ(result.status, SearchStatus::Solved);
    ASSERT_FALSE(found.empty());
    EXPECT_TRUE(result.final_plan == FinalPlanReason::ProvedOptimal ||
                result.final_plan == FinalPlanReason::Exhausted);
}

}  // namespace
}  // namespace ll
