// Decoding of a wasm planning request (the JSON that lazylifted-api.mjs
// sends, wasm/README.md) into the core's PlanRequest. Plain C++ (no
// Emscripten): the module's solve() and the request fuzz target
// (tests/fuzz/fuzz_request.cpp) both use it, so the fuzzer tests the real
// decoding. Wrong shapes are ll::Error(Usage) naming the field.
#pragma once

#include <optional>
#include <string>

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

}  // namespace ll::wasm
