// Constraint-and-column generation for the ranking LP (docs/training-lp.md).
// The restricted LP holds a working set of tuples (rows, each with its slack
// column z_i) and of features (columns w⁺_k, w⁻_k); everything else is priced
// from the FeatureMatrix on the fly, so memory is bounded by the working set.
// Every warm start is kept primal feasible (see add_rows), so each restricted
// LP is re-solved with the primal simplex from the previous basis.
#include "core/training/ranking_lp.hpp"

#include <ClpSimplex.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <random>
#include <string>

#include "core/common/error.hpp"

namespace ll {
namespace {

using Clock = std::chrono::steady_clock;

// Calls f(feature, value) for every non-zero of x_worse − x_better, in
// increasing feature order (both rows are sorted by feature id).
template <class F>
void for_each_difference(std::span<const SparseEntry> worse, std::span<const SparseEntry> better,
                         F&& f) {
    std::size_t a = 0, b = 0;
    while (a < worse.size() || b < better.size()) {
        if (b == better.size() || (a < worse.size() && worse[a].feature < better[b].feature)) {
            f(worse[a].feature, worse[a].value);
            ++a;
        } else if (a == worse.size() || better[b].feature < worse[a].feature) {
            f(better[b].feature, -better[b].value);
            ++b;
        } else {
            const double v = worse[a].value - better[b].value;
            if (v != 0) f(worse[a].feature, v);
            ++a;
            ++b;
        }
    }
}

double dot(std::span<const SparseEntry> row, std::span<const double> w) {
    double s = 0;
    for (const auto& e : row)
        if (e.feature < static_cast<int>(w.size())) s += e.value * w[e.feature];
    return s;
}

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

double ranking_loss(const FeatureMatrix& rows, std::span<const RankingTuple> tuples,
                    std::span<const double> weights) {
    // Rows are shared by many tuples: score each one once, lazily.
    std::vector<double> score(rows.num_rows(), 0.0);
    std::vector<char> known(rows.num_rows(), 0);
    auto h = [&](int r) {
        if (!known[r]) {
            score[r] = dot(rows.row(r), weights);
            known[r] = 1;
        }
        return score[r];
    };
    double loss = 0;
    for (const auto& t : tuples) {
        const double violation = t.delta - (h(t.worse) - h(t.better));
        if (violation > 0) loss += t.weight * violation;
    }
    return loss;
}

struct RankingLp::Impl {
    const FeatureMatrix& rows;
    std::span<const RankingTuple> tuples;
    RankingLpOptions options;
    int num_features = 0;

    ClpSimplex model;
    bool initialised = false;
    double loaded_C = std::nan("");  // C of the z objective coefficients in the model

    std::vector<int> lp_row_of_tuple;  // tuple → LP row, −1 if not in the working set
    std::vector<int> row_tuple;        // LP row → tuple
    std::vector<int> row_z;            // LP row → its slack column z_i
    std::vector<int> feature_col;  // feature → column of w⁺ (w⁻ is next), −1 if excluded
    std::vector<int> working_features;

    std::vector<double> weights;  // w of the last restricted solution (dense)
    std::vector<double> scores;   // w · x_r for every FeatureMatrix row

    Impl(const FeatureMatrix& r, std::span<const RankingTuple> t, RankingLpOptions o)
        : rows(r), tuples(t), options(o), num_features(r.num_features()) {
        for (std::size_t i = 0; i < tuples.size(); ++i) {
            const auto& tu = tuples[i];
            if (tu.better < 0 || tu.better >= rows.num_rows() || tu.worse < 0 ||
                tu.worse >= rows.num_rows())
                throw Error(ErrorCategory::Usage,
                            "ranking tuple " + std::to_string(i) + " refers to a missing row");
            if (!std::isfinite(tu.delta) || !std::isfinite(tu.weight) || tu.weight < 0)
                throw Error(ErrorCategory::Usage,
                            "ranking tuple " + std::to_string(i) + " has a bad delta or weight");
        }
        model.setLogLevel(0);
        lp_row_of_tuple.assign(tuples.size(), -1);
        feature_col.assign(num_features, -1);
        weights.assign(num_features, 0.0);
        scores.assign(rows.num_rows(), 0.0);
    }

    void check_clp_size(std::size_t n) const {
        if (n > static_cast<std::size_t>(std::numeric_limits<CoinBigIndex>::max() / 2))
            throw Error(ErrorCategory::Internal, "ranking LP too large for Clp indices");
    }

