// Fuzz target: a wasm planning request (JSON) decoded by the module's own
// decoder (wasm/request.cpp) and run through ll::plan_request with tight
// limits: request decoding, option rules, PDDL, model loading, search and
// validation all see fuzzed input.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/common/error.hpp"
#include "core/pipeline.hpp"
#include "core/validation/validator.hpp"
#include "tests/fuzz/fuzz_support.hpp"
#include "wasm/request.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ll::wasm::DecodedRequest request;
    try {
        ll::wasm::decode_request(std::string(reinterpret_cast<const char*>(data), size), request);
    } catch (const ll::Error& e) {
        LL_FUZZ_CHECK(e.category() == ll::ErrorCategory::Usage);
        return 0;
    }
    ll::PlanRequest& plan = request.plan;
    // Tight limits whatever the request says: each input must stay cheap.
    plan.limits.time_limit_s = std::min(plan.limits.time_limit_s, 0.1);
    if (plan.limits.max_expansions < 0 || plan.limits.max_expansions > 200) {
        plan.limits.max_expansions = 200;
    }
    try {
        const ll::PlanOutcome outcome = ll::plan_request(plan);
        if (outcome.result.status == ll::SearchStatus::Solved) {
            LL_FUZZ_CHECK(ll::validate_plan(outcome.task, outcome.result.plan).valid);
            ll::format_plan(outcome.task, outcome.result.plan);
        }
    } catch (const ll::Error& e) {
        LL_FUZZ_CHECK(e.category() != ll::ErrorCategory::Internal);
    } catch (const ll::LimitReached&) {
        // The pipeline turns limits into statuses; reaching here is a finding.
        LL_FUZZ_CHECK(false);
    }
    return 0;
}
