// The planner facade: assembles task structures, heuristic, space and engine.
#include "core/planner.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

#include "core/common/budget.hpp"
#include "core/common/error.hpp"
#include "core/common/resources.hpp"
#include "core/heuristics/blind.hpp"
#include "core/heuristics/dead_end_detector.hpp"
#include "core/heuristics/goal_count.hpp"
#include "core/heuristics/lm_cut.hpp"
#include "core/heuristics/relaxation.hpp"
#include "core/heuristics/restricted_relaxation.hpp"
#include "core/learning/wl_heuristic.hpp"
#include "core/optimality.hpp"
#include "core/search/astar_search.hpp"
#include "core/search/breadth_first_search.hpp"
#include "core/search/eager_search.hpp"
#include "core/search/evaluators.hpp"
#include "core/search/lazy_search.hpp"
#include "core/search/open_list.hpp"
#include "core/search/partial_space.hpp"
#include "core/search/search_trace.hpp"
#include "core/search/state_space.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"

namespace ll {

const char* to_string(SearchStatus status) {
    switch (status) {
        case SearchStatus::Solved:
            return "solved";
        case SearchStatus::Unsolvable:
            return "unsolvable";
        case SearchStatus::ExpansionLimit:
            return "expansion-limit";
        case SearchStatus::OutOfMemory:
            return "out-of-memory";
        case SearchStatus::OutOfTime:
            return "out-of-time";
    }
    return "unknown";
}

SpaceKind parse_space_kind(std::string_view name) {
    if (name == "state") return SpaceKind::State;
    if (name == "partial") return SpaceKind::Partial;
    throw Error(ErrorCategory::Usage,
                "unknown search space '" + std::string(name) + "' (expected state or partial)");
}

const char* to_string(SpaceKind kind) {
    return kind == SpaceKind::State ? "state" : "partial";
}

SpaceKind choose_space(const Task& task) {
    return task.num_objects() >= kPartialSpaceObjects ? SpaceKind::Partial : SpaceKind::State;
}

DeadEndDetection parse_dead_end_detection(std::string_view name) {
    if (name == "auto") return DeadEndDetection::Auto;
    if (name == "relaxed") return DeadEndDetection::Relaxed;
    if (name == "none") return DeadEndDetection::None;
    throw Error(ErrorCategory::Usage, "unknown dead-end detection '" + std::string(name) +
                                          "' (expected auto, relaxed or none)");
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
    if (options.space_is_explicit || search.space == PhaseSpace::Auto) return options.space;
    return search.space == PhaseSpace::Partial ? SpaceKind::Partial : SpaceKind::State;
}

bool wants_dead_end_detection(const PlannerOptions& options) {
    if (options.dead_ends == DeadEndDetection::Auto) {
        // A relaxation heuristic in the configuration (preferred operators
        // bring hFF) detects these dead ends itself.
        const bool relaxation = options.search.preferred || uses(options, HeuristicKind::FF) ||
                                uses(options, HeuristicKind::Add) ||
                                uses(options, HeuristicKind::Max);
        return options.heuristic == HeuristicKind::Wl && options.model &&
               options.model->relaxed_dead_ends && !relaxation;
    }
    return options.dead_ends == DeadEndDetection::Relaxed;
}
}  // namespace

std::unique_ptr<ActionSetHeuristic> make_action_set_heuristic(
    HeuristicKind heuristic, const PlannerOptions& options, const Task& task,
    const StateLayout& layout, const StaticFacts& statics, const GoalChecker& goal,
    SuccessorGenerator& successors) {
    if (heuristic == HeuristicKind::GoalCount) {
        return std::make_unique<GoalCountHeuristic>(task, layout, goal, &successors);
    }
    if (heuristic == HeuristicKind::Blind) {
        return std::make_unique<BlindHeuristic>(task, goal, options.search.cost_type);
    }
    if (heuristic == HeuristicKind::LmCut) {
        return std::make_unique<LmCutHeuristic>(
            task, layout, statics, goal, options.search.relaxation, options.search.cost_type);
    }
    if (heuristic == HeuristicKind::Wl) {
        if (!options.model) {
            throw Error(ErrorCategory::Usage, "the wl heuristic needs a model (--model FILE)");
        }
        return std::make_unique<WlHeuristic>(*options.model, task, layout, statics, successors);
    }
    const auto kind = heuristic == HeuristicKind::Add   ? RelaxationHeuristic::Kind::Add
                      : heuristic == HeuristicKind::Max ? RelaxationHeuristic::Kind::Max
                                                        : RelaxationHeuristic::Kind::FF;
    if (options.space == SpaceKind::Partial) {
        return std::make_unique<RestrictedRelaxationHeuristic>(
            kind, task, layout, statics, goal, successors, options.search.relaxation,
            options.search.cost_type);
    }
    return std::make_unique<RelaxationHeuristic>(
        kind, task, layout, statics, goal, options.search.relaxation, options.search.cost_type);
}

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

