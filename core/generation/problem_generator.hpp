// Training problems for a domain made from one problem of it: the same
// object types with fewer or more objects, an initial state reached by a
// random walk, and goals that a further random walk made true (so every
// generated problem is solvable, by that walk). Deterministic from a seed on
// every platform (its own random numbers, no std:: distributions), so the
// native trainer and the wasm module make the same set.
//
// Objects are removed and cloned only where the result looks like a state
// of the domain: every object's count of fluent atoms per (predicate,
// position), capped at 2, must form a pattern seen for its type in states
// reached from the given problem, a fluent predicate whose number of atoms
// never changed keeps it, and a static (predicate, position) keeps its range
// of counts per type. A blocksworld block is thus removed when it is clear
// and on the table, never from under another block; a ferry location is not
// cloned while the ferry is at it. Where no such step is found, the walk
// moves on and the generator tries again, within a bounded number of tries.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/budget.hpp"

namespace ll {

struct ProblemGeneratorOptions {
    int count = 10;
    std::uint64_t seed = 1;
    // Object counts per type relative to the given problem: the i-th of
    // `count` problems is scaled by min + (max - min) * i / (count - 1),
    // smallest first (at least one object of every type that has one).
    double min_scale = 0.5;
    double max_scale = 1.5;
    // Walk steps that make the initial state and those whose results become
    // the goal; 0: three times (twice) the number of objects, at least 10.
    int scramble_steps = 0;
    int goal_steps = 0;
    // Goal atoms of every fluent predicate, not only of those the given
    // problem's goal names: a student's goal of `on` atoms alone teaches a
    // model nothing about goals of `clear` or `on-table` atoms.
    bool goals_of_any_predicate = false;
};

struct GeneratedProblem {
    std::string name;  // the problem's name, also a file stem
    std::string text;  // PDDL
    // The walk from the initial state that makes the goal true: a plan,
    // one "(action arg ...)" per entry.
    std::vector<std::string> witness;
    int num_objects = 0;
    int num_goals = 0;
};

// Throws ll::Error for PDDL errors (with file, line and column) and when
// the domain's actions never make a goal-predicate atom true from the
// problem's initial state; LimitReached from `budget`.
std::vector<GeneratedProblem> generate_problems(std::string_view domain_text,
                                                std::string_view problem_text,
                                                const ProblemGeneratorOptions& options,
                                                Budget* budget = nullptr,
                                                std::string_view domain_file = "domain.pddl",
                                                std::string_view problem_file = "problem.pddl");

}  // namespace ll
