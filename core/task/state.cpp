// Packed states: construction, lookup, successor computation and hashing.
#include "core/task/state.hpp"

#include "core/task/axioms.hpp"
#include "core/task/conditional_effects.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace ll {

StateLayout::StateLayout(const Task& task) {
    arity_.reserve(task.predicates.size());
    slot_.assign(task.predicates.size(), -1);
    for (PredicateId p = 0; p < task.num_predicates(); ++p) {
        arity_.push_back(task.predicates[p].arity());
        if (!task.predicates[p].is_static) {
            slot_[p] = static_cast<int>(fluent_.size());
            fluent_.push_back(p);
        }
    }
    // The evaluator copies this layout before it has an evaluator.
    if (task.has_axioms()) axioms_ = std::make_shared<const AxiomEvaluator>(task, *this);
}

void sort_unique_tuples(std::vector<ObjectId>& flat, int stride) {
    std::size_t n = flat.size() / stride;
    if (n <= 1) return;
    if (stride == 1) {
        std::sort(flat.begin(), flat.end());
        flat.erase(std::unique(flat.begin(), flat.end()), flat.end());
        return;
    }
    if (stride == 2) {
        std::vector<std::uint64_t> keys(n);
        for (std::size_t i = 0; i < n; ++i) {
            keys[i] =
                (std::uint64_t(std::uint32_t(flat[2 * i])) << 32) | std::uint32_t(flat[2 * i + 1]);
        }
        std::sort(keys.begin(), keys.end());
        keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
        flat.resize(keys.size() * 2);
        for (std::size_t i = 0; i < keys.size(); ++i) {
            flat[2 * i] = ObjectId(keys[i] >> 32);
            flat[2 * i + 1] = ObjectId(keys[i] & 0xffffffffu);
        }
        return;
    }
    std::vector<std::uint32_t> order(n);
    for (std::size_t i = 0; i < n; ++i)
        order[i] = std::uint32_t(i);
    const ObjectId* base = flat.data();
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return compare_object_tuples(base + a * stride, base + b * stride, stride) < 0;
    });
    std::vector<ObjectId> out;
    out.reserve(flat.size());
    for (std::size_t k = 0; k < n; ++k) {
        const ObjectId* t = base + order[k] * stride;
        if (!out.empty() &&
            compare_object_tuples(out.data() + out.size() - stride, t, stride) == 0) {
            continue;
        }
        out.insert(out.end(), t, t + stride);
    }
    flat.swap(out);
}

