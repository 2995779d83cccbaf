// Graph kinds by name, and the builder factory.
#include "core/learning/graph_builder.hpp"

#include <string>

#include "core/common/error.hpp"
#include "core/learning/aeg_builder.hpp"
#include "core/learning/aoag_builder.hpp"
#include "core/learning/graph_support.hpp"
#include "core/learning/ilg_builder.hpp"

namespace ll {

std::optional<GraphKind> graph_kind_named(std::string_view name) {
    for (GraphKind kind : {GraphKind::Ilg, GraphKind::Aoag, GraphKind::Aeg}) {
        if (name == to_string(kind)) return kind;
    }
    return std::nullopt;
}

GraphKind parse_graph_kind(std::string_view name) {
    if (const std::optional<GraphKind> kind = graph_kind_named(name)) return *kind;
    throw Error(ErrorCategory::Usage,
                "unknown graph kind '" + std::string(name) + "' (accepted values: ilg, aoag, aeg)");
}

const char* to_string(GraphKind kind) {
    switch (kind) {
        case GraphKind::Ilg:
            return "ilg";
        case GraphKind::Aoag:
            return "aoag";
        case GraphKind::Aeg:
            return "aeg";
    }
    return "ilg";
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
