// Graph kinds by name, and the builder factory.
#include "core/learning/graph_builder.hpp"

#include <string>

#include "core/common/error.hpp"
#include "core/learning/aeg_builder.hpp"
#include "core/learning/aoag_builder.hpp"
#include "core/learning/graph_support.hpp"
#include "core/learning/ilg_builder.hpp"

namespace ll {

const NameTable<GraphKind>& graph_kind_names() {
    static constexpr Named<GraphKind> kNames[]{
        {GraphKind::Ilg, "ilg"}, {GraphKind::Aoag, "aoag"}, {GraphKind::Aeg, "aeg"}};
    static constexpr NameTable<GraphKind> kTable{"graph kind", kNames};
    return kTable;
}

GraphKind parse_graph_kind(std::string_view name) {
    return graph_kind_names().parse(name);
}

const char* to_string(GraphKind kind) {
    return graph_kind_names().name(kind);
}

std::unique_ptr<GraphBuilder> make_graph_builder(GraphKind kind, const Task& task,
                                                 const StateLayout& layout,
                                                 const StaticFacts& statics,
                                                 SuccessorGenerator& successors) {
    require_graph_encodable(task, "WL graphs");
    switch (kind) {
        case GraphKind::Ilg:
            return std::make_unique<IlgBuilder>(task, layout);
        case GraphKind::Aoag:
            return std::make_unique<AoagBuilder>(task, layout, statics, successors);
        case GraphKind::Aeg:
            return std::make_unique<AegBuilder>(task, layout, statics, successors);
    }
    throw Error(ErrorCategory::Internal, "unknown graph kind");
}

}  // namespace ll
