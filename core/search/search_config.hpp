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

#include "core/heuristics/counting_dead_ends.hpp"
#include "core/heuristics/heuristic_list.hpp"
#include "core/search/anytime.hpp"
#include "core/search/engine_list.hpp"
#include "core/search/lookahead.hpp"
#include "core/search/open_list.hpp"
#include "core/search/search_space.hpp"

namespace ll {

// The settings of the components are their own structs, each with its
// keys (engine_list.hpp, open_list.hpp, search_space.hpp,
// heuristic_list.hpp); a phase adds its heuristics and time share.
struct SearchConfig : EngineSettings,
                      QueueSettings,
                      SpaceSettings,
                      RelaxationSettings,
                      LandmarkSettings,
                      AnytimeSettings,
                      LookaheadSettings,
                      CountingSettings {
    // Heuristics after the main one (PlannerOptions::heuristic), each with a
    // queue of its own, alternated round robin with the main queue.
    std::vector<HeuristicKind> extra_heuristics;
    // In a portfolio (phases separated by ';'), the share of the time left
    // at its start that this phase may use; the last phase uses the rest.
    double time_fraction = 1.0;
    // The share instead when the phase runs in the partial space (0: the
    // same): the learnt model in PS² is what solves the largest tasks.
    double time_fraction_partial = 0.0;
    // A phase ends, as if its share were used, once its main heuristic has
    // not improved for this many seconds (stall=S; 0: never).
    double stall_s = 0.0;
    // A phase ends the same way once its average branching factor
    // (transitions per expansion) exceeds this (branching=N; 0: never): an
    // eager phase evaluates every child, which at thousands of children per
    // state leaves it a few expansions per second.
    double max_branching = 0.0;
    // A phase that runs only when a phase before it stalled (after-stall=
    // on; skipped otherwise): a fresh search for a plateau an earlier one
    // could not leave, without costing tasks where the earlier phases still
    // progress or end for another reason (their share, wide branching).
    bool after_stall = false;

    bool operator==(const SearchConfig&) const = default;

    // The paper's search: eager GBFS, one queue, no preferred operators,
    // relaxation heuristics on the lifted exploration.
    static SearchConfig paper() {
        SearchConfig c;
        c.relaxation = RelaxationGrounding::Lifted;
        c.goal_orders = false;
        c.counting = false;
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

// Every configuration key, in the order of the error message listing them.
std::vector<std::string_view> search_config_keys();

}  // namespace ll
