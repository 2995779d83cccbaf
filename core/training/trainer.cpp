// Training a WL-linear model: see trainer.hpp.
#include "core/training/trainer.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>

#include "core/common/error.hpp"
#include "core/common/resources.hpp"
#include "core/training/bayes_opt.hpp"
#include "core/training/dead_end_probe.hpp"
#include "core/training/ranking_lp.hpp"

namespace ll {

const NameTable<ModelSelection>& model_selection_names() {
    static constexpr Named<ModelSelection> kNames[]{{ModelSelection::Search, "search"},
                                                    {ModelSelection::Loss, "loss"}};
    static constexpr NameTable<ModelSelection> kTable{"model selection", kNames};
    return kTable;
}

ModelSelection parse_model_selection(std::string_view text) {
    return model_selection_names().parse(text);
}

const char* to_string(ModelSelection selection) {
    return model_selection_names().name(selection);
}

nlohmann::ordered_json tuple_counts_json(const DatasetCounts& counts) {
    nlohmann::ordered_json tuples = nlohmann::ordered_json::object();
    for (int t = 0; t < kNumTupleTypes; ++t) {
        if (counts.tuples[t] > 0) tuples[to_string(static_cast<TupleType>(t))] = counts.tuples[t];
    }
    return tuples;
}

namespace {

using TrainerProgressSink = std::function<void(const TrainerProgress&)>;

// Identical (better, worse, δ) tuples become one LP row with the summed
// importance: the same optimum with fewer rows (sibling graphs often repeat).
std::vector<RankingTuple> merge_tuples(std::vector<RankingTuple> tuples) {
    std::stable_sort(tuples.begin(), tuples.end(), [](const auto& a, const auto& b) {
        return std::tie(a.better, a.worse, a.delta) < std::tie(b.better, b.worse, b.delta);
    });
    std::vector<RankingTuple> out;
    for (const auto& t : tuples) {
        if (!out.empty() && out.back().better == t.better && out.back().worse == t.worse &&
            out.back().delta == t.delta) {
            out.back().weight += t.weight;
        } else {
            out.push_back(t);
        }
    }
    // Tuples with zero importance do not constrain the LP.
    std::erase_if(out, [](const auto& t) { return !(t.weight > 0); });
    return out;
}

const char* space_name(DatasetSpace space) {
    return space == DatasetSpace::Partial ? "partial" : "state";
}

bool non_zero(double w) {
    return std::abs(w) > 1e-9;
}

int count_non_zero(const std::vector<double>& weights) {
    return static_cast<int>(std::count_if(weights.begin(), weights.end(), non_zero));
}

// The dataset with only the colours of rounds 0..iterations: what a dataset
// built with that many iterations holds (rows that become equal merge, and
// pairs that become identical are dropped).
RankingDataset restrict_to_rounds(const RankingDataset& data, const WlFeatures& features,
                                  int iterations) {
    RankingDataset out;
    out.counts = data.counts;
    std::vector<int> row_map(data.rows.num_rows());
    SparseVector row;
    for (int r = 0; r < data.rows.num_rows(); ++r) {
        row.clear();
        for (const auto& e : data.rows.row(r))
            if (features.round_of(e.feature) <= iterations) row.push_back(e);
        row_map[r] = out.rows.intern(row);
    }
    for (RankingTuple t : data.tuples) {
        t.better = row_map[t.better];
        t.worse = row_map[t.worse];
        if (t.better != t.worse) out.tuples.push_back(t);
    }
    return out;
}

// The model with these weights (dense, by colour id of `features`): the
// dictionary keeps only the colours with a non-zero weight and their
// ancestors, for `iterations` rounds.
WlModel make_model(const TrainingProblem& example, const TrainerOptions& options,
                   const WlFeatures& features, int iterations, const std::vector<double>& weights,
                   bool relaxed_dead_ends) {
    WlModel model;
    set_model_domain(model, example.task);
    model.graph = options.dataset.graph;
    model.space = space_name(options.dataset.space);
    model.relaxed_dead_ends = relaxed_dead_ends;
    std::vector<char> keep(features.num_colours(), 0);
    for (std::size_t id = 0; id < weights.size() && id < keep.size(); ++id)
        keep[id] = non_zero(weights[id]);
    std::vector<int> old_to_new;
    model.features = features.pruned(iterations, keep, old_to_new);
    // Clp leaves non-basic columns at exactly 0; numerical dust is dropped.
    // The renumbering keeps the id order, so the weights stay sorted.
    for (std::size_t id = 0; id < keep.size(); ++id)
        if (keep[id] && old_to_new[id] >= 0)
            model.weights.emplace_back(old_to_new[id], weights[id]);
    return model;
}

// Everything model selection needs about one iteration count.
struct SelectionInput {
    int iterations = 0;
    const RankingDataset* data = nullptr;
    std::vector<RankingTuple> train, validation;
};

// True if `a` is a better choice than `b` under search selection.
bool better_by_search(const SelectionCandidate& a, const SelectionCandidate& b) {
    if (a.search.solved != b.search.solved) return a.search.solved > b.search.solved;
    const bool a_blind = a.non_zero_weights == 0, b_blind = b.non_zero_weights == 0;
    if (a_blind != b_blind) return b_blind;
    if (a.search.evaluations != b.search.evaluations)
        return a.search.evaluations < b.search.evaluations;
    return a.validation_loss < b.validation_loss;
}

class Selector {
  public:
    Selector(const std::vector<TrainingProblem>& problems, const TrainerOptions& options,
             const WlFeatures& features, bool relaxed_dead_ends, int n_train, int total,
             TrainerSummary& summary, const TrainerProgressSink& progress,
             const std::function<double()>& clock)
        : problems_(problems),
          options_(options),
          features_(features),
          relaxed_dead_ends_(relaxed_dead_ends),
          summary_(summary),
          progress_(progress),
          total_(total),
          scorer_(validation_problems(problems, n_train, options),
                  options.dataset.space == DatasetSpace::Partial, options.search_score),
          clock_(clock) {}

