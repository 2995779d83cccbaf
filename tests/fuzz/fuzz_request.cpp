// Fuzz target: a wasm planning request (JSON) through the core pipeline.
// wasm/bindings.cpp decodes requests inline (decode_request, not reachable
// from outside the module); this target decodes the same fields the same
// way (strings, on/off switches, numbers) into ll::PlanRequest and runs
// ll::plan_request with tight limits: option rules, PDDL, model loading,
// search and validation all see fuzzed input.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "core/common/error.hpp"
#include "core/pipeline.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

using json = nlohmann::json;

std::optional<std::string> string_field(const json& j, const char* key) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_string()) return std::nullopt;
    return it->get<std::string>();
}

std::optional<std::string> switch_field(const json& j, const char* key) {
    const auto it = j.find(key);
    if (it == j.end()) return std::nullopt;
    if (it->is_boolean()) return it->get<bool>() ? "on" : "off";
    if (it->is_string()) return it->get<std::string>();
    return std::nullopt;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    json request;
    try {
        request = json::parse(reinterpret_cast<const char*>(data),
                              reinterpret_cast<const char*>(data) + size);
    } catch (const json::exception&) {
        return 0;
    }
    if (!request.is_object()) return 0;
    std::string domain = string_field(request, "domain").value_or("");
    std::string problem = string_field(request, "problem").value_or("");
    std::optional<std::string> model;
    if (const auto it = request.find("model"); it != request.end() && !it->is_null()) {
        model = it->is_string() ? it->get<std::string>() : it->dump();
    }
    ll::PlanRequest plan;
    plan.domain_text = domain;
    plan.problem_text = problem;
    if (model) plan.model_text = *model;
    ll::OptionValues& o = plan.options;
    o.space = string_field(request, "space");
    o.heuristic = string_field(request, "heuristic");
    o.config = string_field(request, "config");
    o.search = string_field(request, "search");
    o.preferred = switch_field(request, "preferred");
    o.novelty = switch_field(request, "novelty");
    o.dead_ends = string_field(request, "deadEnds");
    o.parameter_order = string_field(request, "parameterOrder");
    o.has_model = model.has_value();
    // Tight limits whatever the request says: each input must stay cheap.
    plan.limits.time_limit_s = 0.1;
    plan.limits.max_expansions = 200;
    if (const auto it = request.find("maxExpansions"); it != request.end() && it->is_number()) {
        const double n = it->get<double>();
        if (n >= 0 && n < 200) plan.limits.max_expansions = static_cast<std::int64_t>(n);
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
