// Scoring a candidate model by search: see search_score.hpp.
#include "core/training/search_score.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/planner.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"

namespace ll {

std::int64_t evaluation_limit(const TrainingProblem& problem, bool partial,
                              const SearchScoreOptions& options) {
    const Task& task = problem.task;
    double per_step = 0;
    if (partial) {
        int max_arity = 0;
        for (const auto& schema : task.schemas)
            max_arity = std::max(max_arity, static_cast<int>(schema.parameters.size()));
        per_step = double(task.schemas.size()) + double(max_arity) * double(task.objects.size());
    } else {
        const StateLayout layout(task);
        const StaticFacts statics(task);
        SuccessorGenerator successors(task, layout, statics);
        std::vector<GroundAction> actions;
        successors.applicable_actions(initial_state(task, layout), actions);
        per_step = double(actions.size());
    }
    const double limit = options.evaluations_per_plan_evaluation * std::max(1.0, per_step) *
                         double(std::max<std::size_t>(1, problem.plan.size()));
    return std::max(options.min_evaluations, static_cast<std::int64_t>(std::ceil(limit)));
}

SearchScorer::SearchScorer(std::span<const TrainingProblem> problems, bool partial,
                           const SearchScoreOptions& options)
    : problems_(problems), partial_(partial), options_(options) {
    for (const auto& problem : problems_)
        limits_.push_back(evaluation_limit(problem, partial_, options_));
}

SearchScore SearchScorer::score(const std::shared_ptr<const WlModel>& model) const {
    SearchScore score;
    for (std::size_t i = 0; i < problems_.size(); ++i) {
        PlannerOptions planner;
        planner.space = partial_ ? SpaceKind::Partial : SpaceKind::State;
        planner.space_is_explicit = true;
        planner.heuristic = HeuristicKind::Wl;
        planner.model = model;
        planner.limits.max_evaluations = limits_[i];
        planner.limits.time_limit_s = options_.time_limit_s;
        const SearchResult result = solve(problems_[i].task, planner);
        ++score.attempted;
        if (result.status == SearchStatus::Solved) {
            ++score.solved;
            score.evaluations += result.stats.evaluations;
        } else {
            score.evaluations += limits_[i];
            if (result.status == SearchStatus::OutOfTime) ++score.timeouts;
        }
    }
    return score;
}

}  // namespace ll
