// The explanation of one WL heuristic value: h(s, ρ) =
// round(Σ wᵢ · countᵢ) as the terms of the sum, the largest by |contribution|
// first, each with its colour decoded into text (colour_description.hpp).
// The model has no bias term; the only step after the sum is the rounding
// half away from zero. `raw_value` is summed in the heuristic's own order
// (colour ids ascending), so it equals WlHeuristic::last_raw_value() bit for
// bit and round(raw_value) is the h the search used.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/learning/colour_description.hpp"
#include "core/learning/wl_heuristic.hpp"

namespace ll {

struct WlTerm {
    int iteration = 0;  // the WL round the colour was made in (0: a node label)
    double weight = 0;
    double count = 0;         // nodes of the graph with this colour
    double contribution = 0;  // weight * count
    std::string text;         // the decoded colour; empty for terms past the top K
};

struct WlExplanation {
    double h = 0;          // what the heuristic returned: round(raw_value)
    double raw_value = 0;  // Σ weight * count in colour-id order (the heuristic's sum)
    // Every colour of the graph that has a non-zero weight, by |contribution|
    // descending (ties: the earlier iteration first); the first `top_k` have
    // their text.
    std::vector<WlTerm> terms;
    int top_k = 0;  // at most terms.size()
    // The first top_k terms (with text), and the rest as a count and a sum:
    // what the CLI and the JSON show as "from N more features".
    std::span<const WlTerm> top() const { return {terms.data(), static_cast<std::size_t>(top_k)}; }
    std::size_t rest_count() const { return terms.size() - static_cast<std::size_t>(top_k); }
    double rest_contribution() const {
        double sum = 0;
        for (std::size_t i = static_cast<std::size_t>(top_k); i < terms.size(); ++i)
            sum += terms[i].contribution;
        return sum;
    }
    // Colours of the graph the model knows but gives weight 0, and node
    // colours (one per node and round) missing from the model's dictionary:
    // neither contributes.
    int zero_weight_colours = 0;
    std::int64_t unseen_node_colours = 0;
    std::int64_t node_colours = 0;  // all node colours (nodes x rounds)
};

// Evaluates h(state, partial) with `heuristic` and explains it; `describer`
// must describe the heuristic's dictionary. Throws what evaluate() throws.
WlExplanation explain_wl(WlHeuristic& heuristic, const ColourDescriber& describer,
                         const State& state, const PartialAction& partial, int top_k);

}  // namespace ll
