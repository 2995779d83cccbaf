// The unavoidable and optional ground effects of a set of actions A (paper
// §"Graph Representations", AEG): UA = ∩ add(a), UD = ∩ del(a), OA = ∪ add \ UA,
// OD = ∪ del \ UD. Each action's effects follow PDDL semantics: an atom both
// added and deleted by one action is an add of that action only.
//
// Built incrementally (clear, add_action per action, finish) into reused flat
// storage; the result is the list of affected fluent atoms sorted by
// (predicate, arguments), each with its flags, so it can be merged with the
// sorted relations of a state.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/task/state.hpp"
#include "core/task/task.hpp"

namespace ll {

class GroundEffectSummary {
  public:
    enum Flag : std::uint8_t {
        UnavoidableAdd = 1,
        UnavoidableDelete = 2,
        OptionalAdd = 4,
        OptionalDelete = 8,
    };

    GroundEffectSummary(const Task& task, const StateLayout& layout);

    void clear();
    // Records one action of A (call once per distinct action).
    void add_action(SchemaId schema, std::span<const ObjectId> arguments);
    // Groups the recorded effects; afterwards size()/predicate()/... describe
    // every atom some action of A adds or deletes.
    void finish();

    int num_actions() const { return num_actions_; }
    int size() const { return static_cast<int>(flags_.size()); }
    PredicateId predicate(int i) const { return atoms_[static_cast<std::size_t>(i) * stride_]; }
    // The atom's arguments (padded to the domain's maximum arity).
    const ObjectId* arguments(int i) const {
        return atoms_.data() + static_cast<std::size_t>(i) * stride_ + 1;
    }
    std::uint8_t flags(int i) const { return flags_[i]; }

  private:
    const Task& task_;
    const StateLayout& layout_;
    int width_ = 0;   // maximum predicate arity
    int stride_ = 1;  // atom record: predicate, width_ arguments
    int num_actions_ = 0;
    // Raw records: predicate, width_ arguments, sign (0 add, 1 delete), action.
    std::vector<ObjectId> records_;
    std::vector<std::uint32_t> order_;
    std::vector<ObjectId> atoms_;
    std::vector<std::uint8_t> flags_;
};

}  // namespace ll
