// Solves an LP file (CPLEX LP format, e.g. `lltrain --export-lp`) with Clp
// as the trainer solves a big change cold (ClpSimplex::initialSolve:
// presolve, crash, sprint, primal; docs/training-lp.md) and prints one JSON
// line: {"solver", "status", "objective", "iterations", "read_s", "solve_s",
// "rows", "columns", "elements"}. Built natively against Debian's Clp and to
// wasm against the module's Clp (the commands are in docs/training-lp.md,
// "Clp and HiGHS"); benchmarks/lp/compare_lp_solvers.mjs runs both.
#include <ClpSimplex.hpp>

#include <chrono>
#include <cstdio>

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: clp_solve FILE.lp\n");
        return 2;
    }
    auto start = std::chrono::steady_clock::now();
    ClpSimplex model;
    model.setLogLevel(0);
    if (model.readLp(argv[1]) != 0) {
        std::fprintf(stderr, "clp_solve: cannot read %s\n", argv[1]);
        return 1;
    }
    const double read_s = seconds_since(start);
    start = std::chrono::steady_clock::now();
    model.initialSolve();
    const double solve_s = seconds_since(start);
    std::printf(
        "{\"solver\": \"clp\", \"status\": %d, \"objective\": %.10g, \"iterations\": %d, "
        "\"read_s\": %.3f, \"solve_s\": %.3f, \"rows\": %d, \"columns\": %d, \"elements\": %d}\n",
        model.status(), model.objectiveValue(), model.numberIterations(), read_s, solve_s,
        model.numberRows(), model.numberColumns(), model.getNumElements());
    return model.status() == 0 ? 0 : 1;
}
