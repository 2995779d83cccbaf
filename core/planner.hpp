// The planner facade: one call from a Task and options to a SearchResult.
// This is what the CLI, the wasm bindings and the tests use; the search
// engine, spaces and heuristics behind it are assembled here.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/learning/model.hpp"
#include "core/search/search_config.hpp"
#include "core/search/search_result.hpp"
#include "core/search/search_trace.hpp"
#include "core/task/parameter_order.hpp"
#include "core/task/task.hpp"

namespace ll {

class ActionSetHeuristic;
class GoalChecker;
class GroundRelaxationCache;
class StateLayout;
class StaticFacts;
class SuccessorGenerator;

// Whether states whose goal is unreachable in the delete relaxation are
// pruned (checked once per expanded state). Auto: only for a learnt model
// whose trainer found such dead ends in its domain (WlModel::
// relaxed_dead_ends); the relaxation heuristics detect them themselves, and
// goal-count is a plain baseline and stays one.
enum class DeadEndDetection { Auto, Relaxed, None };
const NameTable<DeadEndDetection>& dead_end_detection_names();
// Throws ll::Error(Usage) naming the accepted values. The spaces' names:
// parse_space_kind (core/search/search_space.hpp).
DeadEndDetection parse_dead_end_detection(std::string_view name);

// The space for `--space auto` (the default of the pipeline): PS² for tasks
// of at least kPartialSpaceObjects objects, S³ below. S³ evaluates every
// child of an expanded state; on tasks this large (HBF blocksworld, 500+
// blocks) it manages a few expansions per second, while PS² evaluates a
// handful of partial children (docs/search.md).
inline constexpr int kPartialSpaceObjects = 300;
SpaceKind choose_space(const Task& task);

struct PlannerOptions {
    // State or Partial (a request's auto is resolved by the pipeline).
    SpaceKind space = SpaceKind::State;
    // The user chose `space` (--space state|partial): it overrides the
    // phases' space keys. Otherwise a phase with space=state|partial uses
    // that space.
    bool space_is_explicit = false;
    // The main heuristic: the first queue's key, the reported h.
    HeuristicKind heuristic = HeuristicKind::FF;
    // Engine, extra heuristics, preferred operators, novelty. A default
    // constructed value is the paper's search (eager, one queue, lifted
    // relaxation).
    SearchConfig search = SearchConfig::paper();
    // A sequential portfolio's later phases (main heuristic and
    // configuration each), run in order while the previous phase ran out of
    // its share of time (SearchConfig::time_fraction). Empty: one phase.
    struct Phase {
        HeuristicKind heuristic = HeuristicKind::FF;
        SearchConfig search;
    };
    std::vector<Phase> next_phases;
    Limits limits;
    // The learnt model for HeuristicKind::Wl (required when the main or an
    // extra heuristic is wl, ignored otherwise). Either space works: S³ evaluates h(s, None).
    std::shared_ptr<const WlModel> model;
    DeadEndDetection dead_ends = DeadEndDetection::Auto;
    // The order in which the partial space binds parameters (null: as
    // declared). Plans are always reported in the declared order.
    std::shared_ptr<const ParameterOrder> parameter_order;
    // How often (seconds of search time) the progress callback is called in
    // addition to every new best h. The CLI uses a few seconds, the browser
    // a fraction of a second.
    double progress_interval_s = 5.0;
    // Record a search trace into SearchResult::trace (the last phase's).
    TraceOptions trace;
};

// The options as a user writes them (CLI flags, fields of a JS request),
// absent when not given. One set of rules, shared by every front end, turns
// them into PlannerOptions: the search configuration starts from `config`
// (default: the alias "default"), and `search`, `preferred` and `novelty`
// override its fields; the main heuristic is `heuristic`, else the
// configuration's h=, else wl with a model and ff without.
struct OptionValues {
    // space: state, partial or auto (choose_space; resolved by the pipeline).
    std::optional<std::string> space, heuristic, config, search, preferred, novelty, dead_ends,
        parameter_order;
    // anytime: off, auto or on, for every phase (core/search/anytime.hpp;
    // `lazylifted plan` sets auto with a time limit, on with --anytime).
    std::optional<std::string> anytime;
    bool has_model = false;
};
// Throws ll::Error(Usage) for unknown values and contradictions (a model
// with no wl heuristic, wl without a model). Limits are left as they are.
PlannerOptions make_planner_options(const OptionValues& values);
// The canonical text of the whole configuration: every phase, ';'-separated.
std::string describe_search(const PlannerOptions& options);

// The heuristic `heuristic` as the search builds it for `options` (its
// space, model, relaxation and cost type): what explanations and the
// partial-action tree evaluate. Throws ll::Error(Usage) for wl without a
// model. The references must outlive the heuristic; `groundings` (if any)
// shares ground relaxed tasks with other heuristics of the run.
std::unique_ptr<ActionSetHeuristic> make_action_set_heuristic(
    HeuristicKind heuristic, const PlannerOptions& options, const Task& task,
    const StateLayout& layout, const StaticFacts& statics, const GoalChecker& goal,
    SuccessorGenerator& successors, GroundRelaxationCache* groundings = nullptr);

// Whether a run improves its first plan (anytime search): anytime=on, or
// anytime=auto with a time limit and a configuration that does not already
// find a cheapest plan (core/optimality.hpp).
bool improves_plans(const PlannerOptions& options, const Task& task);

// Throws ll::Error(Unsupported/Usage) for combinations it refuses. With
// anytime search (improves_plans), every plan found is reported to
// `progress` (Progress::plan) as it is found, the first one included, and
// the result holds the last, cheapest one.
SearchResult solve(const Task& task, const PlannerOptions& options,
                   const ProgressCallback& progress = {});

}  // namespace ll
