// AOAG construction: A(s, ρ) is enumerated once into a flat scratch vector;
// a single action is encoded as its successor by applying its effects while
// merging (the same node order as the ILG of succ(s, a), without building
// the successor state).
#include "core/learning/aoag_builder.hpp"

#include <utility>

namespace ll {

AoagBuilder::AoagBuilder(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                         SuccessorGenerator& successors)
    : ActionSetGraphBuilder(task, layout, statics, successors), diff_(task, layout, encoder_) {
    slots_.resize(num_slots());
}

int AoagBuilder::describe(const State& state, const PartialAction& partial) {
    if (commits_to_nothing(task_, successors_, state, partial)) return -1;
    action_args_.clear();
    num_actions_ = 0;
    // Captures only `this`, so the std::function needs no heap allocation.
    successors_.for_each_applicable(
        state, partial.schema, partial.prefix, [this](std::span<const ObjectId> args) {
            action_args_.insert(action_args_.end(), args.begin(), args.end());
            ++num_actions_;
            return true;
        });
    if (num_actions_ == 1) {
        effects_.clear();
        effects_.add_action(partial.schema, action_args_);
        effects_.finish();
    }
    return num_actions_;
}

int AoagBuilder::record(const PartialAction& partial, int k) {
    GraphContent& out = slots_.next();
    if (k == 1) {
        diff_.record(out, &effects_, -1, {});
    } else if (k > 1) {
        diff_.record(out, nullptr, partial.schema, action_args_);
        return 1 + partial.schema;
    } else {
        diff_.record(out, nullptr, -1, {});
    }
    return 0;
}

void AoagBuilder::build(const State& state, const PartialAction& partial, Graph& out) {
    encoder_.begin(out);
    const int k = describe(state, partial);
    if (k == 1) {
        encoder_.add_atoms(out, state, &effects_);
    } else {
        const int arity = k > 1 ? task_.schemas[partial.schema].arity() : 0;
        for (int a = 0; a < k; ++a) {
            if (budget_ != nullptr) budget_->poll();
            encoder_.add_action(out, partial.schema,
                                std::span<const ObjectId>(action_args_)
                                    .subspan(static_cast<std::size_t>(a) * arity, arity));
        }
        encoder_.add_atoms(out, state, nullptr);
    }
    last_slot_ = k > 1 ? 1 + partial.schema : 0;
    if (!tracking_) return;
    record(partial, k);
    slots_.keep(last_slot_, state);
}

bool AoagBuilder::build_delta(const State& state, const PartialAction& partial,
                              std::span<const int> max_changes, GraphDelta& out, int& slot) {
    slot = 0;
    if (!tracking_) return false;
    slot = record(partial, describe(state, partial));
    if (!slots_.has(slot) || max_changes[slot] < 0) return false;
    return slots_.delta(diff_, slot, state, max_changes[slot], out);
}

}  // namespace ll
