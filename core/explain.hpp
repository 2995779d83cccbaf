// Heuristic explanation along a plan: for each state (or one step),
// optionally with a partial action (PS²), the value of the search's main
// heuristic and why: for a WL model the weighted colour counts with their
// decoded texts (learning/wl_explanation.hpp), for hFF/rFF the relaxed plan
// with the helpful actions marked. Plain values: the CLI prints them, the
// wasm module sends them as JSON (explain_json.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/heuristic_session.hpp"
#include "core/learning/wl_explanation.hpp"

namespace ll {

struct ExplainOptions {
    std::optional<int> step;        // only this state (0: initial); all when absent
    std::vector<std::string> path;  // partial action at each state ([]: None)
    int top_k = 10;
};

struct RelaxedPlanAction {
    std::string action;    // "(stack b1 b2)"
    bool helpful = false;  // FF's helpful action: applicable in the state
};

struct StepExplanation {
    int step = 0;
    std::string action;   // the plan action that led here ("" for the initial state)
    std::string partial;  // the partial action evaluated with the state ("" for None)
    double h = 0;         // kDeadEnd for a dead end
    bool is_goal = false;
    std::optional<WlExplanation> wl;                        // a WL heuristic
    std::optional<std::vector<RelaxedPlanAction>> relaxed;  // hFF / rFF
};

struct Explanation {
    std::string heuristic;  // "wl", "ff", ...
    std::string space;      // "state" | "partial"
    std::string model;      // the model's name ("" for none)
    std::string graph;      // the model's graph ("" for none)
    int iterations = 0;     // the model's WL iterations
    std::string variant;    // the model's WL variant, "wl" or "iwl" ("" for none)
    int num_steps = 0;      // plan length
    std::vector<StepExplanation> steps;
};

// Throws ll::Error(Usage) for a step out of range or a bad path, and what
// the heuristic throws.
Explanation explain(HeuristicSession& session, const ExplainOptions& options);

}  // namespace ll
