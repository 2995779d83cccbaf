// The names of the search spaces and their configuration keys.
#include "core/search/search_space.hpp"

namespace ll {

const NameTable<SpaceKind>& space_kind_names() {
    static constexpr Named<SpaceKind> kNames[]{
        {SpaceKind::Auto, "auto"}, {SpaceKind::State, "state"}, {SpaceKind::Partial, "partial"}};
    static constexpr NameTable<SpaceKind> kTable{"search space", kNames};
    return kTable;
}

SpaceKind parse_space_kind(std::string_view name) {
    return space_kind_names().parse(name);
}

const char* to_string(SpaceKind kind) {
    return space_kind_names().name(kind);
}

std::span<const ConfigKey<SpaceSettings>> space_config_keys() {
    static constexpr ConfigKey<SpaceSettings> kKeys[]{
        {"symmetry", "",
         [](SpaceSettings& s, std::string_view v) { s.symmetry = parse_switch(v, "symmetry"); }},
        {"space", "", [](SpaceSettings& s, std::string_view v) { s.space = parse_space_kind(v); }},
    };
    return kKeys;
}

}  // namespace ll
