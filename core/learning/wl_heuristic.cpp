// The WL-linear action-set heuristic: graph of (s, ρ) → WL histogram in
// inference mode → sparse dot product with the model's weights → rounded.
#include "core/learning/wl_heuristic.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/common/error.hpp"

namespace ll {

WlHeuristic::WlHeuristic(const WlModel& model, const Task& task, const StateLayout& layout,
                         const StaticFacts& statics, SuccessorGenerator& successors)
    : features_(model.features) {
    check_model_matches(model, task);
    // Dense weights: the histogram only holds ids of the dictionary, so the
    // dot product is one indexed load per non-zero entry.
    weights_.assign(features_.num_colours(), 0.0);
    for (const auto& [id, w] : model.weights) {
        if (id < 0 || id >= features_.num_colours())
            throw Error(ErrorCategory::Model, "model weight id " + std::to_string(id) +
                                                  " is out of range (the model has " +
                                                  std::to_string(features_.num_colours()) +
                                                  " colours)");
        if (!std::isfinite(w))
            throw Error(ErrorCategory::Model,
                        "model weight of colour " + std::to_string(id) + " is not finite");
        weights_[id] = w;
    }
    builder_ = make_graph_builder(model.graph, task, layout, statics, successors);
    set_incremental(true);
}

void WlHeuristic::set_incremental(bool on, WlIncrementalOptions options) {
    use_incremental_ = on;
    options_ = options;
    incremental_ = WlIncremental(options);
    incremental_.set_budget(budget_);
    // Deltas: the builders that describe them, plain WL only.
    use_delta_ = on && features_.options().variant == WlVariant::Plain && builder_->has_deltas();
    builder_->set_tracking(use_delta_);
    dynamic_.assign(static_cast<std::size_t>(use_delta_ ? builder_->num_slots() : 0),
                    WlDynamicGraph());
    for (WlDynamicGraph& d : dynamic_)
        d.set_budget(budget_);
    delta_stats_ = {};
}

WlIncrementalStatistics WlHeuristic::incremental_statistics() const {
    WlIncrementalStatistics s = incremental_.statistics();
    s.full += delta_stats_.full;
    s.incremental += delta_stats_.incremental;
    for (const WlDynamicGraph& d : dynamic_)
        s.recoloured += d.recoloured();
    return s;
}

void WlHeuristic::embed_by_delta(const State& state, const PartialAction& partial) {
    max_changes_.resize(dynamic_.size());
    for (std::size_t i = 0; i < dynamic_.size(); ++i) {
        const WlDynamicGraph& d = dynamic_[i];
        max_changes_[i] = d.valid() && d.num_nodes() >= options_.min_nodes
                              ? d.num_nodes() / std::max(1, options_.delta_divisor)
                              : -1;
    }
    int slot = 0;
    if (builder_->build_delta(state, partial, max_changes_, delta_, slot) &&
        dynamic_[static_cast<std::size_t>(slot)].apply(features_, delta_, vector_)) {
        ++delta_stats_.incremental;
        return;
    }
    ++delta_stats_.full;
    builder_->build(state, partial, graph_);
    WlDynamicGraph& dynamic = dynamic_[static_cast<std::size_t>(builder_->last_slot())];
    if (graph_.num_nodes() < options_.min_nodes || !graph_.has_structure()) {
        dynamic.invalidate();
        features_.embed(graph_, vector_);
        return;
    }
    dynamic.reset(features_, graph_, vector_);
}

double WlHeuristic::evaluate(const State& state, const PartialAction& partial) {
    if (use_delta_) {
        embed_by_delta(state, partial);
    } else {
        builder_->build(state, partial, graph_);
        if (use_incremental_) {
            incremental_.embed(features_, graph_, vector_);
        } else {
            features_.embed(graph_, vector_);
        }
    }
    double sum = 0;
    for (const SparseEntry& e : vector_)
        sum += e.value * weights_[e.feature];
    if (!std::isfinite(sum)) sum = robust_dot_product();
    last_raw_ = sum;
    return std::round(sum);  // half away from zero, as the reference
}

// Weights are finite (load_model refuses others), but huge ones can make the
// double sum overflow to inf, or to NaN through inf - inf, which the search
// would take for a dead end. Redone in long double (x86: 80-bit,
// wasm: binary128, both with an exponent range of 1e±4932, far beyond any sum
// of 2^31 products of finite doubles and counts below 2^31, so this cannot
// overflow) and clamped to the finite doubles: a finite model always gives a
// finite value. Rare, so the slower arithmetic costs nothing overall.
double WlHeuristic::robust_dot_product() const {
    long double sum = 0;
    for (const SparseEntry& e : vector_)
        sum += static_cast<long double>(e.value) * static_cast<long double>(weights_[e.feature]);
    constexpr long double kMax = std::numeric_limits<double>::max();
    if (!(sum == sum)) return 0;  // unreachable with finite inputs; never a dead end
    return static_cast<double>(std::clamp(sum, -kMax, kMax));
}

std::span<const HeuristicBuilder> learnt_heuristic_list() {
    static constexpr HeuristicBuilder kBuilders[]{
        {HeuristicKind::Wl,
         [](const HeuristicInputs& in) -> std::unique_ptr<ActionSetHeuristic> {
             return std::make_unique<WlHeuristic>(*in.model, in.task, in.layout, in.statics,
                                                  in.successors);
         }},
    };
    return kBuilders;
}

}  // namespace ll
