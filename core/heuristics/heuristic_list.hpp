// The list of heuristics: every heuristic the configurations can name
// (h=...), with what the planner needs to know about it and how to build
// it. Adding a heuristic is one folder/file for its class and one entry
// here (docs/search.md, "Adding an engine or a heuristic").
//
// Heuristics of higher layers (the learnt WL heuristic, core/learning) are
// named here, so every front end parses them, and built by a factory of
// their own layer (learnt_heuristic_list(), core/learning/wl_heuristic.hpp).
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "core/common/vocabulary.hpp"
#include "core/heuristics/ground_relaxation.hpp"
#include "core/heuristics/heuristic.hpp"
#include "core/task/action_costs.hpp"

namespace ll {

class GoalChecker;
class StateLayout;
class StaticFacts;
class SuccessorGenerator;
struct WlModel;  // core/learning/model.hpp: for heuristics that need a model

enum class HeuristicKind { FF, Add, Max, GoalCount, Wl, Blind, LmCut, LmCount };

// The configuration keys of the relaxation heuristics (search_config.hpp).
struct RelaxationSettings {
    // How hadd/hmax/hFF are computed (relax=auto|lifted|ground): `paper`
    // keeps the lifted exploration, everything else grounds when it fits.
    RelaxationGrounding relaxation = RelaxationGrounding::Auto;
    // What an action costs the relaxation heuristics (cost-type=normal|one|
    // plusone, Fast Downward's cost_type). `one`, LAMA-first's choice, by
    // default: on tasks with action costs the heuristics count actions (the
    // reported plan cost is always the task's). No effect on unit-cost tasks.
    CostType cost_type = CostType::One;
    bool operator==(const RelaxationSettings&) const = default;
};
std::span<const ConfigKey<RelaxationSettings>> heuristic_config_keys();

// The configuration key of the landmark count (search_config.hpp):
// landmarks=on adds lmcount to a phase's heuristics, with a queue of its own
// (and a preferred-only twin, and its preferred operators, with
// preferred=on), as LAMA alternates it with hFF.
struct LandmarkSettings {
    bool landmarks = false;
    // orders=on|off: prune states that break a goal order solvability forces
    // (landmarks/goal_orders.hpp); on unless a configuration turns it off.
    bool goal_orders = true;
    bool operator==(const LandmarkSettings&) const = default;
};
std::span<const ConfigKey<LandmarkSettings>> landmark_config_keys();

// Everything a heuristic may be built from. The references must outlive it.
struct HeuristicInputs {
    const Task& task;
    const StateLayout& layout;
    const StaticFacts& statics;
    const GoalChecker& goal;
    SuccessorGenerator& successors;
    // PS²: relaxation heuristics are evaluated as their restriction h(s, ρ).
    bool partial_space = false;
    RelaxationSettings relaxation;
    const WlModel* model = nullptr;  // set when the entry needs_model
    // The run's ground relaxed tasks (null: each heuristic grounds its own).
    GroundRelaxationCache* groundings = nullptr;
    // The phase prunes symmetric actions (symmetry=on): lifted relaxations
    // then explore only representatives of the symmetry groups.
    bool symmetry = false;
};

using HeuristicFactory = std::unique_ptr<ActionSetHeuristic> (*)(const HeuristicInputs&);

struct HeuristicEntry {
    HeuristicKind value;
    const char* name;
    const char* aliases;  // other accepted names, space separated
    const char* description;
    // Never overestimates the optimal plan cost (under the task's costs).
    bool admissible = false;
    // A delete-relaxation heuristic: it detects relaxed dead ends itself,
    // and its settings are RelaxationSettings.
    bool relaxation = false;
    // Provides preferred operators (ActionSetHeuristic::helpful_actions).
    bool preferred_operators = false;
    // Needs a learnt model (HeuristicInputs::model, --model FILE).
    bool needs_model = false;
    // Null for heuristics of a higher layer (built by their layer's list).
    HeuristicFactory make = nullptr;
};

const Vocabulary<HeuristicEntry>& heuristic_list();
const HeuristicEntry& heuristic_entry(HeuristicKind kind);
HeuristicKind parse_heuristic_kind(std::string_view name);  // throws ll::Error(Usage)
const char* to_string(HeuristicKind kind);

// The factory of a heuristic of a higher layer (HeuristicEntry::make null).
struct HeuristicBuilder {
    HeuristicKind kind;
    HeuristicFactory make;
};

}  // namespace ll
