// Ground actions stored flat: one block of schema ids and one of arguments
// for all of them, so that listing a state's applicable actions allocates
// nothing once the blocks have grown (a std::vector per GroundAction is a
// malloc and a free per action, millions per search).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "core/common/budget.hpp"
#include "core/task/task.hpp"

namespace ll {

class ActionList {
  public:
    void clear() {
        schemas_.clear();
        begins_.resize(1);
    }
    std::size_t size() const { return schemas_.size(); }
    bool empty() const { return schemas_.empty(); }

    SchemaId schema(std::size_t i) const { return schemas_[i]; }
    std::span<const ObjectId> arguments(std::size_t i) const {
        return {arguments_.data() + begins_[i], begins_[i + 1] - begins_[i]};
    }
    // A copy as a GroundAction (allocates).
    GroundAction action(std::size_t i) const {
        const auto args = arguments(i);
        return {schemas_[i], {args.begin(), args.end()}};
    }

    // Growths of the blocks ask `budget` first (null: none), so that listing
    // billions of actions ends on its limits, not seconds after them inside
    // one doubling (Budget::check_growth).
    void set_budget(Budget* budget) { budget_ = budget; }

    void push_back(SchemaId schema, std::span<const ObjectId> arguments) {
        if (schemas_.size() == schemas_.capacity()) [[unlikely]]
            grow_index();
        schemas_.push_back(schema);
        const std::size_t used = begins_.back();
        const std::size_t n = arguments.size();
        // A plain loop into a buffer grown apart: vector::insert of a range
        // is an out-of-line call per action in wasm.
        if (used + n > arguments_.size()) [[unlikely]]
            grow(used + n);
        ObjectId* out = arguments_.data() + used;
        for (std::size_t i = 0; i < n; ++i)
            out[i] = arguments[i];
        begins_.push_back(used + n);
    }
    void push_back(const GroundAction& action) { push_back(action.schema, action.arguments); }
    // Appends another list's actions as three block copies (once per
    // expansion: the preferred evaluator's helpful actions).
    void append(const ActionList& other) {
        const std::size_t used = begins_.back();
        const std::size_t words = other.begins_.back();
        if (used + words > arguments_.size()) grow(used + words);
        std::copy_n(other.arguments_.data(), words, arguments_.data() + used);
        schemas_.insert(schemas_.end(), other.schemas_.begin(), other.schemas_.end());
        for (std::size_t i = 1; i < other.begins_.size(); ++i)
            begins_.push_back(used + other.begins_[i]);
    }
    // Keeps the first `count` actions.
    void truncate(std::size_t count) {
        if (count >= size()) return;
        schemas_.resize(count);
        begins_.resize(count + 1);
    }
    std::vector<GroundAction> to_vector() const {
        std::vector<GroundAction> out;
        out.reserve(size());
        for (std::size_t i = 0; i < size(); ++i)
            out.push_back(action(i));
        return out;
    }

    // Removes the actions for which pred(schema, arguments) holds, keeping
    // the others in order; returns how many were removed.
    template <class Pred>
    std::size_t erase_if(Pred&& pred) {
        std::size_t kept = 0, kept_words = 0;
        for (std::size_t i = 0; i < schemas_.size(); ++i) {
            const std::size_t begin = begins_[i], end = begins_[i + 1];
            if (pred(schemas_[i],
                     std::span<const ObjectId>(arguments_.data() + begin, end - begin)))
                continue;
            schemas_[kept] = schemas_[i];
            for (std::size_t w = begin; w < end; ++w)
                arguments_[kept_words++] = arguments_[w];
            begins_[++kept] = kept_words;
        }
        const std::size_t removed = schemas_.size() - kept;
        schemas_.resize(kept);
        begins_.resize(kept + 1);
        return removed;
    }

  private:
    [[gnu::noinline]] void grow(std::size_t words) {
        const std::size_t size = std::max(words, 2 * arguments_.size());
        if (budget_ != nullptr)
            budget_->check_growth((size + arguments_.size()) * sizeof(ObjectId));
        arguments_.resize(size);
    }
    [[gnu::noinline]] void grow_index() {
        const std::size_t capacity = std::max<std::size_t>(64, 2 * schemas_.capacity());
        if (budget_ != nullptr) {
            budget_->check_growth((capacity + schemas_.size()) *
                                  (sizeof(SchemaId) + sizeof(std::size_t)));
        }
        schemas_.reserve(capacity);
        begins_.reserve(capacity + 1);
    }

    std::vector<SchemaId> schemas_;
    std::vector<std::size_t> begins_{0};  // action i: arguments_[begins_[i], begins_[i + 1])
    std::vector<ObjectId> arguments_;     // in use: the first begins_.back() words
    Budget* budget_ = nullptr;
};

}  // namespace ll
