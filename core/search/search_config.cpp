// Parsing, printing and the alias table of search configurations.
#include "core/search/search_config.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <type_traits>

#include "core/common/error.hpp"

namespace ll {

const std::vector<SearchAlias>& search_aliases() {
    static const std::vector<SearchAlias> aliases{
        {"default",
         "search=lazy,h=ff,preferred=on,novelty=off,boost=1000,symmetry=on,space=state,"
         "lookahead=on,time=0.25,stall=5;"
         "search=eager,h=wl,preferred=off,novelty=off,symmetry=on,space=state,time=0.2,stall=10,"
         "branching=1000;"
         "search=lazy,h=ff,preferred=on,novelty=off,boost=1000,symmetry=on,space=state,"
         "time=0.1,stall=5,after-stall=on;"
         "search=lazy,h=ff,preferred=on,novelty=off,boost=1000,symmetry=on,space=state,"
         "lookahead=on",
         "the best measured configuration (docs/search.md): lazy GBFS in the state space on "
         "hFF with boosted preferred operators and relaxed-plan lookahead for a quarter of "
         "the time or until its h stalls for 5 s; then, with a learnt model, eager GBFS on "
         "it in the state space for a fifth of the time left or until its h stalls for 10 s "
         "or its states have over 1,000 successors on average; then, if a phase stalled, a fresh "
         "lazy search without lookahead for a "
         "tenth of the time left or until its h stalls for 5 s; then the first lazy search "
         "again, continued, for the rest; all expand only actions that are canonical under "
         "the task's object symmetries"},
        {"paper", "search=eager,preferred=off,novelty=off,relax=lifted,orders=off,counting=off",
         "the paper's search: eager GBFS with a single queue, relaxation heuristics on the "
         "lifted task, no pruning by goal orders or counting"},
        {"lama", "search=lazy,preferred=on,novelty=off,landmarks=on,boost=1000",
         "LAMA-first's search: lazy GBFS alternating h (hFF, or the learnt model with "
         "--model) and the landmark count, each with a boosted preferred-only queue; "
         "preferred operators from hFF and the landmarks"},
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

double parse_stall(std::string_view value) {
    const std::string text(value);
    char* end = nullptr;
    const double seconds = text.empty() ? -1 : std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !(seconds >= 0) ||
        !std::isfinite(seconds)) {
        throw Error(ErrorCategory::Usage,
                    "invalid stall time '" + text + "' (seconds, 0 for none)");
    }
    return seconds;
}

double parse_branching(std::string_view value) {
    const std::string text(value);
    char* end = nullptr;
    const double n = text.empty() ? -1 : std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !(n >= 0) || !std::isfinite(n)) {
        throw Error(ErrorCategory::Usage, "invalid branching factor '" + text +
                                              "' (transitions per expansion, 0 for "
                                              "none)");
    }
    return n;
}

// h=main+extra+...: the phase's heuristics (heuristic_list.hpp).
void parse_heuristics(ParsedSearchConfig& out, std::string_view value) {
    const auto names = split(value, '+');
    out.sets_heuristic = true;
    out.heuristic = parse_heuristic_kind(trim(names[0]));
    out.config.extra_heuristics.clear();
    for (std::size_t i = 1; i < names.size(); ++i)
        out.config.extra_heuristics.push_back(parse_heuristic_kind(trim(names[i])));
}

// The keys of a phase itself: its heuristics, then (phase_time_keys) its
// share of a portfolio's time.
std::span<const ConfigKey<ParsedSearchConfig>> phase_heuristic_keys() {
    static constexpr ConfigKey<ParsedSearchConfig> kKeys[]{
        {"h", "heuristics", parse_heuristics},
    };
    return kKeys;
}

std::span<const ConfigKey<ParsedSearchConfig>> phase_time_keys() {
    static constexpr ConfigKey<ParsedSearchConfig> kKeys[]{
        {"time", "",
         [](ParsedSearchConfig& p, std::string_view v) {
             p.config.time_fraction = parse_fraction(v);
         }},
        {"time-partial", "",
         [](ParsedSearchConfig& p, std::string_view v) {
             p.config.time_fraction_partial = parse_fraction(v);
         }},
        {"stall", "",
         [](ParsedSearchConfig& p, std::string_view v) { p.config.stall_s = parse_stall(v); }},
        {"branching", "",
         [](ParsedSearchConfig& p, std::string_view v) {
             p.config.max_branching = parse_branching(v);
         }},
        {"after-stall", "",
         [](ParsedSearchConfig& p, std::string_view v) {
             p.config.after_stall = parse_switch(v, "after-stall");
         }},
    };
    return kKeys;
}

// One key of any component, applied to the part of the phase it owns.
struct AnyKey {
    const char* name;
    const char* aliases;
    std::function<void(ParsedSearchConfig&, std::string_view)> apply;
};

// Keys of a component whose settings are a base of SearchConfig.
template <class Settings>
void add_keys(std::vector<AnyKey>& out, std::span<const ConfigKey<Settings>> keys) {
    for (const ConfigKey<Settings>& key : keys) {
        out.push_back({key.name, key.aliases,
                       [apply = key.apply](ParsedSearchConfig& p, std::string_view value) {
                           if constexpr (std::is_same_v<Settings, ParsedSearchConfig>) {
                               apply(p, value);
                           } else {
                               apply(static_cast<Settings&>(p.config), value);
                           }
                       }});
    }
}

// Every component's keys: each component registers its own table.
const std::vector<AnyKey>& all_keys() {
    static const std::vector<AnyKey> keys = [] {
        std::vector<AnyKey> out;
        add_keys(out, engine_config_keys());
        add_keys(out, phase_heuristic_keys());
        add_keys(out, queue_config_keys());
        add_keys(out, space_config_keys());
        add_keys(out, heuristic_config_keys());
        add_keys(out, landmark_config_keys());
        add_keys(out, phase_time_keys());
        add_keys(out, anytime_config_keys());
        add_keys(out, lookahead_config_keys());
        add_keys(out, counting_config_keys());
        return out;
    }();
    return keys;
}

const AnyKey* find_key(std::string_view name) {
    for (const AnyKey& key : all_keys()) {
        if (name == key.name || is_alias(key.aliases, name)) return &key;
    }
    return nullptr;
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
    const AnyKey* found = find_key(key);
    if (found == nullptr) {
        const std::vector<std::string_view> keys = search_config_keys();
        throw Error(ErrorCategory::Usage, "unknown search configuration key '" + std::string(key) +
                                              "' (expected " + join_alternatives(keys) + ")");
    }
    found->apply(out, trim(item.substr(eq + 1)));
}

}  // namespace

