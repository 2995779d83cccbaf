// Shared engine machinery: evaluation with progress tracking, expansion with
// the dead-end check, limits and the run wrapper.
#include "core/search/search_engine.hpp"

#include <cmath>
#include <string>

#include "core/common/error.hpp"

namespace ll {

SearchEngine::SearchEngine(SearchSpace& space, EngineSetup setup)
    : space_(space), setup_(std::move(setup)) {
    if (setup_.clock == nullptr) setup_.clock = &own_clock_;
    space_.set_budget(setup_.budget);
    if (setup_.observer != nullptr) expansion_.record_edges = true;
    best_.assign(setup_.evaluators.size(), std::numeric_limits<double>::infinity());
    if (setup_.dead_end != nullptr) {
        prune_ = [this](NodeId node) {
            bool first_time = false;
            const bool dead =
                setup_.dead_end->is_dead_end(space_.state_id(node), space_.state(node), first_time);
            if (dead && first_time) ++stats_.dead_ends;
            if (dead && setup_.observer != nullptr) setup_.observer->dead_end(node);
            return dead;
        };
    }
}

Error needs_path_costs(std::string_view engine) {
    return Error(ErrorCategory::Incompatible,
                 "search=" + std::string(engine) +
                     " runs in the state space only (--space state): partial-space nodes "
                     "have no path cost of their own");
}

void require_path_costs(const SearchSpace& space, const char* engine) {
    if (!space.supports_path_costs()) throw needs_path_costs(engine);
}

SearchResult SearchEngine::run(const ProgressCallback& progress) {
    progress_ = progress;
    const double start = setup_.clock->seconds();
    last_improvement_ = start;
    stalled_ = false;
    SearchResult result;
    try {
        result.status = search();
    } catch (const LimitReached& limit) {
        result.status = limit.kind() == LimitReached::Kind::Time ? SearchStatus::OutOfTime
                                                                 : SearchStatus::OutOfMemory;
        goal_ = -1;
    }
    if (result.status == SearchStatus::Solved) result.plan = space_.extract_plan(goal_);
    result.stalled = stalled_ && result.status == SearchStatus::OutOfTime;
    if (setup_.observer != nullptr) setup_.observer->finished(goal_);
    const SpaceMemory memory = space_.memory();
    stats_.stored_states = memory.nodes;
    stats_.stored_bytes = memory.bytes;
    count_open_memory(stats_);
    stats_.search_time_s = setup_.clock->seconds() - start;
    stats_.peak_memory_mb = peak_memory_mb();
    result.stats = stats_;
    return result;
}

void SearchEngine::count_open_memory(Statistics& stats) const {
    if (!setup_.open) return;
    stats.open_entries = setup_.open->entries();
    stats.open_bytes = setup_.open->bytes();
}

void SearchEngine::report(bool new_best) {
    if (!progress_) return;
    Progress p;
    p.stats = stats_;
    p.stats.search_time_s = setup_.clock->seconds();
    p.elapsed_s = p.stats.search_time_s;
    p.new_best_h = new_best;
    progress_(p);
}

bool SearchEngine::time_passed() const {
    return setup_.clock->seconds() + release_reserve_s() >= setup_.limits.time_limit_s;
}

double SearchEngine::release_reserve_s() const {
    return setup_.budget != nullptr ? setup_.budget->release_reserve_s() : 0.0;
}

bool SearchEngine::limit_reached(SearchStatus& status) {
    const double elapsed = setup_.clock->seconds();
    if (elapsed + release_reserve_s() >= setup_.limits.time_limit_s) {
        status = SearchStatus::OutOfTime;
        return true;
    }
    if (setup_.stall_s > 0 && elapsed - last_improvement_ >= setup_.stall_s) {
        status = SearchStatus::OutOfTime;
        stalled_ = true;
        return true;
    }
    if ((setup_.max_branching > 0 && stats_.expansions > 0 &&
         static_cast<double>(stats_.generated_transitions) >
             setup_.max_branching * static_cast<double>(stats_.expansions))) {
        status = SearchStatus::OutOfTime;
        return true;
    }
    if ((setup_.limits.max_expansions >= 0 && stats_.expansions >= setup_.limits.max_expansions) ||
        (setup_.limits.max_evaluations >= 0 &&
         stats_.evaluations >= setup_.limits.max_evaluations)) {
        status = SearchStatus::ExpansionLimit;
        return true;
    }
    // Rate-limited resident-memory check (throws LimitReached), on the same
    // clock read (each read is a call into JS in wasm).
    if (setup_.budget != nullptr) {
        if (setup_.budget->clock() == setup_.clock)
            setup_.budget->check_at(elapsed);
        else
            setup_.budget->check();
    }
    if (elapsed - last_report_ >= setup_.progress_interval_s) {
        last_report_ = elapsed;
        report(false);
    }
    return false;
}

bool SearchEngine::start(EvalContext& context, bool with_preferred, SearchStatus& status) {
    const NodeId root = space_.root();
    ++stats_.generated;
    if (setup_.observer != nullptr) setup_.observer->generated(Edge{-1, root, 0, true, -1});
    if (space_.is_goal(root)) {
        goal_ = root;
        status = SearchStatus::Solved;
        return false;
    }
    if (!evaluate(root, context, with_preferred)) {
        status = SearchStatus::Unsolvable;
        return false;
    }
    stats_.initial_h = main_value(context);
    return true;
}

bool SearchEngine::evaluate(NodeId node, EvalContext& context, bool with_preferred) {
    context.reset(node, space_.parent(node), space_.state_id(node), space_.state(node),
                  space_.partial(node), &space_);
    if (setup_.goal_orders != nullptr && setup_.goal_orders->violated(context.state())) {
        ++stats_.dead_ends;
        ++stats_.goal_order_dead_ends;
        if (setup_.observer != nullptr) setup_.observer->dead_end(node);
        return false;
    }
    if (setup_.counting != nullptr && !setup_.counting->alive(context.state())) {
        ++stats_.dead_ends;
        ++stats_.counting_dead_ends;
        if (setup_.observer != nullptr) setup_.observer->dead_end(node);
        return false;
    }
    if (setup_.evaluators.empty()) {  // blind search: nothing to evaluate
        if (setup_.observer != nullptr) setup_.observer->evaluated(node, 0);
        return true;
    }
    ++stats_.evaluations;
    if (with_preferred) {
        for (Evaluator* e : setup_.preferred)
            context.result(*e, true);
    }
    bool dead = false;
    for (Evaluator* e : setup_.evaluators) {
        if (context.value(*e) == kDeadEnd) {
            dead = true;
            break;
        }
    }
    if (dead) {
        ++stats_.dead_ends;
        if (setup_.observer != nullptr) setup_.observer->dead_end(node);
        return false;
    }
    if (setup_.observer != nullptr) setup_.observer->evaluated(node, main_value(context));
    bool progress = false, new_best_h = false;
    for (std::size_t i = 0; i < setup_.evaluators.size(); ++i) {
        Evaluator* e = setup_.evaluators[i];
        if (!e->measures_progress()) continue;
        const double v = context.value(*e);
        if (v < best_[i]) {
            best_[i] = v;
            progress = true;
            if (i == 0) new_best_h = true;
        }
    }
    if (new_best_h) {
        last_improvement_ = setup_.clock->seconds();
        stats_.best_h = best_[0];
        report(true);
    }
    if (progress && setup_.boost > 0 && stats_.evaluations > 1 && setup_.open) {
        setup_.open->boost_preferred(setup_.boost);
    }
    return true;
}

void SearchEngine::expand(NodeId node) {
    expansion_.clear();
    if (setup_.observer != nullptr) setup_.observer->expanded(node);
    space_.expand(node, expansion_, prune_);
    if (setup_.observer != nullptr) {
        for (const Edge& edge : expansion_.edges) {
            if (edge.is_new)
                setup_.observer->generated(edge);
            else
                setup_.observer->duplicate(edge);
        }
    }
    stats_.expansions += 1 + expansion_.chained;
    stats_.generated += expansion_.generated;
    stats_.skipped_evaluations += expansion_.single_successors;
    stats_.generated_transitions += expansion_.transitions;
    stats_.symmetric_pruned += expansion_.symmetric;
}

void SearchEngine::collect_preferred(EvalContext& context) {
    helpful_.clear();
    helpful_state_ = context.state_id();
    for (Evaluator* e : setup_.preferred) {
        const EvalResult& r = context.result(*e, true);
        helpful_.append(r.preferred);
    }
}

bool SearchEngine::is_preferred(NodeId child) const {
    return !helpful_.empty() && space_.is_preferred(child, helpful_state_, helpful_);
}

}  // namespace ll
