// Layer-check fixture (tests/CMakeLists.txt): a header of the higher layer.
#pragma once

#include "core/common/ids.hpp"

namespace ll {

struct Task {
    ObjectId num_objects = 0;
};

}  // namespace ll
