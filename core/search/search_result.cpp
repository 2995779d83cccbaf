// The names of search statuses.
#include "core/search/search_result.hpp"

namespace ll {

const NameTable<SearchStatus>& search_status_names() {
    static constexpr Named<SearchStatus> kNames[]{
        {SearchStatus::Solved, "solved"},
        {SearchStatus::Unsolvable, "unsolvable"},
        {SearchStatus::ExpansionLimit, "expansion-limit"},
        {SearchStatus::OutOfMemory, "out-of-memory"},
        {SearchStatus::OutOfTime, "out-of-time"},
    };
    static constexpr NameTable<SearchStatus> kTable{"search status", kNames};
    return kTable;
}

const char* to_string(SearchStatus status) {
    return search_status_names().name(status);
}

}  // namespace ll
