// Eager greedy best-first search over any SearchSpace, with duplicate
// detection (in the space), FIFO tie-breaking, limits and statistics.
#pragma once

#include "core/search/search_result.hpp"
#include "core/search/search_space.hpp"

namespace ll {

struct GbfsOptions {
    Limits limits;
    double progress_interval_s = 5.0;
};

SearchResult greedy_best_first_search(SearchSpace& space, const GbfsOptions& options,
                                      const ProgressCallback& progress = {});

}  // namespace ll
