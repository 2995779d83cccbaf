// Training without plans (lltrain --bootstrap): the planner solves what it
// can, a model is trained on those plans, the model helps solve more, and
// so on until a round adds no plan or the time budget is spent. Round 0
// uses the planner's default configuration without a model, and trains on
// the given plans even when it solves nothing more; later rounds
// use the default configuration with the latest model. Every plan is
// validated and shortened by greedy action elimination (plan_reduction.hpp)
// before it is trained on.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/training/trainer.hpp"

namespace ll {

struct BootstrapProblem {
    std::string name;
    Task task;
    std::vector<GroundAction> plan;  // empty: none yet (a given plan is kept)
    bool has_plan = false;
};

struct BootstrapOptions {
    TrainerOptions trainer;
    double time_limit_per_problem_s = 10;
    // Wall time for the whole bootstrap (searches and trainings); a round
    // that starts is cut short (the problems left are not attempted) when
    // it runs out. Infinity: rounds go on until one adds no plan.
    double time_budget_s = 600;
    int max_rounds = 8;
};

struct BootstrapRound {
    int round = 0;
    int attempted = 0;
    int solved = 0;        // plans this round added
    int with_plans = 0;    // problems with a plan after the round
    bool trained = false;  // a model was trained after the round
};

struct BootstrapProgress {
    int round = 0;
    std::string problem;  // being solved ("" while training)
    int done = 0, total = 0;
    bool solved = false;
    TrainerProgress training;  // while training (problem == "")
};

struct BootstrapResult {
    std::vector<BootstrapRound> rounds;
    std::vector<BootstrapProblem> problems;  // with the plans found
    std::optional<TrainerResult> trained;    // the last model (none if no plan was found)
};

// Makes `plan_text` (IPC format) the problem's plan when it parses, is not
// empty and is valid, and returns ""; otherwise returns why not (the
// bootstrap then solves the problem), e.g. "the plan is not valid: ...".
std::string use_given_plan(BootstrapProblem& problem, std::string_view plan_text,
                           std::string_view plan_file);

// `problems` ordered by size, smallest first. `elapsed()` is the wall time
// since the bootstrap started (the caller's clock).
BootstrapResult bootstrap(std::vector<BootstrapProblem> problems, const BootstrapOptions& options,
                          const std::function<double()>& elapsed,
                          const std::function<void(const BootstrapProgress&)>& progress = {});

}  // namespace ll
