// Unavoidable and optional effects of an action set, by sorting the ground
// effect records of all actions and counting actions per (atom, sign).
#include "core/learning/graph_effects.hpp"

#include <algorithm>

namespace ll {

GroundEffectSummary::GroundEffectSummary(const Task& task, const StateLayout& layout)
    : task_(task), layout_(layout) {
    for (const Predicate& p : task.predicates)
        width_ = std::max(width_, p.arity());
    stride_ = width_ + 1;
}

void GroundEffectSummary::clear() {
    num_actions_ = 0;
    records_.clear();
    order_.clear();
    atoms_.clear();
    flags_.clear();
}

void GroundEffectSummary::add_action(SchemaId schema_id, std::span<const ObjectId> arguments) {
    const ActionSchema& schema = task_.schemas[schema_id];
    const ObjectId action = num_actions_++;
    auto record = [&](const AtomSchema& atom, ObjectId sign) {
        // Effects on static predicates cannot exist; skip defensively.
        if (!layout_.is_fluent(atom.predicate)) return;
        records_.push_back(atom.predicate);
        for (const Term& t : atom.arguments)
            records_.push_back(t.is_parameter() ? arguments[t.index] : t.index);
        for (int i = static_cast<int>(atom.arguments.size()); i < width_; ++i)
            records_.push_back(-1);
        records_.push_back(sign);
        records_.push_back(action);
    };
    for (const AtomSchema& e : schema.add_effects)
        record(e, 0);
    for (const AtomSchema& e : schema.delete_effects)
        record(e, 1);
}

void GroundEffectSummary::finish() {
    const int rs = width_ + 3;  // raw record stride
    const std::size_t n = records_.size() / rs;
    order_.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        order_[i] = static_cast<std::uint32_t>(i);
    const ObjectId* base = records_.data();
    // Sorted by (predicate, arguments, sign, action): each atom's adds come
    // before its deletes, each sign's actions ascending (duplicates adjacent).
    std::sort(order_.begin(), order_.end(), [&](std::uint32_t a, std::uint32_t b) {
        const ObjectId* x = base + static_cast<std::size_t>(a) * rs;
        const ObjectId* y = base + static_cast<std::size_t>(b) * rs;
        for (int i = 0; i < rs; ++i) {
            if (x[i] != y[i]) return x[i] < y[i];
        }
        return false;
    });
    atoms_.clear();
    flags_.clear();
    auto rec = [&](std::size_t k) { return base + static_cast<std::size_t>(order_[k]) * rs; };
    auto same_atom = [&](const ObjectId* x, const ObjectId* y) {
        return std::equal(x, x + stride_, y);
    };
    std::size_t k = 0;
    while (k < n) {
        const ObjectId* head = rec(k);
        // Adds of this atom: [k, mid); deletes: [mid, end).
        std::size_t mid = k;
        while (mid < n && same_atom(rec(mid), head) && rec(mid)[stride_] == 0)
            ++mid;
        std::size_t end = mid;
        while (end < n && same_atom(rec(end), head))
            ++end;
        int adders = 0;
        for (std::size_t i = k; i < mid; ++i) {
            if (i == k || rec(i)[stride_ + 1] != rec(i - 1)[stride_ + 1]) ++adders;
        }
        // Net deleters: actions deleting the atom without adding it (merge of
        // two ascending action lists).
        int deleters = 0;
        std::size_t a = k;
        for (std::size_t i = mid; i < end; ++i) {
            const ObjectId act = rec(i)[stride_ + 1];
            if (i > mid && act == rec(i - 1)[stride_ + 1]) continue;
            while (a < mid && rec(a)[stride_ + 1] < act)
                ++a;
            if (a < mid && rec(a)[stride_ + 1] == act) continue;
            ++deleters;
        }
        std::uint8_t f = 0;
        if (adders == num_actions_) {
            f |= UnavoidableAdd;
        } else if (adders > 0) {
            f |= OptionalAdd;
        }
        if (deleters == num_actions_) {
            f |= UnavoidableDelete;
        } else if (deleters > 0) {
            f |= OptionalDelete;
        }
        if (f != 0) {
            atoms_.insert(atoms_.end(), head, head + stride_);
            flags_.push_back(f);
        }
        k = end;
    }
}

}  // namespace ll