std::vector<std::string_view> search_config_keys() {
    std::vector<std::string_view> names;
    for (const AnyKey& key : all_keys())
        names.push_back(key.name);
    return names;
}

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
        if (out.config.lookahead && out.config.engine != EngineKind::Lazy) {
            throw Error(ErrorCategory::Usage, "lookahead=on needs search=lazy (got search=" +
                                                  std::string(to_string(out.config.engine)) + ")");
        }
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
           (config.ties != TieBreaking::Fifo
                ? std::string(",tie=") + tie_breaking_names().name(config.ties)
                : std::string()) +
           (config.symmetry ? std::string(",symmetry=on") : std::string()) +
           (config.space != SpaceKind::Auto ? std::string(",space=") + to_string(config.space)
                                            : std::string()) +
           (config.relaxation != RelaxationGrounding::Auto
                ? std::string(",relax=") + to_string(config.relaxation)
                : std::string()) +
           (config.cost_type != CostType::One
                ? std::string(",cost-type=") + to_string(config.cost_type)
                : std::string()) +
           (config.landmarks ? std::string(",landmarks=on") : std::string()) +
           (config.goal_orders ? std::string() : std::string(",orders=off")) +
           (config.counting ? std::string() : std::string(",counting=off")) +
           (config.time_fraction < 1 ? ",time=" + format_fraction(config.time_fraction) : "") +
           (config.stall_s > 0 ? ",stall=" + format_fraction(config.stall_s) : "") +
           (config.max_branching > 0 ? ",branching=" + format_fraction(config.max_branching) : "") +
           (config.after_stall ? std::string(",after-stall=on") : std::string()) +
           (config.time_fraction_partial > 0
                ? ",time-partial=" + format_fraction(config.time_fraction_partial)
                : "") +
           (config.anytime != AnytimeMode::Off
                ? std::string(",anytime=") + anytime_mode_names().name(config.anytime)
                : std::string()) +
           (config.lookahead ? std::string(",lookahead=on") : std::string());
}

}  // namespace ll
