// Shared helpers of the libFuzzer targets (docs/fuzzing.md): what a target
// does with a task that parsed, and the rule for what counts as a finding.
//
// Expected outcomes are ll::Error (bad input, refused model...) and
// ll::LimitReached (the per-input budget below). Anything else escaping a
// target (std::bad_alloc excepted: libFuzzer's -rss_limit_mb reports real
// leaks and blow-ups itself), a sanitizer report, a crash or a violated
// property (LL_FUZZ_CHECK) is a finding.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "core/common/budget.hpp"
#include "core/common/resources.hpp"
#include "core/heuristics/datalog/exploration.hpp"
#include "core/heuristics/datalog/program.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/goal.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"
#include "core/task/task.hpp"
#include "core/validation/validator.hpp"

#define LL_FUZZ_CHECK(condition)                                                       \
    do {                                                                               \
        if (!(condition)) {                                                            \
            std::fprintf(stderr, "%s:%d: property violated: %s\n", __FILE__, __LINE__, \
                         #condition);                                                  \
            std::abort();                                                              \
        }                                                                              \
    } while (0)

namespace ll::fuzz {

// Each input gets this much time in the search-like parts (successor
// generation, relaxed exploration, WL): a fuzzed task may have 10^18
// actions, and the budget is exactly what must stop it.
inline constexpr double kStepSeconds = 0.05;

inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "fuzz: cannot read %s\n", path.c_str());
        std::abort();
    }
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline std::string data_file(const std::string& relative) {
    return read_file(std::string(LL_FUZZ_DATA_DIR) + "/" + relative);
}

// Successor generation, one step of a random-free walk, the relaxed
// exploration (sum and max) with its relaxed plan and helpful actions, and
// the validator on the empty plan and on the actions found: under a budget.
inline void exercise_task(const Task& task) {
    const StateLayout layout(task);
    const StaticFacts statics(task);
    const GoalChecker goal(task, layout, statics);
    Stopwatch clock;
    Budget budget(&clock, kStepSeconds, std::numeric_limits<double>::infinity());
    SuccessorGenerator successors(task, layout, statics);
    successors.set_budget(&budget);
    std::vector<GroundAction> plan;
    try {
        // A task with axioms evaluates them per state: under the budget too.
        State state = initial_state(task, layout, &budget);
        for (int step = 0; step < 3 && !goal.is_goal(state); ++step) {
            std::vector<GroundAction> actions;
            successors.applicable_actions(state, actions);
            if (actions.empty()) break;
            const GroundAction& a = actions[actions.size() / 2];
            LL_FUZZ_CHECK(successors.is_applicable(state, a));
            state = apply_action(task, layout, state, a, &budget);
            plan.push_back(a);
        }
    } catch (const LimitReached&) {
    }
    // The validator re-derives derived atoms after each step: its own budget.
    Budget validate_budget(&clock, clock.seconds() + kStepSeconds,
                           std::numeric_limits<double>::infinity());
    try {
        const ValidationResult replay =
            validate_plan(task, plan, StateObserver{}, &validate_budget);
        LL_FUZZ_CHECK(replay.valid || !replay.message.empty());
        validate_plan(task, {}, StateObserver{}, &validate_budget);
    } catch (const LimitReached&) {
    }

    datalog::Exploration exploration(task, layout, statics, datalog::build_program(task));
    Budget explore_budget(&clock, clock.seconds() + kStepSeconds,
                          std::numeric_limits<double>::infinity());
    exploration.set_budget(&explore_budget);
    try {
        const State s0 = initial_state(task, layout, &explore_budget);
        if (exploration.explore(s0, datalog::Aggregation::Sum)) {
            const int hadd = exploration.goal_cost(datalog::Aggregation::Sum);
            const int hff = exploration.relaxed_plan();
            LL_FUZZ_CHECK(hff >= 0 && hff <= hadd);
            ActionList helpful;
            exploration.helpful_actions(helpful);
            for (std::size_t i = 0; i < helpful.size(); ++i) {
                const SchemaId schema = helpful.schema(i);
                LL_FUZZ_CHECK(schema >= 0 && schema < task.num_schemas() &&
                              static_cast<int>(helpful.arguments(i).size()) ==
                                  task.schemas[schema].arity());
            }
        }
        exploration.explore(s0, datalog::Aggregation::Max);
    } catch (const LimitReached&) {
    }
}

}  // namespace ll::fuzz
