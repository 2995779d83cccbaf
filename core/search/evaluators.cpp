// Heuristic, novelty and dead-end evaluators.
#include "core/search/evaluators.hpp"

#include <cmath>

namespace ll {

void HeuristicEvaluator::evaluate(EvalContext& context, EvalResult& out, bool want_preferred) {
    PathDependentHeuristic* path = heuristic_.path_dependent();
    double h = 0;
    if (path != nullptr) {
        // The nearest ancestor it evaluated (PS² chains skip evaluation).
        NodeId parent = context.parent();
        while (parent >= 0 && !path->evaluated(parent))
            parent = context.parent_of(parent);
        h = path->evaluate_on_path(context.node(), parent, context.state(), context.partial());
    } else {
        h = heuristic_.evaluate(context.state(), context.partial());
    }
    // NaN is never a value (a broken model): treat it as the worst finite h
    // rather than as a dead end, which would be a wrong "unsolvable".
    out.value = std::isnan(h) ? std::numeric_limits<double>::max() : h;
    if (want_preferred && !out.is_dead_end()) heuristic_.helpful_actions(out.preferred);
}

bool HeuristicEvaluator::relaxed_plan(std::vector<GroundAction>& out) {
    HeuristicExplainer* explainer = heuristic_.explainer();
    if (explainer == nullptr) return false;
    std::optional<std::vector<GroundAction>> plan = explainer->relaxed_plan();
    if (!plan) return false;
    out = std::move(*plan);
    return true;
}

void NoveltyEvaluator::evaluate(EvalContext& context, EvalResult& out, bool) {
    std::int64_t key = 0;
    if (partition_ != nullptr) {
        const double v = context.value(*partition_);
        key =
            std::isfinite(v)
                ? static_cast<std::int64_t>(std::llround(std::fmax(-9.0e15, std::fmin(9.0e15, v))))
                : std::numeric_limits<std::int64_t>::max();
    }
    std::vector<std::uint64_t>& seen = seen_[key];
    bool novel = false;
    const State& state = context.state();
    for (int slot = 0; slot < layout_.num_slots(); ++slot) {
        const PredicateId p = layout_.predicate_of_slot(slot);
        const RelationView rel = state.relation(layout_, p);
        for (int i = 0; i < rel.size; ++i) {
            const auto tuple = rel.tuple(i);
            const int atom =
                atoms_.insert(slot, tuple.data(), static_cast<int>(tuple.size())).first;
            const std::size_t word = static_cast<std::size_t>(atom) >> 6;
            const std::uint64_t bit = std::uint64_t{1} << (atom & 63);
            if (word >= seen.size()) seen.resize(word + 1, 0);
            if ((seen[word] & bit) == 0) {
                seen[word] |= bit;
                novel = true;
            }
        }
    }
    out.value = novel ? 1 : 2;
}

bool DeadEndCheck::is_dead_end(StateId id, const State& state, bool& first_time) {
    if (static_cast<std::size_t>(id) >= verdict_.size()) {
        verdict_.resize(static_cast<std::size_t>(id) + 1, kUnknown);
    }
    std::int8_t& v = verdict_[static_cast<std::size_t>(id)];
    first_time = v == kUnknown;
    if (first_time) v = detector_.is_dead_end(state) ? kDead : kAlive;
    return v == kDead;
}

}  // namespace ll