    // Returns the index of this iteration count's best candidate (-1 if
    // none was evaluated).
    int run(const SelectionInput& input) {
        RankingLpOptions lp_options;
        lp_options.seed = options_.seed;
        lp_options.time_limit_s = options_.lp_time_limit_s;
        RankingLp lp(input.data->rows, input.train, lp_options);
        return options_.selection == ModelSelection::Search ? run_grid(input, lp)
                                                            : run_bayes_opt(input, lp);
    }

    // The training-split weights of the chosen candidate (search selection).
    const std::vector<double>& chosen_weights() const { return chosen_weights_; }

    // True (and recorded) once at least one candidate exists and another,
    // as slow as the slowest so far, would end past the selection's time.
    bool out_of_time() {
        if (summary_.candidates.empty() ||
            clock_() + slowest_candidate_s_ < options_.selection_time_limit_s)
            return false;
        summary_.selection_cut = true;
        return true;
    }

  private:
    // The first `selection_problems` problems after the training split.
    static std::span<const TrainingProblem> validation_problems(
        const std::vector<TrainingProblem>& problems, int n_train, const TrainerOptions& options) {
        const int last = std::min<int>(static_cast<int>(problems.size()),
                                       n_train + std::max(0, options.selection_problems));
        return std::span(problems).subspan(n_train, last - n_train);
    }

    SelectionCandidate& add(const SelectionInput& input, double c,
                            const std::vector<double>& weights) {
        SelectionCandidate candidate;
        candidate.iterations = input.iterations;
        candidate.c = c;
        candidate.validation_loss = ranking_loss(input.data->rows, input.validation, weights);
        candidate.non_zero_weights = count_non_zero(weights);
        summary_.candidates.push_back(candidate);
        return summary_.candidates.back();
    }

    void report(double c, int iterations) {
        if (!progress_) return;
        progress_(TrainerProgress{
            TrainerProgress::Phase::Tuning, static_cast<int>(summary_.candidates.size()), total_,
            "iterations=" + std::to_string(iterations) + " C=" + std::to_string(c)});
    }

    // C in grid order (ascending): a larger C fits the training split more
    // closely and costs the LP more, so the grid stops at the first C whose
    // candidate ranks below the one before it.
    int run_grid(const SelectionInput& input, RankingLp& lp) {
        std::vector<std::pair<std::vector<double>, SearchScore>> seen;  // weights → score
        int best = -1, previous = -1;
        for (const double c : options_.c_grid) {
            if (out_of_time()) break;
            const double start_s = clock_();
            const RankingLpResult fit = lp.solve(c);
            summary_.lp_rounds += fit.rounds;
            SelectionCandidate& candidate = add(input, c, fit.weights);
            auto same = std::find_if(seen.begin(), seen.end(),
                                     [&](const auto& s) { return s.first == fit.weights; });
            if (same != seen.end()) {
                candidate.search = same->second;
            } else {
                auto model = std::make_shared<const WlModel>(
                    make_model(problems_.front(), options_, features_, input.iterations,
                               fit.weights, relaxed_dead_ends_));
                candidate.search = scorer_.score(model);
                seen.emplace_back(fit.weights, candidate.search);
            }
            slowest_candidate_s_ = std::max(slowest_candidate_s_, clock_() - start_s);
            const int index = static_cast<int>(summary_.candidates.size()) - 1;
            if (summary_.chosen < 0 ||
                better_by_search(candidate, summary_.candidates[summary_.chosen])) {
                summary_.chosen = index;
                chosen_weights_ = fit.weights;
            }
            if (best < 0 || better_by_search(candidate, summary_.candidates[best])) best = index;
            report(c, input.iterations);
            if (previous >= 0 && better_by_search(summary_.candidates[previous], candidate)) break;
            previous = index;
        }
        return best;
    }

