// The list of heuristics and their configuration keys (see header).
#include "core/heuristics/heuristic_list.hpp"

#include "core/heuristics/blind.hpp"
#include "core/heuristics/goal_count.hpp"
#include "core/heuristics/landmarks/landmark_count.hpp"
#include "core/heuristics/lm_cut.hpp"
#include "core/heuristics/relaxation.hpp"
#include "core/heuristics/restricted_relaxation.hpp"

namespace ll {
namespace {

std::unique_ptr<ActionSetHeuristic> make_goal_count(const HeuristicInputs& in) {
    return std::make_unique<GoalCountHeuristic>(in.task, in.layout, in.goal, &in.successors);
}

// hFF, hadd or hmax; in the partial space as its restriction.
template <RelaxationHeuristic::Kind kind>
std::unique_ptr<ActionSetHeuristic> make_relaxation(const HeuristicInputs& in) {
    if (in.partial_space) {
        return std::make_unique<RestrictedRelaxationHeuristic>(
            kind, in.task, in.layout, in.statics, in.goal, in.successors,
            RelaxationSource(in.relaxation.relaxation, in.groundings), in.relaxation.cost_type);
    }
    return std::make_unique<RelaxationHeuristic>(
        kind, in.task, in.layout, in.statics, in.goal,
        RelaxationSource(in.relaxation.relaxation, in.groundings, in.symmetry),
        in.relaxation.cost_type);
}

std::unique_ptr<ActionSetHeuristic> make_blind(const HeuristicInputs& in) {
    return std::make_unique<BlindHeuristic>(in.task, in.goal, in.relaxation.cost_type);
}

// h(s, ρ) = h(s) in the partial space (the optimal engines refuse it).
std::unique_ptr<ActionSetHeuristic> make_lm_cut(const HeuristicInputs& in) {
    return std::make_unique<LmCutHeuristic>(
        in.task, in.layout, in.statics, in.goal,
        RelaxationSource(in.relaxation.relaxation, in.groundings), in.relaxation.cost_type);
}

std::unique_ptr<ActionSetHeuristic> make_landmark_count(const HeuristicInputs& in) {
    return std::make_unique<LandmarkCountHeuristic>(
        in.task, in.layout, in.statics, in.goal,
        RelaxationSource(in.relaxation.relaxation, in.groundings), in.relaxation.cost_type);
}

}  // namespace

const Vocabulary<HeuristicEntry>& heuristic_list() {
    // In the partial space every relaxation heuristic is evaluated as its
    // restriction (rFF for ff); in the state space rff is hFF = rFF(s, None).
    static constexpr HeuristicEntry kEntries[]{
        {HeuristicKind::FF, "ff", "rff", "FF's relaxed plan cost (rFF in the partial space)", false,
         true, true, false, make_relaxation<RelaxationHeuristic::Kind::FF>},
        {HeuristicKind::Add, "hadd", "add", "the additive relaxation heuristic", false, true, false,
         false, make_relaxation<RelaxationHeuristic::Kind::Add>},
        {HeuristicKind::Max, "hmax", "max", "the maximum relaxation heuristic", true, true, false,
         false, make_relaxation<RelaxationHeuristic::Kind::Max>},
        {HeuristicKind::GoalCount, "goal-count", "goalcount", "the number of unsatisfied goals",
         false, false, false, false, make_goal_count},
        {HeuristicKind::Wl, "wl", "", "the learnt WL heuristic (needs --model)", false, false,
         false, true, nullptr},
        {HeuristicKind::Blind, "blind", "", "0 at a goal, else the cheapest action cost (for A*)",
         true, false, false, false, make_blind},
        {HeuristicKind::LmCut, "lmcut", "lm-cut",
         "LM-cut on the ground relaxed task (h^max when it does not fit; for A*)", true, true,
         false, false, make_lm_cut},
        {HeuristicKind::LmCount, "lmcount", "lm-count",
         "LAMA's landmark count, path-dependent, with preferred operators (landmarks from the "
         "action schemas, without preferred operators, when the task cannot be grounded)",
         false, false, true, false, make_landmark_count},
    };
    static constexpr Vocabulary<HeuristicEntry> kList{"heuristic", kEntries};
    return kList;
}

const HeuristicEntry& heuristic_entry(HeuristicKind kind) {
    return heuristic_list().entry(kind);
}

HeuristicKind parse_heuristic_kind(std::string_view name) {
    return heuristic_list().parse(name);
}

const char* to_string(HeuristicKind kind) {
    return heuristic_list().name(kind);
}

std::span<const ConfigKey<RelaxationSettings>> heuristic_config_keys() {
    static constexpr ConfigKey<RelaxationSettings> kKeys[]{
        {"relax", "relaxation",
         [](RelaxationSettings& s, std::string_view v) {
             s.relaxation = parse_relaxation_grounding(v);
         }},
        {"cost-type", "cost_type",
         [](RelaxationSettings& s, std::string_view v) { s.cost_type = parse_cost_type(v); }},
    };
    return kKeys;
}

std::span<const ConfigKey<LandmarkSettings>> landmark_config_keys() {
    static constexpr ConfigKey<LandmarkSettings> kKeys[]{
        {"landmarks", "",
         [](LandmarkSettings& s, std::string_view v) {
             s.landmarks = parse_switch(v, "landmarks");
         }},
        {"orders", "",
         [](LandmarkSettings& s, std::string_view v) {
             s.goal_orders = parse_switch(v, "orders");
         }},
    };
    return kKeys;
}

}  // namespace ll
