// The partial-action tree of a state (PS²), one level at a time:
// the children of a node (the applicable schemas of None, the values of the
// next parameter of a partial action that have an applicable completion, in
// the order PS² generates them) with h(s, child) under the session's
// heuristic, the child the plan took marked. Bounded for wide levels: at most
// `max_children` are evaluated and returned (the plan's child always among
// them), with the total count; and, for slow heuristics (rFF on a large
// task), a time budget after which the remaining children are listed
// without h (the plan's child is evaluated first).
#pragma once

#include <limits>
#include <span>
#include <string>
#include <vector>

#include "core/heuristic_session.hpp"

namespace ll {

struct TreeChild {
    std::vector<std::string> path;  // [schema, object...]: the path of the child
    std::string label;              // what the child binds: the schema or the object name
    std::string partial;            // "stack(b1, ?)"
    double h = 0;                   // kDeadEnd for a dead end
    bool evaluated = true;          // false: the time budget ran out before it (h = 0)
    bool complete = false;          // a ground action (a leaf of the tree)
    bool on_plan = false;           // the plan's action at this step goes through it
    int order = 0;                  // position among the children (PS² order)
};

struct TreeLevel {
    int step = 0;
    std::vector<std::string> path;  // the node whose children these are
    std::string partial;            // the node as text ("" for None)
    double h = 0;                   // h(s, node)
    bool evaluated = true;          // false: the time budget ran out (h = 0); never for None
    bool complete = false;
    int total_children = 0;  // all children of the node
    std::vector<TreeChild> children;
    std::string heuristic;  // the heuristic's name
};

// Throws ll::Error(Usage) for a step out of range, a bad path or
// max_children < 1, and what the heuristic throws.
// `time_budget_s` bounds the evaluations: the plan's child is always
// evaluated, then the other children in order while time remains, then the
// node itself (always when it is None).
TreeLevel partial_action_children(HeuristicSession& session, int step,
                                  std::span<const std::string> path, int max_children,
                                  double time_budget_s = std::numeric_limits<double>::infinity());

}  // namespace ll
