// A partial action (paper Def. 1): an action schema with a prefix of its
// parameters bound, or None (no schema chosen yet).
#pragma once

#include <vector>

#include "core/task/task.hpp"

namespace ll {

struct PartialAction {
    SchemaId schema = -1;  // -1: None
    std::vector<ObjectId> prefix;

    static PartialAction none() { return {}; }
    bool is_none() const { return schema < 0; }
    // Specificity: 0 for None, 1 + number of bound parameters otherwise.
    int specificity() const { return is_none() ? 0 : static_cast<int>(prefix.size()) + 1; }
    bool is_complete(const Task& task) const {
        return !is_none() && static_cast<int>(prefix.size()) == task.schemas[schema].arity();
    }
    bool operator==(const PartialAction&) const = default;
};

}  // namespace ll
