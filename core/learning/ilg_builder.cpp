// ILG construction: the shared state encoding with uncoloured objects.
#include "core/learning/ilg_builder.hpp"

#include <utility>

namespace ll {

IlgBuilder::IlgBuilder(const Task& task, const StateLayout& layout)
    : encoder_(task, layout, uncoloured_objects(task)), diff_(task, layout, encoder_) {}

void IlgBuilder::build(const State& state, const PartialAction& /*partial*/, Graph& out) {
    encoder_.begin(out);
    encoder_.add_atoms(out, state, nullptr);
    if (tracking_) diff_.record(last_, state, nullptr, -1, {});
    has_last_ = tracking_;
}

bool IlgBuilder::build_delta(const State& state, const PartialAction& /*partial*/, int max_changes,
                             GraphDelta& out) {
    if (!tracking_ || !has_last_) return false;
    diff_.record(next_, state, nullptr, -1, {});
    if (!diff_.diff(last_, next_, max_changes, out)) return false;
    std::swap(last_, next_);
    return true;
}

}  // namespace ll
