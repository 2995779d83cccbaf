// The WL-linear action-set heuristic: graph of (s, ρ) → WL histogram in
// inference mode → sparse dot product with the model's weights → rounded.
#include "core/learning/wl_heuristic.hpp"

#include <cmath>
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
        weights_[id] = w;
    }
    builder_ = make_graph_builder(model.graph, task, layout, statics, successors);
}

double WlHeuristic::evaluate(const State& state, const PartialAction& partial) {
    builder_->build(state, partial, graph_);
    features_.embed(graph_, vector_);
    double sum = 0;
    for (const SparseEntry& e : vector_)
        sum += e.value * weights_[e.feature];
    last_raw_ = sum;
    return std::round(sum);  // half away from zero, as the reference
}

}  // namespace ll
