// Layer-check fixture (tests/CMakeLists.txt).
#include "core/task/task.hpp"

namespace ll {

ObjectId object_count(const Task& task) {
    return task.num_objects;
}

}  // namespace ll