    // Adds w⁺_k, w⁻_k (nonbasic at 0, so the basis stays primal feasible)
    // with their entries in all current working rows.
    void add_features(std::vector<int> features) {
        if (features.empty()) return;
        std::sort(features.begin(), features.end());
        std::vector<int> slot(num_features, -1);
        for (std::size_t t = 0; t < features.size(); ++t)
            slot[features[t]] = static_cast<int>(t);
        // One pass over the working rows, bucketed by new feature.
        struct Entry {
            int slot, row;
            double value;
        };
        std::vector<Entry> entries;
        for (std::size_t j = 0; j < row_tuple.size(); ++j) {
            const auto& t = tuples[row_tuple[j]];
            for_each_difference(rows.row(t.worse), rows.row(t.better), [&](int f, double v) {
                if (slot[f] >= 0) entries.push_back({slot[f], static_cast<int>(j), v});
            });
        }
        check_clp_size(2 * entries.size());
        const int n = static_cast<int>(features.size());
        std::vector<CoinBigIndex> count(n + 1, 0);
        for (const auto& e : entries)
            ++count[e.slot + 1];
        for (int t = 0; t < n; ++t)
            count[t + 1] += count[t];
        std::vector<int> index(entries.size());
        std::vector<double> value(entries.size());
        {
            std::vector<CoinBigIndex> put(count.begin(), count.end() - 1);
            for (const auto& e : entries) {  // rows stay in increasing order
                index[put[e.slot]] = e.row;
                value[put[e.slot]++] = e.value;
            }
        }
        // Columns 2t (w⁺) and 2t+1 (w⁻ = the negated column).
        std::vector<CoinBigIndex> starts(2 * n + 1, 0);
        std::vector<int> all_index;
        std::vector<double> all_value;
        all_index.reserve(2 * entries.size());
        all_value.reserve(2 * entries.size());
        for (int t = 0; t < n; ++t) {
            for (int sign = 0; sign < 2; ++sign) {
                for (CoinBigIndex p = count[t]; p < count[t + 1]; ++p) {
                    all_index.push_back(index[p]);
                    all_value.push_back(sign == 0 ? value[p] : -value[p]);
                }
                starts[2 * t + sign + 1] = static_cast<CoinBigIndex>(all_index.size());
            }
        }
        const std::vector<double> lower(2 * n, 0.0), upper(2 * n, COIN_DBL_MAX), cost(2 * n, 1.0);
        const int base = model.numberColumns();
        model.addColumns(2 * n, lower.data(), upper.data(), cost.data(), starts.data(),
                         all_index.data(), all_value.data());
        for (int t = 0; t < n; ++t) {
            feature_col[features[t]] = base + 2 * t;
            working_features.push_back(features[t]);
            model.setColumnStatus(base + 2 * t, ClpSimplex::atLowerBound);
            model.setColumnStatus(base + 2 * t + 1, ClpSimplex::atLowerBound);
        }
    }

    // Adds the rows of `new_tuples`, each with its slack z_i (cost C·σ_i).
    // A row violated by the current w gets z_i basic (= δ_i − w·d_i > 0) and
    // its row activity nonbasic at δ_i; a satisfied row gets a basic row
    // activity and z_i = 0. Either way the old basis extends block-
    // triangularly and stays primal feasible.
    void add_rows(std::vector<int> new_tuples, double C) {
        if (new_tuples.empty()) return;
        std::sort(new_tuples.begin(), new_tuples.end());
        const int n = static_cast<int>(new_tuples.size());
        const int z_base = model.numberColumns();
        {
            std::vector<double> lower(n, 0.0), upper(n, COIN_DBL_MAX), cost(n);
            for (int t = 0; t < n; ++t)
                cost[t] = C * tuples[new_tuples[t]].weight;
            const std::vector<CoinBigIndex> starts(n + 1, 0);
            const int no_index = 0;  // empty columns; non-null for Clp
            const double no_value = 0;
            model.addColumns(n, lower.data(), upper.data(), cost.data(), starts.data(), &no_index,
                             &no_value);
        }
        std::vector<CoinBigIndex> starts{0};
        std::vector<int> index;
        std::vector<double> value, lower(n), upper(n, COIN_DBL_MAX);
        for (int t = 0; t < n; ++t) {
            const auto& tu = tuples[new_tuples[t]];
            for_each_difference(rows.row(tu.worse), rows.row(tu.better), [&](int f, double v) {
                if (const int c = feature_col[f]; c >= 0) {
                    index.push_back(c);
                    value.push_back(v);
                    index.push_back(c + 1);
                    value.push_back(-v);
                }
            });
            index.push_back(z_base + t);
            value.push_back(1.0);
            check_clp_size(index.size());
            starts.push_back(static_cast<CoinBigIndex>(index.size()));
            lower[t] = tu.delta;
        }
        const int row_base = model.numberRows();
        model.addRows(n, lower.data(), upper.data(), starts.data(), index.data(), value.data());
        for (int t = 0; t < n; ++t) {
            const int i = new_tuples[t];
            const int j = row_base + t;
            lp_row_of_tuple[i] = j;
            row_tuple.push_back(i);
            row_z.push_back(z_base + t);
            const bool violated = violation(i) > 0;
            model.setColumnStatus(z_base + t,
                                  violated ? ClpSimplex::basic : ClpSimplex::atLowerBound);
            model.setRowStatus(j, violated ? ClpSimplex::atLowerBound : ClpSimplex::basic);
        }
    }

