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

// The builders' graphs also describe their structure, so that two graphs of
// one builder can be compared in linear time (wl_incremental.hpp): nodes
// [0, fixed_nodes) and edges [0, fixed_edges) are the same in every graph of
// the builder (fixed nodes may change colour); every later node is a star
// whose edges follow it, in label order, all to fixed nodes, and it is known
// by identities[node - fixed_nodes] (its colour with the status left out)
// and its edge targets; later nodes come sorted by (identity, targets).
// A graph whose identities do not cover its later nodes (any graph not made
// by a builder) declares no structure.
struct Graph {
    std::vector<RawColour> colours;  // one per node
    std::vector<GraphEdge> edges;    // each undirected edge once
    int fixed_nodes = 0;
    int fixed_edges = 0;
    std::vector<RawColour> identities;  // one per node from fixed_nodes on

    bool has_structure() const {
        return fixed_nodes + static_cast<int>(identities.size()) == num_nodes();
    }

    int num_nodes() const { return static_cast<int>(colours.size()); }
    int add_node(RawColour colour) {
        colours.push_back(colour);
        return static_cast<int>(colours.size()) - 1;
    }
    void add_edge(int u, int v, int label) { edges.push_back({u, v, label}); }
    void clear() {
        colours.clear();
        edges.clear();
        fixed_nodes = fixed_edges = 0;
        identities.clear();
    }
};

}  // namespace ll
