// The toggles task of the limit tests: independent switches and a
// contradictory goal, relaxed-reachable (so no heuristic detects it) but
// unreachable, with 2^bits states to explore.
#pragma once

#include <string>

namespace ll::test {

inline constexpr const char* kTogglesDomain = R"((define (domain toggles)
  (:requirements :strips :typing)
  (:types bit)
  (:predicates (on ?b - bit) (off ?b - bit))
  (:action set :parameters (?b - bit) :precondition (off ?b)
    :effect (and (on ?b) (not (off ?b))))
  (:action reset :parameters (?b - bit) :precondition (on ?b)
    :effect (and (off ?b) (not (on ?b)))))
)";

inline std::string toggles_problem(int bits = 30) {
    std::string objects, init;
    for (int i = 0; i < bits; ++i) {
        objects += " b" + std::to_string(i);
        init += " (off b" + std::to_string(i) + ")";
    }
    return "(define (problem toggles-" + std::to_string(bits) + ") (:domain toggles)\n  (:objects" +
           objects + " - bit)\n  (:init" + init + ")\n  (:goal (and (on b0) (off b0))))\n";
}

}  // namespace ll::test
