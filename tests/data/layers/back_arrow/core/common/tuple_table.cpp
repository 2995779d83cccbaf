// Layer-check fixture (tests/CMakeLists.txt): compiles (the include root is
// the same for every layer), but the build of ll_common fails on the check.
#include "core/common/tuple_table.hpp"

namespace ll {

int tuple_count(const TupleTable& table) {
    return static_cast<int>(table.arena.size());
}

}  // namespace ll
