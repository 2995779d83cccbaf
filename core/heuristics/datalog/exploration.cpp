// Generalised Dijkstra over the relaxed program (see exploration.hpp).
#include "core/heuristics/datalog/exploration.hpp"

#include <algorithm>

namespace ll::datalog {

Exploration::Exploration(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                         Program program, AdjustedCosts costs)
    : task_(task),
      layout_(layout),
      statics_(statics),
      program_(std::move(program)),
      costs_(costs),
      is_of_type_(flat_type_table(task)) {
    const int n = task.num_objects();
    goal_possible_ = !task.goal_contains_false_equality;
    for (const GroundAtom& g : task.goal_positive) {
        if (task.predicates[g.predicate].is_static) {
            if (!statics.contains(g.predicate, g.arguments)) goal_possible_ = false;
        } else {
            goal_atoms_.emplace_back(g.predicate, g.arguments);
        }
    }
    // Dense fact indexes, smallest tuple spaces first, within a budget.
    constexpr std::int64_t kBudget = std::int64_t(1) << 22;
    std::vector<std::pair<std::int64_t, int>> sizes;
    for (int p = 0; p < static_cast<int>(program_.arity.size()); ++p) {
        std::int64_t size = 1;
        for (int i = 0; i < program_.arity[p] && size <= kBudget; ++i)
            size *= std::max(n, 1);
        sizes.emplace_back(size, p);
    }
    std::sort(sizes.begin(), sizes.end());
    dense_fact_offset_.assign(program_.arity.size(), -1);
    std::int64_t used = 0;
    for (const auto& [size, p] : sizes) {
        if (used + size > kBudget) break;
        dense_fact_offset_[p] = used;
        used += size;
    }
    dense_fact_stamp_.assign(used, 0);
    dense_fact_id_.assign(used, -1);
    dense_join_offset_.assign(2 * program_.rules.size(), -1);
    std::int64_t join_used = 0;
    for (std::size_t r = 0; r < program_.rules.size(); ++r) {
        for (std::size_t side = 0; side < program_.rules[r].matchers.size(); ++side) {
            const std::size_t key_width = program_.rules[r].matchers[side].key_positions.size();
            if (key_width > 1) continue;
            dense_join_offset_[2 * r + side] = join_used;
            join_used += key_width == 0 ? 1 : std::max(n, 1);
        }
    }
    dense_join_stamp_.assign(join_used, 0);
    dense_join_head_.assign(join_used, -1);

    int width = 1;
    for (int a : program_.arity)
        width = std::max(width, a);
    for (const Rule& r : program_.rules)
        width = std::max(width, r.num_variables);
    binding_.resize(width);
    scratch_.resize(width);
}

std::pair<int, bool> Exploration::intern(RelPredicate predicate, const ObjectId* args, int n) {
    const std::int64_t offset = dense_fact_offset_[predicate];
    if (offset < 0) return facts_.insert(predicate, args, n);
    std::int64_t index = 0;
    for (int i = 0; i < n; ++i)
        index = index * static_cast<std::int64_t>(task_.num_objects()) + args[i];
    index += offset;
    if (dense_fact_stamp_[index] == stamp_) return {dense_fact_id_[index], false};
    dense_fact_stamp_[index] = stamp_;
    dense_fact_id_[index] = facts_.append(predicate, args, n);
    return {dense_fact_id_[index], true};
}

int* Exploration::bucket_slot(int rule_side, const ObjectId* key, int width, bool create) {
    const std::int64_t offset = dense_join_offset_[rule_side];
    if (offset >= 0) {
        const std::int64_t index = offset + (width == 0 ? 0 : key[0]);
        if (dense_join_stamp_[index] != stamp_) {
            if (!create) return nullptr;
            dense_join_stamp_[index] = stamp_;
            dense_join_head_[index] = -1;
        }
        return &dense_join_head_[index];
    }
    if (!create) {
        const int id = join_keys_.find(rule_side, key, width);
        return id < 0 ? nullptr : &bucket_head_[id];
    }
    auto [id, fresh] = join_keys_.insert(rule_side, key, width);
    if (fresh) bucket_head_.push_back(-1);
    return &bucket_head_[id];
}

void Exploration::push(int cost, int fact) {
    const std::size_t c = static_cast<std::size_t>(cost);
    if (c >= FarFacts::kBuckets) {
        far_.push(cost, fact);
        return;
    }
    if (c >= buckets_.size()) buckets_.resize(c + 1);
    buckets_[c].push_back(fact);
    max_bucket_ = std::max(max_bucket_, c);
}

bool Exploration::record(int id, bool inserted, int cost, int rule, int a, int b,
                         std::uint8_t closed) {
    cost = std::min(cost, kInfinity - 1);
    if (inserted) {
        cost_.push_back(cost);
        achiever_.push_back(rule);
        body_a_.push_back(a);
        body_b_.push_back(b);
        closed_.push_back(closed);
        is_goal_.push_back(0);
        return true;
    }
    if (cost >= cost_[id]) return false;
    cost_[id] = cost;
    achiever_[id] = rule;
    body_a_[id] = a;
    body_b_[id] = b;
    return true;
}

void Exploration::produce(RelPredicate predicate, const ObjectId* args, int n, int cost, int rule,
                          int a, int b) {
    if (program_.is_action_predicate(predicate)) {
        produce_action(predicate - program_.first_action_predicate, args, cost, rule, a, b);
        return;
    }
    auto [id, inserted] = intern(predicate, args, n);
    if (!record(id, inserted, cost, rule, a, b, 0)) return;
    push(cost, id);
}

// Action facts are consumed only by their (weight 0) effect rules, so they are
// never queued: their effects are derived right away at the same cost.
void Exploration::produce_action(SchemaId schema, const ObjectId* args, int cost, int rule, int a,
                                 int b) {
    const RelPredicate predicate = program_.action_predicate(schema);
    const int arity = program_.arity[predicate];
    // An action rule charged its weight 1; with action costs, the action's
    // cost instead (first actions come with theirs). Here, not in fire(), so
    // that the unit-cost path of the joins has no extra test.
    if (!costs_.is_unit() && rule >= 0) {
        cost = capped_cost(std::int64_t{cost} +
                           costs_.cost(schema, {args, static_cast<std::size_t>(arity)}) - 1);
    }
    auto [id, inserted] = intern(predicate, args, arity);
    if (!record(id, inserted, cost, rule, a, b, 1)) return;
    // Copy the arguments: producing effects may grow the fact arena.
    ObjectId params[32];
    std::vector<ObjectId> big;
    ObjectId* p = params;
    if (arity > 32) {
        big.resize(arity);
        p = big.data();
    }
    for (int i = 0; i < arity; ++i)  // a loop, not a memcpy call: see TupleTable::store
        p[i] = args[i];
    if (program_.epsilon >= 0 && achiever_[id] == kFirstAction) {
        produce(program_.epsilon, nullptr, 0, cost, kEffectOf, id, -1);
    }
    ObjectId out[32];
    for (const RAtom& effect : program_.effects[schema]) {
        const int n = static_cast<int>(effect.args.size());
        std::vector<ObjectId> big_out;
        ObjectId* o = out;
        if (n > 32) {
            big_out.resize(n);
            o = big_out.data();
        }
        for (int i = 0; i < n; ++i) {
            const RTerm& t = effect.args[i];
            o[i] = t.is_variable ? p[t.value] : t.value;
        }
        produce(effect.predicate, o, n, cost, kEffectOf, id, -1);
    }
}

bool Exploration::bind(const ConditionMatcher& m, const ObjectId* values, ObjectId* b) const {
    const std::size_t n = task_.objects.size();
    for (std::size_t i = 0; i < m.ops.size(); ++i) {
        const ConditionMatcher::Op& op = m.ops[i];
        const ObjectId v = values[i];
        switch (op.kind) {
            case ConditionMatcher::Op::Kind::Bind:
                if (op.type != 0 && !is_of_type_[std::size_t(op.type) * n + v]) return false;
                b[op.value] = v;
                break;
            case ConditionMatcher::Op::Kind::CheckVar:
                if (b[op.value] != v) return false;
                break;
            case ConditionMatcher::Op::Kind::CheckObject:
                if (op.value != v) return false;
                break;
        }
    }
    return true;
}

bool Exploration::constraints_hold(const Rule& rule, const ObjectId* b) const {
    for (const RConstraint& c : rule.constraints) {
        if (c.kind == RConstraint::Kind::NotStatic) {
            ObjectId args[32];
            const int n = std::min<int>(32, c.atom.args.size());
            for (int i = 0; i < n; ++i) {
                const RTerm& t = c.atom.args[i];
                args[i] = t.is_variable ? b[t.value] : t.value;
            }
            if (statics_.contains(c.atom.predicate, {args, static_cast<std::size_t>(n)})) {
                return false;
            }
            continue;
        }
        const ObjectId x = c.lhs.is_variable ? b[c.lhs.value] : c.lhs.value;
        const ObjectId y = c.rhs.is_variable ? b[c.rhs.value] : c.rhs.value;
        if ((x == y) != (c.kind == RConstraint::Kind::Equal)) return false;
    }
    return true;
}

void Exploration::fire(const Rule& rule, int rule_index, const ObjectId* b, int cost, int a,
                       int body_b) {
    if (!rule.constraints.empty() && !constraints_hold(rule, b)) return;
    const int n = static_cast<int>(rule.head.args.size());
    ObjectId* out = scratch_.data();
    for (int i = 0; i < n; ++i) {
        const RTerm& t = rule.head.args[i];
        out[i] = t.is_variable ? b[t.value] : t.value;
    }
    produce(rule.head.predicate, out, n, cost + rule.weight, rule_index, a, body_b);
}

void Exploration::process(int fact) {
    const int predicate = facts_.tag(fact);
    const int cost = cost_[fact];
    for (const auto& [r, side] : program_.consumers[predicate]) {
        const Rule& rule = program_.rules[r];
        const ConditionMatcher& m = rule.matchers[side];
        // The fact arena may grow while firing: read values by id each time.
        if (!bind(m, facts_.values(fact), binding_.data())) continue;
        if (rule.body.size() == 1) {
            fire(rule, r, binding_.data(), cost, fact, -1);
            continue;
        }
        ObjectId key[32];
        const int k = static_cast<int>(m.key_positions.size());
        const ObjectId* values = facts_.values(fact);
        for (int i = 0; i < k; ++i)
            key[i] = values[m.key_positions[i]];
        int* head = bucket_slot(2 * r + side, key, k, true);
        entries_.push_back({fact, *head});
        *head = static_cast<int>(entries_.size()) - 1;

        const int* other = bucket_slot(2 * r + (1 - side), key, k, false);
        if (!other) continue;
        const ConditionMatcher& om = rule.matchers[1 - side];
        for (int e = *other; e >= 0; e = entries_[e].next) {
            if (budget_ != nullptr) budget_->poll();
            const int g = entries_[e].fact;
            // g matched its condition when it was stored: only bind its values
            // (shared variables get equal values, the others are g's own).
            const ObjectId* gv = facts_.values(g);
            for (std::size_t i = 0; i < om.ops.size(); ++i) {
                if (om.ops[i].kind == ConditionMatcher::Op::Kind::Bind) {
                    binding_[om.ops[i].value] = gv[i];
                }
            }
            const int combined =
                aggregation_ == Aggregation::Sum ? cost + cost_[g] : std::max(cost, cost_[g]);
            if (side == 0) {
                fire(rule, r, binding_.data(), combined, fact, g);
            } else {
                fire(rule, r, binding_.data(), combined, g, fact);
            }
        }
    }
}

void Exploration::reset() {
    if (++stamp_ == 0) {  // wrapped: really clear the dense indexes
        std::fill(dense_fact_stamp_.begin(), dense_fact_stamp_.end(), 0);
        std::fill(dense_join_stamp_.begin(), dense_join_stamp_.end(), 0);
        stamp_ = 1;
    }
    facts_.clear();
    cost_.clear();
    achiever_.clear();
    body_a_.clear();
    body_b_.clear();
    closed_.clear();
    is_goal_.clear();
    goal_facts_.clear();
    join_keys_.clear();
    bucket_head_.clear();
    entries_.clear();
    for (std::size_t c = 0; c <= max_bucket_ && c < buckets_.size(); ++c)
        buckets_[c].clear();
    current_bucket_ = 0;
    max_bucket_ = 0;
    bucket_read_ = 0;
    far_.clear();
}

namespace {

bool mentions(std::span<const std::uint8_t> dropped, const ObjectId* args, int n) {
    for (int i = 0; i < n; ++i)
        if (dropped[args[i]]) return true;
    return false;
}

}  // namespace

void Exploration::seed(const State& state, std::span<const GroundAction> first_actions,
                       std::span<const std::uint8_t> dropped) {
    // Goal atoms are interned first (unreached) so that reaching them is O(1).
    for (const auto& [p, args] : goal_atoms_) {
        auto [id, inserted] = intern(p, args.data(), static_cast<int>(args.size()));
        if (!inserted) continue;
        cost_.push_back(kInfinity);
        achiever_.push_back(kInitial);
        body_a_.push_back(-1);
        body_b_.push_back(-1);
        closed_.push_back(0);
        is_goal_.push_back(1);
        goal_facts_.push_back(id);
    }
    goals_left_ = static_cast<int>(goal_facts_.size());

    const bool drops = !dropped.empty();
    for (const auto& [p, args] : program_.static_facts) {
        const int n = static_cast<int>(args.size());
        if (drops && mentions(dropped, args.data(), n)) continue;
        produce(p, args.data(), n, 0, kInitial, -1, -1);
    }
    for (int s = 0; s < layout_.num_slots(); ++s) {
        const PredicateId p = layout_.predicate_of_slot(s);
        const RelationView rel = state.relation(layout_, p);
        const int arity = layout_.arity(p);
        for (int i = 0; i < rel.size; ++i) {
            const ObjectId* args = rel.data + static_cast<std::size_t>(i) * rel.stride;
            if (drops && mentions(dropped, args, arity)) continue;
            produce(p, args, arity, 0, kInitial, -1, -1);
        }
    }
    for (int r : program_.seed_rules) {
        fire(program_.rules[r], r, binding_.data(), 0, -1, -1);
    }
    for (const GroundAction& a : first_actions) {
        produce_action(a.schema, a.arguments.data(), costs_.cost(a.schema, a.arguments),
                       kFirstAction, -1, -1);
    }
}

bool Exploration::explore(const State& state, Aggregation aggregation,
                          std::span<const GroundAction> first_actions,
                          std::span<const std::uint8_t> dropped) {
    aggregation_ = aggregation;
    reset();
    if (!goal_possible_) return false;
    seed(state, first_actions, dropped);
    while (goals_left_ > 0) {
        const int fact = pop_fact();
        if (fact < 0) return false;
        if (is_goal_[fact]) --goals_left_;
        process(fact);
    }
    return true;
}

bool Exploration::explore_closure(const State& state, std::size_t max_facts,
                                  std::span<const std::uint8_t> dropped) {
    aggregation_ = Aggregation::Sum;
    reset();
    seed(state, {}, dropped);
    for (int fact = pop_fact(); fact >= 0; fact = pop_fact()) {
        process(fact);
        if (static_cast<std::size_t>(facts_.size()) > max_facts) return false;
    }
    return true;
}

int Exploration::pop_fact() {
    for (;;) {
        // Nothing was ever queued (no initial, static or seed fact): no
        // bucket exists (found by fuzzing, docs/fuzzing.md).
        if (current_bucket_ > max_bucket_ || current_bucket_ >= buckets_.size()) return pop_far();
        auto& bucket = buckets_[current_bucket_];
        if (bucket_read_ >= bucket.size()) {
            bucket.clear();
            bucket_read_ = 0;
            ++current_bucket_;
            continue;
        }
        // FIFO within a cost: facts are processed in derivation order, which
        // makes ties between best supporters resolve like the reference.
        const int fact = bucket[bucket_read_++];
        if (budget_ != nullptr) budget_->poll();
        if (closed_[fact] || cost_[fact] != static_cast<int>(current_bucket_)) continue;
        closed_[fact] = 1;
        return fact;
    }
}

// After the buckets: the facts of far_ in cost order, or -1.
int Exploration::pop_far() {
    while (!far_.empty()) {
        const auto [cost, fact] = far_.pop();
        if (budget_ != nullptr) budget_->poll();
        if (closed_[fact] || cost_[fact] != cost) continue;
        closed_[fact] = 1;
        return fact;
    }
    return -1;
}

int Exploration::goal_cost(Aggregation aggregation) const {
    int total = 0;
    for (int g : goal_facts_) {
        total = aggregation == Aggregation::Sum ? capped_cost(std::int64_t{total} + cost_[g])
                                                : std::max(total, cost_[g]);
    }
    return total;
}

void Exploration::helpful_actions(ActionList& out) {
    // The action facts of the last relaxed plan, computed again only if an
    // exploration came after it (FF evaluations always extract the plan).
    if (plan_stamp_ != stamp_) relaxed_plan(nullptr);
    auto cost_of = [&](int f) { return f < 0 ? 0 : cost_[f]; };
    // With zero-cost actions, cost 0 does not mean "in the state".
    auto holds = [&](int f) { return f < 0 || costs_.is_unit() || holds_initially(f); };
    for (int f : plan_actions_) {
        const bool applicable =
            achiever_[f] == kFirstAction || (cost_of(body_a_[f]) == 0 && cost_of(body_b_[f]) == 0 &&
                                             holds(body_a_[f]) && holds(body_b_[f]));
        if (!applicable) continue;
        const ObjectId* v = facts_.values(f);
        out.push_back(facts_.tag(f) - program_.first_action_predicate,
                      {v, static_cast<std::size_t>(facts_.arity(f))});
    }
}

// `fact` is in the explored state (or static), or an auxiliary join fact
// made only of such facts.
bool Exploration::holds_initially(int fact) const {
    if (achiever_[fact] == kInitial) return true;
    const int predicate = facts_.tag(fact);
    if (achiever_[fact] < 0 || predicate < program_.num_task_predicates ||
        program_.is_action_predicate(predicate) || predicate == program_.epsilon) {
        return false;
    }
    return (body_a_[fact] < 0 || holds_initially(body_a_[fact])) &&
           (body_b_[fact] < 0 || holds_initially(body_b_[fact]));
}

int Exploration::relaxed_plan_cost() const {
    if (costs_.is_unit()) return static_cast<int>(plan_actions_.size());
    int total = 0;
    for (int f : plan_actions_) {
        total += costs_.cost(facts_.tag(f) - program_.first_action_predicate,
                             {facts_.values(f), static_cast<std::size_t>(facts_.arity(f))});
    }
    return total;
}

int Exploration::relaxed_plan(std::vector<GroundAction>* actions) {
    if (mark_.size() < cost_.size()) mark_.resize(cost_.size(), 0);
    if (++mark_stamp_ == 0) {
        std::fill(mark_.begin(), mark_.end(), 0);
        mark_stamp_ = 1;
    }
    plan_stamp_ = stamp_;
    plan_actions_.clear();
    stack_.clear();
    auto visit = [&](int f) {
        if (f < 0 || mark_[f] == mark_stamp_) return;
        mark_[f] = mark_stamp_;
        stack_.push_back(f);
    };
    for (int g : goal_facts_)
        visit(g);
    while (!stack_.empty()) {
        const int f = stack_.back();
        stack_.pop_back();
        const int predicate = facts_.tag(f);
        if (program_.is_action_predicate(predicate)) {
            plan_actions_.push_back(f);
            if (actions) {
                const ObjectId* v = facts_.values(f);
                actions->push_back(GroundAction{predicate - program_.first_action_predicate,
                                                std::vector<ObjectId>(v, v + facts_.arity(f))});
            }
        }
        if (achiever_[f] == kInitial || achiever_[f] == kFirstAction) continue;
        visit(body_a_[f]);
        visit(body_b_[f]);
    }
    return static_cast<int>(plan_actions_.size());
}

}  // namespace ll::datalog
