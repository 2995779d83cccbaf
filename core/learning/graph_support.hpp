// Which tasks the WL graphs (ILG, AOAG, AEG) encode faithfully: STRIPS
// schemas with negative preconditions, equalities and action costs. ADL
// schemas (a normalised precondition split into variants with hidden
// parameters, conditional or universal effects, the artificial action of a
// disjunctive goal) are not encoded by any graph, so training on them or
// planning with a model for them is refused instead of producing a wrong
// model. A universal goal that normalises to a conjunction of atoms is
// encoded like any goal and is allowed.
#pragma once

#include <string_view>

#include "core/task/task.hpp"

namespace ll {

// Throws ll::Error(Unsupported) naming the first construct the graphs cannot
// encode; `what` says who asks (e.g. "learned models").
void require_graph_encodable(const Task& task, std::string_view what);

}  // namespace ll
