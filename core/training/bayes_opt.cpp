// One-dimensional Bayesian optimisation: a Gaussian process with a fixed
// squared-exponential kernel on x normalised to [0, 1] and y standardised,
// and expected improvement maximised over a dense grid (docs/training-lp.md).
// No hyper-parameter fitting and no random restarts: cheap and deterministic.
#include "core/training/bayes_opt.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/common/error.hpp"

namespace ll {
namespace {

constexpr double kLengthScale = 0.2;  // in normalised x
constexpr double kNoise = 1e-6;       // jitter: keeps K positive definite
constexpr int kGrid = 1001;
constexpr double kExploration = 0.01;  // EI margin ξ, in standardised y

double kernel(double a, double b) {
    const double d = a - b;
    return std::exp(-d * d / (2 * kLengthScale * kLengthScale));
}

double normal_pdf(double z) {
    return std::exp(-0.5 * z * z) / std::sqrt(2 * std::acos(-1.0));
}

double normal_cdf(double z) {
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

// The grid point in [0, 1] with the largest expected improvement over the
// smallest observation (first one on ties), skipping grid points within half
// a grid step of an evaluated point; -1 if none is left.
double next_point(const std::vector<double>& t, const std::vector<double>& y) {
    const int n = static_cast<int>(t.size());
    if (n == 0) return 0;  // flat prior: every point is equally good
    double mean = 0, var = 0;
    for (double v : y)
        mean += v;
    mean /= n;
    for (double v : y)
        var += (v - mean) * (v - mean);
    const double sd = n > 1 && var > 0 ? std::sqrt(var / n) : 1;
    Eigen::VectorXd ys(n);
    for (int i = 0; i < n; ++i)
        ys(i) = (y[i] - mean) / sd;
    const double best = ys.minCoeff();

    Eigen::MatrixXd K(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            K(i, j) = kernel(t[i], t[j]) + (i == j ? kNoise : 0);
    const Eigen::LLT<Eigen::MatrixXd> llt(K);
    if (llt.info() != Eigen::Success)
        throw Error(ErrorCategory::Internal, "Bayesian optimisation: kernel matrix not PD");
    const Eigen::VectorXd alpha = llt.solve(ys);

    const double step = 1.0 / (kGrid - 1);
    double best_point = -1, best_ei = -1;
    Eigen::VectorXd k(n);
    for (int g = 0; g < kGrid; ++g) {
        const double x = g * step;
        bool seen = false;
        for (double ti : t)
            seen = seen || std::abs(ti - x) < 0.5 * step;
        if (seen) continue;
        for (int i = 0; i < n; ++i)
            k(i) = kernel(x, t[i]);
        const double mu = k.dot(alpha);
        const Eigen::VectorXd v = llt.matrixL().solve(k);
        const double sigma = std::sqrt(std::max(1.0 - v.squaredNorm(), 0.0));
        const double improvement = best - mu - kExploration;
        double ei;
        if (sigma < 1e-12) {
            ei = std::max(improvement, 0.0);
        } else {
            const double z = improvement / sigma;
            ei = improvement * normal_cdf(z) + sigma * normal_pdf(z);
        }
        if (ei > best_ei) {
            best_ei = ei;
            best_point = x;
        }
    }
    return best_point;
}

}  // namespace

BayesOptResult minimise_1d(const std::function<double(double)>& f, const BayesOptOptions& options,
                           double first_x,
                           const std::function<void(const BayesOptSample&)>& on_sample) {
    const double lo = options.lower, hi = options.upper;
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(lo < hi))
        throw Error(ErrorCategory::Usage, "Bayesian optimisation needs a finite interval");
    BayesOptResult result;
    std::vector<double> t;  // normalised x of each sample
    auto evaluate = [&](double x) {
        const BayesOptSample s{x, f(x)};
        result.samples.push_back(s);
        t.push_back((x - lo) / (hi - lo));
        if (on_sample) on_sample(s);
    };
    // Non-finite values (a failed fit) enter the GP as the worst finite one.
    auto gp_values = [&] {
        double worst = 0;
        bool any = false;
        for (const auto& s : result.samples)
            if (std::isfinite(s.value)) {
                worst = any ? std::max(worst, s.value) : s.value;
                any = true;
            }
        std::vector<double> y;
        for (const auto& s : result.samples)
            y.push_back(std::isfinite(s.value) ? s.value : worst);
        return y;
    };

    if (std::isfinite(first_x) && first_x >= lo && first_x <= hi) evaluate(first_x);
    std::mt19937_64 rng(options.seed);
    for (int i = 0; i < options.initial_points; ++i) {
        const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;  // [0, 1)
        evaluate(lo + u * (hi - lo));
    }
    for (int i = 0; i < options.iterations; ++i) {
        const double next = next_point(t, gp_values());
        if (next < 0) break;  // the whole grid has been evaluated
        evaluate(std::min(hi, lo + next * (hi - lo)));
    }

    // Smallest finite value, earliest on ties.
    bool found = false;
    for (const auto& s : result.samples)
        if (std::isfinite(s.value) && (!found || s.value < result.best_value)) {
            result.best_x = s.x;
            result.best_value = s.value;
            found = true;
        }
    if (!found && !result.samples.empty()) {
        result.best_x = result.samples.front().x;
        result.best_value = result.samples.front().value;
    }
    return result;
}

}  // namespace ll
