// Request decoding (see header).
#include "wasm/request.hpp"

#include <cmath>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "core/common/error.hpp"

namespace ll::wasm {
namespace {

using json = nlohmann::json;

ll::Error field_error(const char* key, const char* what) {
    return ll::Error(ll::ErrorCategory::Usage,
                     std::string("request field '") + key + "' must be " + what);
}

std::string required_string(const json& request, const char* key) {
    auto it = request.find(key);
    if (it == request.end() || !it->is_string()) throw field_error(key, "a string");
    return it->get<std::string>();
}

std::optional<std::string> optional_string(const json& request, const char* key) {
    auto it = request.find(key);
    if (it == request.end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) throw field_error(key, "a string");
    return it->get<std::string>();
}

// An on/off option: a string the core parses ("on", "off", ...) or a boolean.
std::optional<std::string> optional_switch(const json& request, const char* key) {
    auto it = request.find(key);
    if (it != request.end() && it->is_boolean()) return it->get<bool>() ? "on" : "off";
    if (it != request.end() && !it->is_null() && !it->is_string()) {
        throw field_error(key, "\"on\", \"off\" or a boolean");
    }
    return optional_string(request, key);
}

std::optional<double> optional_positive_number(const json& request, const char* key) {
    auto it = request.find(key);
    if (it == request.end() || it->is_null()) return std::nullopt;
    if (!it->is_number() || !(it->get<double>() > 0) || !std::isfinite(it->get<double>())) {
        throw field_error(key, "a positive number");
    }
    return it->get<double>();
}

std::optional<std::int64_t> optional_non_negative_integer(const json& request, const char* key) {
    auto it = request.find(key);
    if (it == request.end() || it->is_null()) return std::nullopt;
    bool integral = it->is_number_integer() ||
                    (it->is_number_float() && std::floor(it->get<double>()) == it->get<double>() &&
                     std::fabs(it->get<double>()) < 9e15);
    if (!integral || it->get<double>() < 0) throw field_error(key, "a non-negative integer");
    return static_cast<std::int64_t>(it->get<double>());
}

}  // namespace

void decode_request(const std::string& request_text, DecodedRequest& r) {
    json request;
    try {
        request = json::parse(request_text);
    } catch (const json::exception& e) {  // parse_error, and out_of_range for 1e999
        throw ll::Error(ll::ErrorCategory::Usage, std::string("request is not JSON: ") + e.what());
    }
    if (!request.is_object()) {
        throw ll::Error(ll::ErrorCategory::Usage, "request must be a JSON object");
    }
    ll::PlanRequest& plan = r.plan;
    ll::OptionValues& options = plan.options;
    options.space = optional_string(request, "space");
    options.heuristic = optional_string(request, "heuristic");
    options.config = optional_string(request, "config");
    options.search = optional_string(request, "search");
    options.preferred = optional_switch(request, "preferred");
    options.novelty = optional_switch(request, "novelty");
    options.dead_ends = optional_string(request, "deadEnds");
    options.parameter_order = optional_string(request, "parameterOrder");
    // anytime: "auto", "on", "off" (the core names them) or a boolean.
    options.anytime = optional_switch(request, "anytime");
    // A model is JSON text or an already parsed object.
    const auto model = request.find("model");
    if (model != request.end() && !model->is_null()) {
        r.model = model->is_string() ? model->get<std::string>() : model->dump();
    }
    options.has_model = r.model.has_value();

    r.domain = required_string(request, "domain");
    r.problem = required_string(request, "problem");
    plan.domain_text = r.domain;
    plan.problem_text = r.problem;
    plan.domain_name = optional_string(request, "domainFile").value_or("domain.pddl");
    plan.problem_name = optional_string(request, "problemFile").value_or("problem.pddl");
    if (r.model) plan.model_text = *r.model;
    if (auto ms = optional_positive_number(request, "timeLimitMs")) {
        plan.limits.time_limit_s = *ms / 1000.0;
    }
    if (auto mb = optional_positive_number(request, "memoryLimitMb")) {
        plan.limits.memory_limit_mb = *mb;
    }
    if (auto n = optional_non_negative_integer(request, "maxExpansions")) {
        plan.limits.max_expansions = *n;
    }
    if (auto ms = optional_positive_number(request, "progressIntervalMs")) {
        plan.progress_interval_s = *ms / 1000.0;
    }
    // The search trace: trace (a boolean), traceLimit (expansions recorded).
    const auto trace = request.find("trace");
    if (trace != request.end() && !trace->is_null()) {
        if (!trace->is_boolean()) throw field_error("trace", "a boolean");
        plan.trace.enabled = trace->get<bool>();
    }
    if (auto n = optional_non_negative_integer(request, "traceLimit")) {
        if (*n < 1) throw field_error("traceLimit", "a positive integer");
        plan.trace.max_expanded = *n;
    }
}

namespace {

std::optional<int> optional_count(const json& request, const char* key, int minimum) {
    const auto n = optional_non_negative_integer(request, key);
    if (!n) return std::nullopt;
    if (*n < minimum || *n > 1000000) {
        throw field_error(key, minimum > 0 ? "a positive integer (at most 1000000)"
                                           : "a non-negative integer (at most 1000000)");
    }
    return static_cast<int>(*n);
}

}  // namespace

void decode_explain_fields(const std::string& request_text, ExplainFields& out) {
    json request;
    try {
        request = json::parse(request_text);
    } catch (const json::exception& e) {
        throw ll::Error(ll::ErrorCategory::Usage, std::string("request is not JSON: ") + e.what());
    }
    if (!request.is_object()) {
        throw ll::Error(ll::ErrorCategory::Usage, "request must be a JSON object");
    }
    const auto plan = request.find("plan");
    if (plan != request.end() && plan->is_array()) {
        std::string text;
        for (const json& step : *plan) {
            if (!step.is_string()) throw field_error("plan", "a string or an array of strings");
            text += step.get<std::string>() + "\n";
        }
        out.plan = std::move(text);
    } else if (plan != request.end() && !plan->is_null()) {
        if (!plan->is_string()) throw field_error("plan", "a string or an array of strings");
        out.plan = plan->get<std::string>();
    }
    out.step = optional_count(request, "step", 0);
    out.top = optional_count(request, "top", 1).value_or(out.top);
    out.limit = optional_count(request, "limit", 1).value_or(out.limit);
    if (auto ms = optional_positive_number(request, "timeBudgetMs")) out.time_budget_s = *ms / 1000;
    const auto path = request.find("path");
    if (path != request.end() && !path->is_null()) {
        if (!path->is_array()) throw field_error("path", "an array of strings");
        for (const json& name : *path) {
            if (!name.is_string()) throw field_error("path", "an array of strings");
            out.path.push_back(name.get<std::string>());
        }
    }
}

std::string session_key(const std::string& request_text) {
    json request = json::parse(request_text, nullptr, false);
    if (!request.is_object()) return request_text;
    for (const char* key : {"step", "top", "path", "limit", "timeBudgetMs"})
        request.erase(key);
    return request.dump();
}

}  // namespace ll::wasm
