// Constraint-and-column generation for the ranking LP (docs/training-lp.md).
//
// Clp holds the LP dual of the restricted problem,
//   maximise δᵀπ  s.t.  −1 ≤ Σ_i π_i d_ik ≤ 1 (working features k),
//                       0 ≤ π_i ≤ C σ_i       (working tuples i),
// whose row duals are −w and whose columns are the tuple duals π. Same
// optimum as the primal, but the basis has one row per working *feature*
// (thousands) instead of one per working tuple (up to a million), and adding
// a tuple (primal row) is adding a column at 0, which keeps the basis primal
// feasible. Big changes are re-solved from scratch with Clp's presolve and
// crash, small ones warm-started with the primal simplex (measurements in the
// doc). Everything outside the working set is priced from the FeatureMatrix.
#include "core/training/ranking_lp.hpp"

#include <ClpSimplex.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
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

// The (at most `limit`) candidates with the smallest key, ties by id: a
// deterministic order independent of the sort algorithm.
std::vector<int> take_best(std::vector<std::pair<double, int>> candidates, int limit) {
    const std::size_t k = std::min(candidates.size(), static_cast<std::size_t>(std::max(limit, 1)));
    std::partial_sort(candidates.begin(), candidates.begin() + k, candidates.end());
    std::vector<int> best;
    for (std::size_t t = 0; t < k; ++t)
        best.push_back(candidates[t].second);
    std::sort(best.begin(), best.end());  // ascending ids: locality in the LP
    return best;
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

    ClpSimplex model;  // the dual of the restricted LP, see the file comment
    bool initialised = false;
    double loaded_C = 0;  // C of the column upper bounds C·σ_i in the model
    // What changed since the last solve decides how to re-solve (see
    // solve_restricted): columns / rows added, C changed.
    std::size_t added_cols = 0, added_rows = 0;
    bool cold = true;

    std::vector<int> tuple_col;    // tuple → LP column, −1 if not working
    std::vector<int> col_tuple;    // LP column → tuple
    std::vector<int> feature_row;  // feature → LP row, −1 if not working
    std::vector<int> row_feature;  // LP row → feature

    std::vector<double> weights;  // w of the last restricted optimum (dense)
    std::vector<double> pi;       // π of the last restricted optimum, per LP column
    std::vector<double> scores;   // w · x_r for every FeatureMatrix row

    // Rounds each working tuple has been idle; whether a tuple was dropped
    // before (then it is never dropped again).
    std::vector<int> col_idle;
    std::vector<char> tuple_dropped;

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
        tuple_col.assign(tuples.size(), -1);
        feature_row.assign(num_features, -1);
        tuple_dropped.assign(tuples.size(), 0);
        weights.assign(num_features, 0.0);
        scores.assign(rows.num_rows(), 0.0);
    }

    static void check_size(std::size_t n) {
        if (n > static_cast<std::size_t>(std::numeric_limits<CoinBigIndex>::max()))
            throw Error(ErrorCategory::Internal, "ranking LP too large for Clp indices");
    }

    // Adds one row −1 ≤ Σ_i d_ik π_i ≤ 1 per feature, over the working
    // tuples, with a basic slack (the basis stays valid, not feasible).
    void add_features(const std::vector<int>& features) {
        if (features.empty()) return;
        std::vector<int> slot(num_features, -1);
        for (std::size_t t = 0; t < features.size(); ++t)
            slot[features[t]] = static_cast<int>(t);
        struct Entry {
            int slot, col;
            double value;
        };
        std::vector<Entry> entries;  // one pass over the working tuples
        for (std::size_t j = 0; j < col_tuple.size(); ++j) {
            const auto& t = tuples[col_tuple[j]];
            for_each_difference(rows.row(t.worse), rows.row(t.better), [&](int f, double v) {
                if (slot[f] >= 0) entries.push_back({slot[f], static_cast<int>(j), v});
            });
        }
        check_size(entries.size());
        const int n = static_cast<int>(features.size());
        std::vector<CoinBigIndex> starts(n + 1, 0);
        for (const auto& e : entries)
            ++starts[e.slot + 1];
        for (int t = 0; t < n; ++t)
            starts[t + 1] += starts[t];
        std::vector<int> index(entries.size());
        std::vector<double> value(entries.size());
        std::vector<CoinBigIndex> put(starts.begin(), starts.end() - 1);
        for (const auto& e : entries) {  // stable: columns stay ascending
            index[put[e.slot]] = e.col;
            value[put[e.slot]++] = e.value;
        }
        const std::vector<double> lower(n, -1.0), upper(n, 1.0);
        const int base = model.numberRows();
        model.addRows(n, lower.data(), upper.data(), starts.data(), index.data(), value.data());
        for (int t = 0; t < n; ++t) {
            feature_row[features[t]] = base + t;
            row_feature.push_back(features[t]);
            model.setRowStatus(base + t, ClpSimplex::basic);
        }
        added_rows += n;
    }

    // Adds one column π_i ∈ [0, Cσ_i] with cost −δ_i per tuple, nonbasic at
    // 0, so the basis stays primal feasible.
    void add_tuples(const std::vector<int>& new_tuples, double C) {
        if (new_tuples.empty()) return;
        const int n = static_cast<int>(new_tuples.size());
        std::vector<CoinBigIndex> starts{0};
        std::vector<int> index;
        std::vector<double> value, lower(n, 0.0), upper(n), cost(n);
        for (int t = 0; t < n; ++t) {
            const auto& tu = tuples[new_tuples[t]];
            for_each_difference(rows.row(tu.worse), rows.row(tu.better), [&](int f, double v) {
                if (const int r = feature_row[f]; r >= 0) {
                    index.push_back(r);
                    value.push_back(v);
                }
            });
            check_size(index.size());
            starts.push_back(static_cast<CoinBigIndex>(index.size()));
            upper[t] = C * tu.weight;
            cost[t] = -tu.delta;
        }
        const int dummy_index = 0;  // Clp wants non-null arrays
        const double dummy_value = 0;
        const int base = model.numberColumns();
        model.addColumns(n, lower.data(), upper.data(), cost.data(), starts.data(),
                         index.empty() ? &dummy_index : index.data(),
                         value.empty() ? &dummy_value : value.data());
        for (int t = 0; t < n; ++t) {
            tuple_col[new_tuples[t]] = base + t;
            col_tuple.push_back(new_tuples[t]);
            col_idle.push_back(0);
            model.setColumnStatus(base + t, ClpSimplex::atLowerBound);
        }
        added_cols += n;
    }

    double violation(int i) const {
        const auto& t = tuples[i];
        return t.delta - (scores[t.worse] - scores[t.better]);
    }

    void update_scores() {
        for (int r = 0; r < rows.num_rows(); ++r)
            scores[r] = dot(rows.row(r), weights);
    }

    // The initial working set (RankingLpOptions::initial_rows): a seeded
    // sample of tuples, or all of them, and the features occurring in it.
    void initialise(double C) {
        // Tuples with σ = 0 never constrain w (their z_i is free).
        std::vector<int> candidates;
        std::vector<std::size_t> entries;  // non-zeros of d_i
        std::size_t total = 0;
        for (std::size_t i = 0; i < tuples.size(); ++i) {
            if (tuples[i].weight <= 0) continue;
            std::size_t n = 0;
            for_each_difference(rows.row(tuples[i].worse), rows.row(tuples[i].better),
                                [&](int, double) { ++n; });
            candidates.push_back(static_cast<int>(i));
            entries.push_back(n + 1);
            total += n + 1;
        }
        // A seeded random sample (partial Fisher–Yates): initial_rows tuples,
        // or everything if the LP fits max_working_entries, or else tuples
        // up to half that budget (the rest is left for generation).
        const std::size_t M = candidates.size();
        std::vector<int> order(M);
        std::iota(order.begin(), order.end(), 0);
        std::mt19937_64 rng(options.seed);
        std::vector<int> sample;
        if (options.initial_rows > 0 || total > options.max_working_entries) {
            const std::size_t count =
                options.initial_rows > 0 ? static_cast<std::size_t>(options.initial_rows) : M;
            const std::size_t budget =
                options.initial_rows > 0 ? total : options.max_working_entries / 2;
            std::size_t used = 0;
            for (std::size_t k = 0; k < M && sample.size() < count; ++k) {
                std::swap(order[k], order[k + rng() % (M - k)]);
                if (used + entries[order[k]] > budget && !sample.empty()) break;
                used += entries[order[k]];
                sample.push_back(candidates[order[k]]);
            }
            std::sort(sample.begin(), sample.end());
        } else {
            sample = std::move(candidates);
        }

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
        if (options.initial_columns >= 0 &&
            features.size() > static_cast<std::size_t>(options.initial_columns))
            features.resize(options.initial_columns);
        std::sort(features.begin(), features.end());

        model.createStatus();
        add_features(features);
        add_tuples(sample, C);
        cold = true;
        loaded_C = C;
        initialised = true;
    }

    void load_C(double C) {
        if (C == loaded_C) return;
        for (std::size_t j = 0; j < col_tuple.size(); ++j)
            model.setColumnUpper(static_cast<int>(j), C * tuples[col_tuple[j]].weight);
        loaded_C = C;
        cold = true;
    }

    // Re-solves the restricted LP and reads w and π. Returns false (keeping
    // the previous w, π) if the time limit stopped it.
    bool solve_restricted(double seconds_left) {
        if (seconds_left <= 0) return false;
        if (model.numberRows() == 0) {
            // No feature yet (Clp dislikes empty LPs): w = 0 and each π_i
            // sits at the bound its cost −δ_i prefers.
            pi.assign(col_tuple.size(), 0.0);
            for (std::size_t j = 0; j < col_tuple.size(); ++j) {
                const bool up = tuples[col_tuple[j]].delta > 0;
                pi[j] = up ? model.getColUpper()[j] : 0.0;
                model.setColumnStatus(static_cast<int>(j),
                                      up ? ClpSimplex::atUpperBound : ClpSimplex::atLowerBound);
                model.primalColumnSolution()[j] = pi[j];
            }
            added_cols = added_rows = 0;
            return true;
        }
        // Large changes (the first solve, a new C, many new tuples or
        // features) are solved from scratch with Clp's presolve and crash
        // (initialSolve), which on these degenerate LPs is an order of
        // magnitude faster than a long warm-started simplex run; small
        // changes are warm-started with the primal simplex (new columns and
        // the basic slacks of new rows keep the basis valid).
        const bool from_scratch = cold ||
                                  added_cols > options.resolve_fraction * model.numberColumns() ||
                                  added_rows > options.resolve_fraction * model.numberRows();
        model.setMaximumSeconds(seconds_left);
        if (from_scratch) {
            // Forget the basis: with one, initialSolve skips its crash.
            model.copyinStatus(nullptr);
            model.initialSolve();
        } else {
            model.primal();
        }
        if (model.status() != 0 && model.status() != 3) {
            // Numerical trouble: retry once from a slack basis.
            model.allSlackBasis(true);
            model.setMaximumSeconds(std::max(0.0, seconds_left));
            model.primal();
        }
        if (model.status() == 3) return false;
        if (model.status() != 0)
            throw Error(ErrorCategory::Internal, "Clp failed on the ranking LP (status " +
                                                     std::to_string(model.status()) + ")");
        added_cols = added_rows = 0;
        cold = false;
        const double* y = model.getRowPrice();
        for (std::size_t r = 0; r < row_feature.size(); ++r) {
            double w = -y[r];
            if (std::abs(w) < 1e-12) w = 0;  // simplex round-off
            weights[row_feature[r]] = w;
        }
        const double* x = model.getColSolution();
        pi.assign(x, x + col_tuple.size());
        return true;
    }

    // Excluded features with |π·d_k| > 1 + tol, i.e. primal reduced cost
    // 1 − |π·d_k| < −tol, most negative first, at most max_columns_per_round.
    // π·d_k is accumulated through the rows: a_r = Σ_{worse(i)=r} π_i −
    // Σ_{better(i)=r} π_i, then g = Σ_r a_r x_r.
    std::vector<int> price_features() const {
        std::vector<double> a(rows.num_rows(), 0.0);
        std::vector<int> touched;
        for (std::size_t j = 0; j < col_tuple.size(); ++j) {
            if (pi[j] == 0) continue;
            const auto& t = tuples[col_tuple[j]];
            touched.push_back(t.worse);
            touched.push_back(t.better);
            a[t.worse] += pi[j];
            a[t.better] -= pi[j];
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
            if (feature_row[f] >= 0) continue;
            const double reduced = 1 - std::abs(g[f]);
            if (reduced < -options.tolerance) candidates.emplace_back(reduced, f);
        }
        return take_best(std::move(candidates), options.max_columns_per_round);
    }

    // Excluded tuples (σ > 0) with δ − w·d > tol, most violated first, at
    // most max_rows_per_round; `violated` counts all of them.
    std::vector<int> price_tuples(int& violated) const {
        std::vector<std::pair<double, int>> candidates;
        for (std::size_t i = 0; i < tuples.size(); ++i) {
            if (tuple_col[i] >= 0 || tuples[i].weight <= 0) continue;
            const double v = violation(static_cast<int>(i));
            if (v > options.tolerance) candidates.emplace_back(-v, static_cast<int>(i));
        }
        violated = static_cast<int>(candidates.size());
        return take_best(std::move(candidates), options.max_rows_per_round);
    }

    // Drops working tuples that were idle (π_i = 0 nonbasic, strictly
    // satisfied) for drop_idle_after rounds. Their columns are nonbasic, so
    // the basis stays valid. (Features are never dropped: a row with a basic
    // slack costs Clp little, and re-adding rows is the expensive direction.)
    void drop_idle() {
        if (options.drop_idle_after <= 0) return;
        std::vector<int> drop_cols;
        for (std::size_t j = 0; j < col_tuple.size(); ++j) {
            const int i = col_tuple[j];
            const bool idle =
                pi[j] == 0 &&
                model.getColumnStatus(static_cast<int>(j)) == ClpSimplex::atLowerBound &&
                violation(i) < -options.tolerance;
            col_idle[j] = idle ? col_idle[j] + 1 : 0;
            if (col_idle[j] >= options.drop_idle_after && !tuple_dropped[i])
                drop_cols.push_back(static_cast<int>(j));
        }
        if (!drop_cols.empty()) {
            model.deleteColumns(static_cast<int>(drop_cols.size()), drop_cols.data());
            std::vector<char> gone(col_tuple.size(), 0);
            for (int j : drop_cols) {
                gone[j] = 1;
                tuple_dropped[col_tuple[j]] = 1;
                tuple_col[col_tuple[j]] = -1;
            }
            std::size_t put = 0;
            for (std::size_t j = 0; j < col_tuple.size(); ++j)
                if (!gone[j]) {
                    col_tuple[put] = col_tuple[j];
                    col_idle[put] = col_idle[j];
                    pi[put] = pi[j];
                    tuple_col[col_tuple[put]] = static_cast<int>(put);
                    ++put;
                }
            col_tuple.resize(put);
            col_idle.resize(put);
            pi.resize(put);
        }
    }

    RankingLpResult solve(double C, const std::function<void(const RankingLpProgress&)>& progress) {
        if (!std::isfinite(C) || C < 0)
            throw Error(ErrorCategory::Usage, "the ranking LP needs a finite C >= 0");
        const auto start = Clock::now();
        auto left = [&] { return options.time_limit_s - seconds_since(start); };
        RankingLpResult result;
        if (!initialised) initialise(C);
        load_C(C);
        // Idleness is counted within one solve: another C may revive tuples.
        std::fill(col_idle.begin(), col_idle.end(), 0);
        for (int round = 1;; ++round) {
            result.rounds = round;
            // Features are priced on the restricted optimum, added and
            // re-solved before tuples are priced on the resulting w.
            if (!solve_restricted(left())) break;
            RankingLpProgress p;
            p.round = round;
            const std::vector<int> new_features = price_features();
            add_features(new_features);
            if (!new_features.empty() && !solve_restricted(left())) break;
            update_scores();
            const std::vector<int> new_tuples = price_tuples(p.violated_rows);
            drop_idle();
            add_tuples(new_tuples, C);
            p.objective = model.numberRows() > 0 ? -model.objectiveValue() : 0;
            p.added_columns = static_cast<int>(new_features.size());
            p.working_rows = static_cast<int>(col_tuple.size());
            p.working_columns = static_cast<int>(row_feature.size());
            if (progress) progress(p);
            if (new_features.empty() && new_tuples.empty()) {
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
        result.working_rows = static_cast<int>(col_tuple.size());
        result.working_columns = static_cast<int>(row_feature.size());
        return result;
    }
};

namespace {

// A term " + 3 wp12 - 3 wn12"; a line break every few terms (LP readers
// limit line lengths).
void append_term(std::string& out, double coefficient, const char* name, int index, int& terms) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, " %c %.17g %s%d", coefficient < 0 ? '-' : '+',
                  std::fabs(coefficient), name, index);
    out += buffer;
    if (++terms % 8 == 0) out += "\n ";
}

}  // namespace

