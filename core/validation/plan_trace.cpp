// The plan trace: records the validator's states and diffs neighbours.
#include "core/validation/plan_trace.hpp"

#include <algorithm>
#include <iterator>
#include <set>

namespace ll {

namespace {

std::vector<GroundAtom> difference(const std::vector<GroundAtom>& a,
                                   const std::vector<GroundAtom>& b) {
    std::vector<GroundAtom> out;
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return out;
}

}  // namespace

PlanTrace trace_plan(const Task& task, std::span<const GroundAction> plan) {
    PlanTrace trace;
    trace.states.reserve(plan.size() + 1);
    // std::set iterates in order: every recorded state is sorted.
    trace.validation = validate_plan(task, plan, [&](int, const std::set<GroundAtom>& state) {
        trace.states.emplace_back(state.begin(), state.end());
    });
    trace.added.resize(trace.states.size());
    trace.deleted.resize(trace.states.size());
    for (std::size_t i = 1; i < trace.states.size(); ++i) {
        trace.added[i] = difference(trace.states[i], trace.states[i - 1]);
        trace.deleted[i] = difference(trace.states[i - 1], trace.states[i]);
    }
    return trace;
}

}  // namespace ll
