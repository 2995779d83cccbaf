// Scoring a candidate model by what it is for: the searches it guides. The
// trainer (model selection) runs the planner with the candidate on held-out
// training problems under an evaluation limit and counts the problems solved
// and the evaluations spent; the ranking loss only breaks ties.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/learning/model.hpp"
#include "core/training/training_problem.hpp"

namespace ll {

struct SearchScoreOptions {
    // Evaluation limit per problem: this many times what a search that
    // follows the training plan evaluates (estimated from the initial
    // state: its applicable actions per step in the state space; in the
    // partial space the schemas plus one level of objects per parameter).
    // Evaluations, not time: the cost of a search, and a deterministic one.
    double evaluations_per_plan_evaluation = 5;
    // ... but at least this many (plan following underestimates narrow
    // spaces: sokoban's states have a handful of successors).
    std::int64_t min_evaluations = 5000;
    // A guard against a pathological candidate, not the measure: the
    // evaluation limit ends a normal search first (and keeps the score, and
    // the model file, deterministic).
    double time_limit_s = 20;
};

struct SearchScore {
    int solved = 0;
    int attempted = 0;
    // Summed over the problems; an unsolved problem counts its limit.
    std::int64_t evaluations = 0;
    int timeouts = 0;  // searches ended by the time guard (counted unsolved)
};

// The evaluation limit of `problem` (see SearchScoreOptions).
std::int64_t evaluation_limit(const TrainingProblem& problem, bool partial,
                              const SearchScoreOptions& options);

// Scores every candidate on the same problems: the limits (which depend on
// the problem and the space, not on the model) are computed once.
class SearchScorer {
  public:
    SearchScorer(std::span<const TrainingProblem> problems, bool partial,
                 const SearchScoreOptions& options);
    // Eager GBFS with h = the model, in the scorer's space (the first phase
    // of the planner's default configuration), on each problem.
    SearchScore score(const std::shared_ptr<const WlModel>& model) const;

  private:
    std::span<const TrainingProblem> problems_;
    bool partial_;
    SearchScoreOptions options_;
    std::vector<std::int64_t> limits_;  // per problem
};

}  // namespace ll
