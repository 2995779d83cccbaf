// The list of search engines and their configuration key (see header).
#include "core/search/engine_list.hpp"

#include "core/search/astar_search.hpp"
#include "core/search/breadth_first_search.hpp"
#include "core/search/eager_search.hpp"
#include "core/search/lazy_search.hpp"

namespace ll {

const Vocabulary<EngineEntry>& engine_list() {
    static constexpr EngineEntry kEntries[]{
        {EngineKind::Eager, "eager", "", "eager greedy best-first search", make<EagerSearch>},
        {EngineKind::Lazy, "lazy", "", "lazy greedy best-first search (deferred evaluation)",
         make<LazySearch>},
        {EngineKind::Bfs, "bfs", "", "breadth-first search (a shortest plan; state space)",
         make<BreadthFirstSearch>, true, false},
        {EngineKind::Ucs, "ucs", "",
         "uniform-cost search (a cheapest plan, no heuristic; state space)", make<AStarSearch>,
         true, false},
        {EngineKind::Astar, "astar", "",
         "A* (f = g + h; a cheapest plan with an admissible h; state space)", make<AStarSearch>,
         true, true},
    };
    static constexpr Vocabulary<EngineEntry> kList{"search engine", kEntries};
    return kList;
}

const EngineEntry& engine_entry(EngineKind kind) {
    return engine_list().entry(kind);
}

EngineKind parse_engine_kind(std::string_view name) {
    return engine_list().parse(name);
}

const char* to_string(EngineKind kind) {
    return engine_list().name(kind);
}

std::unique_ptr<SearchEngine> make_engine(EngineKind kind, SearchSpace& space, EngineSetup setup) {
    return engine_list().entry(kind).make(space, std::move(setup));
}

std::span<const ConfigKey<EngineSettings>> engine_config_keys() {
    static constexpr ConfigKey<EngineSettings> kKeys[]{
        {"search", "engine",
         [](EngineSettings& s, std::string_view v) { s.engine = parse_engine_kind(v); }},
    };
    return kKeys;
}

}  // namespace ll
