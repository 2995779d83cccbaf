// The integer ids of the lifted task (objects, types, predicates, schemas).
// They live here, in the lowest layer, so that common code such as the
// TupleTable can hold ids without including core/task (docs/design.md,
// "Layers"); core/task/task.hpp includes this header.
#pragma once

#include <cstdint>

namespace ll {

using ObjectId = std::int32_t;
using TypeId = std::int32_t;
using PredicateId = std::int32_t;
using SchemaId = std::int32_t;
using FunctionId = std::int32_t;  // a static numeric function (:action-costs)

}  // namespace ll
