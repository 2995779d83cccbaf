// The planner facade: assembles task structures, heuristic, space and engine.
#include "core/planner.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <span>

#include "core/common/budget.hpp"
#include "core/common/error.hpp"
#include "core/common/resources.hpp"
#include "core/heuristics/blind.hpp"
#include "core/heuristics/dead_end_detector.hpp"
#include "core/heuristics/heuristic_list.hpp"
#include "core/learning/wl_heuristic.hpp"
#include "core/optimality.hpp"
#include "core/search/anytime_search.hpp"
#include "core/search/engine_list.hpp"
#include "core/search/evaluators.hpp"
#include "core/search/lookahead.hpp"
#include "core/search/open_list.hpp"
#include "core/search/partial_space.hpp"
#include "core/search/search_trace.hpp"
#include "core/search/state_space.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/action_costs.hpp"
#include "core/task/goal.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"
#include "core/validation/plan_reduction.hpp"

namespace ll {

SpaceKind choose_space(const Task& task) {
    return task.num_objects() >= kPartialSpaceObjects ? SpaceKind::Partial : SpaceKind::State;
}

const NameTable<DeadEndDetection>& dead_end_detection_names() {
    static constexpr Named<DeadEndDetection> kNames[]{{DeadEndDetection::Auto, "auto"},
                                                      {DeadEndDetection::Relaxed, "relaxed"},
                                                      {DeadEndDetection::None, "none"}};
    static constexpr NameTable<DeadEndDetection> kTable{"dead-end detection", kNames};
    return kTable;
}

DeadEndDetection parse_dead_end_detection(std::string_view name) {
    return dead_end_detection_names().parse(name);
}

namespace {
void check_limits(const Limits& limits) {
    if (!(limits.time_limit_s > 0)) {
        throw Error(ErrorCategory::Usage, "the time limit must be positive");
    }
    if (!(limits.memory_limit_mb > 0)) {
        throw Error(ErrorCategory::Usage, "the memory limit must be positive");
    }
    if (limits.max_expansions < -1) {
        throw Error(ErrorCategory::Usage, "the expansion limit must be non-negative");
    }
    if (limits.max_evaluations < -1) {
        throw Error(ErrorCategory::Usage, "the evaluation limit must be non-negative");
    }
}

// Whether a phase (main heuristic and configuration) uses `kind`.
bool uses(HeuristicKind main, const SearchConfig& search, HeuristicKind kind) {
    if (kind == HeuristicKind::LmCount && search.landmarks) return true;
    return main == kind || std::find(search.extra_heuristics.begin(), search.extra_heuristics.end(),
                                     kind) != search.extra_heuristics.end();
}

bool uses(const PlannerOptions& options, HeuristicKind kind) {
    return uses(options.heuristic, options.search, kind);
}

// In any phase of a portfolio.
bool uses_anywhere(const PlannerOptions& options, HeuristicKind kind) {
    return uses(options, kind) ||
           std::any_of(
               options.next_phases.begin(), options.next_phases.end(),
               [&](const PlannerOptions::Phase& p) { return uses(p.heuristic, p.search, kind); });
}

// The space a phase runs in: the user's (--space), else the phase's space
// key, else the run's (auto already resolved).
SpaceKind phase_space(const PlannerOptions& options, const SearchConfig& search) {
    if (options.space_is_explicit || search.space == SpaceKind::Auto) return options.space;
    return search.space;
}

bool wants_dead_end_detection(const PlannerOptions& options) {
    if (options.dead_ends == DeadEndDetection::Auto) {
        // A relaxation heuristic in the configuration (preferred operators
        // bring hFF) detects these dead ends itself.
        bool relaxation = options.search.preferred;
        for (const HeuristicEntry& h : heuristic_list().entries())
            relaxation = relaxation || (h.relaxation && uses(options, h.value));
        return heuristic_entry(options.heuristic).needs_model && options.model &&
               options.model->relaxed_dead_ends && !relaxation;
    }
    return options.dead_ends == DeadEndDetection::Relaxed;
}
}  // namespace

std::unique_ptr<ActionSetHeuristic> make_action_set_heuristic(
    HeuristicKind heuristic, const PlannerOptions& options, const Task& task,
    const StateLayout& layout, const StaticFacts& statics, const GoalChecker& goal,
    SuccessorGenerator& successors, GroundRelaxationCache* groundings) {
    const HeuristicEntry& entry = heuristic_entry(heuristic);
    if (entry.needs_model && !options.model) {
        throw Error(ErrorCategory::Usage,
                    std::string("the ") + entry.name + " heuristic needs a model (--model FILE)");
    }
    const HeuristicInputs inputs{task,           layout,
                                 statics,        goal,
                                 successors,     options.space == SpaceKind::Partial,
                                 options.search, options.model.get(),
                                 groundings,     options.search.symmetry};
    if (entry.make != nullptr) return entry.make(inputs);
    for (const HeuristicBuilder& builder : learnt_heuristic_list()) {
        if (builder.kind == heuristic) return builder.make(inputs);
    }
    throw Error(ErrorCategory::Internal, std::string("no factory for heuristic ") + entry.name);
}

namespace {

// Whether two phases run the same search, but for how long (time share,
// stall, branching bound) and whether (after-stall); `in_partial`: both run
// in PS², where lookahead is a no-op (make_phase_lookahead).
bool same_search(const PlannerOptions::Phase& a, const PlannerOptions::Phase& b,
                 bool in_partial = false) {
    SearchConfig x = a.search;
    if (in_partial) x.lookahead = b.search.lookahead;
    x.time_fraction = b.search.time_fraction;
    x.time_fraction_partial = b.search.time_fraction_partial;
    x.stall_s = b.search.stall_s;
    x.max_branching = b.search.max_branching;
    x.after_stall = b.search.after_stall;
    return a.heuristic == b.heuristic && x == b.search;
}

// Two neighbouring phases that differ only in how long they run (left
// next to each other when the model phase between them is dropped) would
// restart the same search: the later one, with its limits, runs alone;
// unless it runs only after a stall (after-stall), as a fresh start of the
// search that just stalled would stall the same way: then it is dropped.
// `resolved`: the run's options once the space is known (null before).
void merge_repeated_phases(std::vector<PlannerOptions::Phase>& phases,
                           const PlannerOptions* resolved = nullptr) {
    const auto in_partial = [resolved](const PlannerOptions::Phase& p) {
        return resolved != nullptr && phase_space(*resolved, p.search) == SpaceKind::Partial;
    };
    for (std::size_t i = 1; i < phases.size();) {
        const bool partial = in_partial(phases[i - 1]) && in_partial(phases[i]);
        if (same_search(phases[i - 1], phases[i], partial)) {
            const std::size_t dropped = phases[i].search.after_stall ? i : i - 1;
            phases.erase(phases.begin() + static_cast<std::ptrdiff_t>(dropped));
        } else {
            ++i;
        }
    }
}

}  // namespace

PlannerOptions make_planner_options(const OptionValues& values) {
    PlannerOptions options;
    // "auto" needs the task: the pipeline resolves it (choose_space) first.
    if (values.space && *values.space != "auto") options.space = parse_space_kind(*values.space);
    options.space_is_explicit = values.space && *values.space != "auto";
    // Every phase with the user's overrides; phases that need a model are
    // dropped when there is none (the default portfolio starts with one).
    std::vector<PlannerOptions::Phase> phases;
    const std::vector<ParsedSearchConfig> parsed_phases =
        parse_search_phases(values.config.value_or("default"));
    for (const ParsedSearchConfig& parsed : parsed_phases) {
        PlannerOptions::Phase phase;
        phase.search = parsed.config;
        if (values.search) phase.search.engine = parse_engine_kind(*values.search);
        if (values.preferred) phase.search.preferred = parse_switch(*values.preferred, "preferred");
        if (values.novelty) phase.search.novelty = parse_switch(*values.novelty, "novelty");
        if (values.anytime) phase.search.anytime = anytime_mode_names().parse(*values.anytime);
        if (values.heuristic) {
            phase.heuristic = parse_heuristic_kind(*values.heuristic);
            // A phase written for the learnt model (h=wl) is not turned into
            // a second run of another heuristic: it is dropped.
            const bool model_phase = parsed.sets_heuristic && parsed.heuristic == HeuristicKind::Wl;
            if (model_phase && phase.heuristic != HeuristicKind::Wl && parsed_phases.size() > 1) {
                continue;
            }
        } else if (parsed.sets_heuristic) {
            phase.heuristic = parsed.heuristic;
        } else if (is_optimal_engine(phase.search.engine)) {
            phase.heuristic = HeuristicKind::Blind;  // bfs and ucs evaluate nothing
        } else {
            phase.heuristic = values.has_model ? HeuristicKind::Wl : HeuristicKind::FF;
        }
        if (uses(phase.heuristic, phase.search, HeuristicKind::Wl) && !values.has_model) {
            if (values.heuristic) {
                throw Error(ErrorCategory::Usage, "the wl heuristic needs a model");
            }
            continue;
        }
        phases.push_back(std::move(phase));
    }
    if (phases.empty()) throw Error(ErrorCategory::Usage, "the wl heuristic needs a model");
    merge_repeated_phases(phases);
    options.heuristic = phases.front().heuristic;
    options.search = phases.front().search;
    phases.erase(phases.begin());
    options.next_phases = std::move(phases);
    if (values.has_model && !uses_anywhere(options, HeuristicKind::Wl)) {
        throw Error(ErrorCategory::Usage,
                    std::string("a model is only used by the wl heuristic (got heuristic ") +
                        to_string(options.heuristic) + ")");
    }
    if (values.dead_ends) options.dead_ends = parse_dead_end_detection(*values.dead_ends);
    if (values.parameter_order) {
        options.parameter_order = make_parameter_order(*values.parameter_order);
    }
    return options;
}

namespace {

// The phases as they run once the space is known: phases that repeat
// their neighbour's search there are merged (in PS², phases that differ
// only by lookahead, a no-op there).
std::vector<PlannerOptions::Phase> running_phases(const PlannerOptions& options) {
    std::vector<PlannerOptions::Phase> all{{options.heuristic, options.search}};
    all.insert(all.end(), options.next_phases.begin(), options.next_phases.end());
    merge_repeated_phases(all, &options);
    return all;
}

}  // namespace

std::string describe_search(const PlannerOptions& options) {
    // A phase's space key says where it runs: an explicit space overrides
    // the configuration's own (phase_space); a phase without one follows the run's.
    // Lookahead is a no-op in PS² (make_phase_lookahead): not named there.
    std::string out;
    for (PlannerOptions::Phase& phase : running_phases(options)) {
        if (phase_space(options, phase.search) == SpaceKind::Partial)
            phase.search.lookahead = false;
        if (phase.search.space != SpaceKind::Auto)
            phase.search.space = phase_space(options, phase.search);
        out += (out.empty() ? "" : ";") + to_string(phase.search, phase.heuristic);
    }
    return out;
}

namespace {

// The options of each phase of a run, in order: its main heuristic,
// configuration and space resolved, no later phases.
std::vector<PlannerOptions> plan_phases(const PlannerOptions& options) {
    const std::vector<PlannerOptions::Phase> all = running_phases(options);
    std::vector<PlannerOptions> phases;
    for (const PlannerOptions::Phase& p : all) {
        PlannerOptions phase = options;
        phase.next_phases.clear();
        phase.heuristic = p.heuristic;
        phase.search = p.search;
        phase.space = phase_space(options, p.search);
        phases.push_back(std::move(phase));
    }
    return phases;
}

// The task with the parameter order of the partial space, when a phase
// runs there and the order is not the declared one.
std::optional<ReorderedTask> reorder_for_partial_phases(const Task& task,
                                                        const PlannerOptions& options,
                                                        std::span<const PlannerOptions> phases) {
    const bool partial = std::any_of(phases.begin(), phases.end(), [](const PlannerOptions& p) {
        return p.space == SpaceKind::Partial;
    });
    if (!options.parameter_order || !partial) return std::nullopt;
    ReorderedTask reordered = reorder_parameters(task, *options.parameter_order);
    if (reordered.is_identity) return std::nullopt;
    for (const HeuristicEntry& h : heuristic_list().entries()) {
        if (h.needs_model && uses_anywhere(options, h.value)) {
            // Graph edge labels are parameter positions: a model only
            // fits the order it was trained with (the declared one).
            throw Error(ErrorCategory::Usage,
                        "learnt models use the declared parameter order; parameter order '" +
                            options.parameter_order->name() + "' cannot be combined with " +
                            h.name);
        }
    }
    return reordered;
}

// The heuristics of a phase with their evaluators: the main one, the extra
// ones, and for preferred operators one that provides them when the
// configuration has none (hFF).
struct PhaseHeuristics {
    std::vector<HeuristicKind> kinds;
    std::size_t queued = 0;  // the first `queued` have a queue each
    std::vector<std::unique_ptr<ActionSetHeuristic>> heuristics;
    std::vector<std::unique_ptr<HeuristicEvaluator>> evaluators;
};

PhaseHeuristics make_phase_heuristics(const PlannerOptions& options, const Task& task,
                                      const StateLayout& layout, const StaticFacts& statics,
                                      const GoalChecker& goal, SuccessorGenerator& successors,
                                      Budget& budget, GroundRelaxationCache* groundings) {
    PhaseHeuristics out;
    // Breadth-first and uniform-cost search evaluate nothing.
    if (engine_entry(options.search.engine).evaluates) out.kinds.push_back(options.heuristic);
    out.kinds.insert(out.kinds.end(), options.search.extra_heuristics.begin(),
                     options.search.extra_heuristics.end());
    // landmarks=on: the landmark count with a queue of its own.
    if (options.search.landmarks &&
        std::find(out.kinds.begin(), out.kinds.end(), HeuristicKind::LmCount) == out.kinds.end()) {
        out.kinds.push_back(HeuristicKind::LmCount);
    }
    out.queued = out.kinds.size();
    if (options.search.preferred && !uses(options, HeuristicKind::FF)) {
        out.kinds.push_back(HeuristicKind::FF);
    }
    for (HeuristicKind kind : out.kinds) {
        out.heuristics.push_back(make_action_set_heuristic(kind, options, task, layout, statics,
                                                           goal, successors, groundings));
        out.heuristics.back()->set_budget(&budget);
        out.evaluators.push_back(
            std::make_unique<HeuristicEvaluator>(to_string(kind), *out.heuristics.back()));
    }
    return out;
}

// Queues: each queued heuristic, with a preferred-only twin; then
// (novelty, main h). One queue is used as it is, several alternate.
std::unique_ptr<OpenList> make_phase_queues(const SearchConfig& search, const PhaseHeuristics& h,
                                            Evaluator* novelty) {
    // The optimal engines keep their own open lists.
    if (engine_entry(search.engine).optimal) return nullptr;
    std::vector<std::unique_ptr<OpenList>> queues;
    for (std::size_t i = 0; i < h.queued; ++i) {
        queues.push_back(make_best_first_open_list({h.evaluators[i].get()}, false, search.ties));
        if (search.preferred) {
            queues.push_back(make_best_first_open_list({h.evaluators[i].get()}, true, search.ties));
        }
    }
    if (novelty != nullptr) {
        queues.push_back(
            make_best_first_open_list({novelty, h.evaluators[0].get()}, false, search.ties));
    }
    return queues.size() == 1 ? std::move(queues.front())
                              : make_alternation_open_list(std::move(queues));
}

std::unique_ptr<SearchSpace> make_phase_space(const PlannerOptions& options, const Task& task,
                                              const StateLayout& layout,
                                              SuccessorGenerator& successors,
                                              const GoalChecker& goal, ObjectSymmetry* symmetry) {
    if (options.space == SpaceKind::Partial) {
        return std::make_unique<PartialSpace>(task, layout, successors, goal, symmetry);
    }
    return std::make_unique<StateSpace>(task, layout, successors, goal, symmetry);
}

// Weighted A* under a cost bound (anytime search; null: a phase as configured).
struct AnytimeStep {
    double weight = 1;
    double cost_bound = 0;
    bool admissible = false;
};

// The engine of a phase, or of an anytime restart: lazy weighted A* with
// preferred operators (LAMA's), or eager A* at weight 1 with an admissible
// heuristic, whose plan is then a cheapest one (core/search/anytime.hpp).
std::unique_ptr<SearchEngine> make_phase_engine(const PlannerOptions& options, const Task& task,
                                                SearchSpace& space, EngineSetup setup,
                                                const AnytimeStep* step) {
    if (step == nullptr) return make_engine(options.search.engine, space, std::move(setup));
    if (step->weight == 1 && step->admissible) {
        setup.preferred.clear();
        return make_engine(EngineKind::Astar, space, std::move(setup));
    }
    return std::make_unique<LazyWeightedSearch>(space, std::move(setup), task);
}

// The phase's relaxed-plan lookahead (lookahead=on): on the phase's hFF, in
// S³ only (a no-op in PS², whose lazy search creates children on expansion),
// not in anytime restarts.
std::unique_ptr<Lookahead> make_phase_lookahead(const PlannerOptions& options,
                                                const PhaseHeuristics& h, const Task& task,
                                                const StateLayout& layout,
                                                SuccessorGenerator& successors,
                                                const AnytimeStep* step) {
    if (!options.search.lookahead) return nullptr;
    const auto ff = std::find(h.kinds.begin(), h.kinds.end(), HeuristicKind::FF);
    if (ff == h.kinds.end()) {
        throw Error(ErrorCategory::Usage,
                    "lookahead=on follows hFF's relaxed plans: it needs h=ff or preferred=on");
    }
    if (step != nullptr || options.space != SpaceKind::State) return nullptr;
    return std::make_unique<Lookahead>(
        task, layout, successors, *h.evaluators[static_cast<std::size_t>(ff - h.kinds.begin())]);
}

// What the phases and anytime restarts of one run share: the ground relaxed
// tasks and the goal orders found on them.
struct RunCaches {
    GroundRelaxationCache groundings;
    GoalOrderCache goal_orders;
    void add_task(const Task& task) {
        groundings.add_task(task);
        goal_orders.add_task(task);
    }
};

// One phase on `task` (already in the phase's parameter order): the task
// structures, heuristics, queues, space and engine, which must outlive the
// engine. A resumable engine's phase can run again and continue its search.
class PhaseRun {
  public:
    // `caches`: the run's, shared with other phases.
    PhaseRun(const Task& task, const PlannerOptions& options, RunCaches& caches,
             const AnytimeStep* step = nullptr);
    // Runs (or, resumable, continues) the search under the limits and stall
    // rule of `options` (the phase that runs it; its time limit counted from
    // now). Counts in the result are this run's own.
    SearchResult run(const PlannerOptions& options, const ProgressCallback& progress);
    bool resumable() const { return engine_->resumable(); }

