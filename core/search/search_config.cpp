// Parsing, printing and the alias table of search configurations.
#include "core/search/search_config.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/common/error.hpp"

namespace ll {

const std::vector<SearchAlias>& search_aliases() {
    static const std::vector<SearchAlias> aliases{
        {"default",
         "search=eager,h=wl,preferred=off,novelty=off,symmetry=on,time=0.2,time-partial=0.7,"
         "stall=10;"
         "search=lazy,h=ff,preferred=on,novelty=off,boost=1000,symmetry=on,space=state",
         "the best measured configuration (docs/search.md): with a learnt model, eager GBFS "
         "on it for a fifth of the time (70 % in the partial space, on tasks of 300+ "
         "objects) or until its h stalls for 10 s, then (and without a model) lazy GBFS in "
         "the state space on hFF with boosted preferred operators; both expand only "
         "actions that are canonical under the task's object symmetries"},
        {"paper", "search=eager,preferred=off,novelty=off,relax=lifted",
         "the paper's search: eager GBFS with a single queue, relaxation heuristics on the "
         "lifted task"},
        {"lama", "search=lazy,preferred=on,novelty=off,boost=1000",
         "LAMA-first's search without landmarks: lazy GBFS, boosted preferred queues"},
        {"bfws", "search=lazy,preferred=on,novelty=on,boost=1000",
         "lazy GBFS alternating h, preferred and (novelty, h) queues (alt-BFWS)"},
        {"eager-po", "search=eager,preferred=on,novelty=off,boost=1000",
         "eager GBFS with boosted preferred queues"},
        {"bfs", "search=bfs,cost-type=normal",
         "breadth-first search: a shortest plan (fewest actions), in the state space"},
        {"ucs", "search=ucs,cost-type=normal",
         "uniform-cost search: a cheapest plan without a heuristic, in the state space"},
        {"astar-blind", "search=astar,h=blind,cost-type=normal",
         "A* with the blind heuristic (0 at goals, the cheapest action cost elsewhere): a "
         "cheapest plan"},
        {"astar-hmax", "search=astar,h=hmax,cost-type=normal", "A* with h^max: a cheapest plan"},
        {"astar-lmcut", "search=astar,h=lmcut,cost-type=normal",
         "A* with LM-cut on the ground relaxed task (h^max when it cannot be grounded): a "
         "cheapest plan"},
    };
    return aliases;
}

EngineKind parse_engine_kind(std::string_view name) {
    if (name == "eager") return EngineKind::Eager;
    if (name == "lazy") return EngineKind::Lazy;
    if (name == "bfs") return EngineKind::Bfs;
    if (name == "ucs") return EngineKind::Ucs;
    if (name == "astar") return EngineKind::Astar;
    throw Error(ErrorCategory::Usage, "unknown search engine '" + std::string(name) +
                                          "' (expected eager, lazy, bfs, ucs or astar)");
}

const char* to_string(EngineKind kind) {
    switch (kind) {
        case EngineKind::Eager:
            return "eager";
        case EngineKind::Lazy:
            return "lazy";
        case EngineKind::Bfs:
            return "bfs";
        case EngineKind::Ucs:
            return "ucs";
        case EngineKind::Astar:
            return "astar";
    }
    return "eager";
}

bool is_optimal_engine(EngineKind kind) {
    return kind == EngineKind::Bfs || kind == EngineKind::Ucs || kind == EngineKind::Astar;
}

bool is_admissible(HeuristicKind kind) {
    return kind == HeuristicKind::Blind || kind == HeuristicKind::Max ||
           kind == HeuristicKind::LmCut;
}

HeuristicKind parse_heuristic_kind(std::string_view name) {
    // In the partial space every relaxation heuristic is evaluated as its
    // restriction (rFF for ff); in the state space rff is hFF = rFF(s, None).
    if (name == "ff" || name == "rff") return HeuristicKind::FF;
    if (name == "hadd" || name == "add") return HeuristicKind::Add;
    if (name == "hmax" || name == "max") return HeuristicKind::Max;
    if (name == "goal-count" || name == "goalcount") return HeuristicKind::GoalCount;
    if (name == "wl") return HeuristicKind::Wl;
    if (name == "blind") return HeuristicKind::Blind;
    if (name == "lmcut" || name == "lm-cut") return HeuristicKind::LmCut;
    throw Error(ErrorCategory::Usage,
                "unknown heuristic '" + std::string(name) +
                    "' (expected ff, rff, hadd, hmax, goal-count, wl, blind or lmcut)");
}

const char* to_string(HeuristicKind kind) {
    switch (kind) {
        case HeuristicKind::FF:
            return "ff";
        case HeuristicKind::Add:
            return "hadd";
        case HeuristicKind::Max:
            return "hmax";
        case HeuristicKind::GoalCount:
            return "goal-count";
        case HeuristicKind::Wl:
            return "wl";
        case HeuristicKind::Blind:
            return "blind";
        case HeuristicKind::LmCut:
            return "lmcut";
    }
    return "unknown";
}

bool parse_switch(std::string_view value, std::string_view what) {
    if (value == "on" || value == "true" || value == "1" || value == "yes") return true;
    if (value == "off" || value == "false" || value == "0" || value == "no") return false;
    throw Error(ErrorCategory::Usage, "invalid value '" + std::string(value) + "' for " +
                                          std::string(what) + " (expected on or off)");
}

namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    for (;;) {
        const auto at = text.find(separator);
        parts.push_back(text.substr(0, at));
        if (at == std::string_view::npos) return parts;
        text.remove_prefix(at + 1);
    }
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

const SearchAlias* find_alias(std::string_view name) {
    for (const SearchAlias& a : search_aliases()) {
        if (name == a.name) return &a;
    }
    return nullptr;
}

// A time share in (0, 1]. strtod, not from_chars: Emscripten 3.1.6's libc++
// has no floating-point from_chars (the core never changes the locale).
double parse_fraction(std::string_view value) {
    const std::string text(value);
    char* end = nullptr;
    const double fraction = text.empty() ? -1 : std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !(fraction > 0) || fraction > 1) {
        throw Error(ErrorCategory::Usage,
                    "invalid time share '" + text + "' (a fraction in (0, 1])");
    }
    return fraction;
}

