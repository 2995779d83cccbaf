// Representatives of a state's symmetry groups for relaxed explorations.
#include "core/heuristics/representative_objects.hpp"

#include <algorithm>

namespace ll {

namespace {

// Per object, the most parameters of one schema (variables of one axiom)
// that may take it.
std::vector<std::int32_t> most_variables_per_object(const Task& task) {
    const std::size_t n = static_cast<std::size_t>(task.num_objects());
    const std::vector<std::uint8_t> is_of_type = flat_type_table(task);
    std::vector<std::int32_t> most(n, 1), count(n);
    auto take = [&](const std::vector<Parameter>& variables) {
        std::fill(count.begin(), count.end(), 0);
        for (const Parameter& v : variables)
            for (std::size_t o = 0; o < n; ++o)
                count[o] += is_of_type[std::size_t(v.type) * n + o];
        for (std::size_t o = 0; o < n; ++o)
            most[o] = std::max(most[o], count[o]);
    };
    for (const ActionSchema& schema : task.schemas)
        take(schema.parameters);
    for (const Axiom& axiom : task.axioms)
        take(axiom.variables);
    return most;
}

}  // namespace

RepresentativeObjects::RepresentativeObjects(const Task& task, const StateLayout& layout,
                                             const Task& explored)
    : symmetry_(task, layout),
      kept_per_group_(most_variables_per_object(explored)),
      named_by_goal_(static_cast<std::size_t>(task.num_objects()), 0),
      dropped_(static_cast<std::size_t>(task.num_objects()), 0) {
    for (const auto* atoms : {&task.goal_positive, &task.goal_negative})
        for (const GroundAtom& atom : *atoms)
            for (ObjectId o : atom.arguments)
                named_by_goal_[o] = 1;
}

bool RepresentativeObjects::compute(const State& state) {
    for (ObjectId o : dropped_list_)
        dropped_[o] = 0;
    dropped_list_.clear();
    symmetry_.compute(state);
    if (symmetry_.grouped_objects() == 0) return false;
    for (int g = 0; g < symmetry_.num_groups(); ++g) {
        const auto members = symmetry_.group(g);  // sorted by id
        const std::size_t kept = static_cast<std::size_t>(kept_per_group_[members[0]]);
        for (std::size_t i = kept; i < members.size(); ++i) {
            if (named_by_goal_[members[i]]) continue;
            dropped_[members[i]] = 1;
            dropped_list_.push_back(members[i]);
        }
    }
    return !dropped_list_.empty();
}

}  // namespace ll
