// Findings of the fuzz targets (tests/fuzz, docs/fuzzing.md), each reduced
// to a unit test that fails (under ASan/UBSan: the native-asan phase)
// without its fix. The raw inputs are in tests/data/fuzz-regressions/TARGET/
// and scripts/fuzz.sh replays them too.
#include <gtest/gtest.h>

#include "core/heuristics/datalog/exploration.hpp"
#include "core/heuristics/datalog/program.hpp"
#include "core/pddl/parser.hpp"
#include "core/task/static_facts.hpp"

namespace ll {
namespace {

// fuzz_request, empty-init-exploration.json: a problem without :init and a
// domain whose every rule has a body, so the relaxed exploration queues no
// fact at all; it indexed its empty bucket vector (UBSan: reference binding
// to null pointer, exploration.cpp).
TEST(FuzzRegressions, ExplorationWithNothingToStartFrom) {
    const Task task = parse_task(
        "(define (domain d) (:predicates (p ?x) (a))"
        " (:action go :parameters (?x) :precondition (p ?x) :effect (a)))",
        "(define (problem q) (:domain d) (:objects o) (:goal (a)))");
    const StateLayout layout(task);
    const StaticFacts statics(task);
    datalog::Exploration exploration(task, layout, statics, datalog::build_program(task));
    const State s0 = initial_state(task, layout);
    EXPECT_FALSE(exploration.explore(s0, datalog::Aggregation::Sum));
    EXPECT_FALSE(exploration.explore(s0, datalog::Aggregation::Max));
}

}  // namespace
}  // namespace ll