    double violation(int i) const {
        const auto& t = tuples[i];
        return t.delta - (scores[t.worse] - scores[t.better]);
    }

    void update_scores() {
        for (int r = 0; r < rows.num_rows(); ++r)
            scores[r] = dot(rows.row(r), weights);
    }

    // Seeded sample of tuples plus the features with the largest |Σ σ d|
    // over it (ties by feature id), with w = 0 and a feasible slack basis.
    void initialise(double C) {
        const std::size_t N = tuples.size();
        std::size_t n0 =
            options.initial_rows > 0
                ? static_cast<std::size_t>(options.initial_rows)
                : std::max<std::size_t>(1000, 5 * static_cast<std::size_t>(std::sqrt(double(N))));
        n0 = std::min(n0, N);
        std::vector<int> order(N);
        std::iota(order.begin(), order.end(), 0);
        std::mt19937_64 rng(options.seed);
        for (std::size_t k = 0; k < n0; ++k)  // partial Fisher–Yates
            std::swap(order[k], order[k + rng() % (N - k)]);
        order.resize(n0);
        std::vector<int> sample;
        for (int i : order)
            if (tuples[i].weight > 0) sample.push_back(i);

        std::vector<double> correlation(num_features, 0.0);
        std::vector<char> occurs(num_features, 0);
        for (int i : sample) {
            const auto& t = tuples[i];
            for_each_difference(rows.row(t.worse), rows.row(t.better), [&](int f, double v) {
                correlation[f] += t.weight * v;
                occurs[f] = 1;
            });
        }
        std::vector<int> features;
        for (int f = 0; f < num_features; ++f)
            if (occurs[f]) features.push_back(f);
        std::sort(features.begin(), features.end(), [&](int a, int b) {
            const double ca = std::abs(correlation[a]), cb = std::abs(correlation[b]);
            return ca != cb ? ca > cb : a < b;
        });
        if (features.size() > static_cast<std::size_t>(std::max(0, options.initial_columns)))
            features.resize(std::max(0, options.initial_columns));

        model.createStatus();
        add_features(std::move(features));
        add_rows(std::move(sample), C);
        loaded_C = C;
        initialised = true;
    }

    void load_C(double C) {
        if (C == loaded_C) return;
        for (std::size_t j = 0; j < row_z.size(); ++j)
            model.setObjectiveCoefficient(row_z[j], C * tuples[row_tuple[j]].weight);
        loaded_C = C;
    }

    // Re-solves the restricted LP from the current basis. Returns false if
    // the time limit stopped Clp (its solution is then still feasible).
    bool solve_restricted(double seconds_left) {
        if (model.numberRows() == 0 && model.numberColumns() == 0) return true;
        model.setMaximumSeconds(std::max(seconds_left, 0.01));
        model.primal();  // warm starts are primal feasible (add_rows)
        if (model.status() != 0 && model.status() != 3) {
            // Numerical trouble: retry once from scratch before giving up.
            model.allSlackBasis(true);
            model.dual();
        }
        if (model.status() == 3) return false;
        if (model.status() != 0)
            throw Error(ErrorCategory::Internal, "Clp failed on the ranking LP (status " +
                                                     std::to_string(model.status()) + ")");
        return true;
    }

    void read_weights() {
        const double* x = model.getColSolution();
        for (int f : working_features) {
            const int c = feature_col[f];
            double w = x[c] - x[c + 1];
            if (std::abs(w) < 1e-12) w = 0;  // simplex round-off
            weights[f] = w;
        }
    }

