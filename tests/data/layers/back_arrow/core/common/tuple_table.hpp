// Layer-check fixture (tests/CMakeLists.txt): the back-arrow that issue 12
// removed from the real tree, common including task for an id type.
#pragma once

#include <vector>

#include "core/common/ids.hpp"
#include "core/task/task.hpp"

namespace ll {

struct TupleTable {
    std::vector<ObjectId> arena;
};

}  // namespace ll
