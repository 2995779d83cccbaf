// A coloured, edge-labelled, undirected graph: what the graph builders (ILG,
// AOAG, AEG) produce for a (state, partial action) pair and what WL refines.
//
// Node colours are raw 64-bit codes that are instance-independent within one
// domain (they are built from predicate/schema indices and unary static
// predicate sets, never from object ids), so a colour dictionary learnt on
// training problems applies to any problem of the domain.
#pragma once

#include <cstdint>
#include <vector>

namespace ll {

using RawColour = std::int64_t;

struct GraphEdge {
    int u = 0;
    int v = 0;
    int label = 0;  // argument / parameter position, 0-based
};

struct Graph {
    std::vector<RawColour> colours;  // one per node
    std::vector<GraphEdge> edges;    // each undirected edge once

    int num_nodes() const { return static_cast<int>(colours.size()); }
    int add_node(RawColour colour) {
        colours.push_back(colour);
        return static_cast<int>(colours.size()) - 1;
    }
    void add_edge(int u, int v, int label) { edges.push_back({u, v, label}); }
    void clear() {
        colours.clear();
        edges.clear();
    }
};

}  // namespace ll