void apply(ParsedSearchConfig& out, std::string_view item, int depth) {
    item = trim(item);
    if (item.empty()) return;
    const auto eq = item.find('=');
    if (eq == std::string_view::npos) {
        const SearchAlias* alias = find_alias(item);
        if (alias == nullptr || depth > 0) {
            std::string names;
            for (const SearchAlias& a : search_aliases())
                names += std::string(names.empty() ? "" : ", ") + a.name;
            throw Error(ErrorCategory::Usage, "unknown search configuration '" + std::string(item) +
                                                  "' (aliases: " + names + "; or key=value pairs)");
        }
        for (std::string_view part : split(alias->text, ','))
            apply(out, part, depth + 1);
        return;
    }
    const std::string_view key = trim(item.substr(0, eq));
    const std::string_view value = trim(item.substr(eq + 1));
    SearchConfig& c = out.config;
    if (key == "search" || key == "engine") {
        c.engine = parse_engine_kind(value);
    } else if (key == "h" || key == "heuristics") {
        const auto names = split(value, '+');
        out.sets_heuristic = true;
        out.heuristic = parse_heuristic_kind(trim(names[0]));
        c.extra_heuristics.clear();
        for (std::size_t i = 1; i < names.size(); ++i)
            c.extra_heuristics.push_back(parse_heuristic_kind(trim(names[i])));
    } else if (key == "preferred") {
        c.preferred = parse_switch(value, "preferred");
    } else if (key == "symmetry") {
        c.symmetry = parse_switch(value, "symmetry");
    } else if (key == "novelty") {
        c.novelty = parse_switch(value, "novelty");
    } else if (key == "space") {
        if (value == "auto") {
            c.space = PhaseSpace::Auto;
        } else if (value == "state") {
            c.space = PhaseSpace::State;
        } else if (value == "partial") {
            c.space = PhaseSpace::Partial;
        } else {
            throw Error(ErrorCategory::Usage, "unknown search space '" + std::string(value) +
                                                  "' (expected auto, state or partial)");
        }
    } else if (key == "relax" || key == "relaxation") {
        c.relaxation = parse_relaxation_grounding(value);
    } else if (key == "cost-type" || key == "cost_type") {
        c.cost_type = parse_cost_type(value);
    } else if (key == "time") {
        c.time_fraction = parse_fraction(value);
    } else if (key == "time-partial") {
        c.time_fraction_partial = parse_fraction(value);
    } else if (key == "stall") {
        const std::string text(value);
        char* end = nullptr;
        const double seconds = text.empty() ? -1 : std::strtod(text.c_str(), &end);
        if (text.empty() || end != text.c_str() + text.size() || !(seconds >= 0) ||
            !std::isfinite(seconds)) {
            throw Error(ErrorCategory::Usage,
                        "invalid stall time '" + text + "' (seconds, 0 for none)");
        }
        c.stall_s = seconds;
    } else if (key == "tie" || key == "ties") {
        if (value == "fifo") {
            c.ties = TieBreaking::Fifo;
        } else if (value == "lifo") {
            c.ties = TieBreaking::Lifo;
        } else {
            throw Error(ErrorCategory::Usage, "unknown tie-breaking '" + std::string(value) +
                                                  "' (expected fifo or lifo)");
        }
    } else if (key == "boost") {
        int boost = -1;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), boost);
        if (ec != std::errc() || end != value.data() + value.size() || boost < 0) {
            throw Error(ErrorCategory::Usage,
                        "invalid boost '" + std::string(value) + "' (a non-negative integer)");
        }
        c.boost = boost;
    } else {
        throw Error(ErrorCategory::Usage, "unknown search configuration key '" + std::string(key) +
                                              "' (expected search, h, preferred, novelty, boost, "
                                              "tie, symmetry, relax, cost-type, space, time, "
                                              "time-partial or stall)");
    }
}

}  // namespace

