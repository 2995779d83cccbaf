// Refusing tasks the WL graphs cannot encode (see graph_support.hpp).
#include "core/learning/graph_support.hpp"

#include <string>

namespace ll {

void require_graph_encodable(const Task& task, std::string_view what) {
    for (const ActionSchema& s : task.schemas) {
        std::string construct;
        if (!s.conditional_effects.empty()) {
            construct = "action '" + s.name + "' has conditional or universal effects";
        } else if (s.original_precondition >= 0) {
            construct = "action '" + s.name +
                        "' has an ADL precondition (or, imply, exists, forall, or not over a "
                        "formula)";
        } else if (s.is_goal_action) {
            construct = "the goal is disjunctive or existential";
        }
        if (construct.empty()) continue;
        throw Error(ErrorCategory::Unsupported,
                    std::string(what) +
                        " support STRIPS domains only (with negative "
                        "preconditions, equality and action costs): " +
                        construct +
                        ", which the WL graphs cannot encode; plan without a model (e.g. --config "
                        "lama or paper)");
    }
}

}  // namespace ll
