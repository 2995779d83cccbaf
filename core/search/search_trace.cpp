// The bounded search-trace recorder and its JSON form (see header).
#include "core/search/search_trace.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace ll {
namespace {
using json = nlohmann::json;

const char* status_name(int status) {
    static const char* const names[] = {"open", "closed", "duplicate", "dead_end"};
    return names[status];
}

// "(name a b ?z)": bound parameters as objects, unbound ones by name; null
// for None.
json action_text(const Task& task, const PartialAction& action) {
    if (action.is_none()) return nullptr;
    const ActionSchema& schema = task.schemas[action.schema];
    std::string text = "(" + schema.name;
    for (int i = 0; i < schema.arity(); ++i) {
        text += ' ';
        text += static_cast<std::size_t>(i) < action.prefix.size()
                    ? task.objects[action.prefix[i]].name
                    : schema.parameters[i].name;
    }
    return text + ")";
}

json vocabulary_json(const Task& task) {
    json objects = json::array(), predicates = json::array(), statics = json::array();
    for (const Object& o : task.objects)
        objects.push_back({{"name", o.name}, {"type", task.types[o.type].name}});
    for (const Predicate& p : task.predicates) {
        predicates.push_back({{"name", p.name}, {"arity", p.arity()}, {"static", p.is_static}});
        if (p.is_derived) predicates.back()["derived"] = true;  // by the axioms
    }
    for (const GroundAtom& atom : task.initial_state) {
        if (task.predicates[atom.predicate].is_static) statics.push_back(to_string(task, atom));
    }
    return {{"objects", std::move(objects)},
            {"predicates", std::move(predicates)},
            {"static_atoms", std::move(statics)}};
}
}  // namespace

SearchTrace::SearchTrace(SearchSpace& space, std::int64_t max_expanded)
    : space_(space), max_expanded_(max_expanded) {}

std::int32_t SearchTrace::id_of(NodeId node) const {
    const auto it = ids_.find(node);
    return it == ids_.end() ? -1 : it->second;
}

void SearchTrace::mark_expanded(std::int32_t id) {
    ++counts_.expanded;
    if (counts_.expanded > max_expanded_) truncated_ = true;
    if (id < 0 || truncated_) return;
    Node& n = nodes_[static_cast<std::size_t>(id)];
    if (n.order < 0) n.order = counts_.expanded - 1;
    n.status = Status::Closed;
}

void SearchTrace::expanded(NodeId node) {
    current_ = node;
    mark_expanded(id_of(node));
}

void SearchTrace::follow(const Edge& edge) {
    // A deferred child is created after its parent's expansion, not by a chain.
    if (edge.parent < 0 || edge.parent == current_ || edge.deferred) return;
    current_ = edge.parent;  // a PS² single-successor chain expanded on from it
    mark_expanded(id_of(edge.parent));
}

void SearchTrace::generated(const Edge& edge) {
    ++counts_.generated;
    follow(edge);
    const std::int32_t parent = edge.parent < 0 ? -1 : id_of(edge.parent);
    if (!recording() || (edge.parent >= 0 && parent < 0)) return;
    Node n;
    n.node = edge.child;
    n.parent = parent;
    n.g = parent < 0 ? 0 : nodes_[static_cast<std::size_t>(parent)].g + edge.cost;
    n.action = space_.transition_action(edge);
    ids_.emplace(edge.child, static_cast<std::int32_t>(nodes_.size()));
    nodes_.push_back(std::move(n));
}

void SearchTrace::duplicate(const Edge& edge) {
    ++counts_.duplicates;
    follow(edge);
    const std::int32_t parent = id_of(edge.parent);
    if (!recording() || parent < 0) return;
    Node n;
    n.node = edge.child;
    n.parent = parent;
    n.duplicate_of = id_of(edge.child);
    n.g = nodes_[static_cast<std::size_t>(parent)].g + edge.cost;
    n.status = Status::Duplicate;
    n.action = space_.transition_action(edge);
    nodes_.push_back(std::move(n));
}

void SearchTrace::evaluated(NodeId node, double h) {
    ++counts_.evaluated;
    const std::int32_t id = id_of(node);
    if (id >= 0) nodes_[static_cast<std::size_t>(id)].h = h;
}

void SearchTrace::dead_end(NodeId node) {
    ++counts_.dead_ends;
    const std::int32_t id = id_of(node);
    if (id >= 0) nodes_[static_cast<std::size_t>(id)].status = Status::DeadEnd;
}

void SearchTrace::reopened(const Edge& edge, double g) {
    ++counts_.reopened;
    const std::int32_t id = id_of(edge.child), parent = id_of(edge.parent);
    if (id < 0 || parent < 0) return;
    Node& n = nodes_[static_cast<std::size_t>(id)];
    n.parent = parent;
    n.g = g;
    n.action = space_.transition_action(edge);
    if (n.status == Status::Closed) n.status = Status::Open;  // until expanded again
}

void SearchTrace::finished(NodeId goal) {
    plan_nodes_.clear();
    for (std::int32_t id = goal < 0 ? -1 : id_of(goal); id >= 0;
         id = nodes_[static_cast<std::size_t>(id)].parent)
        plan_nodes_.push_back(id);
    if (goal >= 0 && (plan_nodes_.empty() || nodes_[plan_nodes_.back()].parent >= 0))
        plan_nodes_.clear();  // the goal's path was not recorded whole
    std::reverse(plan_nodes_.begin(), plan_nodes_.end());
}

std::string SearchTrace::to_json(const Task& task, const StateLayout& layout, bool with_f,
                                 bool partial) const {
    json nodes = json::array();
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        const Node& n = nodes_[i];
        json atoms = json::array();
        const NodeId state_node = n.node;
        for (const GroundAtom& atom : fluent_atoms(layout, space_.state(state_node)))
            atoms.push_back(to_string(task, atom));
        json node = {{"id", i},
                     {"parent", n.parent < 0 ? json(nullptr) : json(n.parent)},
                     {"g", n.g},
                     {"h", n.h < 0 ? json(nullptr) : json(n.h)}};
        if (with_f) node["f"] = n.h < 0 ? json(nullptr) : json(n.g + n.h);
        node["order"] = n.order < 0 ? json(nullptr) : json(n.order);
        node["status"] = status_name(static_cast<int>(n.status));
        node["action"] = action_text(task, n.action);
        if (partial) node["partial"] = !n.action.is_none() && !n.action.is_complete(task);
        if (n.status == Status::Duplicate)
            node["duplicate_of"] = n.duplicate_of < 0 ? json(nullptr) : json(n.duplicate_of);
        node["state"] = std::move(atoms);
        nodes.push_back(std::move(node));
    }
    json out = {{"space", to_string(partial ? SpaceKind::Partial : SpaceKind::State)},
                {"nodes", std::move(nodes)},
                {"plan_nodes", plan_nodes_},
                {"truncated", truncated_},
                {"limit", max_expanded_},
                {"counts",
                 {{"generated", counts_.generated},
                  {"expanded", counts_.expanded},
                  {"duplicates", counts_.duplicates},
                  {"dead_ends", counts_.dead_ends},
                  {"reopened", counts_.reopened},
                  {"evaluated", counts_.evaluated}}}};
    out.update(vocabulary_json(task));
    return out.dump();
}

}  // namespace ll