    // Excluded features whose reduced cost 1 − |π·d_k| is below −tol, most
    // negative first (ties by id), at most max_columns_per_round. π·d_k is
    // accumulated through the rows: a_r = Σ_{worse(i)=r} π_i − Σ_{better(i)=r} π_i.
    std::vector<int> price_columns() {
        if (static_cast<int>(working_features.size()) == num_features) return {};
        const double* pi = model.getRowPrice();
        std::vector<double> a(rows.num_rows(), 0.0);
        std::vector<int> touched;
        for (std::size_t j = 0; j < row_tuple.size(); ++j) {
            if (pi[j] == 0) continue;
            const auto& t = tuples[row_tuple[j]];
            for (int r : {t.worse, t.better}) {
                if (a[r] == 0) touched.push_back(r);
                a[r] += r == t.worse ? pi[j] : -pi[j];
            }
        }
        std::sort(touched.begin(), touched.end());
        touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
        std::vector<double> g(num_features, 0.0);
        for (int r : touched)
            if (a[r] != 0)
                for (const auto& e : rows.row(r))
                    g[e.feature] += a[r] * e.value;
        std::vector<std::pair<double, int>> candidates;
        for (int f = 0; f < num_features; ++f) {
            if (feature_col[f] >= 0) continue;
            const double reduced = 1 - std::abs(g[f]);
            if (reduced < -options.tolerance) candidates.emplace_back(reduced, f);
        }
        return take_best(std::move(candidates), options.max_columns_per_round);
    }

    // Excluded tuples (with σ > 0) violated by more than tol, most violated
    // first (ties by index), at most max_rows_per_round; counts all of them.
    std::vector<int> price_rows(int& violated_count) {
        std::vector<std::pair<double, int>> candidates;
        for (std::size_t i = 0; i < tuples.size(); ++i) {
            if (lp_row_of_tuple[i] >= 0 || tuples[i].weight <= 0) continue;
            const double v = violation(static_cast<int>(i));
            if (v > options.tolerance) candidates.emplace_back(-v, static_cast<int>(i));
        }
        violated_count = static_cast<int>(candidates.size());
        return take_best(std::move(candidates), options.max_rows_per_round);
    }

    static std::vector<int> take_best(std::vector<std::pair<double, int>> candidates, int limit) {
        const std::size_t k =
            std::min(candidates.size(), static_cast<std::size_t>(std::max(limit, 1)));
        std::partial_sort(candidates.begin(), candidates.begin() + k, candidates.end());
        std::vector<int> best;
        for (std::size_t t = 0; t < k; ++t)
            best.push_back(candidates[t].second);
        return best;
    }

    RankingLpResult solve(double C, const std::function<void(const RankingLpProgress&)>& progress) {
        if (!std::isfinite(C) || C < 0)
            throw Error(ErrorCategory::Usage, "the ranking LP needs a finite C >= 0");
        const auto start = Clock::now();
        RankingLpResult result;
        if (!initialised) initialise(C);
        load_C(C);
        for (int round = 1;; ++round) {
            result.rounds = round;
            const double left = options.time_limit_s - seconds_since(start);
            const bool optimal = left > 0 && solve_restricted(left);
            read_weights();
            update_scores();
            if (!optimal) break;
            RankingLpProgress p;
            p.round = round;
            p.objective = model.objectiveValue();
            const std::vector<int> new_features = price_columns();
            const std::vector<int> new_rows = price_rows(p.violated_rows);
            add_features(new_features);
            add_rows(new_rows, C);
            p.added_columns = static_cast<int>(new_features.size());
            p.working_rows = static_cast<int>(row_tuple.size());
            p.working_columns = static_cast<int>(working_features.size());
            if (progress) progress(p);
            if (new_features.empty() && new_rows.empty()) {
                result.converged = true;
                break;
            }
        }
        result.weights = weights;
        result.loss = ranking_loss(rows, tuples, weights);
        double l1 = 0;
        for (double w : weights)
            l1 += std::abs(w);
        result.objective = C * result.loss + l1;
        result.working_rows = static_cast<int>(row_tuple.size());
        result.working_columns = static_cast<int>(working_features.size());
        return result;
    }
};

RankingLp::RankingLp(const FeatureMatrix& rows, std::span<const RankingTuple> tuples,
                     RankingLpOptions options)
    : impl_(std::make_unique<Impl>(rows, tuples, options)) {}

RankingLp::~RankingLp() = default;

RankingLpResult RankingLp::solve(double C,
                                 const std::function<void(const RankingLpProgress&)>& progress) {
    return impl_->solve(C, progress);
}

}  // namespace ll
