// The objects a relaxed exploration from a state can do without: of each
// group of objects the state cannot tell apart (object_symmetry.hpp), all
// but the k of smallest id and those the goal names, where k is the most
// parameters of one schema (or variables of one axiom) whose type holds
// the group's objects.
//
// Why the relaxation loses nothing: the state, the goal and the relaxed
// program are invariant under any permutation σ within the groups, so the
// set of facts reachable from the state is too. A rule firing that derives
// a fact over kept objects binds at most k objects of a group (each
// variable to an object of its type); a σ fixing the kept ones it binds
// maps the others onto kept ones, giving a firing of equal cost whose body
// facts are over kept objects and reachable (by induction on the
// derivation). So the facts over kept objects, the goal's among them, are
// reached at the same cost (hadd, hmax exact; hFF extracts a relaxed plan
// of the full task), and a dead end stays a dead end. In childsnack's hard
// problems, 330 unmade sandwiches shrink to one.
#pragma once

#include <cstdint>
#include <vector>

#include "core/successors/object_symmetry.hpp"
#include "core/task/state.hpp"
#include "core/task/task.hpp"

namespace ll {

class RepresentativeObjects {
  public:
    // `explored`: the task whose relaxation is explored (`task`, or its
    // compilation of conditional effects: same objects, more schemas).
    RepresentativeObjects(const Task& task, const StateLayout& layout, const Task& explored);

    // Whether some state may have objects to drop (otherwise skip compute()).
    bool any() const { return symmetry_.any(); }
    // The objects `state` lets an exploration drop: dropped()[o] != 0.
    // Returns false (and an all-zero mask) when there are none.
    bool compute(const State& state);
    const std::vector<std::uint8_t>& dropped() const { return dropped_; }
    // Objects dropped in the last state.
    int num_dropped() const { return static_cast<int>(dropped_list_.size()); }

  private:
    ObjectSymmetry symmetry_;
    std::vector<std::int32_t> kept_per_group_;  // per object: k of its group
    std::vector<std::uint8_t> named_by_goal_;
    std::vector<std::uint8_t> dropped_;
    std::vector<ObjectId> dropped_list_;
};

}  // namespace ll
