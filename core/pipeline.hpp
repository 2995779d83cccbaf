// The one planning pipeline: parse → model → solve → validate. The CLI
// (which reads files) and the wasm bindings (which get text from JS) are
// thin adapters over it: they share its option rules (make_planner_options),
// its time accounting (the limit covers parsing too) and the guarantee that
// no plan leaves it unvalidated.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/budget.hpp"
#include "core/learning/model_catalog.hpp"
#include "core/planner.hpp"
#include "core/task/task.hpp"

namespace ll {

struct PlanRequest {
    std::string_view domain_text, problem_text;
    std::string domain_name = "domain.pddl", problem_name = "problem.pddl";
    // A learnt model's JSON text, when one is given.
    std::optional<std::string_view> model_text;
    std::string model_name = "model";
    // --model auto: when no model text is given and the options leave the
    // main heuristic open (or ask for wl), the catalogue's model for the
    // task's domain is used, read through `read_catalog_file` (relative
    // file name -> JSON text). Null catalogue: no automatic model.
    const std::vector<CatalogEntry>* catalog = nullptr;
    std::function<std::string(const std::string& file)> read_catalog_file;
    OptionValues options;  // has_model is set from the model used
    Limits limits;         // for the whole call, parsing included
    double progress_interval_s = 5.0;
    TraceOptions trace;  // record a search trace (SearchResult::trace)
};

struct PlanOutcome {
    Task task;
    std::string model_name;  // the model used ("" for none)
    PlannerOptions options;  // as resolved (configuration, heuristic, model)
    SearchResult result;     // a Solved result's plan has been validated
    double parse_time_s = 0;
};

// The graph kinds --model auto prefers, best first (docs/search.md).
const std::vector<GraphKind>& auto_model_preference(SpaceKind space);
// Whether the options leave room for a learnt model (--model auto): no main
// heuristic other than wl, from the options or from the configuration text.
bool accepts_auto_model(const OptionValues& values);

// The space a catalogue model is chosen for when the run's is `run_space`:
// that of the first phase that evaluates wl, when the phase names one and
// the options leave the run's space to the task; else `run_space`.
SpaceKind model_space(const OptionValues& values, SpaceKind run_space);

// The model a request uses on `task` in `space`: its model text, else (with
// a catalogue, when request.options accept a model) the catalogue's model
// for the task's domain and the space its model phase runs in (`space`
// unless that phase names one), else none (null). Throws ll::Error(Model) for an
// invalid model or one of another domain.
struct ResolvedModel {
    std::shared_ptr<const WlModel> model;
    std::string name;
};
ResolvedModel resolve_request_model(const PlanRequest& request, const Task& task, SpaceKind space);

// Throws ll::Error for bad input, options or models; an invalid plan (a bug)
// is an Internal error. With anytime search, each plan found reaches
// `progress` (Progress::plan) validated, with its cost, as it is found.
PlanOutcome plan_request(const PlanRequest& request, const ProgressCallback& progress = {});

// Removes the artificial goal action (task.hpp) from `plan` and validates
// it: returns its cost; throws ll::Error(Internal) for an invalid plan and
// Error(Input) for an action whose cost the task leaves undefined. With
// `budget` (null: none), re-deriving the derived atoms polls it (throws
// LimitReached).
std::int64_t check_plan(const Task& task, std::vector<GroundAction>& plan,
                        Budget* budget = nullptr);

// The plan in IPC format, one "(action obj ...)" per line and Fast
// Downward's closing cost comment ("; cost = N (unit cost)", or "(general
// cost)" for a task with action costs).
std::string format_plan(const Task& task, std::span<const GroundAction> plan);

}  // namespace ll
