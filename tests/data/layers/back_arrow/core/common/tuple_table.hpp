// Layer-check fixture (tests/CMakeLists.txt): a back-arrow the layer rule
// forbids, common including task for an id type.
#pragma once

#include <vector>

#include "core/common/ids.hpp"
#include "core/task/task.hpp"

namespace ll {

struct TupleTable {
    std::vector<ObjectId> arena;
};

}  // namespace ll
