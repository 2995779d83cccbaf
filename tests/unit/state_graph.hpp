// The explicit state graph of a small task, for oracle tests: every
// reachable state (as its atoms), its successors, and which states are goals
// or can still reach one.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "test_support.hpp"

namespace ll::test {

// The explicit state graph of a small task (all reachable states).
struct StateGraph {
    std::vector<AtomSet> states;
    std::vector<std::vector<int>> successors;
    std::vector<std::uint8_t> goal;
    std::vector<std::uint8_t> solvable;  // a goal state is reachable from it
};

// Marks the states that reach a goal (backward).
inline void mark_solvable(StateGraph& g) {
    const std::size_t n = g.states.size();
    g.solvable = g.goal;
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < n; ++i) {
            if (g.solvable[i]) continue;
            for (int s : g.successors[i]) {
                if (g.solvable[s]) {
                    g.solvable[i] = 1;
                    changed = true;
                    break;
                }
            }
        }
    }
}

inline StateGraph explore(const GroundOracle& oracle, std::size_t cap) {
    StateGraph g;
    std::map<AtomSet, int> index{{oracle.initial(), 0}};
    g.states.push_back(oracle.initial());
    for (std::size_t i = 0; i < g.states.size(); ++i) {
        g.successors.emplace_back();
        for (const GroundAction& a : oracle.applicable_actions(g.states[i])) {
            AtomSet next = oracle.apply(g.states[i], a);
            auto [it, inserted] = index.emplace(next, static_cast<int>(g.states.size()));
            if (inserted) g.states.push_back(std::move(next));
            g.successors[i].push_back(it->second);
        }
        if (g.states.size() > cap) return {};
    }
    for (const AtomSet& s : g.states)
        g.goal.push_back(oracle.is_goal(s) ? 1 : 0);
    mark_solvable(g);
    return g;
}

}  // namespace ll::test
