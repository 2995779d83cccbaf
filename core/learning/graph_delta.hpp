// The difference between two graphs of one builder (graph.hpp's structure:
// fixed nodes, then stars whose edges all lead to fixed nodes), as the
// builders emit it straight from the difference of what the graphs are made
// of (states, effects, action nodes), without building either graph.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/learning/graph.hpp"

namespace ll {

struct GraphDelta {
    // A star node, known by its identity and its targets (edge i, labelled
    // i, leads to fixed node targets[first + i]).
    struct Star {
        RawColour identity = 0;
        RawColour colour = 0;
        int first = 0;
        int arity = 0;
    };
    struct Recolour {
        int node = 0;
        RawColour colour = 0;
    };

    std::vector<Recolour> recoloured;  // fixed nodes whose colour changes
    std::vector<Star> removed;
    std::vector<Star> added;
    std::vector<int> targets;

    void clear() {
        recoloured.clear();
        removed.clear();
        added.clear();
        targets.clear();
    }
    int size() const { return static_cast<int>(recoloured.size() + removed.size() + added.size()); }
    void add_star(bool add, RawColour identity, RawColour colour, std::span<const int> to) {
        (add ? added : removed)
            .push_back(
                {identity, colour, static_cast<int>(targets.size()), static_cast<int>(to.size())});
        targets.insert(targets.end(), to.begin(), to.end());
    }
    std::span<const int> targets_of(const Star& s) const {
        return std::span<const int>(targets).subspan(static_cast<std::size_t>(s.first),
                                                     static_cast<std::size_t>(s.arity));
    }
};

}  // namespace ll
