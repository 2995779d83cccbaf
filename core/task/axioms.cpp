// Stratified, semi-naive evaluation of the axioms in a state (see
// axioms.hpp).
#include "core/task/axioms.hpp"

#include <algorithm>

namespace ll {

namespace {

// Derived atoms from which a doubling of the table is checked against the
// limits, and its bytes per atom (hash slots, offsets and arena, rounded up).
constexpr std::size_t kLargeTable = std::size_t(1) << 16;
constexpr std::size_t kBytesPerDerivedAtom = 64;

}  // namespace

AxiomEvaluator::AxiomEvaluator(const Task& task, const StateLayout& layout)
    : layout_(layout),
      statics_(task),
      is_of_type_(flat_type_table(task)),
      objects_of_type_(task.objects_of_type),
      num_objects_(task.num_objects()),
      derived_index_(task.num_predicates(), -1),
      stratum_of_(task.num_predicates(), -1) {
    int num_derived = 0;
    for (PredicateId p = 0; p < task.num_predicates(); ++p)
        if (task.predicates[p].is_derived) derived_index_[p] = num_derived++;
    for (const Axiom& axiom : task.axioms)
        stratum_of_[axiom.head.predicate] = axiom.stratum;
    int current_stratum = -1;
    for (const Axiom& axiom : task.axioms) {
        if (axiom.stratum != current_stratum) {
            current_stratum = axiom.stratum;
            strata_.push_back({static_cast<int>(rules_.size()), static_cast<int>(rules_.size())});
        }
        Rule rule;
        rule.head = axiom.head;
        for (const Parameter& v : axiom.variables)
            rule.types.push_back(v.type);
        rule.positive = axiom.positive_conditions;
        rule.negative = axiom.negative_conditions;
        rule.equalities = axiom.equalities;
        for (int i = 0; i < static_cast<int>(rule.positive.size()); ++i)
            if (stratum_of_[rule.positive[i].predicate] == axiom.stratum)
                rule.recursive.push_back(i);
        rule.plans.push_back(join_plan(rule, -1));
        for (int i : rule.recursive)
            rule.plans.push_back(join_plan(rule, i));
        rules_.push_back(std::move(rule));
        strata_.back().end_rule = static_cast<int>(rules_.size());
    }
    ids_.resize(num_derived);
    old_end_.resize(num_derived);
    round_end_.resize(num_derived);
    std::size_t max_variables = 0;
    for (const Rule& r : rules_)
        max_variables = std::max(max_variables, r.types.size());
    binding_.resize(max_variables);
}

// Greedy join order: the delta atom first, then the atom with the most
// arguments already known; variables left unbound range over their type.
std::vector<AxiomEvaluator::Step> AxiomEvaluator::join_plan(const Rule& rule,
                                                            int delta_atom) const {
    std::vector<bool> known(rule.types.size(), false), used(rule.positive.size(), false);
    std::vector<Step> plan;
    auto known_count = [&](const AtomSchema& a) {
        int n = 0;
        for (const Term& t : a.arguments)
            n += !t.is_parameter() || known[t.index];
        return n;
    };
    for (std::size_t k = 0; k < rule.positive.size(); ++k) {
        int best = delta_atom;
        if (k > 0 || delta_atom < 0) {
            best = -1;
            for (int i = 0; i < static_cast<int>(rule.positive.size()); ++i) {
                if (used[i]) continue;
                if (best < 0 || known_count(rule.positive[i]) > known_count(rule.positive[best]))
                    best = i;
            }
        }
        used[best] = true;
        const AtomSchema& atom = rule.positive[best];
        Step step;
        step.atom = best;
        step.predicate = atom.predicate;
        step.delta = best == delta_atom;
        bool in_prefix = true;
        for (const Term& t : atom.arguments) {
            ArgOp op{ArgOp::Kind::CheckObject, t.index};
            if (t.is_parameter()) {
                op.kind = known[t.index] ? ArgOp::Kind::CheckVar : ArgOp::Kind::Bind;
                known[t.index] = true;
            }
            in_prefix = in_prefix && op.kind != ArgOp::Kind::Bind;
            step.prefix += in_prefix;
            step.ops.push_back(op);
        }
        plan.push_back(std::move(step));
    }
    for (int v = 0; v < static_cast<int>(rule.types.size()); ++v) {
        if (known[v]) continue;
        Step step;
        step.variable = v;
        plan.push_back(std::move(step));
    }
    return plan;
}

bool AxiomEvaluator::matches(const Step& step, const ObjectId* tuple) const {
    for (std::size_t k = 0; k < step.ops.size(); ++k) {
        const ArgOp& op = step.ops[k];
        const ObjectId o = tuple[k];
        switch (op.kind) {
            case ArgOp::Kind::Bind:
                binding_[op.value] = o;
                break;
            case ArgOp::Kind::CheckVar:
                if (binding_[op.value] != o) return false;
                break;
            case ArgOp::Kind::CheckObject:
                if (op.value != o) return false;
                break;
        }
    }
    return true;
}

bool AxiomEvaluator::holds(PredicateId p, const ObjectId* args, const State& state) const {
    if (derived_index_[p] >= 0) return table_.find(p, args, layout_.arity(p)) >= 0;
    if (layout_.is_fluent(p)) return state.contains(layout_, p, args);
    return statics_.contains(p, args);
}

bool AxiomEvaluator::body_rest_holds(const Rule& rule, const State& state) const {
    auto value = [&](const Term& t) { return t.is_parameter() ? binding_[t.index] : t.index; };
    for (const EqualityConstraint& eq : rule.equalities)
        if ((value(eq.lhs) == value(eq.rhs)) == eq.negated) return false;
    for (const AtomSchema& atom : rule.negative) {
        scratch_.clear();
        for (const Term& t : atom.arguments)
            scratch_.push_back(value(t));
        if (holds(atom.predicate, scratch_.data(), state)) return false;
    }
    return true;
}

void AxiomEvaluator::derive(const Rule& rule) const {
    const int arity = static_cast<int>(rule.head.arguments.size());
    ObjectId head[16];
    std::vector<ObjectId> big;
    ObjectId* args = head;
    if (arity > 16) {
        big.resize(arity);
        args = big.data();
    }
    for (int i = 0; i < arity; ++i) {
        const Term& t = rule.head.arguments[i];
        args[i] = t.is_parameter() ? binding_[t.index] : t.index;
    }
    // The table doubles at powers of two: a large doubling asks first.
    const auto size = static_cast<std::size_t>(table_.size());
    if (budget_ != nullptr && size >= kLargeTable && (size & (size - 1)) == 0 &&
        size != growth_checked_) {
        growth_checked_ = size;
        budget_->check_growth(size * kBytesPerDerivedAtom);
    }
    const auto [id, inserted] = table_.insert(rule.head.predicate, args, arity);
    if (inserted) ids_[derived_index_[rule.head.predicate]].push_back(id);
}

// long-function: one join step over the three kinds of relation (static,
// fluent, derived) and the enumeration of an unbound variable.
void AxiomEvaluator::join(const Rule& rule, const std::vector<Step>& plan,
                          std::size_t index) const {
    if (index == plan.size()) {
        if (body_rest_holds(rule, *state_)) derive(rule);
        return;
    }
    const Step& step = plan[index];
    if (step.atom < 0) {
        const TypeId type = rule.types[step.variable];
        for (ObjectId o : objects_of_type_[type]) {
            poll();
            binding_[step.variable] = o;
            join(rule, plan, index + 1);
        }
        return;
    }
    const PredicateId p = step.predicate;
    auto bind_types = [&]() {
        for (const ArgOp& op : step.ops) {
            if (op.kind == ArgOp::Kind::Bind &&
                !is_of_type_[static_cast<std::size_t>(rule.types[op.value]) * num_objects_ +
                             binding_[op.value]])
                return false;
        }
        return true;
    };
    const int d = derived_index_[p];
    const int arity = layout_.arity(p);
    if (d >= 0 && !step.delta && step.prefix == arity) {  // a lookup
        ObjectId args[16];
        if (arity <= 16) {
            for (int k = 0; k < arity; ++k) {
                const ArgOp& op = step.ops[k];
                args[k] = op.kind == ArgOp::Kind::CheckObject ? op.value : binding_[op.value];
            }
            if (table_.find(p, args, arity) >= 0) join(rule, plan, index + 1);
            return;
        }
    }
    if (d >= 0) {
        const std::vector<int>& ids = ids_[d];
        const int lo = step.delta ? old_end_[d] : 0, hi = round_end_[d];
        for (int k = lo; k < hi; ++k) {
            poll();
            if (matches(step, table_.values(ids[k])) && bind_types()) join(rule, plan, index + 1);
        }
        return;
    }
    const RelationView rel =
        layout_.is_fluent(p) ? state_->relation(layout_, p) : statics_.relation(p);
    if (arity == 0) {
        if (!rel.empty()) join(rule, plan, index + 1);
        return;
    }
    int lo = 0, hi = rel.size;
    if (step.prefix > 0) {
        std::vector<ObjectId> key;
        for (int k = 0; k < step.prefix; ++k) {
            const ArgOp& op = step.ops[k];
            key.push_back(op.kind == ArgOp::Kind::CheckObject ? op.value : binding_[op.value]);
        }
        std::tie(lo, hi) = relation_prefix_range(rel, key);
    }
    for (int k = lo; k < hi; ++k) {
        poll();
        if (matches(step, rel.tuple(k).data()) && bind_types()) join(rule, plan, index + 1);
    }
}

State AxiomEvaluator::evaluate(const State& state, Budget* budget) const {
    state_ = &state;
    budget_ = budget;
    growth_checked_ = 0;
    table_.clear();
    for (std::vector<int>& ids : ids_)
        ids.clear();
    auto sizes = [&](std::vector<int>& out) {
        for (std::size_t d = 0; d < ids_.size(); ++d)
            out[d] = static_cast<int>(ids_[d].size());
    };
    for (const Stratum& stratum : strata_) {
        sizes(old_end_);
        sizes(round_end_);
        for (int r = stratum.first_rule; r < stratum.end_rule; ++r)
            join(rules_[r], rules_[r].plans[0], 0);
        while (true) {
            old_end_ = round_end_;
            sizes(round_end_);
            if (old_end_ == round_end_) break;
            for (int r = stratum.first_rule; r < stratum.end_rule; ++r) {
                const Rule& rule = rules_[r];
                for (std::size_t i = 1; i < rule.plans.size(); ++i)
                    join(rule, rule.plans[i], 0);
            }
        }
    }
    // The state's words with every derived relation replaced.
    const std::span<const ObjectId> words = state.words();
    const int slots = layout_.num_slots();
    std::vector<ObjectId> out(slots + 1);
    out.reserve(words.size());
    std::vector<ObjectId> flat;
    for (int s = 0; s < slots; ++s) {
        out[s] = static_cast<ObjectId>(out.size());
        const PredicateId p = layout_.predicate_of_slot(s);
        const int d = derived_index_[p];
        if (d < 0) {
            out.insert(out.end(), words.begin() + words[s], words.begin() + words[s + 1]);
            continue;
        }
        flat.clear();
        const int arity = layout_.arity(p);
        for (int id : ids_[d]) {
            const ObjectId* t = table_.values(id);
            if (arity == 0) flat.push_back(0);
            flat.insert(flat.end(), t, t + arity);
        }
        sort_unique_tuples(flat, layout_.stride(p));
        out.insert(out.end(), flat.begin(), flat.end());
    }
    out[slots] = static_cast<ObjectId>(out.size());
    state_ = nullptr;
    budget_ = nullptr;
    return State(std::move(out));
}

}  // namespace ll
