// The search trace: a SearchObserver that records the nodes of the first
// expansions of a search (bounded: after `max_expanded` expansions only the
// counts go on), and writes them as JSON for the search-tree and state-
// picture views (schema: docs/js-api.md, "Search trace"). Works on both
// spaces: a PS² node is a (state, partial action) pair, and the nodes a
// single-successor chain expands on are recorded as expanded.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/search/search_observer.hpp"
#include "core/task/partial_action.hpp"
#include "core/task/state.hpp"
#include "core/task/task.hpp"

namespace ll {

struct TraceOptions {
    bool enabled = false;
    // Nodes are recorded until this many nodes have been expanded (the
    // children of the last recorded expansion included).
    std::int64_t max_expanded = 5000;
};

class SearchTrace final : public SearchObserver {
  public:
    // `space` is the searched space: the recorder asks it what reached a
    // node while the expansion is current, and for states when writing.
    SearchTrace(SearchSpace& space, std::int64_t max_expanded);

    void expanded(NodeId node) override;
    void generated(const Edge& edge) override;
    void duplicate(const Edge& edge) override;
    void evaluated(NodeId node, double h) override;
    void dead_end(NodeId node) override;
    void reopened(const Edge& edge, double g) override;
    void finished(NodeId goal) override;

    // The trace as JSON text. `with_f`: A* (f = g + h per node); `partial`:
    // the space is PS².
    std::string to_json(const Task& task, const StateLayout& layout, bool with_f,
                        bool partial) const;

    std::size_t recorded_nodes() const { return nodes_.size(); }
    bool truncated() const { return truncated_; }

  private:
    enum class Status : std::uint8_t { Open, Closed, Duplicate, DeadEnd };
    struct Node {
        NodeId node = -1;
        std::int32_t parent = -1;  // trace id
        std::int32_t duplicate_of = -1;
        double g = 0;
        double h = -1;  // negative: not evaluated
        std::int64_t order = -1;
        Status status = Status::Open;
        PartialAction action;  // what reached it (S³: a complete action)
    };
    // The trace id of a search node (-1: not recorded).
    std::int32_t id_of(NodeId node) const;
    // Marks a recorded node expanded (at the next expansion's order).
    void mark_expanded(std::int32_t id);
    bool recording() const { return !truncated_; }
    // Notes a transition's parent: expanded unless it is the current node.
    void follow(const Edge& edge);

    SearchSpace& space_;
    std::int64_t max_expanded_;
    std::vector<Node> nodes_;
    std::unordered_map<NodeId, std::int32_t> ids_;
    std::vector<std::int32_t> plan_nodes_;
    bool truncated_ = false;
    NodeId current_ = -1;  // the node being expanded
    struct Counts {
        std::int64_t generated = 0, expanded = 0, duplicates = 0, dead_ends = 0, reopened = 0,
                     evaluated = 0;
    } counts_;
};

}  // namespace ll
