// Training a WL-linear model from problems with plans (paper §"Training
// Action Set Heuristics"): dataset → merged ranking tuples → C tuned by
// Bayesian optimisation on a problem-level 80/20 split → refit on all data →
// WlModel. Native only (the LP uses Clp).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/learning/dataset.hpp"
#include "core/learning/model.hpp"
#include "core/task/task.hpp"

namespace ll {

struct TrainingProblem {
    std::string name;  // e.g. "p07" (for messages and the metadata)
    Task task;
    std::vector<GroundAction> plan;  // valid for task
};

struct TrainerOptions {
    DatasetOptions dataset;
    WlOptions wl;
    bool tune = true;  // Bayesian optimisation of C (else C = c)
    double c = 1.0;    // first point of the search, or the value used
    int tune_initial_points = 5;
    int tune_iterations = 10;
    double train_fraction = 0.8;  // problems (in the given order) used for training when tuning
    std::uint64_t seed = 2024;
    double lp_time_limit_s = 600;
    // Successor states of the training plans checked for relaxed dead ends
    // (WlModel::relaxed_dead_ends), split equally over the problems (at
    // least 20 each, smallest first), during the dataset phase; 0 skips it.
    // A check is a relaxed exploration: about 15 ms on a large warehouse
    // training problem.
    int dead_end_probe_checks = 500;
};

// What the trainer reports while it runs (for a progress bar).
struct TrainerProgress {
    enum class Phase { Dataset, Tuning, Refit } phase = Phase::Dataset;
    int done = 0;   // problems embedded / BO evaluations done / LP rounds
    int total = 0;  // number of problems / BO evaluations / 0 if unknown
    std::string detail;
};

struct TrainerSummary {
    int problems = 0;
    int train_problems = 0;
    int validation_problems = 0;
    DatasetCounts counts;
    std::int64_t merged_tuples = 0;  // distinct (better, worse, δ) tuples in the final LP
    int features = 0;                // colours in the dictionary
    int non_zero_weights = 0;
    double chosen_c = 1;
    double validation_loss = 0;  // Σσz on the validation split at the chosen C (0 if not tuned)
    double training_loss = 0;    // Σσz on all data after the refit
    std::vector<std::pair<double, double>> tuning;  // (C, validation loss) per evaluation
    int lp_rounds = 0;
    int dead_end_checks = 0;      // successor states probed
    std::string dead_ends_found;  // problem of the first relaxed dead end, "" if none
};

struct TrainerResult {
    WlModel model;
    TrainerSummary summary;
};

// `problems` must all come from the same domain, ordered by size (smallest
// first): the first train_fraction of them form the training split.
TrainerResult train_model(const std::vector<TrainingProblem>& problems,
                          const TrainerOptions& options,
                          const std::function<void(const TrainerProgress&)>& progress = {});

}  // namespace ll
