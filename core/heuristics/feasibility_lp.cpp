#include "core/heuristics/feasibility_lp.hpp"

#include <cassert>
#include <cmath>

namespace ll {

namespace {
// Entries below this are zeros of the tableau (the coefficients are small
// integers; pivots divide by entries above it).
constexpr double kPivotEpsilon = 1e-9;
}  // namespace

FeasibilityLp::FeasibilityLp(int rows, int columns, std::vector<double> coefficients)
    : rows_(rows), columns_(columns), coefficients_(std::move(coefficients)) {
    assert(coefficients_.size() == static_cast<std::size_t>(rows) * columns);
    // x, one slack per row, at most one artificial per row, the rhs.
    width_ = columns_ + 2 * rows_ + 1;
    tableau_.assign(static_cast<std::size_t>(rows_ + 1) * width_, 0.0);
    basis_.assign(rows_, -1);
}

void FeasibilityLp::pivot(int row, int column) {
    const double p = at(row, column);
    for (int c = 0; c < width_; ++c)
        at(row, c) /= p;
    for (int r = 0; r <= rows_; ++r) {
        if (r == row) continue;
        const double f = at(r, column);
        if (f == 0.0) continue;
        for (int c = 0; c < width_; ++c)
            at(r, c) -= f * at(row, c);
        at(r, column) = 0.0;
    }
    basis_[row] = column;
}

bool FeasibilityLp::feasible(std::span<const double> rhs) {
    assert(static_cast<int>(rhs.size()) == rows_);
    last_pivots_ = 0;
    bool any_negative = false;
    for (double b : rhs)
        any_negative = any_negative || b < 0;
    if (!any_negative) return true;  // x = 0

    // Row i: A_i x + s_i = b_i; negated when b_i < 0, with an artificial
    // a_i as its basic variable. Phase one minimises the sum of the
    // artificials; the objective row holds, per column, how much raising
    // it lowers that sum, and the sum in its rhs.
    const int slack0 = columns_, art0 = columns_ + rows_, rhs_col = width_ - 1;
    std::fill(tableau_.begin(), tableau_.end(), 0.0);
    for (int i = 0; i < rows_; ++i) {
        const double sign = rhs[i] < 0 ? -1.0 : 1.0;
        for (int j = 0; j < columns_; ++j)
            at(i, j) = sign * coefficients_[static_cast<std::size_t>(i) * columns_ + j];
        at(i, slack0 + i) = sign;
        at(i, rhs_col) = sign * rhs[i];
        if (rhs[i] < 0) {
            at(i, art0 + i) = 1.0;
            basis_[i] = art0 + i;
            for (int c = 0; c < art0; ++c)
                at(rows_, c) += at(i, c);
            at(rows_, rhs_col) += at(i, rhs_col);
        } else {
            basis_[i] = slack0 + i;
        }
    }
    const std::int64_t max_pivots = 50LL * (rows_ + columns_) + 100;
    while (at(rows_, rhs_col) > kTolerance) {
        // Bland: the lowest column that lowers the sum enters ...
        int enter = -1;
        for (int c = 0; c < art0 && enter < 0; ++c)
            if (at(rows_, c) > kPivotEpsilon) enter = c;
        if (enter < 0) return false;  // optimal with a positive sum
        // ... and the row with the lowest ratio, ties to the lowest basic column.
        int leave = -1;
        double best = 0;
        for (int r = 0; r < rows_; ++r) {
            const double a = at(r, enter);
            if (a <= kPivotEpsilon) continue;
            const double ratio = at(r, rhs_col) / a;
            if (leave < 0 || ratio < best - 1e-12 ||
                (ratio <= best + 1e-12 && basis_[r] < basis_[leave])) {
                leave = r;
                best = ratio;
            }
        }
        if (leave < 0) return true;  // unbounded decrease cannot happen; be safe
        if (++last_pivots_ > max_pivots) return true;
        pivot(leave, enter);
    }
    return true;
}

}  // namespace ll