std::string describe_search(const PlannerOptions& options) {
    std::string out = to_string(options.search, options.heuristic);
    for (const PlannerOptions::Phase& phase : options.next_phases)
        out += ";" + to_string(phase.search, phase.heuristic);
    return out;
}

namespace {
// Runs the phases in order: each gets its share of the time left; a phase
// that ends for any other reason than its time share ends the portfolio.
// Counts add up over the phases; h values are those of the last phase.
SearchResult solve_portfolio(const Task& task, const PlannerOptions& options,
                             const ProgressCallback& progress) {
    Stopwatch clock;
    std::vector<PlannerOptions::Phase> phases{{options.heuristic, options.search}};
    phases.insert(phases.end(), options.next_phases.begin(), options.next_phases.end());
    Statistics total;
    SearchResult result;
    for (std::size_t i = 0; i < phases.size(); ++i) {
        const bool last = i + 1 == phases.size();
        PlannerOptions phase = options;
        phase.next_phases.clear();
        phase.heuristic = phases[i].heuristic;
        phase.search = phases[i].search;
        const double left = options.limits.time_limit_s - clock.seconds();
        if (!(left > 0)) break;
        const SearchConfig& search = phases[i].search;
        const bool partial = phase_space(options, search) == SpaceKind::Partial;
        const double share = partial && search.time_fraction_partial > 0
                                 ? search.time_fraction_partial
                                 : search.time_fraction;
        phase.limits.time_limit_s = last ? left : left * share;
        if (options.limits.max_expansions >= 0) {
            phase.limits.max_expansions =
                std::max<std::int64_t>(0, options.limits.max_expansions - total.expansions);
        }
        if (options.limits.max_evaluations >= 0) {
            phase.limits.max_evaluations =
                std::max<std::int64_t>(0, options.limits.max_evaluations - total.evaluations);
        }
        result = solve(task, phase, progress);
        const Statistics& s = result.stats;
        total.expansions += s.expansions;
        total.evaluations += s.evaluations;
        total.generated += s.generated;
        total.generated_transitions += s.generated_transitions;
        total.dead_ends += s.dead_ends;
        total.skipped_evaluations += s.skipped_evaluations;
        total.symmetric_pruned += s.symmetric_pruned;
        total.wl_colours_seen += s.wl_colours_seen;
        total.wl_colours_unseen += s.wl_colours_unseen;
        if (i == 0) total.initial_h = s.initial_h;
        total.best_h = s.best_h;
        total.peak_memory_mb = std::max(total.peak_memory_mb, s.peak_memory_mb);
        // Without a time limit a phase gives up its turn only when it stalls.
        if (result.status != SearchStatus::OutOfTime) break;
        if (!std::isfinite(left) && !(search.stall_s > 0)) break;
    }
    total.search_time_s = clock.seconds();
    result.stats = total;
    return result;
}
}  // namespace

