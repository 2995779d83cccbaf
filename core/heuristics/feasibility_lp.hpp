// Whether { x >= 0 : A x <= b } is non-empty, for a fixed A and a b given per
// call: phase one of the simplex method on a dense tableau (Bland's rule,
// so it terminates). Meant for the small systems of counting_dead_ends.hpp
// (tens of rows and columns, asked once per evaluated state), where setting
// up a general LP solver per call would cost more than the pivots.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace ll {

class FeasibilityLp {
  public:
    // `rows` x `columns` coefficients, row by row.
    FeasibilityLp(int rows, int columns, std::vector<double> coefficients);

    int rows() const { return rows_; }
    int columns() const { return columns_; }

    // Whether some x >= 0 has A x <= rhs (rhs: one bound per row). Rounding
    // is resolved towards feasible: a system is called infeasible only when
    // phase one ends with a violation above `kTolerance`, and also feasible
    // when it exceeds its pivot bound.
    bool feasible(std::span<const double> rhs);

    // Pivots of the last call (tests and statistics).
    std::int64_t last_pivots() const { return last_pivots_; }

    static constexpr double kTolerance = 1e-7;

  private:
    double& at(int row, int column) {
        return tableau_[static_cast<std::size_t>(row) * width_ + column];
    }
    void pivot(int row, int column);

    int rows_, columns_;
    std::vector<double> coefficients_;  // A, row by row
    // Tableau: one row per constraint, then the phase-one objective row;
    // columns x, slacks, artificials, right-hand side.
    int width_ = 0;
    std::vector<double> tableau_;
    std::vector<int> basis_;  // per constraint row, its basic column
    std::int64_t last_pivots_ = 0;
};

}  // namespace ll
