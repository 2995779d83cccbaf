// One ranking relation of a training dataset (paper §"Training Action Set
// Heuristics"): h(better) should be at least `delta` below h(worse), with
// importance `weight`. Rows index a FeatureMatrix.
#pragma once

#include <cstdint>

#include "core/common/vocabulary.hpp"

namespace ll {

enum class TupleType : std::uint8_t {
    LayerPredecessor,  // δ = 1
    LayerSibling,      // δ = 0
    StatePredecessor,  // δ = 1
    StateSibling,      // δ = 0
    // State-space ranking (WL-GOOSE baseline, Hao et al. 2024):
    Parent,   // h(s_{t+1}) < h(s_t), δ = 1
    Sibling,  // h(s_{t+1}) ≤ h(other successor of s_t), δ = 0
};
inline constexpr int kNumTupleTypes = 6;

const NameTable<TupleType>& tuple_type_names();  // dataset.cpp
const char* to_string(TupleType type);

struct RankingTuple {
    int better = 0;  // row index
    int worse = 0;   // row index
    double delta = 0;
    double weight = 1;
    TupleType type = TupleType::LayerPredecessor;
    int problem = 0;  // index of the training problem it came from (for the split)
};

}  // namespace ll