    int run_bayes_opt(const SelectionInput& input, RankingLp& lp) {
        BayesOptOptions bo;
        bo.initial_points = options_.tune_initial_points;
        bo.iterations = options_.tune_iterations;
        bo.seed = options_.seed;
        auto loss_at = [&](double log10_c) {
            const double c = std::pow(10.0, log10_c);
            const double start_s = clock_();
            const RankingLpResult fit = lp.solve(c);
            summary_.lp_rounds += fit.rounds;
            const SelectionCandidate& candidate = add(input, c, fit.weights);
            slowest_candidate_s_ = std::max(slowest_candidate_s_, clock_() - start_s);
            const int index = static_cast<int>(summary_.candidates.size()) - 1;
            if (summary_.chosen < 0 ||
                candidate.validation_loss < summary_.candidates[summary_.chosen].validation_loss)
                summary_.chosen = index;
            report(c, input.iterations);
            return candidate.validation_loss;
        };
        minimise_1d(loss_at, bo, std::log10(options_.c));
        return summary_.chosen;
    }

    const std::vector<TrainingProblem>& problems_;
    const TrainerOptions& options_;
    const WlFeatures& features_;
    bool relaxed_dead_ends_;
    TrainerSummary& summary_;
    const TrainerProgressSink& progress_;
    int total_;
    SearchScorer scorer_;                   // on the validation problems
    const std::function<double()>& clock_;  // seconds since training started
    double slowest_candidate_s_ = 0;        // LP fit and validation searches
    std::vector<double> chosen_weights_;
};

std::vector<int> iteration_candidates(const TrainerOptions& options) {
    std::vector<int> out = options.iteration_candidates;
    if (out.empty()) out.push_back(options.wl.iterations);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    for (const int l : out) {
        if (l < 0 || l > options.wl.iterations) {
            throw Error(ErrorCategory::Usage, "WL iteration candidate " + std::to_string(l) +
                                                  " is not in 0.." +
                                                  std::to_string(options.wl.iterations));
        }
    }
    return out;
}

void check_same_domain(const std::vector<TrainingProblem>& problems) {
    if (problems.empty()) {
        throw Error(ErrorCategory::Usage, "no training problems with plans to train on");
    }
    const std::string fingerprint = domain_fingerprint(problems.front().task);
    for (const auto& p : problems) {
        if (domain_fingerprint(p.task) != fingerprint) {
            throw Error(ErrorCategory::Input, "training problem " + p.name +
                                                  " does not belong to the same domain as " +
                                                  problems.front().name);
        }
    }
}

std::string training_metadata(const std::vector<TrainingProblem>& problems,
                              const TrainerOptions& options, const TrainerSummary& summary,
                              bool tuned) {
    nlohmann::ordered_json meta;
    meta["seed"] = options.seed;
    meta["importances"] = to_string(options.dataset.importances);
    meta["problems"] = nlohmann::ordered_json::array();
    for (const auto& p : problems)
        meta["problems"].push_back(p.name);
    meta["train_problems"] = summary.train_problems;
    meta["tuples"] = tuple_counts_json(summary.counts);
    meta["identical_pairs_dropped"] = summary.counts.identical_dropped;
    meta["merged_tuples"] = summary.merged_tuples;
    meta["state_space_equivalent_tuples"] = summary.counts.state_space_equivalent;
    meta["features"] = summary.features;
    meta["model_colours"] = summary.model_colours;
    meta["C"] = summary.chosen_c;
    meta["tuned"] = tuned;
    meta["selection"] = tuned ? to_string(options.selection) : "none";
    meta["validation_loss"] = summary.validation_loss;
    if (summary.refit_blind)
        meta["weights_from"] = "training split (the refit on all problems gave w = 0)";
    meta["training_loss"] = summary.training_loss;
    if (tuned) {
        nlohmann::ordered_json candidates = nlohmann::ordered_json::array();
        for (const auto& c : summary.candidates) {
            nlohmann::ordered_json entry;
            entry["iterations"] = c.iterations;
            entry["C"] = c.c;
            entry["validation_loss"] = c.validation_loss;
            entry["non_zero_weights"] = c.non_zero_weights;
            if (options.selection == ModelSelection::Search) {
                entry["solved"] = c.search.solved;
                entry["searched"] = c.search.attempted;
                entry["evaluations"] = c.search.evaluations;
            }
            candidates.push_back(entry);
        }
        meta["candidates"] = candidates;
        meta["chosen_candidate"] = summary.chosen;
    }
    meta["dead_end_probe"] = {{"checked_states", summary.dead_end_checks},
                              {"found_in", summary.dead_ends_found.empty()
                                               ? nlohmann::ordered_json(nullptr)
                                               : nlohmann::ordered_json(summary.dead_ends_found)}};
    return meta.dump();
}

void report(const TrainerProgressSink& progress, TrainerProgress::Phase phase, int done, int total,
            std::string detail) {
    if (progress) progress(TrainerProgress{phase, done, total, std::move(detail)});
}

// 1. The dataset (the colour dictionary grows in problem order:
// deterministic), with the dead-end probe alongside (until the first dead
// end is found).
RankingDataset build_dataset(const std::vector<TrainingProblem>& problems,
                             const TrainerOptions& options, WlFeatures& features,
                             TrainerSummary& summary, const TrainerProgressSink& progress) {
    DatasetBuilder builder(options.dataset, features);
    const int n = static_cast<int>(problems.size());
    // Each problem gets an equal share of the budget, but at least 20 checks
    // (dead ends often need a few steps along a plan), smallest problems first.
    const int probe_budget = std::max(0, options.dead_end_probe_checks);
    const int probe_share = std::max(20, probe_budget / n);
    for (int i = 0; i < n; ++i) {
        builder.add_plan(problems[i].task, problems[i].plan, i);
        if (summary.dead_ends_found.empty()) {
            const DeadEndProbeResult probe = probe_dead_ends(
                problems[i], std::min(probe_share, probe_budget - summary.dead_end_checks));
            summary.dead_end_checks += probe.checked_states;
            if (probe.found) summary.dead_ends_found = problems[i].name;
        }
        report(progress, TrainerProgress::Phase::Dataset, i + 1, n, problems[i].name);
    }
    return builder.take();
}

// The dataset of `l` iterations: the one built itself at the count it was
// built with (restricting to every round would copy it unchanged).
class DatasetByIterations {
  public:
    DatasetByIterations(const RankingDataset& data, const WlFeatures& features, int built_with)
        : data_(data), features_(features), built_with_(built_with) {}
    const RankingDataset& operator()(int l) {
        if (l == built_with_) return data_;
        if (restricted_iterations_ != l) {
            restricted_ = restrict_to_rounds(data_, features_, l);
            restricted_iterations_ = l;
        }
        return *restricted_;
    }

