// Parse → model → solve → validate (see header).
#include "core/pipeline.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/common/error.hpp"
#include "core/common/resources.hpp"
#include "core/learning/model.hpp"
#include "core/pddl/parser.hpp"
#include "core/validation/validator.hpp"

namespace ll {

PlanOutcome plan_request(const PlanRequest& request, const ProgressCallback& progress) {
    Stopwatch clock;
    OptionValues values = request.options;
    values.has_model = request.model_text.has_value();
    PlannerOptions options = make_planner_options(values);
    options.limits = request.limits;
    options.progress_interval_s = request.progress_interval_s;

    Task task = parse_task(request.domain_text, request.problem_text, request.domain_name,
                           request.problem_name);
    if (request.model_text) {
        auto model = std::make_shared<WlModel>(load_model(*request.model_text, request.model_name));
        check_model_matches(*model, task, request.model_name);
        options.model = std::move(model);
    }
    const double parse_time_s = clock.seconds();
    // The limit is for the whole run, like Fast Downward's overall limit.
    if (std::isfinite(options.limits.time_limit_s)) {
        options.limits.time_limit_s = std::max(options.limits.time_limit_s - parse_time_s, 1e-3);
    }
    SearchResult result = solve(task, options, progress);
    if (result.status == SearchStatus::Solved) {
        const ValidationResult check = validate_plan(task, result.plan);
        if (!check.valid) {
            throw Error(ErrorCategory::Internal,
                        "the planner produced an invalid plan: " + check.message);
        }
    }
    options.limits = request.limits;
    return PlanOutcome{std::move(task), std::move(options), std::move(result), parse_time_s};
}

std::string format_plan(const Task& task, std::span<const GroundAction> plan) {
    std::string out;
    for (const GroundAction& a : plan)
        out += to_string(task, a) + "\n";
    out += "; cost = " + std::to_string(plan.size()) + " (unit cost)\n";
    return out;
}

}  // namespace ll
