// Training without plans: see bootstrap.hpp.
#include "core/training/bootstrap.hpp"

#include <algorithm>
#include <memory>

#include "core/pddl/parser.hpp"
#include "core/planner.hpp"
#include "core/validation/plan_reduction.hpp"
#include "core/validation/validator.hpp"

namespace ll {

namespace {

int count_with_plans(const std::vector<BootstrapProblem>& problems) {
    return static_cast<int>(
        std::count_if(problems.begin(), problems.end(), [](const auto& p) { return p.has_plan; }));
}

std::vector<TrainingProblem> with_plans(const std::vector<BootstrapProblem>& problems) {
    std::vector<TrainingProblem> out;
    for (const auto& p : problems)
        if (p.has_plan && !p.plan.empty()) out.push_back({p.name, p.task, p.plan});
    return out;
}

// The default configuration, with the model when there is one.
PlannerOptions planner_options(const Task& task, const std::shared_ptr<const WlModel>& model,
                               double time_limit_s) {
    OptionValues values;
    values.has_model = model != nullptr;
    PlannerOptions options = make_planner_options(values);
    options.space = choose_space(task);
    options.model = model;
    options.limits.time_limit_s = time_limit_s;
    return options;
}

}  // namespace

std::string use_given_plan(BootstrapProblem& problem, std::string_view plan_text,
                           std::string_view plan_file) {
    try {
        std::vector<GroundAction> plan = parse_plan(problem.task, plan_text, plan_file);
        if (plan.empty()) return "the plan is empty";
        const ValidationResult check = validate_plan(problem.task, plan);
        if (!check.valid) return "the plan is not valid: " + check.message;
        problem.plan = std::move(plan);
        problem.has_plan = true;
        return "";
    } catch (const Error& e) {
        return std::string("the plan file does not parse: ") + e.what();
    }
}

BootstrapResult bootstrap(std::vector<BootstrapProblem> problems, const BootstrapOptions& options,
                          const std::function<double()>& elapsed,
                          const std::function<void(const BootstrapProgress&)>& progress) {
    BootstrapResult result;
    std::shared_ptr<const WlModel> model;
    for (int round = 0; round < options.max_rounds; ++round) {
        BootstrapRound record;
        record.round = round;
        const int unsolved = static_cast<int>(problems.size()) - count_with_plans(problems);
        for (auto& p : problems) {
            if (p.has_plan) continue;
            const double left = options.time_budget_s - elapsed();
            if (!(left > 0)) break;
            ++record.attempted;
            const SearchResult found = solve(
                p.task,
                planner_options(p.task, model, std::min(left, options.time_limit_per_problem_s)));
            const bool ok =
                found.status == SearchStatus::Solved && validate_plan(p.task, found.plan).valid;
            if (ok) {
                p.plan = eliminate_redundant_actions(p.task, found.plan);
                p.has_plan = true;
                ++record.solved;
            }
            if (progress) progress({round, p.name, record.attempted, unsolved, ok, {}});
        }
        record.with_plans = count_with_plans(problems);
        // A round that adds nothing ends the bootstrap; so does the budget.
        // Round 0 trains on given plans even when it solves nothing more.
        const bool retrain = (record.solved > 0 || round == 0) && record.with_plans > 0;
        if (retrain) {
            result.trained =
                train_model(with_plans(problems), options.trainer, [&](const TrainerProgress& t) {
                    if (progress) progress({round, "", record.attempted, unsolved, false, t});
                });
            model = std::make_shared<const WlModel>(result.trained->model);
            record.trained = true;
        }
        result.rounds.push_back(record);
        if (!retrain || record.with_plans == static_cast<int>(problems.size()) ||
            !(options.time_budget_s - elapsed() > 0))
            break;
    }
    result.problems = std::move(problems);
    return result;
}

}  // namespace ll