  private:
    const RankingDataset& data_;
    const WlFeatures& features_;
    int built_with_;
    std::optional<RankingDataset> restricted_;
    int restricted_iterations_ = -1;
};

// 2. Selection of (iterations, C) on a problem-level split: the selector
// records every candidate in the summary.
void select_candidates(Selector& selector, DatasetByIterations& dataset_for,
                       const std::vector<int>& iterations, int n_train,
                       const TrainerOptions& options, const TrainerSummary& summary) {
    for (const int l : iterations) {
        const RankingDataset& dataset = dataset_for(l);
        SelectionInput input{l, &dataset, {}, {}};
        for (const auto& t : dataset.tuples)
            (t.problem < n_train ? input.train : input.validation).push_back(t);
        input.train = merge_tuples(std::move(input.train));
        input.validation = merge_tuples(std::move(input.validation));
        if (input.train.empty() || input.validation.empty()) continue;
        if (selector.out_of_time()) break;
        // More iterations give more (and rarer) features and a larger LP:
        // search selection stops at the first count whose best candidate
        // ranks below the best of the count before it.
        // (A blind best so far never stops it: w = 0 at every C says the
        // features are too coarse, and more iterations refine them.)
        const int best_before = summary.chosen;
        const int best_here = selector.run(input);
        if (options.selection == ModelSelection::Search && best_before >= 0 && best_here >= 0 &&
            summary.candidates[best_before].non_zero_weights > 0 &&
            better_by_search(summary.candidates[best_before], summary.candidates[best_here]))
            break;
    }
}

// 3. The refit on all problems with the chosen iterations and C.
RankingLpResult refit(const RankingDataset& final_data, const SelectionCandidate& chosen,
                      const TrainerOptions& options, TrainerSummary& summary,
                      const TrainerProgressSink& progress) {
    const std::vector<RankingTuple> all = merge_tuples(final_data.tuples);
    summary.merged_tuples = static_cast<std::int64_t>(all.size());
    RankingLpOptions lp_options;
    lp_options.seed = options.seed;
    lp_options.time_limit_s = options.lp_time_limit_s;
    if (options.on_refit_lp) options.on_refit_lp(final_data.rows, all, chosen.c);
    RankingLp lp(final_data.rows, all, lp_options);
    const RankingLpResult fit = lp.solve(chosen.c, [&](const RankingLpProgress& p) {
        report(progress, TrainerProgress::Phase::Refit, p.round, 0,
               std::to_string(p.working_rows) + " rows, " + std::to_string(p.working_columns) +
                   " features in the working set");
    });
    summary.lp_rounds += fit.rounds;
    summary.training_loss = fit.loss;
    return fit;
}

}  // namespace

std::vector<int> default_iteration_candidates(bool search_selection) {
    return search_selection ? std::vector<int>{1, 2, 3} : std::vector<int>{2};
}

TrainerResult train_model(const std::vector<TrainingProblem>& problems,
                          const TrainerOptions& options, const TrainerProgressSink& progress,
                          const std::function<double()>& elapsed_s) {
    const Stopwatch stopwatch;
    const std::function<double()> clock =
        elapsed_s ? elapsed_s : std::function<double()>([&] { return stopwatch.seconds(); });
    check_same_domain(problems);
    const std::vector<int> iterations = iteration_candidates(options);
    WlFeatures features(options.wl);
    TrainerResult result;
    TrainerSummary& summary = result.summary;
    const RankingDataset data = build_dataset(problems, options, features, summary, progress);
    const int n = static_cast<int>(problems.size());
    const bool relaxed_dead_ends = !summary.dead_ends_found.empty();
    summary.problems = n;
    summary.counts = data.counts;
    summary.features = features.num_colours();

    bool tune = options.tune && n >= 2;
    const int n_train =
        tune ? std::clamp(static_cast<int>(std::floor(n * options.train_fraction)), 1, n - 1) : n;
    const int per_iteration = options.selection == ModelSelection::Search
                                  ? static_cast<int>(options.c_grid.size())
                                  : 1 + options.tune_initial_points + options.tune_iterations;
    Selector selector(problems, options, features, relaxed_dead_ends, n_train,
                      per_iteration * static_cast<int>(iterations.size()), summary, progress,
                      clock);
    DatasetByIterations dataset_for(data, features, options.wl.iterations);
    if (tune) select_candidates(selector, dataset_for, iterations, n_train, options, summary);
    tune = summary.chosen >= 0;
    summary.train_problems = tune ? n_train : n;
    summary.validation_problems = n - summary.train_problems;
    SelectionCandidate untuned;
    untuned.iterations = iterations.back();
    untuned.c = options.c;
    const SelectionCandidate chosen = tune ? summary.candidates[summary.chosen] : untuned;
    summary.chosen_iterations = chosen.iterations;
    summary.chosen_c = chosen.c;
    summary.validation_loss = chosen.validation_loss;

    const RankingLpResult fit =
        refit(dataset_for(chosen.iterations), chosen, options, summary, progress);
    // The refit's LP may have w = 0 as its optimum where the training
    // split's did not (more, harder tuples): the chosen candidate's weights
    // are kept then, so that a model selected for its searches never
    // degenerates to blind search.
    summary.refit_blind = count_non_zero(fit.weights) == 0 && chosen.non_zero_weights > 0 &&
                          !selector.chosen_weights().empty();
    result.model = make_model(problems.front(), options, features, chosen.iterations,
                              summary.refit_blind ? selector.chosen_weights() : fit.weights,
                              relaxed_dead_ends);
    summary.non_zero_weights = static_cast<int>(result.model.weights.size());
    summary.model_colours = result.model.features.num_colours();
    result.model.training_json = training_metadata(problems, options, summary, tune);
    return result;
}

}  // namespace ll