SearchResult solve(const Task& task, const PlannerOptions& options,
                   const ProgressCallback& progress) {
    check_limits(options.limits);
    if (options.next_phases.empty() && phase_space(options, options.search) != options.space) {
        PlannerOptions inner = options;
        inner.space = phase_space(options, options.search);
        return solve(task, inner, progress);
    }
    if (options.parameter_order && options.space == SpaceKind::Partial) {
        const ReorderedTask reordered = reorder_parameters(task, *options.parameter_order);
        if (!reordered.is_identity) {
            if (uses_anywhere(options, HeuristicKind::Wl)) {
                // Graph edge labels are parameter positions: a model only
                // fits the order it was trained with (the declared one).
                throw Error(ErrorCategory::Usage,
                            "learnt models use the declared parameter order; parameter order '" +
                                options.parameter_order->name() + "' cannot be combined with wl");
            }
            PlannerOptions inner = options;
            inner.parameter_order.reset();
            SearchResult result = solve(reordered.task, inner, progress);
            for (GroundAction& action : result.plan)
                action = to_declaration_order(reordered, action);
            return result;
        }
    }
    if (!options.next_phases.empty()) return solve_portfolio(task, options, progress);
    Stopwatch clock;
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    SuccessorGenerator successors(task, layout, statics);
    // Polled inside successor generation, relaxed explorations and WL, so no
    // single step outruns a limit (the engine catches LimitReached).
    Budget budget(&clock, options.limits.time_limit_s, options.limits.memory_limit_mb);
    successors.set_budget(&budget);

    // Heuristics: the main one, the extra ones, and for preferred operators
    // an FF evaluator when the configuration has none.
    check_optimal_search(options);
    const EngineKind engine_kind = options.search.engine;
    // Breadth-first and uniform-cost search evaluate nothing.
    const bool blind_engine = engine_kind == EngineKind::Bfs || engine_kind == EngineKind::Ucs;
    std::vector<HeuristicKind> kinds;
    if (!blind_engine) kinds.push_back(options.heuristic);
    kinds.insert(kinds.end(), options.search.extra_heuristics.begin(),
                 options.search.extra_heuristics.end());
    const std::size_t queued = kinds.size();
    if (options.search.preferred && !uses(options, HeuristicKind::FF)) {
        kinds.push_back(HeuristicKind::FF);
    }
    std::vector<std::unique_ptr<ActionSetHeuristic>> heuristics;
    std::vector<std::unique_ptr<HeuristicEvaluator>> heuristic_evaluators;
    for (HeuristicKind kind : kinds) {
        heuristics.push_back(
            make_action_set_heuristic(kind, options, task, layout, statics, goal, successors));
        heuristics.back()->set_budget(&budget);
        heuristic_evaluators.push_back(
            std::make_unique<HeuristicEvaluator>(to_string(kind), *heuristics.back()));
    }

    EngineSetup setup;
    setup.limits = options.limits;
    setup.progress_interval_s = options.progress_interval_s;
    setup.boost = options.search.boost;
    setup.stall_s = options.search.stall_s;
    setup.clock = &clock;
    setup.budget = &budget;
    for (auto& e : heuristic_evaluators)
        setup.evaluators.push_back(e.get());
    if (options.search.preferred) {
        for (std::size_t i = 0; i < kinds.size(); ++i) {
            if (kinds[i] == HeuristicKind::FF) {
                setup.preferred.push_back(heuristic_evaluators[i].get());
                break;
            }
        }
    }
    std::unique_ptr<NoveltyEvaluator> novelty;
    if (options.search.novelty) {
        novelty = std::make_unique<NoveltyEvaluator>(layout, heuristic_evaluators[0].get());
        setup.evaluators.push_back(novelty.get());
    }

    // Queues: each queued heuristic, with a preferred-only twin; then
    // (novelty, main h). One queue is used as it is, several alternate.
    std::vector<std::unique_ptr<OpenList>> queues;
    const TieBreaking ties = options.search.ties;
    for (std::size_t i = 0; i < queued && !is_optimal_engine(engine_kind); ++i) {
        queues.push_back(make_best_first_open_list({heuristic_evaluators[i].get()}, false, ties));
        if (options.search.preferred) {
            queues.push_back(
                make_best_first_open_list({heuristic_evaluators[i].get()}, true, ties));
        }
    }
    if (novelty) {
        queues.push_back(
            make_best_first_open_list({novelty.get(), heuristic_evaluators[0].get()}, false, ties));
    }
    // The optimal engines keep their own open lists.
    if (!is_optimal_engine(engine_kind)) {
        setup.open = queues.size() == 1 ? std::move(queues.front())
                                        : make_alternation_open_list(std::move(queues));
    }

    std::optional<RelaxedDeadEndDetector> detector;
    std::optional<DeadEndCheck> dead_end;
    if (wants_dead_end_detection(options)) {
        detector.emplace(task, layout, statics, goal, options.search.relaxation);
        detector->set_budget(&budget);
        dead_end.emplace(*detector);
        setup.dead_end = &*dead_end;
    }

    std::optional<ObjectSymmetry> symmetry;
    std::unique_ptr<SearchSpace> space;
    if (options.space == SpaceKind::Partial) {
        if (options.search.symmetry) symmetry.emplace(task, layout);
        space = std::make_unique<PartialSpace>(task, layout, successors, goal,
                                               symmetry ? &*symmetry : nullptr);
    } else {
        if (options.search.symmetry) symmetry.emplace(task, layout);
        space = std::make_unique<StateSpace>(task, layout, successors, goal,
                                             symmetry ? &*symmetry : nullptr);
    }
    std::optional<SearchTrace> trace;
    if (options.trace.enabled) {
        trace.emplace(*space, options.trace.max_expanded);
        setup.observer = &*trace;
    }
    std::unique_ptr<SearchEngine> engine;
    if (engine_kind == EngineKind::Lazy) {
        engine = std::make_unique<LazySearch>(*space, std::move(setup));
    } else if (engine_kind == EngineKind::Bfs) {
        engine = std::make_unique<BreadthFirstSearch>(*space, std::move(setup));
    } else if (engine_kind == EngineKind::Ucs || engine_kind == EngineKind::Astar) {
        engine = std::make_unique<AStarSearch>(*space, std::move(setup));
    } else {
        engine = std::make_unique<EagerSearch>(*space, std::move(setup));
    }
    SearchResult result = engine->run(progress);
    if (trace) {
        result.trace = trace->to_json(task, layout, engine_kind == EngineKind::Astar,
                                      options.space == SpaceKind::Partial);
    }
    for (const auto& h : heuristics) {
        if (const auto* wl = dynamic_cast<const WlHeuristic*>(h.get())) {
            result.stats.wl_colours_seen += wl->miss_statistics().seen;
            result.stats.wl_colours_unseen += wl->miss_statistics().unseen;
        }
    }
    return result;
}

}  // namespace ll