std::string ranking_lp_text(const FeatureMatrix& rows, std::span<const RankingTuple> tuples,
                            double C) {
    std::vector<char> used(static_cast<std::size_t>(rows.num_features()), 0);
    std::string constraints;
    for (std::size_t i = 0; i < tuples.size(); ++i) {
        const RankingTuple& t = tuples[i];
        if (!(t.weight > 0)) continue;  // never constrains w
        int terms = 0;
        constraints += " t" + std::to_string(i) + ":";
        for_each_difference(rows.row(t.worse), rows.row(t.better), [&](int k, double d) {
            used[static_cast<std::size_t>(k)] = 1;
            append_term(constraints, d, "wp", k, terms);
            append_term(constraints, -d, "wn", k, terms);
        });
        append_term(constraints, 1, "z", static_cast<int>(i), terms);
        char rhs[40];
        std::snprintf(rhs, sizeof rhs, " >= %.17g\n", t.delta);
        constraints += rhs;
    }
    std::string out = "\\ lltrain ranking LP (docs/training-lp.md), C = " + std::to_string(C) +
                      "\nMinimize\n obj:";
    int terms = 0;
    for (std::size_t k = 0; k < used.size(); ++k) {
        if (!used[k]) continue;
        append_term(out, 1, "wp", static_cast<int>(k), terms);
        append_term(out, 1, "wn", static_cast<int>(k), terms);
    }
    for (std::size_t i = 0; i < tuples.size(); ++i)
        if (tuples[i].weight > 0)
            append_term(out, C * tuples[i].weight, "z", static_cast<int>(i), terms);
    out += "\nSubject To\n" + constraints + "End\n";
    return out;
}

RankingLp::RankingLp(const FeatureMatrix& rows, std::span<const RankingTuple> tuples,
                     RankingLpOptions options)
    : impl_(std::make_unique<Impl>(rows, tuples, options)) {}

RankingLp::~RankingLp() = default;

RankingLpResult RankingLp::solve(double C,
                                 const std::function<void(const RankingLpProgress&)>& progress) {
    return impl_->solve(C, progress);
}

}  // namespace ll
