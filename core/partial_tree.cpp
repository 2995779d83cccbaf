// One level of the partial-action tree with h (see header).
#include "core/partial_tree.hpp"

#include <algorithm>

#include "core/common/error.hpp"
#include "core/common/resources.hpp"

namespace ll {

namespace {

// The values the children of `node` bind: schema ids under None, object
// ids under an incomplete partial action, none under a complete one.
std::vector<int> child_values(HeuristicSession& session, const State& state,
                              const PartialAction& node) {
    std::vector<int> out;
    const Task& task = session.task();
    if (node.is_none()) {
        for (SchemaId s = 0; s < task.num_schemas(); ++s) {
            if (session.successors().has_applicable(state, s, {})) out.push_back(s);
        }
    } else if (!node.is_complete(task)) {
        for (ObjectId v : session.successors().next_values(state, node.schema, node.prefix))
            out.push_back(v);
    }
    return out;
}

// The value the plan's action at `step` binds below `node`, or -1 if the
// action does not go through `node`.
int plan_value(const HeuristicSession& session, int step, const PartialAction& node) {
    if (step >= static_cast<int>(session.plan().size())) return -1;
    const GroundAction& a = session.plan()[step];
    if (node.is_none()) return a.schema;
    if (a.schema != node.schema || node.prefix.size() >= a.arguments.size()) return -1;
    if (!std::equal(node.prefix.begin(), node.prefix.end(), a.arguments.begin())) return -1;
    return a.arguments[node.prefix.size()];
}

}  // namespace

TreeLevel partial_action_children(HeuristicSession& session, int step,
                                  std::span<const std::string> path, int max_children,
                                  double time_budget_s) {
    const Stopwatch clock;
    if (step < 0 || step >= session.num_states()) {
        throw Error(ErrorCategory::Usage, "step " + std::to_string(step) +
                                              " is out of range (the plan has " +
                                              std::to_string(session.plan().size()) + " steps)");
    }
    if (max_children < 1) throw Error(ErrorCategory::Usage, "the child limit must be positive");
    const Task& task = session.task();
    const State& state = session.state(step);
    const PartialAction node = session.partial_action(path);
    TreeLevel out;
    out.step = step;
    out.path.assign(path.begin(), path.end());
    out.partial = session.describe(node);
    out.complete = node.is_complete(task);
    out.heuristic = to_string(session.options().heuristic);

    std::vector<int> values = child_values(session, state, node);
    out.total_children = static_cast<int>(values.size());
    const int on_plan = plan_value(session, step, node);
    if (static_cast<int>(values.size()) > max_children) {
        // Keep the first ones in PS² order, and the plan's child.
        const auto plan_it = std::find(values.begin(), values.end(), on_plan);
        if (plan_it != values.end() && plan_it - values.begin() >= max_children)
            values[max_children - 1] = on_plan;
        values.resize(max_children);
    }
    for (int v : values) {
        TreeChild child;
        child.order = static_cast<int>(out.children.size());
        PartialAction p = node;
        if (node.is_none()) {
            p.schema = v;
            child.label = task.schemas[v].name;
        } else {
            p.prefix.push_back(v);
            child.label = task.objects[v].name;
        }
        child.path = out.path;
        child.path.push_back(child.label);
        child.partial = session.describe(p);
        child.complete = p.is_complete(task);
        child.on_plan = v == on_plan;
        out.children.push_back(std::move(child));
    }
    // The plan's child first, then in order while the budget lasts.
    std::stable_partition(out.children.begin(), out.children.end(),
                          [](const TreeChild& c) { return c.on_plan; });
    for (TreeChild& c : out.children) {
        c.evaluated = c.on_plan || clock.seconds() < time_budget_s;
        if (c.evaluated) c.h = session.heuristic().evaluate(state, session.partial_action(c.path));
    }
    std::stable_sort(out.children.begin(), out.children.end(),
                     [&](const TreeChild& a, const TreeChild& b) { return a.order < b.order; });
    // The node itself last (a caller opening it knows its h from the parent
    // level); the root always.
    out.evaluated = node.is_none() || clock.seconds() < time_budget_s;
    if (out.evaluated) out.h = session.heuristic().evaluate(state, node);
    return out;
}

}  // namespace ll
