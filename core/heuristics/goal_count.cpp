// Goal counting over states and partial actions.
#include "core/heuristics/goal_count.hpp"

#include <algorithm>

#include "core/common/error.hpp"

namespace ll {

namespace {
using SignedAtom = std::pair<bool, GroundAtom>;  // (is_add, atom)

// The net signed effects of one ground action (adds win over deletes).
std::vector<SignedAtom> effects_of(const Task& task, const GroundAction& a) {
    const ActionSchema& schema = task.schemas[a.schema];
    auto ground = [&](const AtomSchema& atom) {
        GroundAtom g{atom.predicate, {}};
        for (const Term& t : atom.arguments) {
            g.arguments.push_back(t.is_parameter() ? a.arguments[t.index] : t.index);
        }
        return g;
    };
    std::vector<SignedAtom> out;
    for (const auto& e : schema.add_effects)
        out.emplace_back(true, ground(e));
    std::vector<GroundAtom> adds;
    for (const auto& e : out)
        adds.push_back(e.second);
    for (const auto& e : schema.delete_effects) {
        GroundAtom g = ground(e);
        if (std::find(adds.begin(), adds.end(), g) == adds.end()) out.emplace_back(false, g);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}
}  // namespace

double GoalCountHeuristic::evaluate(const State& state, const PartialAction& partial) {
    if (!goal_.reachable_in_principle()) return kDeadEnd;
    if (partial.is_none()) return goal_.unsatisfied(state);
    if (!successors_) {
        throw Error(ErrorCategory::Internal,
                    "goal counting over partial actions needs a successor generator");
    }
    std::vector<SignedAtom> common;
    bool first = true;
    successors_->for_each_applicable(
        state, partial.schema, partial.prefix, [&](std::span<const ObjectId> args) {
            auto effects =
                effects_of(task_, GroundAction{partial.schema, {args.begin(), args.end()}});
            if (first) {
                common = std::move(effects);
                first = false;
            } else {
                std::vector<SignedAtom> both;
                std::set_intersection(common.begin(), common.end(), effects.begin(), effects.end(),
                                      std::back_inserter(both));
                common.swap(both);
            }
            return !common.empty();  // nothing left in common: stop
        });
    if (first) return kDeadEnd;  // ρ is not applicable in s
    auto has = [&](bool add, const GroundAtom& g) {
        return std::binary_search(common.begin(), common.end(), SignedAtom{add, g});
    };
    auto holds = [&](const GroundAtom& g) {
        return layout_.is_fluent(g.predicate) && state.contains(layout_, g.predicate, g.arguments);
    };
    int count = goal_.unsatisfied(state);
    for (const GroundAtom& g : task_.goal_positive) {
        if (!layout_.is_fluent(g.predicate)) continue;
        const bool before = holds(g);
        const bool after = has(true, g) || (before && !has(false, g));
        count += static_cast<int>(before) - static_cast<int>(after);
    }
    for (const GroundAtom& g : task_.goal_negative) {
        if (!layout_.is_fluent(g.predicate)) continue;
        const bool before = !holds(g);
        const bool after = has(false, g) || (before && !has(true, g));
        count += static_cast<int>(before) - static_cast<int>(after);
    }
    return count;
}

}  // namespace ll
