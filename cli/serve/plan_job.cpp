// Request checking (see plan_job.hpp).
#include "cli/serve/plan_job.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "cli/common/args.hpp"
#include "cli/serve/service_error.hpp"
#include "core/common/error.hpp"
#include "core/pipeline.hpp"

namespace ll::cli::serve {

namespace {

[[noreturn]] void refuse(const std::string& code, const std::string& message) {
    throw ServiceError(400, code, message);
}

// A field's value as text: strings as they are, numbers (limits) printed.
std::string field_text(const std::string& name, const nlohmann::json& value) {
    if (value.is_string()) return value.get<std::string>();
    if (value.is_number_integer()) return std::to_string(value.get<long long>());
    if (value.is_number()) {
        const double v = value.get<double>();
        if (std::isfinite(v)) {
            nlohmann::json copy = v;
            return copy.dump();
        }
    }
    refuse("wrong-type", "field '" + name + "' must be a string");
}

std::optional<std::string>* option_slot(OptionValues& values, const std::string& name) {
    if (name == "space") return &values.space;
    if (name == "heuristic") return &values.heuristic;
    if (name == "config") return &values.config;
    if (name == "search") return &values.search;
    if (name == "preferred") return &values.preferred;
    if (name == "novelty") return &values.novelty;
    if (name == "dead-ends") return &values.dead_ends;
    if (name == "parameter-order") return &values.parameter_order;
    return nullptr;
}

// A limit of the request: at most the server's (a request lowers, never raises).
void apply_limits(PlanJob& job, const std::string& name, const std::string& text,
                  const ServeConfig& config) {
    if (name == "time-limit") {
        job.limits.time_limit_s = std::min(parse_time_limit_s(text, name), config.time_limit_s);
    } else if (name == "memory-limit") {
        job.limits.memory_limit_mb =
            std::min(parse_memory_limit_mb(text, name), config.memory_limit_mb);
    } else if (name == "max-expansions") {
        job.limits.max_expansions = parse_positive_count(text, name);
    }
}

void set_field(PlanJob& job, const std::string& name, const std::string& text,
               const ServeConfig& config) {
    if (auto* slot = option_slot(job.options, name)) {
        *slot = text;
    } else if (name == "model") {
        job.model = text;
    } else {
        apply_limits(job, name, text, config);
    }
}

void check_model(PlanJob& job, const ShippedModels& models) {
    if (job.model == "auto" || job.model == "none") return;
    if (is_path_like(job.model)) {
        refuse("model-refused", "model '" + job.model +
                                    "' looks like a path: a request names a model only by its "
                                    "catalogue name (GET /package lists them), auto or none");
    }
    if (models.find(job.model) == nullptr) {
        refuse("model-refused",
               "model '" + job.model + "' is not in the server's catalogue (GET /package)");
    }
}

// Fields that clients add by themselves, accepted and never read: the
// package API's "adaptor" (read by /check), and what VS Code PDDL merges
// into a package request (its planner run configuration; `options` also
// arrives as the URL query, which is read).
bool is_ignored_client_field(const std::string& name) {
    static const std::vector<std::string> fields{"adaptor",
                                                 "options",
                                                 "workingDirectory",
                                                 "authentication",
                                                 "requiresKeyboardInput",
                                                 "supportsSearchDebugger",
                                                 "searchDebuggerEnabled",
                                                 "searchDebuggerPort"};
    return std::find(fields.begin(), fields.end(), name) != fields.end();
}

}  // namespace

const std::vector<std::string>& plan_option_fields() {
    static const std::vector<std::string> fields{"config",     "space",           "heuristic",
                                                 "search",     "preferred",       "novelty",
                                                 "dead-ends",  "parameter-order", "model",
                                                 "time-limit", "memory-limit",    "max-expansions"};
    return fields;
}

namespace {

// The option values by field name, as the request spelled them.
std::vector<std::pair<std::string, std::optional<std::string>*>> option_slots(
    OptionValues& values) {
    std::vector<std::pair<std::string, std::optional<std::string>*>> slots;
    for (const std::string& name : plan_option_fields()) {
        if (auto* slot = option_slot(values, name)) slots.emplace_back(name, slot);
    }
    return slots;
}

// Infinite limits as null (JSON has no infinity).
nlohmann::json finite_or_null(double value) {
    return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}
double finite_or_infinity(const nlohmann::json& value) {
    return value.is_null() ? std::numeric_limits<double>::infinity() : value.get<double>();
}

}  // namespace

nlohmann::json job_to_json(const PlanJob& job) {
    PlanJob copy = job;
    nlohmann::json options = nlohmann::json::object();
    for (const auto& [name, slot] : option_slots(copy.options)) {
        if (*slot) options[name] = **slot;
    }
    return {{"domain", job.domain},
            {"problem", job.problem},
            {"options", options},
            {"has_model", job.options.has_model},
            {"model", job.model},
            {"time_limit_s", finite_or_null(job.limits.time_limit_s)},
            {"memory_limit_mb", finite_or_null(job.limits.memory_limit_mb)},
            {"max_expansions", job.limits.max_expansions}};
}

PlanJob job_from_json(const nlohmann::json& json) {
    PlanJob job;
    job.domain = json.at("domain").get<std::string>();
    job.problem = json.at("problem").get<std::string>();
    const nlohmann::json& options = json.at("options");
    for (const auto& [name, slot] : option_slots(job.options)) {
        if (options.contains(name)) *slot = options.at(name).get<std::string>();
    }
    job.options.has_model = json.at("has_model").get<bool>();
    job.model = json.at("model").get<std::string>();
    job.limits.time_limit_s = finite_or_infinity(json.at("time_limit_s"));
    job.limits.memory_limit_mb = finite_or_infinity(json.at("memory_limit_mb"));
    job.limits.max_expansions = json.at("max_expansions").get<std::int64_t>();
    return job;
}

PlanJob parse_plan_job(const nlohmann::json& body,
                       const std::vector<std::pair<std::string, std::string>>& query,
                       const ServeConfig& config, const ShippedModels& models) {
    if (!body.is_object()) refuse("wrong-type", "the request body must be a JSON object");
    PlanJob job;
    job.limits.time_limit_s = config.time_limit_s;
    job.limits.memory_limit_mb = config.memory_limit_mb;
    const auto& fields = plan_option_fields();
    for (const std::string name : {"domain", "problem"}) {
        auto it = body.find(name);
        if (it == body.end()) refuse("missing-field", "field '" + name + "' is required");
        if (!it->is_string()) refuse("wrong-type", "field '" + name + "' must be a string");
        (name == "domain" ? job.domain : job.problem) = it->get<std::string>();
    }
    try {
        for (const auto& [name, value] : body.items()) {
            if (name == "domain" || name == "problem" || is_ignored_client_field(name)) continue;
            // planning.domains' /solve can fetch PDDL by URL or problem id; this
            // service fetches and reads nothing.
            if (name == "is_url" && value == false) continue;
            if (name == "is_url" || name == "probID") {
                refuse("bad-option",
                       "'" + name +
                           "' is not supported: this service fetches no URL and reads "
                           "no file; send the PDDL texts as domain and problem");
            }
            if (std::find(fields.begin(), fields.end(), name) == fields.end()) {
                refuse("unknown-field", "unknown field '" + name + "'");
            }
            set_field(job, name, field_text(name, value), config);
        }
        for (const auto& [name, value] : query) {
            if (std::find(fields.begin(), fields.end(), name) == fields.end()) {
                refuse("unknown-field", "unknown query parameter '" + name + "'");
            }
            set_field(job, name, value, config);
        }
        check_model(job, models);
        // As `plan --model`: auto brings a model only where the options leave room.
        job.options.has_model =
            job.model == "auto" ? accepts_auto_model(job.options) : job.model != "none";
        make_planner_options(job.options);  // the CLI's option rules, checked now
    } catch (const Error& e) {
        refuse("bad-option", e.what());
    }
    return job;
}

}  // namespace ll::cli::serve
