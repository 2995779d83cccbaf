// One-dimensional Bayesian optimisation (Gaussian process with a squared-
// exponential kernel + expected improvement, Eigen), used to tune the LP's
// regularisation constant C over log10 C. Deterministic for a given seed.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace ll {

struct BayesOptOptions {
    double lower = -3;  // search interval for x
    double upper = 2;
    int initial_points = 5;  // seeded uniform samples (after any given x0)
    int iterations = 10;     // guided (expected improvement) evaluations
    std::uint64_t seed = 2024;
};

struct BayesOptSample {
    double x = 0;
    double value = 0;
};

struct BayesOptResult {
    double best_x = 0;
    double best_value = 0;
    std::vector<BayesOptSample> samples;  // in evaluation order
};

// Minimises f over [lower, upper]. `first_x`, if in range, is evaluated first
// (e.g. log10 C = 0). `on_sample` is called after each evaluation.
BayesOptResult minimise_1d(const std::function<double(double)>& f, const BayesOptOptions& options,
                           double first_x = 0,
                           const std::function<void(const BayesOptSample&)>& on_sample = {});

}  // namespace ll
