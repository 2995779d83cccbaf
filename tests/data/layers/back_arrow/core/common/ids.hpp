// Layer-check fixture (tests/CMakeLists.txt): a header of the lowest layer.
#pragma once

#include <cstdint>

namespace ll {

using ObjectId = std::int32_t;

}  // namespace ll
