// One planning request of either API, checked before it is queued: the
// task's text, the options as the CLI's `plan` takes them, the model by
// catalogue name and the limits (the server's, lowered by the request).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/serve/serve_config.hpp"
#include "cli/serve/shipped_models.hpp"
#include "core/planner.hpp"
#include "core/search/search_result.hpp"

namespace ll::cli::serve {

struct PlanJob {
    std::string domain, problem;
    OptionValues options;        // has_model set as `plan --model` sets it
    std::string model = "auto";  // auto, none or a catalogue name
    Limits limits;
};

// The request fields besides domain and problem: the long options of
// `lazylifted plan` without their dashes.
const std::vector<std::string>& plan_option_fields();

// Checks a request body (a JSON object) plus options given in the URL's
// query (`query`, name -> value) and returns the job. Throws ServiceError
// (400: missing-field, wrong-type, unknown-field, bad-option,
// model-refused) naming the field. A few fields that clients add by
// themselves are accepted and dropped (docs/service.md lists them).
// The job as the service hands it to its search process, and back.
nlohmann::json job_to_json(const PlanJob& job);
PlanJob job_from_json(const nlohmann::json& json);

PlanJob parse_plan_job(const nlohmann::json& body,
                       const std::vector<std::pair<std::string, std::string>>& query,
                       const ServeConfig& config, const ShippedModels& models);

}  // namespace ll::cli::serve
