// The learnt action-set heuristic h_w(s, ρ) = round(w · φ(G(s, ρ))) (paper
// §"Training Action Set Heuristics"): build the model's graph for the pair,
// embed it with the model's colour dictionary and take the dot product with
// the sparse weights. Rounds half away from zero (the reference does), so
// values are integers but may be negative.
#pragma once

#include <memory>
#include <vector>

#include "core/heuristics/heuristic.hpp"
#include "core/heuristics/heuristic_list.hpp"
#include "core/learning/graph_builder.hpp"
#include "core/learning/model.hpp"
#include "core/learning/wl_dynamic.hpp"
#include "core/learning/wl_incremental.hpp"

namespace ll {

class WlHeuristic final : public ActionSetHeuristic, private HeuristicExplainer {
  public:
    // Throws ll::Error(Model) if the model does not match the task's domain.
    WlHeuristic(const WlModel& model, const Task& task, const StateLayout& layout,
                const StaticFacts& statics, SuccessorGenerator& successors);
    double evaluate(const State& state, const PartialAction& partial) override;
    using ActionSetHeuristic::evaluate;

    // Limits polled while building the graph and refining its colours (null:
    // none); evaluate() may then throw ll::LimitReached. The enumeration of
    // A(s, rho) polls the successor generator's budget, set separately.
    void set_budget(Budget* budget) override {
        budget_ = budget;
        features_.set_budget(budget);
        incremental_.set_budget(budget);
        for (WlDynamicGraph& d : dynamic_)
            d.set_budget(budget);
        builder_->set_budget(budget);
    }
    // Whether a graph is embedded from the previous one's colouring where
    // that is cheaper (on by default): ILG and AOAG graphs as a delta of the
    // previous one (wl_dynamic.hpp), others by comparing the graphs
    // (wl_incremental.hpp). Either way the values, histograms and lookup
    // counts are the same.
    void set_incremental(bool on, WlIncrementalOptions options = {});
    WlIncrementalStatistics incremental_statistics() const;
    // Whether graphs are embedded as deltas (ILG and AOAG, plain WL).
    bool uses_deltas() const { return use_delta_; }

    // The exact (unrounded) dot product of the last evaluation.
    double last_raw_value() const { return last_raw_; }
    const WlMissStatistics& miss_statistics() const { return features_.miss_statistics(); }
    HeuristicExplainer* explainer() override { return this; }
    WlHeuristic* learnt() override { return this; }
    void add_statistics(Statistics& stats) const override {
        stats.wl_colours_seen += miss_statistics().seen;
        stats.wl_colours_unseen += miss_statistics().unseen;
    }
    // For explanations (core/learning/wl_explanation.hpp): the colour
    // histogram of the last evaluation (sorted by colour id, the order the
    // dot product sums in), the dictionary and the weight of a colour.
    const SparseVector& last_histogram() const { return vector_; }
    const WlFeatures& features() const { return features_; }
    double weight(int colour) const { return weights_[colour]; }

  private:
    double robust_dot_product() const;
    // Embeds the graph of (state, partial) into vector_ as a delta of the
    // previous graph where the builder describes one, else from scratch.
    void embed_by_delta(const State& state, const PartialAction& partial);

    WlFeatures features_;
    std::vector<double> weights_;  // dense by colour id
    std::unique_ptr<GraphBuilder> builder_;
    Graph graph_;
    WlIncremental incremental_;
    WlIncrementalOptions options_;
    bool use_incremental_ = true;
    bool use_delta_ = false;
    std::vector<WlDynamicGraph> dynamic_;  // one per builder slot
    std::vector<int> max_changes_;         // per slot, -1 if it holds no graph
    GraphDelta delta_;
    WlIncrementalStatistics delta_stats_;
    Budget* budget_ = nullptr;
    SparseVector vector_;
    double last_raw_ = 0;
};

// The factories of the learnt heuristics named in heuristic_list()
// (core/heuristics/heuristic_list.hpp): wl, from HeuristicInputs::model.
std::span<const HeuristicBuilder> learnt_heuristic_list();

}  // namespace ll
