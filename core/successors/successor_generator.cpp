// Executes compiled join plans over a state's relations.
#include "core/successors/successor_generator.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <tuple>

// Forced inlining (GCC and Clang spell it the same).
#define LL_HOT_INLINE [[gnu::always_inline]] inline
#define LL_HOT_INLINE_LAMBDA __attribute__((always_inline))

namespace ll {

SuccessorGenerator::SuccessorGenerator(const Task& task, const StateLayout& layout,
                                       const StaticFacts& statics, JoinLookups lookups)
    : task_(task),
      layout_(layout),
      statics_(statics),
      lookups_(lookups),
      joins_(compile_joins(task)),
      is_of_type_(flat_type_table(task)) {
    indexes_.resize(joins_.index_slots.size());
    int max_arity = 1;
    for (const auto& s : task.schemas)
        max_arity = std::max(max_arity, s.arity());
    for (const auto& p : task.predicates)
        max_arity = std::max(max_arity, p.arity());
    binding_.resize(max_arity);
    scratch_.resize(max_arity);
    init_dense_sets();
    init_type_ranges();
}

// One cache slot per distinct (relation, type range) that a first step scans.
void SuccessorGenerator::init_type_ranges() {
    std::map<std::tuple<PredicateId, bool, ObjectId, ObjectId>, int> slots;
    auto assign = [&](JoinStep& step) {
        if (step.kind != JoinStep::Kind::Atom || step.first_from < 0) return;
        const auto key =
            std::make_tuple(step.predicate, step.is_static, step.first_from, step.first_to);
        step.range_slot = slots.emplace(key, static_cast<int>(slots.size())).first->second;
    };
    for (SchemaPlans& plans : joins_.schemas) {
        for (auto* list : {&plans.by_prefix, &plans.unbound_by_first_atom})
            for (JoinPlan& plan : *list)
                for (JoinStep& step : plan.steps)
                    assign(step);
        for (JoinStep& step : plans.candidates)
            assign(step);
    }
    type_ranges_.assign(slots.size(), TypeRange{});
}

void SuccessorGenerator::init_dense_sets() {
    // The predicates some join check tests for membership.
    std::vector<char> tested(task_.predicates.size(), 0);
    auto mark = [&](const ActionSchema& schema, const std::vector<JoinCheck>& checks) {
        for (const JoinCheck& c : checks) {
            if (c.kind == JoinCheck::Kind::PositiveAtom)
                tested[schema.positive_preconditions[c.atom].predicate] = 1;
            else if (c.kind == JoinCheck::Kind::NegativeAtom)
                tested[schema.negative_preconditions[c.atom].predicate] = 1;
        }
    };
    for (std::size_t s = 0; s < joins_.schemas.size(); ++s) {
        auto mark_plans = [&](const std::vector<JoinPlan>& plans) {
            for (const JoinPlan& plan : plans) {
                mark(task_.schemas[s], plan.initial_checks);
                for (const JoinStep& step : plan.steps)
                    mark(task_.schemas[s], step.checks);
            }
        };
        mark_plans(joins_.schemas[s].by_prefix);
        mark_plans(joins_.schemas[s].unbound_by_first_atom);
    }
    const std::uint64_t n = static_cast<std::uint64_t>(task_.num_objects());
    dense_of_.assign(task_.predicates.size(), -1);
    std::size_t words = 0;
    for (PredicateId p = 0; p < static_cast<PredicateId>(task_.predicates.size()); ++p) {
        const int arity = task_.predicates[p].arity();
        if (!tested[p] || arity < 1 || arity > kMaxDenseArity) continue;
        const std::uint64_t bits = dense_table_size(arity, n, lookups_.max_dense_bits);
        if (bits > lookups_.max_dense_bits || (words * 64 + bits) > kMaxDenseTotalBits) continue;
        DenseRelation d;
        d.first_word = words;
        d.arity = arity;
        words += static_cast<std::size_t>((bits + 63) / 64);
        dense_of_[p] = static_cast<int>(dense_.size());
        dense_.push_back(std::move(d));
    }
    dense_bits_.assign(words, 0);
    for (PredicateId p = 0; p < static_cast<PredicateId>(task_.predicates.size()); ++p) {
        if (dense_of_[p] >= 0 && !layout_.is_fluent(p)) {
            build_dense(dense_of_[p], p);
            dense_[dense_of_[p]].built_for = stamp_for(true);
        }
    }
}

// Sets the bits of p's tuples in the current state (or the statics), after
// clearing the ones set for an earlier state.
void SuccessorGenerator::build_dense(int dense, PredicateId p) {
    DenseRelation& d = dense_[dense];
    std::uint64_t* bits = dense_bits_.data() + d.first_word;
    for (std::uint32_t i : d.set)
        bits[i >> 6] &= ~(std::uint64_t(1) << (i & 63));
    d.set.clear();
    const RelationView rel = relation(p);
    const std::uint32_t n = static_cast<std::uint32_t>(task_.num_objects());
    const bool fluent = layout_.is_fluent(p);
    for (int t = 0; t < rel.size; ++t) {
        const ObjectId* tuple = rel.data + static_cast<std::size_t>(t) * rel.stride;
        const auto i = static_cast<std::uint32_t>(dense_tuple_index(tuple, d.arity, n));
        bits[i >> 6] |= std::uint64_t(1) << (i & 63);
        if (fluent) d.set.push_back(i);
    }
    d.built_for = generation_;
}

void SuccessorGenerator::set_state(const State& state) {
    state_ = &state;
    auto words = state.words();
    if (equal_words(words, state_words_)) return;  // same contents: keep the indexes built on it
    state_words_.assign(words.begin(), words.end());
    ++generation_;
}

RelationView SuccessorGenerator::relation(PredicateId p) const {
    return layout_.is_fluent(p) ? state_->relation(layout_, p) : statics_.relation(p);
}

RelationView SuccessorGenerator::relation(const JoinStep& step) const {
    return step.is_static ? statics_.relation(step.predicate)
                          : state_->relation(layout_, step.predicate);
}

LL_HOT_INLINE bool SuccessorGenerator::contains(PredicateId p, const ObjectId* args) {
    const int dense = dense_of_[p];
    if (dense >= 0) {
        const DenseRelation& d = dense_[dense];
        if (d.built_for < generation_) build_dense(dense, p);  // static sets: never
        // dense_tuple_index() unrolled for arity 1-3, in 32 bits (a set has
        // at most 2^22 bits): this is the join's innermost test.
        const std::uint32_t n = static_cast<std::uint32_t>(task_.objects.size());
        std::uint32_t i = static_cast<std::uint32_t>(args[0]);
        if (d.arity >= 2) i = i * n + static_cast<std::uint32_t>(args[1]);
        if (d.arity == 3) i = i * n + static_cast<std::uint32_t>(args[2]);
        return (dense_bits_[d.first_word + (i >> 6)] >> (i & 63)) & 1;
    }
    return layout_.is_fluent(p) ? state_->contains(layout_, p, args) : statics_.contains(p, args);
}

// run_checks, match_ops, scan and the join's visitor are forced inline into
// search(): in wasm every call spills all live values (V8 has no
// callee-saved registers) and reloads the memory base, per visited tuple.
LL_HOT_INLINE bool SuccessorGenerator::run_checks(const ActionSchema& schema,
                                                  const std::vector<JoinCheck>& checks,
                                                  const ObjectId* b) {
    const std::size_t n = task_.objects.size();
    for (const JoinCheck& c : checks) {
        switch (c.kind) {
            case JoinCheck::Kind::Type:
                if (!is_of_type_[std::size_t(c.type) * n + b[c.param]]) return false;
                break;
            case JoinCheck::Kind::Equal:
            case JoinCheck::Kind::NotEqual: {
                ObjectId x = c.lhs.is_parameter() ? b[c.lhs.index] : c.lhs.index;
                ObjectId y = c.rhs.is_parameter() ? b[c.rhs.index] : c.rhs.index;
                if ((x == y) != (c.kind == JoinCheck::Kind::Equal)) return false;
                break;
            }
            case JoinCheck::Kind::PositiveAtom:
            case JoinCheck::Kind::NegativeAtom: {
                bool positive = c.kind == JoinCheck::Kind::PositiveAtom;
                const AtomSchema& atom = positive ? schema.positive_preconditions[c.atom]
                                                  : schema.negative_preconditions[c.atom];
                // scratch_ holds the largest arity: no allocation, no cleanup.
                ObjectId* a = scratch_.data();
                for (std::size_t i = 0; i < atom.arguments.size(); ++i) {
                    const Term& t = atom.arguments[i];
                    a[i] = t.is_parameter() ? b[t.index] : t.index;
                }
                if (contains(atom.predicate, a) != positive) return false;
                break;
            }
        }
    }
    return true;
}

bool SuccessorGenerator::run_checks_outlined(const ActionSchema& schema,
                                             const std::vector<JoinCheck>& checks,
                                             const ObjectId* b) {
    return run_checks(schema, checks, b);
}

LL_HOT_INLINE bool SuccessorGenerator::match_ops(const JoinStep& step, const ObjectId* tuple,
                                                 ObjectId* b) const {
    const std::size_t n = step.ops.size();
    for (std::size_t i = 0; i < n; ++i) {
        const ArgOp& op = step.ops[i];
        switch (op.kind) {
            case ArgOp::Kind::Bind:
                b[op.value] = tuple[i];
                break;
            case ArgOp::Kind::CheckParam:
                if (b[op.value] != tuple[i]) return false;
                break;
            case ArgOp::Kind::CheckObject:
                if (op.value != tuple[i]) return false;
                break;
        }
    }
    return true;
}

std::uint64_t SuccessorGenerator::index_key(const IndexSlot& slot, const JoinStep& step,
                                            const ObjectId* b) const {
    std::uint64_t key = 0;
    const int usable = std::min<int>(slot.positions.size(), 64 / joins_.key_bits);
    for (int i = 0; i < usable; ++i) {
        const ArgOp& op = step.ops[slot.positions[i]];
        ObjectId v = op.kind == ArgOp::Kind::CheckObject ? op.value : b[op.value];
        key = (key << joins_.key_bits) | std::uint64_t(v);
    }
    return key;
}

std::span<const int> SuccessorGenerator::index_range(const JoinStep& step, const ObjectId* b) {
    const IndexSlot& slot = joins_.index_slots[step.index_slot];
    Index& index = indexes_[step.index_slot];
    if (index.built_for != stamp_for(slot.is_static)) {
        build_index(slot, relation(step), index);
        index.built_for = stamp_for(slot.is_static);
    }
    if (index.bucketed) {
        const ArgOp& op = step.ops[slot.positions[0]];
        const ObjectId v = op.kind == ArgOp::Kind::CheckObject ? op.value : b[op.value];
        const int first = index.starts[static_cast<std::size_t>(v)];
        return {index.rows.data() + first,
                static_cast<std::size_t>(index.starts[static_cast<std::size_t>(v) + 1] - first)};
    }
    const std::uint64_t key = index_key(slot, step, b);
    const auto lo = std::lower_bound(index.keys.begin(), index.keys.end(), key);
    auto hi = lo;
    while (hi != index.keys.end() && *hi == key)
        ++hi;
    return {index.rows.data() + (lo - index.keys.begin()), static_cast<std::size_t>(hi - lo)};
}

// One known position: the rows bucketed by its object (a counting sort, no
// search at lookup), unless the objects far outnumber the rows (the buckets
// cost O(objects) per state). Otherwise: the rows sorted by packed keys.
void SuccessorGenerator::build_index(const IndexSlot& slot, const RelationView& rel,
                                     Index& index) const {
    index.rows.resize(static_cast<std::size_t>(rel.size));
    index.bucketed = lookups_.bucketed_indexes && slot.positions.size() == 1 &&
                     task_.objects.size() <= 4 * static_cast<std::size_t>(rel.size) + 64;
    if (index.bucketed) {
        const int position = slot.positions[0];
        index.starts.assign(task_.objects.size() + 1, 0);
        int* starts = index.starts.data();
        for (int i = 0; i < rel.size; ++i)
            ++starts[rel.data[static_cast<std::size_t>(i) * rel.stride + position] + 1];
        const std::size_t n = task_.objects.size();
        for (std::size_t o = 0; o < n; ++o)
            starts[o + 1] += starts[o];
        // Filled in relation order, so that rows stay in that order within a
        // bucket (as the sorted index had them).
        index.cursor.assign(index.starts.begin(), index.starts.end() - 1);
        for (int i = 0; i < rel.size; ++i) {
            const ObjectId v = rel.data[static_cast<std::size_t>(i) * rel.stride + position];
            index.rows[static_cast<std::size_t>(index.cursor[static_cast<std::size_t>(v)]++)] = i;
        }
        return;
    }
    std::vector<std::pair<std::uint64_t, int>>& pairs = index.pairs;
    pairs.clear();
    const int usable = std::min<int>(slot.positions.size(), 64 / joins_.key_bits);
    for (int i = 0; i < rel.size; ++i) {
        const ObjectId* t = rel.data + static_cast<std::size_t>(i) * rel.stride;
        std::uint64_t key = 0;
        for (int k = 0; k < usable; ++k)
            key = (key << joins_.key_bits) | std::uint64_t(t[slot.positions[k]]);
        pairs.emplace_back(key, i);
    }
    std::sort(pairs.begin(), pairs.end());
    index.keys.resize(pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        index.keys[i] = pairs[i].first;
        index.rows[i] = pairs[i].second;
    }
}

// The first tuple whose first object is `object` or more (rel.size if none).
static int first_at_least(const RelationView& rel, ObjectId object) {
    int lo = 0, hi = rel.size;
    while (lo < hi) {
        const int mid = (lo + hi) >> 1;
        if (rel.data[static_cast<std::size_t>(mid) * rel.stride] < object)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

std::pair<int, int> SuccessorGenerator::type_range(const JoinStep& step, const RelationView& rel) {
    TypeRange& range = type_ranges_[static_cast<std::size_t>(step.range_slot)];
    if (range.built_for != stamp_for(step.is_static)) {
        range.lo = first_at_least(rel, step.first_from);
        range.hi = first_at_least(rel, step.first_to + 1);
        range.built_for = stamp_for(step.is_static);
    }
    return {range.lo, range.hi};
}

template <class F>
LL_HOT_INLINE bool SuccessorGenerator::scan(const JoinStep& step, const ObjectId* b, F&& visit) {
    const RelationView rel = relation(step);
    if (rel.empty()) return true;
    if (step.index_slot >= 0) {
        for (const int row : index_range(step, b)) {
            if (!visit(rel.data + static_cast<std::size_t>(row) * rel.stride)) return false;
        }
        return true;
    }
    int lo = 0, hi = rel.size;
    if (step.first_from >= 0) {
        std::tie(lo, hi) = type_range(step, rel);
    } else if (step.prefix_length > 0) {
        ObjectId prefix[16];
        const int k = std::min(step.prefix_length, 16);
        for (int p = 0; p < k; ++p) {
            const ArgOp& op = step.ops[p];
            prefix[p] = op.kind == ArgOp::Kind::CheckObject ? op.value : b[op.value];
        }
        std::tie(lo, hi) = relation_prefix_range(rel, {prefix, static_cast<std::size_t>(k)});
    }
    for (int t = lo; t < hi; ++t) {
        if (!visit(rel.data + static_cast<std::size_t>(t) * rel.stride)) return false;
    }
    return true;
}

template <class Emit>
bool SuccessorGenerator::search(const ActionSchema& schema, const JoinPlan& plan, std::size_t i,
                                ObjectId* b, Emit& emit) {
    // Polled once per partial binding that got this far, not per tuple
    // looked at: between two polls lies at most one scan of one relation
    // (or of one type's objects), and the check costs 1.5 % of wasm search.
    if (budget_ != nullptr) budget_->poll();
    if (i == plan.steps.size()) return emit(b);
    const JoinStep& step = plan.steps[i];
    if (step.kind == JoinStep::Kind::Enumerate) {
        for (ObjectId o : task_.objects_of_type[step.type]) {
            b[step.param] = o;
            if (!run_checks_outlined(schema, step.checks, b)) continue;
            if (check_canonical_ && !admits(schema, i, b)) continue;
            if (!search(schema, plan, i + 1, b, emit)) return false;
        }
        return true;
    }
    auto visit = [&](const ObjectId* tuple) LL_HOT_INLINE_LAMBDA {
        if (!match_ops(step, tuple, b)) return true;
        if (!run_checks(schema, step.checks, b)) return true;
        if (check_canonical_ && !admits(schema, i, b)) return true;
        return search(schema, plan, i + 1, b, emit);
    };
    return scan(step, b, visit);
}

const JoinPlan& SuccessorGenerator::plan_for(SchemaId schema, std::size_t bound) {
    const SchemaPlans& plans = joins_.schemas[schema];
    if (bound > 0 || plans.unbound_by_first_atom.empty()) return plans.by_prefix[bound];
    // The plan whose first scan is the shortest (the first one on ties).
    const JoinPlan* best = nullptr;
    int best_size = 0;
    for (const JoinPlan& plan : plans.unbound_by_first_atom) {
        const JoinStep& first = plan.steps.front();
        const RelationView rel = relation(first);
        int size = rel.size;
        if (first.first_from >= 0) {
            const auto [lo, hi] = type_range(first, rel);
            size = hi - lo;
        }
        if (best == nullptr || size < best_size) {
            best = &plan;
            best_size = size;
        }
    }
    return *best;
}

template <class Emit>
bool SuccessorGenerator::start(const State& state, SchemaId schema_id,
                               std::span<const ObjectId> prefix, Emit& emit) {
    set_state(state);
    return run(schema_id, prefix, emit);
}

template <class Emit>
bool SuccessorGenerator::run(SchemaId schema_id, std::span<const ObjectId> prefix, Emit& emit) {
    const ActionSchema& schema = task_.schemas[schema_id];
    const JoinPlan& plan = plan_for(schema_id, prefix.size());
    ObjectId* b = binding_.data();
    std::copy(prefix.begin(), prefix.end(), b);
    check_canonical_ = canonical_ != nullptr && schema.arity() < 64;
    if (check_canonical_) {
        // The positions bound after each step: the prefix, then each
        // step's enumerated parameter or bound tuple positions.
        std::uint64_t mask = (std::uint64_t(1) << prefix.size()) - 1;
        bound_after_.clear();
        for (const JoinStep& step : plan.steps) {
            if (step.kind == JoinStep::Kind::Enumerate) mask |= std::uint64_t(1) << step.param;
            for (const ArgOp& op : step.ops)
                if (op.kind == ArgOp::Kind::Bind) mask |= std::uint64_t(1) << op.value;
            bound_after_.push_back(mask);
        }
    }
    if (!run_checks_outlined(schema, plan.initial_checks, b)) return true;
    return search(schema, plan, 0, b, emit);
}

template <class Add>
void SuccessorGenerator::collect_applicable(const State& state, Add&& add) {
    set_state(state);  // once for all schemas
    for (SchemaId s = 0; s < task_.num_schemas(); ++s) {
        const std::size_t arity = static_cast<std::size_t>(task_.schemas[s].arity());
        auto collect = [&](const ObjectId* b) {
            add(s, std::span<const ObjectId>(b, arity));
            return true;
        };
        run(s, {}, collect);
    }
}

void SuccessorGenerator::applicable_actions(const State& state, std::vector<GroundAction>& out) {
    collect_applicable(state, [&](SchemaId s, std::span<const ObjectId> args) {
        out.push_back(GroundAction{s, std::vector<ObjectId>(args.begin(), args.end())});
    });
}

void SuccessorGenerator::applicable_actions(const State& state, ActionList& out) {
    collect_applicable(state,
                       [&](SchemaId s, std::span<const ObjectId> args) { out.push_back(s, args); });
}

std::int64_t SuccessorGenerator::applicable_actions(const State& state, ActionList& out,
                                                    const ObjectSymmetry& canonical) {
    canonical_ = &canonical;
    skipped_ = 0;
    try {
        applicable_actions(state, out);
    } catch (...) {
        canonical_ = nullptr;
        check_canonical_ = false;
        throw;
    }
    canonical_ = nullptr;
    check_canonical_ = false;
    return skipped_;
}

bool SuccessorGenerator::admits(const ActionSchema& schema, std::size_t step,
                                const ObjectId* binding) {
    if (canonical_->may_be_canonical(binding, bound_after_[step], schema.arity())) return true;
    ++skipped_;
    return false;
}

bool SuccessorGenerator::for_each_applicable(
    const State& state, SchemaId schema, std::span<const ObjectId> prefix,
    const std::function<bool(std::span<const ObjectId>)>& fn) {
    const std::size_t arity = task_.schemas[schema].arity();
    auto call = [&](const ObjectId* b) { return fn({b, arity}); };
    return start(state, schema, prefix, call);
}

bool SuccessorGenerator::has_applicable(const State& state, SchemaId schema,
                                        std::span<const ObjectId> prefix) {
    set_state(state);
    return exists(schema, prefix);
}

bool SuccessorGenerator::exists(SchemaId schema, std::span<const ObjectId> prefix) {
    bool found = false;
    auto stop = [&](const ObjectId*) {
        found = true;
        return false;
    };
    run(schema, prefix, stop);
    return found;
}

std::vector<ObjectId> SuccessorGenerator::next_values(const State& state, SchemaId schema_id,
                                                      std::span<const ObjectId> prefix) {
    set_state(state);
    const std::size_t k = prefix.size();
    const JoinStep& step = joins_.schemas[schema_id].candidates[k];
    std::vector<ObjectId> candidates;
    if (step.kind == JoinStep::Kind::Enumerate) {
        candidates = task_.objects_of_type[step.type];
    } else {
        std::vector<ObjectId> b(binding_.size());
        std::copy(prefix.begin(), prefix.end(), b.begin());
        auto take = [&](const ObjectId* tuple) {
            if (match_ops(step, tuple, b.data())) candidates.push_back(b[k]);
            return true;
        };
        scan(step, b.data(), take);
        std::sort(candidates.begin(), candidates.end());
        candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    }
    std::vector<ObjectId> values;
    std::vector<ObjectId> extended(prefix.begin(), prefix.end());
    extended.push_back(0);
    for (ObjectId v : candidates) {
        extended[k] = v;
        if (exists(schema_id, extended)) values.push_back(v);  // the state is set
    }
    return values;
}

}  // namespace ll
