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
    bool contains(PredicateId p, std::span<const ObjectId> args) const;

  private:
    std::vector<std::vector<ObjectId>> tuples_;  // per predicate (empty for fluents)
    std::vector<int> stride_;
    std::vector<int> arity_;
};

}  // namespace ll