std::vector<ParsedSearchConfig> parse_search_phases(std::string_view text) {
    // Aliases may be portfolios themselves: expand them first.
    std::string expanded;
    for (std::string_view phase : split(text, ';')) {
        std::string_view first = trim(phase.substr(0, phase.find(',')));
        const SearchAlias* alias = find_alias(first);
        if (alias != nullptr && std::string_view(alias->text).find(';') != std::string_view::npos) {
            if (phase.find(',') != std::string_view::npos) {
                throw Error(ErrorCategory::Usage, "the portfolio alias '" + std::string(first) +
                                                      "' takes no key=value overrides");
            }
            phase = alias->text;
        }
        expanded += std::string(expanded.empty() ? "" : ";") + std::string(phase);
    }
    std::vector<ParsedSearchConfig> phases;
    for (std::string_view phase : split(expanded, ';')) {
        ParsedSearchConfig out;
        for (std::string_view item : split(phase, ','))
            apply(out, item, 0);
        phases.push_back(std::move(out));
    }
    return phases;
}

ParsedSearchConfig parse_search_config(std::string_view text) {
    std::vector<ParsedSearchConfig> phases = parse_search_phases(text);
    if (phases.size() != 1) {
        throw Error(
            ErrorCategory::Usage,
            "expected a single search configuration, got a portfolio: " + std::string(text));
    }
    return std::move(phases.front());
}

namespace {
std::string format_fraction(double f) {
    char buffer[32];  // %g, not to_chars: see the time key above
    const int n = std::snprintf(buffer, sizeof buffer, "%g", f);
    return std::string(buffer, n > 0 ? static_cast<std::size_t>(n) : 0);
}
}  // namespace

std::string to_string(const SearchConfig& config, HeuristicKind main) {
    std::string h = to_string(main);
    for (HeuristicKind k : config.extra_heuristics)
        h += std::string("+") + to_string(k);
    return std::string("search=") + to_string(config.engine) + ",h=" + h +
           ",preferred=" + (config.preferred ? "on" : "off") +
           ",novelty=" + (config.novelty ? "on" : "off") +
           ",boost=" + std::to_string(config.boost) +
           (config.ties == TieBreaking::Lifo ? std::string(",tie=lifo") : std::string()) +
           (config.symmetry ? std::string(",symmetry=on") : std::string()) +
           (config.space == PhaseSpace::State     ? std::string(",space=state")
            : config.space == PhaseSpace::Partial ? std::string(",space=partial")
                                                  : std::string()) +
           (config.relaxation != RelaxationGrounding::Auto
                ? std::string(",relax=") + to_string(config.relaxation)
                : std::string()) +
           (config.cost_type != CostType::One
                ? std::string(",cost-type=") + to_string(config.cost_type)
                : std::string()) +
           (config.time_fraction < 1 ? ",time=" + format_fraction(config.time_fraction) : "") +
           (config.stall_s > 0 ? ",stall=" + format_fraction(config.stall_s) : "") +
           (config.time_fraction_partial > 0
                ? ",time-partial=" + format_fraction(config.time_fraction_partial)
                : "");
}

}  // namespace ll
