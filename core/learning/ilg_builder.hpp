// The Instance Learning Graph (ILG, WL-GOOSE; brief §6.1): objects (all
// colour 0), goal atoms coloured achieved/unachieved, the state's other fluent
// atoms coloured non-goal. The partial action is ignored.
#pragma once

#include "core/learning/graph_builder.hpp"
#include "core/learning/graph_content.hpp"
#include "core/learning/graph_state_encoder.hpp"

namespace ll {

class IlgBuilder final : public GraphBuilder {
  public:
    IlgBuilder(const Task& task, const StateLayout& layout);
    void build(const State& state, const PartialAction& partial, Graph& out) override;
    bool build_delta(const State& state, const PartialAction& partial,
                     std::span<const int> max_changes, GraphDelta& out, int& slot) override;
    bool has_deltas() const override { return true; }
    const ColourLayout& colours() const { return encoder_.colours(); }

  private:
    StateGraphEncoder encoder_;
    GraphContentDiff diff_;
    GraphContentSlots slots_;
};

}  // namespace ll