std::pair<int, int> relation_prefix_range(const RelationView& rel,
                                          std::span<const ObjectId> prefix) {
    const int k = static_cast<int>(prefix.size());
    const int stride = rel.stride;
    auto cmp = [&](int i) {
        return compare_object_tuples(rel.data + static_cast<std::size_t>(i) * stride, prefix.data(),
                                     k);
    };
    int lo = 0, hi = rel.size;
    while (lo < hi) {  // first tuple >= prefix
        int mid = (lo + hi) >> 1;
        if (cmp(mid) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    int first = lo;
    hi = rel.size;
    while (lo < hi) {  // first tuple > prefix
        int mid = (lo + hi) >> 1;
        if (cmp(mid) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return {first, lo};
}

namespace {

std::uint64_t mix_two_words(std::uint64_t h, const ObjectId* w) {
    h ^= std::uint64_t(std::uint32_t(w[0])) | (std::uint64_t(std::uint32_t(w[1])) << 32);
    h *= 0xff51afd7ed558ccdull;
    return h ^ (h >> 32);
}

}  // namespace

std::uint64_t hash_words(std::span<const ObjectId> words) {
    // 64-bit multiply-xorshift mixing, two words per step. The multiply
    // chain is the cost: a long state (thousands of words) runs four
    // independent chains, eight words per round, folded before the tail.
    const std::size_t n = words.size();
    const ObjectId* w = words.data();
    std::uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
    std::size_t i = 0;
    if (n >= 32) {
        std::uint64_t h1 = h ^ 0x6a09e667f3bcc908ull, h2 = h ^ 0xbb67ae8584caa73bull,
                      h3 = h ^ 0x3c6ef372fe94f82bull;
        for (; i + 8 <= n; i += 8) {
            h = mix_two_words(h, w + i);
            h1 = mix_two_words(h1, w + i + 2);
            h2 = mix_two_words(h2, w + i + 4);
            h3 = mix_two_words(h3, w + i + 6);
        }
        h = (h ^ std::rotl(h1, 16) ^ std::rotl(h2, 32) ^ std::rotl(h3, 48)) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    for (; i + 1 < n; i += 2)
        h = mix_two_words(h, w + i);
    if (i < n) {
        h ^= std::uint32_t(w[i]);
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    h ^= h >> 29;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 32;
    return h;
}

std::uint64_t State::hash() const {
    return hash_words(words_);
}

StateBuilder::StateBuilder(const StateLayout& layout)
    : layout_(layout), tuples_(layout.num_slots()) {}

void StateBuilder::add(PredicateId p, std::span<const ObjectId> args) {
    auto& flat = tuples_[layout_.slot(p)];
    if (args.empty()) {
        flat.push_back(0);
    } else {
        flat.insert(flat.end(), args.begin(), args.end());
    }
}

State StateBuilder::build() {
    const int slots = layout_.num_slots();
    std::size_t total = slots + 1;
    for (int s = 0; s < slots; ++s) {
        sort_unique_tuples(tuples_[s], layout_.stride(layout_.predicate_of_slot(s)));
        total += tuples_[s].size();
    }
    std::vector<ObjectId> words;
    words.reserve(total);
    words.resize(slots + 1);
    for (int s = 0; s < slots; ++s) {
        words[s] = static_cast<ObjectId>(words.size());
        words.insert(words.end(), tuples_[s].begin(), tuples_[s].end());
        tuples_[s].clear();
    }
    words[slots] = static_cast<ObjectId>(words.size());
    return State(std::move(words));
}

State initial_state(const Task& task, const StateLayout& layout, Budget* budget) {
    StateBuilder builder(layout);
    for (const GroundAtom& atom : task.initial_state) {
        if (layout.is_fluent(atom.predicate)) builder.add(atom.predicate, atom.arguments);
    }
    if (const AxiomEvaluator* axioms = layout.axioms())
        return axioms->evaluate(builder.build(), budget);
    return builder.build();
}

State apply_action(const Task& task, const StateLayout& layout, const State& state,
                   const GroundAction& action, Budget* budget) {
    ActionApplier applier(task, layout);
    applier.set_budget(budget);
    return applier.apply(state, action.schema, action.arguments);
}

State ActionApplier::apply(const State& state, SchemaId schema_id,
                           std::span<const ObjectId> arguments) {
    const Task& task = *task_;
    const StateLayout& layout = *layout_;
    const ActionSchema& schema = task.schemas[schema_id];
    // Ground the effects into (slot, is_add, tuple) records sorted by slot, so
    // that untouched relations are copied wholesale.
    std::vector<Effect>& effects = effects_;
    std::vector<ObjectId>& args = args_;
    effects.clear();
    args.clear();
    auto ground_with = [&](const AtomSchema& atom, bool add, std::span<const ObjectId> binding) {
        effects.push_back({layout.slot(atom.predicate), add, static_cast<int>(args.size())});
        for (const Term& t : atom.arguments) {
            args.push_back(t.is_parameter() ? binding[t.index] : t.index);
        }
        if (atom.arguments.empty()) args.push_back(0);
    };
    auto ground = [&](const AtomSchema& atom, bool add) { ground_with(atom, add, arguments); };
    for (const AtomSchema& e : schema.delete_effects)
        ground(e, false);
    for (const AtomSchema& e : schema.add_effects)
        ground(e, true);
    if (!schema.conditional_effects.empty()) {
        for_each_conditional_effect(task, layout, state, schema_id, arguments, ground_with);
    }
    // Stable (deletes before adds within a slot), a handful of records, and
    // no temporary buffer as std::stable_sort would allocate.
    for (std::size_t i = 1; i < effects.size(); ++i) {
        const Effect e = effects[i];
        std::size_t j = i;
        for (; j > 0 && effects[j - 1].slot > e.slot; --j)
            effects[j] = effects[j - 1];
        effects[j] = e;
    }

    const std::span<const ObjectId> words = state.words();
    const int slots = layout.num_slots();
    std::vector<ObjectId> out;
    out.reserve(words.size() + 2 * args.size());
    out.resize(slots + 1);
    std::vector<ObjectId>& rel = rel_;
    std::size_t e = 0;
    for (int s = 0; s < slots; ++s) {
        out[s] = static_cast<ObjectId>(out.size());
        const int begin = words[s], end = words[s + 1];
        if (e == effects.size() || effects[e].slot != s) {
            out.insert(out.end(), words.begin() + begin, words.begin() + end);
            continue;
        }
        const int stride = layout.stride(layout.predicate_of_slot(s));
        rel.assign(words.begin() + begin, words.begin() + end);
        std::size_t first = e;
        bool any_add = false;
        // Deletes first (PDDL semantics), then adds.
        for (; e < effects.size() && effects[e].slot == s; ++e) {
            if (effects[e].add) {
                any_add = true;
                continue;
            }
            RelationView view{rel.data(), int(rel.size() / stride), stride};
            std::span<const ObjectId> t(args.data() + effects[e].offset, stride);
            auto [lo, hi] = relation_prefix_range(view, t);
            if (lo < hi) rel.erase(rel.begin() + lo * stride, rel.begin() + hi * stride);
        }
        if (any_add) {
            for (std::size_t k = first; k < e; ++k) {
                if (!effects[k].add) continue;
                rel.insert(rel.end(), args.begin() + effects[k].offset,
                           args.begin() + effects[k].offset + stride);
            }
            sort_unique_tuples(rel, stride);
        }
        out.insert(out.end(), rel.begin(), rel.end());
    }
    out[slots] = static_cast<ObjectId>(out.size());
    if (const AxiomEvaluator* axioms = layout.axioms())
        return axioms->evaluate(State(std::move(out)), budget_);
    return State(std::move(out));
}

std::vector<GroundAtom> fluent_atoms(const StateLayout& layout, const State& state) {
    std::vector<GroundAtom> atoms;
    for (int s = 0; s < layout.num_slots(); ++s) {
        PredicateId p = layout.predicate_of_slot(s);
        RelationView rel = state.relation(layout, p);
        for (int i = 0; i < rel.size; ++i) {
            GroundAtom a{p, {}};
            if (layout.arity(p) > 0) {
                auto t = rel.tuple(i);
                a.arguments.assign(t.begin(), t.end());
            }
            atoms.push_back(std::move(a));
        }
    }
    return atoms;
}

}  // namespace ll
