// Object colourings for the graph builders.
#include "core/learning/graph_colours.hpp"

#include <string>

#include "core/common/error.hpp"

namespace ll {

ObjectColouring uncoloured_objects(const Task& task) {
    return {std::vector<RawColour>(task.objects.size(), 0), 1};
}

ObjectColouring colour_objects_by_unary_statics(const Task& task, const StaticFacts& statics) {
    std::vector<PredicateId> unary;  // in index order, so rank = position
    for (PredicateId p = 0; p < task.num_predicates(); ++p) {
        if (task.predicates[p].is_static && task.predicates[p].arity() == 1) unary.push_back(p);
    }
    const int k = static_cast<int>(unary.size());
    if (k > kMaxUnaryStaticPredicates) {
        throw Error(ErrorCategory::Unsupported,
                    "graphs with objects coloured by static information support at most " +
                        std::to_string(kMaxUnaryStaticPredicates) +
                        " unary static predicates; the domain has " + std::to_string(k));
    }
    ObjectColouring out{std::vector<RawColour>(task.objects.size(), 0), RawColour(1) << k};
    for (int rank = 0; rank < k; ++rank) {
        RelationView rel = statics.relation(unary[rank]);
        for (int i = 0; i < rel.size; ++i) {
            out.colours[rel.tuple(i)[0]] |= RawColour(1) << rank;
        }
    }
    return out;
}

}  // namespace ll
