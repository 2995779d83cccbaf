// ILG construction: the shared state encoding with uncoloured objects.
#include "core/learning/ilg_builder.hpp"

#include <utility>

namespace ll {

IlgBuilder::IlgBuilder(const Task& task, const StateLayout& layout)
    : encoder_(task, layout, uncoloured_objects(task)), diff_(task, layout, encoder_) {
    slots_.resize(1);
}

void IlgBuilder::build(const State& state, const PartialAction& /*partial*/, Graph& out) {
    encoder_.begin(out);
    encoder_.add_atoms(out, state, nullptr);
    if (!tracking_) return;
    diff_.record(slots_.next(), nullptr, -1, {});
    slots_.keep(0, state);
}

bool IlgBuilder::build_delta(const State& state, const PartialAction& /*partial*/,
                             std::span<const int> max_changes, GraphDelta& out, int& slot) {
    slot = 0;
    if (!tracking_ || !slots_.has(0) || max_changes[0] < 0) return false;
    diff_.record(slots_.next(), nullptr, -1, {});
    return slots_.delta(diff_, 0, state, max_changes[0], out);
}

}  // namespace ll
