// A WL heuristic value as its weighted colour counts (see header).
#include "core/learning/wl_explanation.hpp"

#include <algorithm>
#include <cmath>

namespace ll {

WlExplanation explain_wl(WlHeuristic& heuristic, const ColourDescriber& describer,
                         const State& state, const PartialAction& partial, int top_k) {
    const WlMissStatistics before = heuristic.miss_statistics();
    WlExplanation out;
    out.h = heuristic.evaluate(state, partial);
    const WlMissStatistics& after = heuristic.miss_statistics();
    out.unseen_node_colours = after.unseen - before.unseen;
    out.node_colours = out.unseen_node_colours + (after.seen - before.seen);

    std::vector<int> ids;
    double sum = 0;  // the heuristic's loop, term by term
    for (const SparseEntry& e : heuristic.last_histogram()) {
        const double w = heuristic.weight(e.feature);
        sum += e.value * w;
        if (w == 0) {
            ++out.zero_weight_colours;
            continue;
        }
        ids.push_back(e.feature);
        out.terms.push_back(
            {heuristic.features().round_of(e.feature), w, e.value, e.value * w, {}});
    }
    // A sum that overflowed was redone in wider arithmetic by the heuristic.
    out.raw_value = std::isfinite(sum) ? sum : heuristic.last_raw_value();

    std::vector<std::size_t> order(out.terms.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const double ca = std::fabs(out.terms[a].contribution);
        const double cb = std::fabs(out.terms[b].contribution);
        if (ca != cb) return ca > cb;
        return out.terms[a].iteration < out.terms[b].iteration;
    });
    std::vector<WlTerm> sorted;
    sorted.reserve(order.size());
    out.top_k = std::clamp(top_k, 0, static_cast<int>(order.size()));
    for (std::size_t i = 0; i < order.size(); ++i) {
        sorted.push_back(std::move(out.terms[order[i]]));
        if (static_cast<int>(i) < out.top_k) sorted.back().text = describer.describe(ids[order[i]]);
    }
    out.terms = std::move(sorted);
    return out;
}

}  // namespace ll
