// Training a WL-linear model from problems with plans (paper §"Training
// Action Set Heuristics"): dataset → merged ranking tuples → model selection
// on a problem-level 80/20 split → refit on all data → WlModel. Native and wasm
// (the LP uses Clp).
//
// Model selection (docs/training.md): the candidates are (WL iterations, C)
// pairs fitted on the training split. By default each is scored by the
// searches it guides on the validation problems (problems solved under an
// evaluation limit, then evaluations, then the validation ranking loss), and
// a model with no non-zero weight never wins over one that solves as many.
// The paper's selection (C by Bayesian optimisation of the validation
// ranking loss alone) stays available as ModelSelection::Loss.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/common/vocabulary.hpp"
#include "core/learning/dataset.hpp"
#include "core/learning/model.hpp"
#include "core/training/search_score.hpp"
#include "core/training/training_problem.hpp"

namespace ll {

enum class ModelSelection { Search, Loss };
// "search" | "loss"; throws ll::Error(Usage) otherwise.
const NameTable<ModelSelection>& model_selection_names();
ModelSelection parse_model_selection(std::string_view text);
const char* to_string(ModelSelection selection);

struct TrainerOptions {
    DatasetOptions dataset;
    // wl.iterations is the largest candidate: the dataset is built once with
    // it, and a smaller count is the same features restricted to the colours
    // of its rounds.
    WlOptions wl;
    // The iteration counts tried (each in 0..wl.iterations); empty: only
    // wl.iterations.
    std::vector<int> iteration_candidates;
    bool tune = true;  // select (iterations, C) on a validation split (else C = c)
    ModelSelection selection = ModelSelection::Search;
    // Search selection: the values of C tried at each iteration count.
    std::vector<double> c_grid = {0.1, 1, 10, 100};
    // Search selection: the validation problems searched (smallest first).
    int selection_problems = 4;
    // Wall time since training started (the dataset included) after which
    // no further candidate is fitted: none starts that would end past it at
    // the pace of the slowest so far (the best so far wins; at least one is
    // always evaluated). The refit on all problems follows, so with the
    // default a model trains in about 5 minutes at most. Only the largest
    // datasets reach it (HBF blocksworld: about 1 GB of LP); below it the
    // selection, and so the model file, is deterministic. Infinity: no limit.
    double selection_time_limit_s = 150;
    SearchScoreOptions search_score;
    double c = 1.0;  // loss selection: first point of the search; no tuning: the value used
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
    // Called with the refit's LP (all problems, the chosen iterations and
    // C) before it is solved: lltrain --export-lp writes ranking_lp_text of it.
    std::function<void(const FeatureMatrix& rows, std::span<const RankingTuple> tuples, double c)>
        on_refit_lp;
};

// The WL iteration counts tried when none are given: 1-3 where the search
// selection picks among them, else 2.
std::vector<int> default_iteration_candidates(bool search_selection);

// What the trainer reports while it runs (for a progress bar).
struct TrainerProgress {
    enum class Phase { Dataset, Tuning, Refit } phase = Phase::Dataset;
    int done = 0;   // problems embedded / candidates evaluated / LP rounds
    int total = 0;  // number of problems / candidates / 0 if unknown
    std::string detail;
};

// One (iterations, C) candidate of the model selection.
struct SelectionCandidate {
    int iterations = 0;
    double c = 1;
    double validation_loss = 0;
    int non_zero_weights = 0;
    SearchScore search;
};

struct TrainerSummary {
    int problems = 0;
    int train_problems = 0;
    int validation_problems = 0;
    DatasetCounts counts;
    std::int64_t merged_tuples = 0;  // distinct (better, worse, δ) tuples in the final LP
    int features = 0;                // colours in the dictionary built from the data
    int model_colours = 0;           // colours kept in the model (pruned dictionary)
    int non_zero_weights = 0;
    int chosen_iterations = 0;
    double chosen_c = 1;
    double validation_loss = 0;  // Σσz on the validation split at the chosen C (0 if not tuned)
    double training_loss = 0;    // Σσz on all data after the refit
    // Every candidate evaluated, in evaluation order; `chosen` indexes it
    // (-1 without tuning).
    std::vector<SelectionCandidate> candidates;
    int chosen = -1;
    bool selection_cut = false;  // selection_time_limit_s stopped the selection
    // The refit on all problems gave w = 0; the model has the chosen
    // candidate's training-split weights instead.
    bool refit_blind = false;
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
// `elapsed_s` is the clock selection_time_limit_s is checked against, the
// seconds since training started (empty: a steady clock started here); a
// test passes a scripted one.
TrainerResult train_model(const std::vector<TrainingProblem>& problems,
                          const TrainerOptions& options,
                          const std::function<void(const TrainerProgress&)>& progress = {},
                          const std::function<double()>& elapsed_s = {});

// The kept ranking tuples by type, {"LP": 120, ...} without the empty
// types: the model file's training metadata and lltrain's --summary-json.
nlohmann::ordered_json tuple_counts_json(const DatasetCounts& counts);

}  // namespace ll
