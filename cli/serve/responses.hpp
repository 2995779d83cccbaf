// The JSON bodies of both APIs (docs/service.md shows each shape):
// planning.domains' sync /solve, the planning-as-a-service package list
// and /check results, and the planning editor's adaptor shape.
#pragma once

#include <nlohmann/json.hpp>

#include "cli/serve/job_board.hpp"
#include "cli/serve/plan_answer.hpp"
#include "cli/serve/serve_config.hpp"
#include "cli/serve/shipped_models.hpp"

namespace ll::cli::serve {

inline constexpr const char* kPackageName = "lazylifted";

// {"status": "ok", "result": {"plan": [{"name": "(a b)"}, ...], "output", "cost",
// "length", "type": "full", ...}} or {"status": "error", "result": {"error",
// "output", "category", "exit_code"}}.
nlohmann::json solve_body(const PlanAnswer& answer);

// {"status": "PENDING"} while waiting or running; then {"status": "ok",
// "result": {"output": {"sas_plan": PLAN}, "stdout", "stderr", ...}} (no
// plan: output {} and the error in stderr, as planutils packages report).
nlohmann::json check_body(const JobView& view);

// The planning.domains editor's adaptor ("adaptor": "planning_editor_adaptor"
// in a POST /check body): {"status": "ok", "plans": [solve_body]}.
nlohmann::json editor_adaptor_body(const JobView& view);

// GET /package: {"lazylifted": {manifest with endpoint.services.solve}}.
nlohmann::json package_list_body(const ServeConfig& config, const ShippedModels& models);

}  // namespace ll::cli::serve
