// Layer-check fixture (tests/CMakeLists.txt).
#include "core/common/ids.hpp"

namespace ll {

ObjectId no_object() {
    return -1;
}

}  // namespace ll
