// Ranking datasets from training plans (paper §"Training Action Set
// Heuristics", brief §7.1 and §7.4).
//
// Partial space: every plan step (s, a) is decomposed into the partial
// actions None, (A, []), (A, [o1]), ..., a of increasing specificity, and four
// kinds of ranking tuples are produced: layer predecessors (δ = 1), layer
// siblings (δ = 0), state predecessors (δ = 1) and state siblings (δ = 0).
// State space (the WL-GOOSE baseline): each plan successor ranks below its
// parent (δ = 1) and at most equal to its siblings (δ = 0).
//
// Feature rows are WL histograms of the chosen graph, interned in a
// FeatureMatrix; the colour dictionary grows while the dataset is built
// (training mode). Pairs with identical features are dropped (they could
// never satisfy δ = 1 and carry no information with δ = 0).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "core/learning/feature_matrix.hpp"
#include "core/learning/graph_builder.hpp"
#include "core/learning/ranking_tuple.hpp"
#include "core/learning/wl_features.hpp"
#include "core/task/task.hpp"

namespace ll {

// Importance weights σ of the four partial-space tuple types.
struct Importances {
    double layer_predecessor = 0.5;
    double layer_sibling = 2.0;
    double state_predecessor = 0.5;
    double state_sibling = 1.0;
};
// The paper's defaults: AOAG (lp .5, ls 2, sp .5, ss 1), AEG (ss .75).
Importances default_importances(GraphKind graph);
// "lp,ls,sp,ss" (four numbers ≥ 0) or the preset name "warehouse"
// (2, 1.5, 2, .5); throws ll::Error(Usage) otherwise.
Importances parse_importances(std::string_view text);
std::string to_string(const Importances& importances);

enum class DatasetSpace { Partial, State };

struct DatasetOptions {
    GraphKind graph = GraphKind::Aoag;
    DatasetSpace space = DatasetSpace::Partial;
    Importances importances;
};

struct DatasetCounts {
    std::array<std::int64_t, kNumTupleTypes> tuples{};  // kept, by type
    std::int64_t identical_dropped = 0;                 // pairs with equal features
    std::int64_t graphs = 0;                            // graphs embedded
    std::int64_t plan_steps = 0;
    // Size of the state-space ranking dataset from the same plans (1 parent
    // + siblings per step, before dropping identical pairs): the paper
    // compares its partial-space datasets to this (2.62× more data).
    std::int64_t state_space_equivalent = 0;
    std::int64_t total() const;
};

struct RankingDataset {
    FeatureMatrix rows;
    std::vector<RankingTuple> tuples;
    DatasetCounts counts;
};

class DatasetBuilder {
  public:
    DatasetBuilder(DatasetOptions options, WlFeatures& features);

    // Replays `plan` (which must be valid for `task`; the caller validates)
    // and appends its tuples, tagged with `problem_index`. `on_step(done,
    // total)` is called after each plan step.
    void add_plan(const Task& task, std::span<const GroundAction> plan, int problem_index,
                  const std::function<void(int, int)>& on_step = {});

    RankingDataset& dataset() { return dataset_; }
    RankingDataset take() { return std::move(dataset_); }

  private:
    DatasetOptions options_;
    WlFeatures& features_;
    RankingDataset dataset_;
};

}  // namespace ll
