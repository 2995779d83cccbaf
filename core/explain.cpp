// Explanations of the main heuristic along a plan (see header).
#include "core/explain.hpp"

#include <algorithm>

#include "core/common/error.hpp"
#include "core/learning/wl_heuristic.hpp"

namespace ll {

namespace {

// The relaxed plan of the last evaluation of an FF-style heuristic, helpful
// actions marked; nothing for other heuristics.
std::optional<std::vector<RelaxedPlanAction>> relaxed_plan(const Task& task,
                                                           ActionSetHeuristic& heuristic) {
    if (!heuristic.provides_helpful_actions() || heuristic.explainer() == nullptr) {
        return std::nullopt;
    }
    const std::optional<std::vector<GroundAction>> relaxed = heuristic.explainer()->relaxed_plan();
    if (!relaxed) return std::nullopt;
    const std::vector<GroundAction>& plan = *relaxed;
    ActionList helpful_list;
    heuristic.helpful_actions(helpful_list);
    const std::vector<GroundAction> helpful = helpful_list.to_vector();
    std::vector<RelaxedPlanAction> out;
    for (const GroundAction& a : plan) {
        const bool is_helpful = std::find(helpful.begin(), helpful.end(), a) != helpful.end();
        out.push_back({to_string(task, a), is_helpful});
    }
    return out;
}

}  // namespace

Explanation explain(HeuristicSession& session, const ExplainOptions& options) {
    const Task& task = session.task();
    Explanation out;
    out.heuristic = to_string(session.options().heuristic);
    out.space = to_string(session.options().space);
    out.model = session.model_name();
    out.num_steps = static_cast<int>(session.plan().size());
    HeuristicExplainer* explainer = session.heuristic().explainer();
    WlHeuristic* wl = explainer != nullptr ? explainer->learnt() : nullptr;
    std::optional<ColourDescriber> describer;
    if (wl != nullptr) {
        const WlModel& model = *session.options().model;
        out.graph = to_string(model.graph);
        out.iterations = model.features.options().iterations;
        out.variant = to_string(model.features.options().variant);
        describer.emplace(wl->features(), model.graph, task);
    }
    if (options.step && (*options.step < 0 || *options.step >= session.num_states())) {
        throw Error(ErrorCategory::Usage, "step " + std::to_string(*options.step) +
                                              " is out of range (the plan has " +
                                              std::to_string(out.num_steps) + " steps)");
    }
    const PartialAction partial = session.partial_action(options.path);
    const int first = options.step.value_or(0);
    const int last = options.step ? *options.step : session.num_states() - 1;
    for (int step = first; step <= last; ++step) {
        const State& state = session.state(step);
        StepExplanation e;
        e.step = step;
        if (step > 0) e.action = to_string(task, session.plan()[step - 1]);
        e.partial = session.describe(partial);
        e.is_goal = session.is_goal(step);
        if (wl != nullptr) {
            e.wl = explain_wl(*wl, *describer, state, partial, options.top_k);
            e.h = e.wl->h;
        } else {
            e.h = session.heuristic().evaluate(state, partial);
            if (e.h != kDeadEnd) e.relaxed = relaxed_plan(task, session.heuristic());
        }
        out.steps.push_back(std::move(e));
    }
    return out;
}

}  // namespace ll
