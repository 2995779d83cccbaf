// JSON serialisation of explanations and tree levels (see header).
#include "core/explain_json.hpp"

#include <cmath>

namespace ll {

namespace {

using json = nlohmann::json;

json value_json(double h) {
    return std::isfinite(h) ? json(h) : json(nullptr);
}

json wl_json(const WlExplanation& wl) {
    json features = json::array();
    for (const WlTerm& t : wl.top()) {
        features.push_back({{"iteration", t.iteration},
                            {"weight", t.weight},
                            {"count", t.count},
                            {"contribution", t.contribution},
                            {"text", t.text}});
    }
    return {
        {"rawValue", wl.raw_value},
        {"h", value_json(wl.h)},
        {"rounding", "half away from zero"},
        {"features", std::move(features)},
        {"otherFeatures", {{"count", wl.rest_count()}, {"contribution", wl.rest_contribution()}}},
        {"zeroWeightColours", wl.zero_weight_colours},
        {"unseenNodeColours", wl.unseen_node_colours},
        {"nodeColours", wl.node_colours}};
}

}  // namespace

json explanation_json(const Explanation& explanation) {
    json steps = json::array();
    for (const StepExplanation& s : explanation.steps) {
        json step = {{"step", s.step},
                     {"action", s.action.empty() ? json(nullptr) : json(s.action)},
                     {"partial", s.partial.empty() ? json(nullptr) : json(s.partial)},
                     {"h", value_json(s.h)},
                     {"deadEnd", !std::isfinite(s.h)},
                     {"isGoal", s.is_goal}};
        if (s.wl) step["wl"] = wl_json(*s.wl);
        if (s.relaxed) {
            json plan = json::array();
            for (const RelaxedPlanAction& a : *s.relaxed)
                plan.push_back({{"action", a.action}, {"helpful", a.helpful}});
            step["relaxedPlan"] = std::move(plan);
        }
        steps.push_back(std::move(step));
    }
    return {{"heuristic", explanation.heuristic},
            {"space", explanation.space},
            {"model", explanation.model.empty() ? json(nullptr) : json(explanation.model)},
            {"graph", explanation.graph.empty() ? json(nullptr) : json(explanation.graph)},
            {"iterations", explanation.iterations},
            {"variant", explanation.variant.empty() ? json(nullptr) : json(explanation.variant)},
            {"planLength", explanation.num_steps},
            {"steps", std::move(steps)}};
}

json tree_level_json(const TreeLevel& level) {
    json children = json::array();
    for (const TreeChild& c : level.children) {
        children.push_back({{"path", c.path},
                            {"label", c.label},
                            {"partial", c.partial},
                            {"h", c.evaluated ? value_json(c.h) : json(nullptr)},
                            {"deadEnd", c.evaluated && !std::isfinite(c.h)},
                            {"evaluated", c.evaluated},
                            {"complete", c.complete},
                            {"onPlan", c.on_plan}});
    }
    return {{"step", level.step},
            {"path", level.path},
            {"partial", level.partial.empty() ? json(nullptr) : json(level.partial)},
            {"h", level.evaluated ? value_json(level.h) : json(nullptr)},
            {"evaluated", level.evaluated},
            {"complete", level.complete},
            {"heuristic", level.heuristic},
            {"totalChildren", level.total_children},
            {"truncated", level.total_children > static_cast<int>(level.children.size())},
            {"children", std::move(children)}};
}

}  // namespace ll
