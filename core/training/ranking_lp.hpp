// The ranking linear program (paper §"Ranking Model"), with COIN-OR Clp
// (natively Debian's library, in wasm the same release built from source):
//   minimise  C · Σ_i σ_i z_i + ‖w‖₁
//   s.t.      w · (x_worse(i) − x_better(i)) ≥ δ_i − z_i,   z ≥ 0
// solved by constraint generation (rows) and column generation (features),
// after Dedieu et al. 2022, so that a million tuples fit in bounded memory.
// Clp holds the LP dual of the restricted problem; see docs/training-lp.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/learning/feature_matrix.hpp"
#include "core/learning/ranking_tuple.hpp"

namespace ll {

struct RankingLpOptions {
    // A row is violated if δ − w·d > tolerance; a feature enters if its
    // reduced cost 1 − |π·d_k| < −tolerance.
    double tolerance = 1e-4;
    int max_columns_per_round = 400;
    // Cap on violated rows added per round (the most violated first), to
    // bound the working set; generation continues until none is violated.
    int max_rows_per_round = 20000;
    // Initial working set. Tuples: `initial_rows` seeded samples if > 0;
    // otherwise all of them if the restricted LP would have at most
    // `max_working_entries` non-zeros (Clp then solves the full LP, with its
    // own presolve and sprint), else seeded samples up to half that budget.
    // Features: those occurring in the sampled tuples, capped at the
    // `initial_columns` with the largest |Σ σ d| if >= 0.
    int initial_rows = 0;
    int initial_columns = -1;
    std::size_t max_working_entries = 20'000'000;  // ~1.5 GB in Clp
    // Working tuples that stayed strictly satisfied with a zero dual for
    // this many consecutive rounds of one solve() leave the working set;
    // each at most once, so generation still terminates. 0 keeps them all.
    int drop_idle_after = 3;
    // A round that grows the working set by more than this fraction (or a
    // new C) re-solves from scratch (Clp initialSolve: presolve, crash,
    // sprint); smaller changes warm-start the primal simplex.
    double resolve_fraction = 0.02;
    std::uint64_t seed = 2024;
    // Per solve(). Clp's presolve and crash are not interruptible, so a
    // large LP can overshoot it.
    double time_limit_s = 600;
};

struct RankingLpProgress {
    int round = 0;
    int working_rows = 0;
    int working_columns = 0;
    int violated_rows = 0;
    int added_columns = 0;
    double objective = 0;
};

struct RankingLpResult {
    std::vector<double> weights;  // dense, size = num_features
    double objective = 0;         // C·Σσz + ‖w‖₁ over ALL tuples of the problem
    double loss = 0;              // Σσ max(0, δ − w·(x_worse − x_better)) over all tuples
    int rounds = 0;
    int working_rows = 0;
    int working_columns = 0;  // features in the working set
    // False if the time limit stopped generation early: the weights are then
    // those of the last restricted LP (still a valid, suboptimal solution).
    bool converged = false;
};

// Σ σ_i max(0, δ_i − w·(x_worse − x_better)) : the weighted hinge loss, used
// for the validation objective when tuning C.
double ranking_loss(const FeatureMatrix& rows, std::span<const RankingTuple> tuples,
                    std::span<const double> weights);

// The whole LP above for `tuples` and `C` in CPLEX LP format, for other
// solvers (lltrain --export-lp; docs/training-lp.md, "Clp and HiGHS"):
// minimise Σ_k (wp<k> + wn<k>) + Σ_i Cσ_i z<i> subject to one row
// t<i>: Σ_k d_ik (wp<k> − wn<k>) + z<i> ≥ δ_i per tuple with σ_i > 0, all
// variables ≥ 0; the features are those some d_i uses. Its optimum is the
// trainer's objective (RankingLpResult::objective) at convergence.
std::string ranking_lp_text(const FeatureMatrix& rows, std::span<const RankingTuple> tuples,
                            double C);

class RankingLp {
  public:
    // `rows` and `tuples` must outlive the solver. Tuples with better == worse
    // (identical features) must already be removed; identical tuples should
    // be merged (weights summed) by the caller.
    RankingLp(const FeatureMatrix& rows, std::span<const RankingTuple> tuples,
              RankingLpOptions options = {});
    ~RankingLp();
    RankingLp(const RankingLp&) = delete;
    RankingLp& operator=(const RankingLp&) = delete;

    // Solves for this C. Repeated calls with other values of C warm-start
    // from the current working set (the basis is rebuilt: see
    // docs/training-lp.md). Deterministic for a given seed and call
    // sequence. Throws ll::Error(Usage) for a bad C or tuple (checked at
    // construction) and ll::Error(Internal) if Clp fails.
    RankingLpResult solve(double C,
                          const std::function<void(const RankingLpProgress&)>& progress = {});

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace ll
