// Decoding of a wasm planning request (the JSON that lazylifted-api.mjs
// sends, wasm/README.md) into the core's PlanRequest. Plain C++ (no
// Emscripten): the module's solve() and the request fuzz target
// (tests/fuzz/fuzz_request.cpp) both use it, so the fuzzer tests the real
// decoding. Wrong shapes are ll::Error(Usage) naming the field.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/pipeline.hpp"

namespace ll::wasm {

// The decoded request: the texts it owns and the core's PlanRequest viewing
// them (so it must not be copied or moved after decoding).
struct DecodedRequest {
    std::string domain, problem;
    std::optional<std::string> model;
    PlanRequest plan;
};

void decode_request(const std::string& request_text, DecodedRequest& out);

// The fields of explain() and partialActionChildren() requests beyond those
// of a planning request: plan (text, or an array of action
// strings), step, top, path (array of names), limit. Usage errors name the
// field.
struct ExplainFields {
    std::optional<std::string> plan;  // the plan's text
    std::optional<int> step;
    int top = 10;
    std::vector<std::string> path;
    int limit = 50;
    std::optional<double> time_budget_s;  // timeBudgetMs
};
void decode_explain_fields(const std::string& request_text, ExplainFields& out);
// The request without the fields that only select what to show (step, top,
// path, limit, timeBudgetMs): requests with equal keys share a session.
std::string session_key(const std::string& request_text);

}  // namespace ll::wasm
