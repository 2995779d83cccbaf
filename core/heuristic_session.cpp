// Task, plan replay and heuristic for the explanation views (see header).
#include "core/heuristic_session.hpp"

#include <algorithm>

#include "core/common/error.hpp"
#include "core/pddl/parser.hpp"

namespace ll {

namespace {

Task parse_request_task(const PlanRequest& request) {
    OptionValues values = request.options;
    // Option errors before any parsing, as plan_request.
    values.has_model = request.model_text.has_value() ||
                       (request.catalog != nullptr && accepts_auto_model(values));
    make_planner_options(values);
    return parse_task(request.domain_text, request.problem_text, request.domain_name,
                      request.problem_name);
}

}  // namespace

HeuristicSession::HeuristicSession(const PlanRequest& request,
                                   std::optional<std::string_view> plan_text,
                                   std::string_view plan_name)
    : task_(parse_request_task(request)),
      layout_(task_),
      statics_(task_),
      goal_(task_, layout_, statics_),
      successors_(task_, layout_, statics_) {
    OptionValues values = request.options;
    const bool explicit_space = values.space && *values.space != "auto";
    SpaceKind space = explicit_space ? parse_space_kind(*values.space) : choose_space(task_);
    ResolvedModel resolved = resolve_request_model(request, task_, space);
    // Without a space given, a model is explained in the space it was trained for.
    if (!explicit_space && resolved.model) space = parse_space_kind(resolved.model->space);
    values.has_model = resolved.model != nullptr;
    options_ = make_planner_options(values);
    options_.space = space;
    options_.model = std::move(resolved.model);
    // With a model, the views explain the phase that searches on it, even
    // when the portfolio starts with another one (the default's hFF phase).
    if (options_.model && options_.heuristic != HeuristicKind::Wl) {
        for (const PlannerOptions::Phase& phase : options_.next_phases) {
            if (phase.heuristic != HeuristicKind::Wl) continue;
            options_.heuristic = phase.heuristic;
            options_.search = phase.search;
            break;
        }
    }
    model_name_ = std::move(resolved.name);
    heuristic_ = make_action_set_heuristic(options_.heuristic, options_, task_, layout_, statics_,
                                           goal_, successors_);

    states_.push_back(initial_state(task_, layout_));
    if (plan_text) plan_ = parse_plan(task_, *plan_text, plan_name);
    for (std::size_t i = 0; i < plan_.size(); ++i) {
        if (!successors_.is_applicable(states_.back(), plan_[i])) {
            throw Error(ErrorCategory::Input, "plan step " + std::to_string(i + 1) + " " +
                                                  to_string(task_, plan_[i]) +
                                                  " is not applicable");
        }
        states_.push_back(apply_action(task_, layout_, states_.back(), plan_[i]));
    }
}

PartialAction HeuristicSession::partial_action(std::span<const std::string> path) const {
    PartialAction out;
    if (path.empty()) return out;
    for (SchemaId s = 0; s < task_.num_schemas(); ++s) {
        if (task_.schemas[s].name == path[0]) out.schema = s;
    }
    if (out.schema < 0) throw Error(ErrorCategory::Usage, "unknown action '" + path[0] + "'");
    if (static_cast<int>(path.size()) - 1 > task_.schemas[out.schema].arity()) {
        throw Error(ErrorCategory::Usage,
                    "the path binds more parameters than '" + path[0] + "' has");
    }
    for (std::size_t i = 1; i < path.size(); ++i) {
        const auto it = std::find_if(task_.objects.begin(), task_.objects.end(),
                                     [&](const Object& o) { return o.name == path[i]; });
        if (it == task_.objects.end()) {
            throw Error(ErrorCategory::Usage, "unknown object '" + path[i] + "'");
        }
        out.prefix.push_back(static_cast<ObjectId>(it - task_.objects.begin()));
    }
    return out;
}

std::string HeuristicSession::describe(const PartialAction& partial) const {
    if (partial.is_none()) return "";
    const auto& schema = task_.schemas[partial.schema];
    std::string out = schema.name + "(";
    for (int i = 0; i < schema.arity(); ++i) {
        if (i > 0) out += ", ";
        out += i < static_cast<int>(partial.prefix.size()) ? task_.objects[partial.prefix[i]].name
                                                           : "?";
    }
    return out + ")";
}

}  // namespace ll