  private:
    EngineSetup make_setup(const Task& task, const AnytimeStep* step);

    const Task& task_;
    const PlannerOptions options_;
    RunCaches& caches_;
    Stopwatch clock_;
    const StateLayout layout_;
    const StaticFacts statics_;
    const GoalChecker goal_;
    SuccessorGenerator successors_;
    // Polled inside successor generation, relaxed explorations and WL, so no
    // single step outruns a limit (the engine catches LimitReached).
    Budget budget_;
    PhaseHeuristics h_;
    std::unique_ptr<NoveltyEvaluator> novelty_;
    std::unique_ptr<Lookahead> lookahead_;
    std::optional<RelaxedDeadEndDetector> detector_;
    std::optional<DeadEndCheck> dead_end_;
    std::optional<GoalOrderCheck> goal_orders_;
    std::optional<CountingDeadEnds> counting_;
    std::optional<ObjectSymmetry> symmetry_;
    std::unique_ptr<SearchSpace> space_;
    std::optional<SearchTrace> trace_;
    std::unique_ptr<SearchEngine> engine_;
    bool ran_ = false;
    Statistics before_;  // the engine's and heuristics' counts after the last run
};

PhaseRun::PhaseRun(const Task& task, const PlannerOptions& options, RunCaches& caches,
                   const AnytimeStep* step)
    : task_(task),
      options_(options),
      caches_(caches),
      layout_(task),
      statics_(task),
      goal_(task, layout_, statics_),
      successors_(task, layout_, statics_),
      budget_(&clock_, options.limits.time_limit_s, options.limits.memory_limit_mb) {
    successors_.set_budget(&budget_);
    check_optimal_search(options_);
    h_ = make_phase_heuristics(options_, task, layout_, statics_, goal_, successors_, budget_,
                               &caches_.groundings);
    if (options_.search.symmetry) symmetry_.emplace(task, layout_);
    EngineSetup setup = make_setup(task, step);
    space_ = make_phase_space(options_, task, layout_, successors_, goal_,
                              symmetry_ ? &*symmetry_ : nullptr);
    if (options_.trace.enabled) {
        trace_.emplace(*space_, options_.trace.max_expanded);
        setup.observer = &*trace_;
    }
    engine_ = make_phase_engine(options_, task, *space_, std::move(setup), step);
}

EngineSetup PhaseRun::make_setup(const Task& task, const AnytimeStep* step) {
    const PlannerOptions& options = options_;
    EngineSetup setup;
    setup.limits = options.limits;
    setup.progress_interval_s = options.progress_interval_s;
    setup.boost = options.search.boost;
    setup.stall_s = options.search.stall_s;
    setup.max_branching = options.search.max_branching;
    setup.clock = &clock_;
    setup.budget = &budget_;
    if (step != nullptr) {
        setup.weight = step->weight;
        setup.cost_bound = step->cost_bound;
        setup.admissible_bound = step->admissible;
    }
    // Anytime restarts key a pair of queues on each evaluator: only on the
    // queued ones (a heuristic there for its preferred operators is
    // evaluated when they are asked for).
    const std::size_t evaluated = step != nullptr ? h_.queued : h_.evaluators.size();
    for (std::size_t i = 0; i < evaluated; ++i)
        setup.evaluators.push_back(h_.evaluators[i].get());
    if (options.search.preferred) {
        // Preferred operators from the first hFF and the first landmark count.
        for (HeuristicKind kind : {HeuristicKind::FF, HeuristicKind::LmCount}) {
            const auto at = std::find(h_.kinds.begin(), h_.kinds.end(), kind);
            if (at != h_.kinds.end())
                setup.preferred.push_back(h_.evaluators[at - h_.kinds.begin()].get());
        }
    }
    if (options.search.novelty) {
        novelty_ = std::make_unique<NoveltyEvaluator>(layout_, h_.evaluators[0].get());
        setup.evaluators.push_back(novelty_.get());
    }
    // Anytime restarts keep their queues in their engine.
    if (step == nullptr) setup.open = make_phase_queues(options.search, h_, novelty_.get());
    lookahead_ = make_phase_lookahead(options, h_, task, layout_, successors_, step);
    setup.lookahead = lookahead_.get();
    if (options.search.goal_orders) {
        goal_orders_.emplace(task, layout_, statics_,
                             RelaxationSource(options.search.relaxation, &caches_.groundings),
                             &caches_.goal_orders);
        goal_orders_->set_budget(&budget_);
        setup.goal_orders = &*goal_orders_;
        if (lookahead_) lookahead_->set_goal_orders(&*goal_orders_);
    }
    if (options.search.counting) {
        counting_.emplace(task, layout_, CountingLimits{}, symmetry_ ? &*symmetry_ : nullptr);
        if (counting_->active()) setup.counting = &*counting_;
    }
    if (wants_dead_end_detection(options)) {
        detector_.emplace(task, layout_, statics_, goal_,
                          RelaxationSource(options.search.relaxation, &caches_.groundings,
                                           options.search.symmetry));
        detector_->set_budget(&budget_);
        dead_end_.emplace(*detector_);
        setup.dead_end = &*dead_end_;
    }
    return setup;
}

SearchResult PhaseRun::run(const PlannerOptions& options, const ProgressCallback& progress) {
    if (ran_) {
        // Limits on the phase's clock; counts over all its runs.
        Limits limits = options.limits;
        limits.time_limit_s += clock_.seconds();
        if (limits.max_expansions >= 0) limits.max_expansions += before_.expansions;
        if (limits.max_evaluations >= 0) limits.max_evaluations += before_.evaluations;
        budget_.set_time_limit(limits.time_limit_s);
        engine_->set_limits(limits, options.search.stall_s, options.search.max_branching);
    }
    SearchResult result = engine_->run(progress);
    if (trace_) {
        result.trace = trace_->to_json(task_, layout_, options_.search.engine == EngineKind::Astar,
                                       options_.space == SpaceKind::Partial);
    }
    for (const auto& heuristic : h_.heuristics)
        heuristic->add_statistics(result.stats);
    if (goal_orders_) result.stats.goal_orders = goal_orders_->num_orders();
    const Statistics total = result.stats;
    if (ran_) result.stats = statistics_since(total, before_);
    before_ = total;
    ran_ = true;
    return result;
}

// A phase's plan in the declared parameter order.
void declared_order_plan(const std::optional<ReorderedTask>& reordered, const PlannerOptions& phase,
                         SearchResult& result) {
    if (!reordered || phase.space != SpaceKind::Partial) return;
    for (GroundAction& action : result.plan)
        action = to_declaration_order(*reordered, action);
}

// One phase: in the partial space on the reordered task when there is one.
SearchResult run_phase(const Task& task, const std::optional<ReorderedTask>& reordered,
                       const PlannerOptions& phase, RunCaches& caches,
                       const ProgressCallback& progress) {
    const bool partial = reordered && phase.space == SpaceKind::Partial;
    PhaseRun run(partial ? reordered->task : task, phase, caches);
    SearchResult result = run.run(phase, progress);
    declared_order_plan(reordered, phase, result);
    return result;
}

// Phase i's limits: its share of the time left, the counts left.
Limits phase_limits(const Limits& limits, std::span<const PlannerOptions> phases, std::size_t i,
                    double left, const Statistics& total) {
    const SearchConfig& search = phases[i].search;
    const bool partial = phases[i].space == SpaceKind::Partial;
    const double share = partial && search.time_fraction_partial > 0 ? search.time_fraction_partial
                                                                     : search.time_fraction;
    Limits out = phases[i].limits;
    out.time_limit_s = i + 1 == phases.size() ? left : left * share;
    if (limits.max_expansions >= 0)
        out.max_expansions = std::max<std::int64_t>(0, limits.max_expansions - total.expansions);
    if (limits.max_evaluations >= 0)
        out.max_evaluations = std::max<std::int64_t>(0, limits.max_evaluations - total.evaluations);
    return out;
}

// The earlier phase whose search phase i repeats (the default's second lazy
// hFF phase), or i.
std::size_t repeated_phase(std::span<const PlannerOptions> phases, std::size_t i) {
    for (std::size_t j = 0; j < i; ++j) {
        const PlannerOptions &a = phases[j], &b = phases[i];
        if (a.space == b.space && same_search({a.heuristic, a.search}, {b.heuristic, b.search}))
            return j;
    }
    return i;
}

// Whether a phase stopped at its share is kept for a later phase that
// repeats it: that one then continues its search instead of starting over,
// unless the kept search would take more than half the memory limit.
bool keep_for_later(const PhaseRun& run, std::span<const PlannerOptions> phases, std::size_t i,
                    const Limits& limits) {
    if (!run.resumable()) return false;
    if (std::isfinite(limits.memory_limit_mb) && current_memory_mb() > 0.5 * limits.memory_limit_mb)
        return false;
    for (std::size_t k = i + 1; k < phases.size(); ++k) {
        if (repeated_phase(phases, k) == i) return true;
    }
    return false;
}

// Ground relaxed tasks that no heuristic holds are kept for later phases
// and restarts, unless the process holds more than half the memory limit.
void release_groundings(GroundRelaxationCache& groundings, const Limits& limits) {
    if (std::isfinite(limits.memory_limit_mb) && current_memory_mb() > 0.5 * limits.memory_limit_mb)
        groundings.drop_unused();
}

// Runs the phases in order: each gets its share of the time left; a phase
// that ends for any other reason than its time share ends the portfolio.
// Counts add up over the phases; h values are those of the last phase.
SearchResult run_portfolio(const Task& task, const std::optional<ReorderedTask>& reordered,
                           const Limits& limits, std::span<const PlannerOptions> phases,
                           RunCaches& caches, const ProgressCallback& progress,
                           std::size_t& last_phase) {
    Stopwatch clock;
    Statistics total;
    SearchResult result;
    std::vector<std::unique_ptr<PhaseRun>> kept(phases.size());
    bool stalled = false;  // some phase that ran ended by stall=
    for (std::size_t i = 0; i < phases.size(); ++i) {
        PlannerOptions phase = phases[i];
        const double left = limits.time_limit_s - clock.seconds();
        if (!(left > 0)) break;
        if (phase.search.after_stall && !stalled) continue;
        phase.limits = phase_limits(limits, phases, i, left, total);
        const std::size_t first = repeated_phase(phases, i);
        std::unique_ptr<PhaseRun> run = std::move(kept[first]);
        if (!run) {
            release_groundings(caches.groundings, limits);
            const bool partial = reordered && phase.space == SpaceKind::Partial;
            run = std::make_unique<PhaseRun>(partial ? reordered->task : task, phase, caches);
        }
        result = run->run(phase, progress);
        declared_order_plan(reordered, phase, result);
        stalled = stalled || result.stalled;
        last_phase = i;
        add_phase_statistics(total, result.stats, i == 0);
        // Without a time limit a phase gives up its turn only when it stalls
        // or branches too widely.
        if (result.status != SearchStatus::OutOfTime) break;
        const SearchConfig& search = phase.search;
        if (!std::isfinite(left) && !(search.stall_s > 0) && !(search.max_branching > 0)) break;
        if (keep_for_later(*run, phases, first, limits)) kept[first] = std::move(run);
    }
    total.search_time_s = clock.seconds();
    result.stats = total;
    return result;
}

void report_plan(const SearchResult& result, double elapsed_s, const ProgressCallback& progress) {
    if (!progress) return;
    Progress p;
    p.stats = result.stats;
    p.elapsed_s = elapsed_s;
    p.plan = &result.plan;
    p.plan_number = result.plans_found;
    progress(p);
}

// The options of anytime search's weighted A* runs: the main heuristic of
// the phase that found the first plan, alone, on the task's own costs, in
// the state space (where path costs are known), with its preferred
// operators (hFF's, the landmark count's). A learnt heuristic ranks states
// without estimating costs (g + w * h would mix scales): hFF then.
PlannerOptions anytime_options(const PlannerOptions& solved) {
    PlannerOptions phase = solved;
    if (heuristic_entry(phase.heuristic).needs_model) phase.heuristic = HeuristicKind::FF;
    phase.space = SpaceKind::State;
    phase.trace = TraceOptions{};
    SearchConfig& search = phase.search;
    search.engine = EngineKind::Lazy;
    search.extra_heuristics.clear();
    // LAMA's restarts alternate hFF and the landmark count; an admissible
    // heuristic's last restart is A*, which proves its plan cheapest.
    search.landmarks = !heuristic_entry(phase.heuristic).admissible;
    search.preferred = true;
    search.novelty = false;
    search.stall_s = 0;
    search.max_branching = 0;
    search.cost_type = CostType::Normal;
    return phase;
}

// Shortens a plan of anytime search by action elimination before it is
// reported, so that the next restart's cost bound is lower (relaxed-plan
// lookahead's plans carry detours). It gets a tenth of the time left, at
// most kShortenMaxS; the plan shortened so far is kept when that ends.
constexpr double kShortenShare = 0.1, kShortenMaxS = 5;
void shorten_plan(const Task& task, std::vector<GroundAction>& plan, const Stopwatch& clock,
                  double time_limit_s) {
    const double now = clock.seconds(), left = time_limit_s - now;
    if (!(left > 0)) return;
    Budget budget(&clock, now + std::min(kShortenShare * left, kShortenMaxS),
                  std::numeric_limits<double>::infinity());
    plan = eliminate_redundant_actions(task, std::move(plan), &budget);
}

// Improves `best` (the first plan, found by the phase `solved`) until a
// limit or a proof that no cheaper plan exists (core/search/anytime.hpp).
SearchResult improve_plan(const Task& task, const PlannerOptions& options,
                          const PlannerOptions& solved, SearchResult best, RunCaches& caches,
                          const Stopwatch& clock, const ProgressCallback& progress) {
    shorten_plan(task, best.plan, clock, options.limits.time_limit_s);
    best.plans_found = 1;
    report_plan(best, clock.seconds(), progress);
    PlannerOptions phase = anytime_options(solved);
    AnytimeStep step;
    step.admissible = heuristic_entry(phase.heuristic).admissible;
    Statistics total = best.stats;
    std::size_t next_weight = 0;
    for (;;) {
        const double left = options.limits.time_limit_s - clock.seconds();
        if (!(left > 0)) {
            best.final_plan = FinalPlanReason::TimeLimit;
            break;
        }
        phase.limits.time_limit_s = left;
        if (options.limits.max_expansions >= 0)
            phase.limits.max_expansions =
                std::max<std::int64_t>(0, options.limits.max_expansions - total.expansions);
        if (options.limits.max_evaluations >= 0)
            phase.limits.max_evaluations =
                std::max<std::int64_t>(0, options.limits.max_evaluations - total.evaluations);
        step.weight = kAnytimeWeights[next_weight];
        step.cost_bound = static_cast<double>(plan_cost(task, best.plan));
        release_groundings(caches.groundings, options.limits);
        SearchResult r = PhaseRun(task, phase, caches, &step).run(phase, progress);
        add_phase_statistics(total, r.stats, false);
        if (r.status == SearchStatus::Solved) {
            if (plan_cost(task, r.plan) >= step.cost_bound)
                throw Error(ErrorCategory::Internal, "anytime search found no cheaper plan");
            best.plan = std::move(r.plan);
            shorten_plan(task, best.plan, clock, options.limits.time_limit_s);
            ++best.plans_found;
            best.stats = total;
            report_plan(best, clock.seconds(), progress);
            if (step.weight == 1 && step.admissible) {
                best.final_plan = FinalPlanReason::ProvedOptimal;
                break;
            }
            next_weight = std::min(next_weight + 1, kAnytimeWeights.size() - 1);
            continue;
        }
        best.final_plan = r.status == SearchStatus::Unsolvable  ? FinalPlanReason::Exhausted
                          : r.status == SearchStatus::OutOfTime ? FinalPlanReason::TimeLimit
                                                                : FinalPlanReason::OtherLimit;
        break;
    }
    total.search_time_s = clock.seconds();
    best.stats = total;
    return best;
}

}  // namespace

bool improves_plans(const PlannerOptions& options, const Task& task) {
    switch (options.search.anytime) {
        case AnytimeMode::On:
            return true;
        case AnytimeMode::Off:
            return false;
        case AnytimeMode::Auto:
            break;
    }
    return std::isfinite(options.limits.time_limit_s) && !optimality(options, task).claimed;
}

SearchResult solve(const Task& task, const PlannerOptions& options,
                   const ProgressCallback& progress) {
    check_limits(options.limits);
    Stopwatch clock;
    const std::vector<PlannerOptions> phases = plan_phases(options);
    const std::optional<ReorderedTask> reordered =
        reorder_for_partial_phases(task, options, phases);
    // Phases and anytime restarts share the ground relaxed tasks.
    RunCaches caches;
    caches.add_task(task);
    if (reordered) caches.add_task(reordered->task);
    std::size_t last_phase = 0;
    SearchResult first =
        phases.size() == 1
            ? run_phase(task, reordered, phases.front(), caches, progress)
            : run_portfolio(task, reordered, options.limits, phases, caches, progress, last_phase);
    if (first.status == SearchStatus::Solved && improves_plans(options, task)) {
        first = improve_plan(task, options, phases[last_phase], std::move(first), caches, clock,
                             progress);
    } else if (first.status == SearchStatus::Solved) {
        first.plans_found = 1;
        first.final_plan = FinalPlanReason::FirstPlan;
    }
    first.stats.relaxation_groundings = caches.groundings.built();
    return first;
}

}  // namespace ll
