// A search configuration is data: which engine, which heuristics (each with
// its own queue, alternated), whether preferred operators get boosted
// queues, whether a novelty queue joins the alternation. Named aliases live
// in one table (search_aliases()); the CLI, the wasm bindings and the page
// all speak this vocabulary.
//
// Text form (CLI --config, JS `config`): an alias, or comma-separated
// key=value pairs applied in order over the alias named first, e.g.
// "lama", "search=lazy,h=wl+ff,preferred=on,novelty=on,boost=1000",
// "paper,search=lazy".
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/heuristics/relaxation.hpp"
#include "core/search/open_list.hpp"
#include "core/task/action_costs.hpp"

namespace ll {

// Greedy best-first (eager, lazy) and the optimal engines: breadth-first
// (shortest plans), uniform-cost (cheapest plans, no heuristic) and A*.
enum class EngineKind { Eager, Lazy, Bfs, Ucs, Astar };
// The space of one phase (space=...): auto leaves it to the run's space
// (--space, or the task's size); an explicit --space overrides every phase.
enum class PhaseSpace { Auto, State, Partial };
enum class HeuristicKind { FF, Add, Max, GoalCount, Wl, Blind, LmCut };
// Whether an engine minimises plan cost or length (A*, UCS, BFS): it runs in
// the state space only, with its main heuristic alone.
bool is_optimal_engine(EngineKind kind);
// Whether a heuristic never overestimates the cost to the goal when actions
// cost what the task says (cost-type=normal, or a unit-cost task).
bool is_admissible(HeuristicKind kind);

struct SearchConfig {
    EngineKind engine = EngineKind::Eager;
    // Heuristics after the main one (PlannerOptions::heuristic), each with a
    // queue of its own, alternated round robin with the main queue.
    std::vector<HeuristicKind> extra_heuristics;
    // Preferred operators (FF's helpful actions; in PS² the partial actions
    // that are prefixes of one) from the first FF heuristic of the
    // configuration, or from an extra FF evaluator when there is none; every
    // heuristic queue gets a preferred-only twin.
    bool preferred = false;
    // A queue ordered by (width-1 novelty w.r.t. the main heuristic's value,
    // main heuristic), alternated with the others.
    bool novelty = false;
    // Extra turns for preferred-only queues on every new best value.
    int boost = 1000;
    // Order among nodes of equal value in every best-first queue (tie=fifo|
    // lifo): LIFO follows the newest node along a plateau of a learnt h.
    TieBreaking ties = TieBreaking::Fifo;
    // Only the canonical actions of a state under the object symmetries of
    // the task and the state generate successors (S³), or only canonical
    // bindings of a partial action (PS²) (symmetry=on|off;
    // core/successors/object_symmetry.hpp).
    bool symmetry = false;
    // In a portfolio (phases separated by ';'), the share of the time left
    // at its start that this phase may use; the last phase uses the rest.
    double time_fraction = 1.0;
    // The share instead when the phase runs in the partial space (0: the
    // same): the learnt model in PS² is what solves the largest tasks.
    double time_fraction_partial = 0.0;
    // A phase ends, as if its share were used, once its main heuristic has
    // not improved for this many seconds (stall=S; 0: never).
    double stall_s = 0.0;
    // How hadd/hmax/hFF are computed (relax=auto|lifted|ground): `paper`
    // keeps the lifted exploration, everything else grounds when it fits.
    RelaxationGrounding relaxation = RelaxationGrounding::Auto;
    // What an action costs the relaxation heuristics (cost-type=normal|one|
    // plusone, Fast Downward's cost_type). `one`, LAMA-first's choice, by
    // default: on tasks with action costs the heuristics count actions (the
    // reported plan cost is always the task's). No effect on unit-cost tasks.
    CostType cost_type = CostType::One;
    PhaseSpace space = PhaseSpace::Auto;

    bool operator==(const SearchConfig&) const = default;

    // The paper's search: eager GBFS, one queue, no preferred operators,
    // relaxation heuristics on the lifted exploration.
    static SearchConfig paper() {
        SearchConfig c;
        c.relaxation = RelaxationGrounding::Lifted;
        return c;
    }
};

// One phase of a parsed configuration and, when its text names one, its
// main heuristic (h=... sets it).
struct ParsedSearchConfig {
    SearchConfig config;
    bool sets_heuristic = false;
    HeuristicKind heuristic = HeuristicKind::FF;
};

// A sequential portfolio: phases separated by ';' run one after another
// while the previous one ran out of its share of time (time=F). A single
// phase is the common case. Throws ll::Error(Usage) naming the accepted keys
// and values.
std::vector<ParsedSearchConfig> parse_search_phases(std::string_view text);
// The first phase only (throws if the text has several).
ParsedSearchConfig parse_search_config(std::string_view text);
// Canonical text (key=value pairs) of a configuration and main heuristic.
std::string to_string(const SearchConfig& config, HeuristicKind main);

// (name, text, what it is) for every alias, `default` first.
struct SearchAlias {
    const char* name;
    const char* text;
    const char* description;
};
const std::vector<SearchAlias>& search_aliases();

EngineKind parse_engine_kind(std::string_view name);
HeuristicKind parse_heuristic_kind(std::string_view name);
const char* to_string(EngineKind kind);
const char* to_string(HeuristicKind kind);
bool parse_switch(std::string_view value, std::string_view what);

}  // namespace ll
