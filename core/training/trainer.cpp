// Training a WL-linear model: see trainer.hpp.
#include "core/training/trainer.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/common/error.hpp"
#include "core/training/bayes_opt.hpp"
#include "core/training/dead_end_probe.hpp"
#include "core/training/ranking_lp.hpp"

namespace ll {

namespace {
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
}  // namespace

TrainerResult train_model(const std::vector<TrainingProblem>& problems,
                          const TrainerOptions& options,
                          const std::function<void(const TrainerProgress&)>& progress) {
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
    auto report = [&](TrainerProgress::Phase phase, int done, int total, std::string detail) {
        if (progress) progress(TrainerProgress{phase, done, total, std::move(detail)});
    };

    // 1. Dataset (the colour dictionary grows in problem order: deterministic).
    WlFeatures features(options.wl);
    DatasetBuilder builder(options.dataset, features);
    // The dead-end probe runs along (until the first dead end is found).
    const int n = static_cast<int>(problems.size());
    // Each problem gets an equal share of the budget, but at least 20 checks
    // (dead ends often need a few steps along a plan), smallest problems first.
    const int probe_budget = std::max(0, options.dead_end_probe_checks);
    const int probe_share = std::max(20, probe_budget / n);
    int probe_checks = 0;
    std::string probe_found_in;
    for (int i = 0; i < n; ++i) {
        builder.add_plan(problems[i].task, problems[i].plan, i);
        if (probe_found_in.empty()) {
            const DeadEndProbeResult probe =
                probe_dead_ends(problems[i], std::min(probe_share, probe_budget - probe_checks));
            probe_checks += probe.checked_states;
            if (probe.found) probe_found_in = problems[i].name;
        }
        report(TrainerProgress::Phase::Dataset, i + 1, n, problems[i].name);
    }
    RankingDataset data = builder.take();

    TrainerResult result;
    TrainerSummary& summary = result.summary;
    summary.problems = n;
    summary.counts = data.counts;
    summary.features = features.num_colours();

    // 2. C: Bayesian optimisation on a problem-level split.
    const bool tune = options.tune && n >= 2;
    const int n_train =
        tune ? std::clamp(static_cast<int>(std::floor(n * options.train_fraction)), 1, n - 1) : n;
    summary.train_problems = n_train;
    summary.validation_problems = n - n_train;
    RankingLpOptions lp_options;
    lp_options.seed = options.seed;
    lp_options.time_limit_s = options.lp_time_limit_s;
    double best_c = options.c;
    if (tune) {
        std::vector<RankingTuple> train, validation;
        for (const auto& t : data.tuples)
            (t.problem < n_train ? train : validation).push_back(t);
        train = merge_tuples(std::move(train));
        validation = merge_tuples(std::move(validation));
        if (!validation.empty() && !train.empty()) {
            RankingLp lp(data.rows, train, lp_options);
            BayesOptOptions bo;
            bo.initial_points = options.tune_initial_points;
            bo.iterations = options.tune_iterations;
            bo.seed = options.seed;
            const int total = 1 + bo.initial_points + bo.iterations;
            auto loss_at = [&](double log10_c) {
                const double c = std::pow(10.0, log10_c);
                const RankingLpResult fit = lp.solve(c);
                const double loss = ranking_loss(data.rows, validation, fit.weights);
                summary.tuning.emplace_back(c, loss);
                summary.lp_rounds += fit.rounds;
                report(TrainerProgress::Phase::Tuning, static_cast<int>(summary.tuning.size()),
                       total, "C=" + std::to_string(c));
                return loss;
            };
            const BayesOptResult best = minimise_1d(loss_at, bo, std::log10(options.c));
            best_c = std::pow(10.0, best.best_x);
            summary.validation_loss = best.best_value;
        }
    }
    summary.chosen_c = best_c;

    // 3. Refit on all problems with the chosen C.
    const std::vector<RankingTuple> all = merge_tuples(data.tuples);
    summary.merged_tuples = static_cast<std::int64_t>(all.size());
    RankingLp lp(data.rows, all, lp_options);
    const RankingLpResult fit = lp.solve(best_c, [&](const RankingLpProgress& p) {
        report(TrainerProgress::Phase::Refit, p.round, 0,
               std::to_string(p.working_rows) + " rows, " + std::to_string(p.working_columns) +
                   " features in the working set");
    });
    summary.lp_rounds += fit.rounds;
    summary.training_loss = fit.loss;

    WlModel& model = result.model;
    set_model_domain(model, problems.front().task);
    model.graph = options.dataset.graph;
    model.space = space_name(options.dataset.space);
    for (int id = 0; id < static_cast<int>(fit.weights.size()); ++id) {
        // Clp leaves non-basic columns at exactly 0; drop numerical dust too.
        if (std::abs(fit.weights[id]) > 1e-9) model.weights.emplace_back(id, fit.weights[id]);
    }
    summary.non_zero_weights = static_cast<int>(model.weights.size());
    model.relaxed_dead_ends = !probe_found_in.empty();
    summary.dead_end_checks = probe_checks;
    summary.dead_ends_found = probe_found_in;
    model.features = std::move(features);

    nlohmann::ordered_json meta;
    meta["seed"] = options.seed;
    meta["importances"] = to_string(options.dataset.importances);
    meta["problems"] = nlohmann::ordered_json::array();
    for (const auto& p : problems)
        meta["problems"].push_back(p.name);
    meta["train_problems"] = n_train;
    nlohmann::ordered_json tuples = nlohmann::ordered_json::object();
    for (int t = 0; t < kNumTupleTypes; ++t) {
        if (data.counts.tuples[t] > 0)
            tuples[to_string(static_cast<TupleType>(t))] = data.counts.tuples[t];
    }
    meta["tuples"] = tuples;
    meta["identical_pairs_dropped"] = data.counts.identical_dropped;
    meta["merged_tuples"] = summary.merged_tuples;
    meta["state_space_equivalent_tuples"] = data.counts.state_space_equivalent;
    meta["features"] = summary.features;
    meta["C"] = best_c;
    meta["tuned"] = tune;
    meta["validation_loss"] = summary.validation_loss;
    meta["training_loss"] = summary.training_loss;
    meta["dead_end_probe"] = {
        {"checked_states", probe_checks},
        {"found_in", probe_found_in.empty() ? nlohmann::ordered_json(nullptr)
                                            : nlohmann::ordered_json(probe_found_in)}};
    model.training_json = meta.dump();
    return result;
}

}  // namespace ll
