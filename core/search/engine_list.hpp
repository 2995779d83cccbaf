// The list of search engines: every engine a configuration can name
// (search=...), with a description and a factory. Adding an engine is one
// file pair for its class (a SearchEngine subclass) and one entry in
// engine_list.cpp (docs/search.md, "Adding an engine or a heuristic").
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "core/common/vocabulary.hpp"
#include "core/search/search_engine.hpp"

namespace ll {

enum class EngineKind { Eager, Lazy, Bfs, Ucs, Astar };

using EngineFactory = std::unique_ptr<SearchEngine> (*)(SearchSpace& space, EngineSetup setup);

// The factory of engine class T (constructed from a space and a setup).
template <class T>
std::unique_ptr<SearchEngine> make(SearchSpace& space, EngineSetup setup) {
    return std::make_unique<T>(space, std::move(setup));
}

struct EngineEntry {
    EngineKind value;
    const char* name;
    const char* aliases;  // other accepted names, space separated
    const char* description;
    EngineFactory make;
    // Minimises plan cost (bfs: length) with an open list of its own: runs
    // in the state space only, with its main heuristic alone
    // (core/optimality.hpp).
    bool optimal = false;
    // Evaluates nodes with the main heuristic (false: bfs, ucs).
    bool evaluates = true;
};

const Vocabulary<EngineEntry>& engine_list();
const EngineEntry& engine_entry(EngineKind kind);
inline bool is_optimal_engine(EngineKind kind) {
    return engine_entry(kind).optimal;
}
EngineKind parse_engine_kind(std::string_view name);  // throws ll::Error(Usage)
const char* to_string(EngineKind kind);
std::unique_ptr<SearchEngine> make_engine(EngineKind kind, SearchSpace& space, EngineSetup setup);

// The configuration key of the engines (search_config.hpp).
struct EngineSettings {
    EngineKind engine = EngineKind::Eager;
    bool operator==(const EngineSettings&) const = default;
};
std::span<const ConfigKey<EngineSettings>> engine_config_keys();

}  // namespace ll
