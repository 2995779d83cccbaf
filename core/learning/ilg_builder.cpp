// ILG construction: the shared state encoding with uncoloured objects.
#include "core/learning/ilg_builder.hpp"

namespace ll {

IlgBuilder::IlgBuilder(const Task& task, const StateLayout& layout)
    : encoder_(task, layout, uncoloured_objects(task)) {}

void IlgBuilder::build(const State& state, const PartialAction& /*partial*/, Graph& out) {
    encoder_.begin(out);
    encoder_.add_atoms(out, state, nullptr);
}

}  // namespace ll
