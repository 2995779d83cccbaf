// A test task with what most tests build from it (layout, static facts,
// successor generator) and the states and partial actions they walk over.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "core/successors/successor_generator.hpp"
#include "core/task/static_facts.hpp"
#include "test_support.hpp"

namespace ll::test {

struct LoadedTask {
    LoadedTask(const std::string& name, const std::string& problem)
        : LoadedTask(load_task(name, problem)) {}
    explicit LoadedTask(const TaskRef& ref) : LoadedTask(load_task(ref.task, ref.problem)) {}
    explicit LoadedTask(Task t)
        : task(std::move(t)), layout(task), statics(task), successors(task, layout, statics) {}

    Task task;
    StateLayout layout;
    StaticFacts statics;
    SuccessorGenerator successors;

    std::vector<GroundAction> applicable(const State& s) {
        std::vector<GroundAction> actions;
        successors.applicable_actions(s, actions);
        return actions;
    }

    // Distinct states in breadth-first order from the initial state, at
    // most `cap`.
    std::vector<State> breadth_first_states(std::size_t cap) {
        std::vector<State> out{initial_state(task, layout)};
        for (std::size_t i = 0; i < out.size() && out.size() < cap; ++i) {
            for (const auto& a : applicable(out[i])) {
                State next = apply_action(task, layout, out[i], a);
                if (std::find(out.begin(), out.end(), next) == out.end()) out.push_back(next);
                if (out.size() >= cap) break;
            }
        }
        return out;
    }

    // The children of a PS² node at `s`: none, every schema, and every
    // prefix of every applicable action.
    std::vector<PartialAction> partial_actions(const State& s) {
        std::vector<PartialAction> out{PartialAction::none()};
        for (SchemaId k = 0; k < task.num_schemas(); ++k)
            out.push_back({k, {}});
        for (const auto& a : applicable(s)) {
            for (std::size_t len = 1; len <= a.arguments.size(); ++len) {
                PartialAction p{a.schema, {a.arguments.begin(), a.arguments.begin() + len}};
                if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
            }
        }
        return out;
    }
};

}  // namespace ll::test
