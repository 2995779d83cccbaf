// The static atoms of a task (predicates that no action changes), stored once
// as sorted relations, so states only carry fluent atoms.
#pragma once

#include <vector>

#include "core/task/state.hpp"
#include "core/task/task.hpp"

namespace ll {

class StaticFacts {
  public:
    explicit StaticFacts(const Task& task);
    // Only valid for static predicates.
    RelationView relation(PredicateId p) const {
        const auto& flat = tuples_[p];
        return {flat.data(), static_cast<int>(flat.size()) / stride_[p], stride_[p]};
    }
    // `args` holds arity(p) objects (inline with a pointer, as State::contains).
    bool contains(PredicateId p, const ObjectId* args) const {
        if (arity_[p] == 0) return !tuples_[p].empty();
        return relation_contains(relation(p), args);
    }
    bool contains(PredicateId p, std::span<const ObjectId> args) const {
        return contains(p, args.data());
    }

  private:
    std::vector<std::vector<ObjectId>> tuples_;  // per predicate (empty for fluents)
    std::vector<int> stride_;
    std::vector<int> arity_;
};

}  // namespace ll
