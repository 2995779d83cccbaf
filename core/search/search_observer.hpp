// What a search engine tells an observer (a trace recorder) about its
// nodes, in the order it happens. Engines call it through SearchEngine
// (expand, evaluate, the run's end), so every engine and both spaces report
// the same events. A null observer costs one branch per event.
#pragma once

#include "core/search/search_space.hpp"

namespace ll {

class SearchObserver {
  public:
    virtual ~SearchObserver() = default;
    // `node` is about to be expanded (PS² chain nodes expanded on without
    // evaluation are reported as the parents of the chain's transitions).
    virtual void expanded(NodeId /*node*/) {}
    // A transition of the expansion: to a new node, or to a node seen before.
    virtual void generated(const Edge& /*edge*/) {}
    virtual void duplicate(const Edge& /*edge*/) {}
    // The main heuristic's value of a node (0 without a heuristic). Path
    // costs follow from the transitions (Edge::cost) and reopenings.
    virtual void evaluated(NodeId /*node*/, double /*h*/) {}
    // Evaluated as a dead end, or pruned as one before its expansion.
    virtual void dead_end(NodeId /*node*/) {}
    // A cheaper path to a node seen before (A*): it is open again.
    virtual void reopened(const Edge& /*edge*/, double /*g*/) {}
    // The node leaves the open list for good (expanded, or dropped).
    virtual void closed(NodeId /*node*/) {}
    // The run ended; `goal` is the solved goal node (-1: none).
    virtual void finished(NodeId /*goal*/) {}
};

}  // namespace ll
