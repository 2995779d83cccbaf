// Grounding the relaxed task once and exploring it per state (see
// ground_relaxation.hpp).
#include "core/heuristics/ground_relaxation.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "core/common/error.hpp"

namespace ll {

namespace {

int intern_atom(TupleTable& atoms, const AtomSchema& atom, std::span<const ObjectId> args) {
    ObjectId values[32];
    std::vector<ObjectId> big;
    ObjectId* v = values;
    if (atom.arguments.size() > 32) {
        big.resize(atom.arguments.size());
        v = big.data();
    }
    for (std::size_t i = 0; i < atom.arguments.size(); ++i) {
        const Term& t = atom.arguments[i];
        v[i] = t.is_parameter() ? args[t.index] : t.index;
    }
    return atoms.insert(atom.predicate, v, static_cast<int>(atom.arguments.size())).first;
}

// Sorted, without duplicates, from `begin` to the end of `list`.
void sort_unique_tail(std::vector<int>& list, std::size_t begin) {
    std::sort(list.begin() + begin, list.end());
    list.erase(std::unique(list.begin() + begin, list.end()), list.end());
}

}  // namespace

void invert_lists(std::span<const int> list_begin, std::span<const int> list, int num_keys,
                  std::vector<int>& key_begin, std::vector<int>& items) {
    key_begin.assign(num_keys + 1, 0);
    for (int key : list)
        ++key_begin[key + 1];
    for (int key = 0; key < num_keys; ++key)
        key_begin[key + 1] += key_begin[key];
    items.resize(list.size());
    std::vector<int> fill(key_begin.begin(), key_begin.end() - 1);
    const int num_items = static_cast<int>(list_begin.size()) - 1;
    for (int item = 0; item < num_items; ++item) {
        for (int i = list_begin[item]; i < list_begin[item + 1]; ++i)
            items[fill[list[i]]++] = item;
    }
}

// The ground actions of the lifted closure with every fluent atom they
// mention interned (before relevance pruning).
struct GroundRelaxation::RawGrounding {
    TupleTable atoms;
    std::vector<SchemaId> schema;
    std::vector<int> args_begin{0}, pre_begin{0}, add_begin{0};
    std::vector<ObjectId> args;
    std::vector<int> pre, add;

    int num_actions() const { return static_cast<int>(schema.size()); }

    // Appends the ground action; false once the lists exceed `max_entries`.
    bool add_action(const Task& task, const StateLayout& layout, SchemaId s,
                    std::span<const ObjectId> action_args, std::size_t max_entries) {
        const ActionSchema& action = task.schemas[s];
        schema.push_back(s);
        args.insert(args.end(), action_args.begin(), action_args.end());
        args_begin.push_back(static_cast<int>(args.size()));
        const std::size_t pre_start = pre.size();
        for (const AtomSchema& atom : action.positive_preconditions) {
            if (layout.is_fluent(atom.predicate))
                pre.push_back(intern_atom(atoms, atom, action_args));
        }
        sort_unique_tail(pre, pre_start);
        pre_begin.push_back(static_cast<int>(pre.size()));
        const std::size_t add_start = add.size();
        for (const AtomSchema& atom : action.add_effects)
            add.push_back(intern_atom(atoms, atom, action_args));
        sort_unique_tail(add, add_start);
        add_begin.push_back(static_cast<int>(add.size()));
        return pre.size() + add.size() <= max_entries;
    }
};

namespace {

// Backward relevance: goal atoms, preconditions of actions that add a
// relevant atom.
struct Relevance {
    std::vector<std::uint8_t> atom, action;
};

// (A template: RawGrounding is private to GroundRelaxation.)
template <typename Raw>
Relevance backward_relevance(const Raw& raw, std::span<const int> goal_atoms) {
    const int num_atoms = raw.atoms.size();
    std::vector<int> adders_begin, adders;
    invert_lists(raw.add_begin, raw.add, num_atoms, adders_begin, adders);
    Relevance relevant{std::vector<std::uint8_t>(num_atoms, 0),
                       std::vector<std::uint8_t>(raw.num_actions(), 0)};
    std::vector<int> work;
    auto reach = [&](int f) {
        if (relevant.atom[f]) return;
        relevant.atom[f] = 1;
        work.push_back(f);
    };
    for (int f : goal_atoms)
        reach(f);
    while (!work.empty()) {
        const int f = work.back();
        work.pop_back();
        for (int i = adders_begin[f]; i < adders_begin[f + 1]; ++i) {
            const int a = adders[i];
            if (relevant.action[a]) continue;
            relevant.action[a] = 1;
            for (int j = raw.pre_begin[a]; j < raw.pre_begin[a + 1]; ++j)
                reach(raw.pre[j]);
        }
    }
    return relevant;
}

}  // namespace

GroundRelaxation::GroundRelaxation(std::shared_ptr<const Structure> structure)
    : s_(std::move(structure)) {
    fact_cost_.assign(s_->is_goal_.size(), kInfinity);
    achiever_.assign(s_->is_goal_.size(), -1);
    unsatisfied_.resize(s_->initial_unsatisfied_.size());
    mark_.assign(s_->schema_.size(), 0);
}

std::optional<GroundRelaxation> GroundRelaxation::build(const Task& task, const StateLayout& layout,
                                                        const StaticFacts& statics,
                                                        const GroundingLimits& limits,
                                                        Budget* budget, bool restricted,
                                                        AdjustedCosts costs) {
    datalog::Exploration closure(task, layout, statics, datalog::build_program(task));
    closure.set_budget(budget);
    if (!closure.explore_closure(initial_state(task, layout), limits.max_closure_facts)) {
        return std::nullopt;
    }
    auto g = std::make_shared<Structure>();
    g->task_ = &task;
    g->layout_ = &layout;
    g->costs_ = costs;
    RawGrounding raw;
    // Goal atoms first: fact ids 0..k-1 before pruning.
    const std::vector<int> goal_atoms = g->intern_goal_atoms(raw, statics);
    bool too_large = false;
    closure.for_each_action([&](SchemaId s, std::span<const ObjectId> args) {
        if (too_large) return;
        if (!raw.add_action(task, layout, s, args, limits.max_entries)) too_large = true;
        if (budget != nullptr) budget->poll();
    });
    if (too_large) return std::nullopt;
    const Relevance relevant = backward_relevance(raw, goal_atoms);
    const std::vector<int> new_id =
        g->keep_relevant_atoms(raw, relevant.atom, goal_atoms, limits.max_dense_facts);
    g->keep_relevant_actions(raw, relevant.action, new_id);
    if (restricted) g->add_epsilon();
    if (!g->index_for_exploration()) return std::nullopt;
    invert_lists(g->pre_begin_, g->pre_, static_cast<int>(g->is_goal_.size()), g->consumers_begin_,
                 g->consumers_);
    return GroundRelaxation(std::move(g));
}

std::vector<int> GroundRelaxation::Structure::intern_goal_atoms(RawGrounding& raw,
                                                                const StaticFacts& statics) {
    const Task& task = *task_;
    std::vector<int> goal_atoms;
    goal_possible_ = !task.goal_contains_false_equality;
    for (const GroundAtom& atom : task.goal_positive) {
        if (task.predicates[atom.predicate].is_static) {
            if (!statics.contains(atom.predicate, atom.arguments)) goal_possible_ = false;
            continue;
        }
        goal_atoms.push_back(raw.atoms
                                 .insert(atom.predicate, atom.arguments.data(),
                                         static_cast<int>(atom.arguments.size()))
                                 .first);
    }
    return goal_atoms;
}

std::vector<int> GroundRelaxation::Structure::keep_relevant_atoms(
    const RawGrounding& raw, const std::vector<std::uint8_t>& relevant,
    std::span<const int> goal_atoms, std::uint64_t max_dense_facts) {
    // Compact ids of the relevant atoms, in their first-interned order.
    const int num_atoms = raw.atoms.size();
    std::vector<int> new_id(num_atoms, -1);
    for (int f = 0; f < num_atoms; ++f) {
        if (!relevant[f]) continue;
        new_id[f] =
            atom_ids_.insert(raw.atoms.tag(f), raw.atoms.values(f), raw.atoms.arity(f)).first;
    }
    index_densely(raw.atoms, new_id, max_dense_facts);
    is_goal_.assign(atom_ids_.size(), 0);
    for (int f : goal_atoms) {
        if (is_goal_[new_id[f]]) continue;
        is_goal_[new_id[f]] = 1;
        goal_facts_.push_back(new_id[f]);
    }
    return new_id;
}

void GroundRelaxation::Structure::keep_relevant_actions(const RawGrounding& raw,
                                                        const std::vector<std::uint8_t>& relevant,
                                                        const std::vector<int>& new_id) {
    pre_begin_.push_back(0);
    add_begin_.push_back(0);
    args_begin_.push_back(0);
    for (int a = 0; a < raw.num_actions(); ++a) {
        if (!relevant[a]) continue;
        const int id = static_cast<int>(schema_.size());
        for (int j = raw.pre_begin[a]; j < raw.pre_begin[a + 1]; ++j)
            pre_.push_back(new_id[raw.pre[j]]);
        pre_begin_.push_back(static_cast<int>(pre_.size()));
        for (int j = raw.add_begin[a]; j < raw.add_begin[a + 1]; ++j) {
            if (new_id[raw.add[j]] >= 0) add_.push_back(new_id[raw.add[j]]);
        }
        add_begin_.push_back(static_cast<int>(add_.size()));
        schema_.push_back(raw.schema[a]);
        const std::span<const ObjectId> args(
            raw.args.data() + raw.args_begin[a],
            static_cast<std::size_t>(raw.args_begin[a + 1] - raw.args_begin[a]));
        args_.insert(args_.end(), args.begin(), args.end());
        args_begin_.push_back(static_cast<int>(args_.size()));
        if (!costs_.is_unit()) action_cost_.push_back(costs_.cost(raw.schema[a], args));
        if (pre_begin_[id + 1] == pre_begin_[id]) no_precondition_actions_.push_back(id);
    }
}

void GroundRelaxation::Structure::add_epsilon() {
    // ε: one more fact, a precondition of every action (appended last in
    // each list; the lists need no order).
    const int num_actions = static_cast<int>(schema_.size());
    epsilon_ = static_cast<int>(is_goal_.size());
    is_goal_.push_back(0);
    std::vector<int> pre;
    pre.reserve(pre_.size() + num_actions);
    std::vector<int> begin{0};
    for (int a = 0; a < num_actions; ++a) {
        pre.insert(pre.end(), pre_.begin() + pre_begin_[a], pre_.begin() + pre_begin_[a + 1]);
        pre.push_back(epsilon_);
        begin.push_back(static_cast<int>(pre.size()));
        action_ids_.insert(schema_[a], args_.data() + args_begin_[a],
                           args_begin_[a + 1] - args_begin_[a]);
    }
    pre_ = std::move(pre);
    pre_begin_ = std::move(begin);
    no_precondition_actions_.clear();
}

bool GroundRelaxation::Structure::index_for_exploration() {
    const int num_actions = static_cast<int>(schema_.size());
    initial_unsatisfied_.resize(static_cast<std::size_t>(num_actions));
    ops_begin_.assign(1, 0);
    ops_.clear();
    ops_.reserve(num_actions + pre_.size() + add_.size());
    for (int a = 0; a < num_actions; ++a) {
        const int num_pre = pre_begin_[a + 1] - pre_begin_[a];
        if (num_pre > std::numeric_limits<std::uint8_t>::max()) return false;
        initial_unsatisfied_[a] = static_cast<std::uint8_t>(num_pre);
        ops_.push_back(num_pre);
        ops_.insert(ops_.end(), pre_.begin() + pre_begin_[a], pre_.begin() + pre_begin_[a + 1]);
        ops_.insert(ops_.end(), add_.begin() + add_begin_[a], add_.begin() + add_begin_[a + 1]);
        ops_begin_.push_back(static_cast<int>(ops_.size()));
    }
    return true;
}

void GroundRelaxation::push(int cost, int fact) {
    const std::size_t c = static_cast<std::size_t>(cost);
    if (c >= FarFacts::kBuckets) {
        far_.push(cost, fact);
        return;
    }
    if (c >= buckets_.size()) buckets_.resize(c + 1);
    buckets_[c].push_back(fact);
    max_bucket_ = std::max(max_bucket_, c);
}

// All preconditions of `action` are settled, the last at `last_cost`:
// their costs aggregate into its precondition cost, and its add effects
// cost that plus its own cost (1 on the unit-cost path, which then reads no
// cost array). Facts settle in nondecreasing cost order, so the maximum is
// `last_cost`, and so is the sum of a single precondition: only sums of
// several preconditions read their costs (satellite's 174,000 turns have
// one precondition each).
template <bool kUnitCost, bool kSum>
void GroundRelaxation::fire(int action, int last_cost) {
    // Arrays held in locals: the stores below could alias the vectors'
    // members, so the compiler would reload every data pointer per iteration.
    const int* ops = s_->ops_.data();
    int* fact_cost = fact_cost_.data();
    int* achiever = achiever_.data();
    int i = s_->ops_begin_[action];
    const int end = s_->ops_begin_[action + 1];
    const int num_pre = ops[i++];
    int pre_cost = last_cost;
    if (kSum && num_pre > 1) {
        pre_cost = 0;
        for (int k = i; k < i + num_pre; ++k) {
            const int c = fact_cost[ops[k]];
            pre_cost = kUnitCost ? pre_cost + c : capped_cost(std::int64_t{pre_cost} + c);
        }
    }
    i += num_pre;
    // With action costs, sums stop short of kInfinity (a lower bound then).
    const int cost =
        kUnitCost ? pre_cost + 1 : capped_cost(std::int64_t{pre_cost} + s_->action_cost_[action]);
    for (; i < end; ++i) {
        const int f = ops[i];
        if (cost < fact_cost[f]) {
            fact_cost[f] = cost;
            achiever[f] = action;
            push(cost, f);
        }
    }
}

// First action `index` of a restricted evaluation: applicable in the state,
// it achieves ε and its adds at its cost.
void GroundRelaxation::fire_first_action(int index) {
    const GroundAction& action = first_actions_[index];
    const int achiever = -2 - index;
    const int cost = s_->costs_.cost(action.schema, action.arguments);
    auto reach = [&](int f) {
        if (cost < fact_cost_[f]) {
            fact_cost_[f] = cost;
            achiever_[f] = achiever;
            push(cost, f);
        }
    };
    reach(s_->epsilon_);
    const int a = s_->action_ids_.find(action.schema, action.arguments.data(),
                                       static_cast<int>(action.arguments.size()));
    if (a < 0) return;  // it adds no relevant atom
    for (int i = s_->add_begin_[a]; i < s_->add_begin_[a + 1]; ++i)
        reach(s_->add_[i]);
}

void GroundRelaxation::Structure::index_densely(const TupleTable& atoms,
                                                const std::vector<int>& fact_of,
                                                std::uint64_t max_entries) {
    const std::uint64_t n = static_cast<std::uint64_t>(task_->num_objects());
    dense_begin_.assign(static_cast<std::size_t>(layout_->num_slots()), -1);
    std::size_t total = 0;
    for (int s = 0; s < layout_->num_slots(); ++s) {
        const int arity = layout_->arity(layout_->predicate_of_slot(s));
        if (arity > kMaxDenseArity) continue;
        const std::uint64_t size = dense_table_size(arity, n, max_entries);
        if (total + size > max_entries) continue;
        dense_begin_[s] = static_cast<std::int64_t>(total);
        total += static_cast<std::size_t>(size);
    }
    dense_facts_.assign(total, -1);
    std::vector<std::int64_t> begin_of(task_->predicates.size(), -1);
    for (int s = 0; s < layout_->num_slots(); ++s)
        begin_of[layout_->predicate_of_slot(s)] = dense_begin_[s];
    for (int f = 0; f < atoms.size(); ++f) {
        if (fact_of[f] < 0) continue;
        const int tag = atoms.tag(f);
        if (tag < 0 || tag >= static_cast<int>(begin_of.size()) || begin_of[tag] < 0) continue;
        dense_facts_[static_cast<std::size_t>(begin_of[tag]) +
                     dense_index(atoms.values(f), atoms.arity(f))] = fact_of[f];
    }
}

bool GroundRelaxation::explore(const State& state, datalog::Aggregation aggregation,
                               std::span<const GroundAction> first_actions) {
    aggregation_ = aggregation;
    plan_current_ = false;
    first_actions_ = first_actions;
    if (!s_->goal_possible_) return false;
    std::fill(fact_cost_.begin(), fact_cost_.end(), kInfinity);
    std::copy(s_->initial_unsatisfied_.begin(), s_->initial_unsatisfied_.end(),
              unsatisfied_.begin());
    for (std::size_t c = 0; c <= max_bucket_ && c < buckets_.size(); ++c)
        buckets_[c].clear();
    max_bucket_ = 0;
    far_.clear();

    for_each_state_fact(state, [&](int f) {
        if (fact_cost_[f] == 0) return;
        fact_cost_[f] = 0;
        achiever_[f] = -1;
        push(0, f);
    });
    if (s_->epsilon_ >= 0) {
        if (first_mark_.size() < first_actions.size()) first_mark_.resize(first_actions.size(), 0);
        for (int i = 0; i < static_cast<int>(first_actions.size()); ++i)
            fire_first_action(i);
    }
    // Through a pointer: wasm-opt inlines a function with a single caller
    // whatever LLVM was told, and V8 then allocates registers for the
    // propagation loop together with everything else explore() does.
    // One instance per aggregation: the consumer loop then has no select.
    const bool sum = aggregation_ == datalog::Aggregation::Sum;
    bool (GroundRelaxation::*volatile run)() =
        s_->action_cost_.empty() ? (sum ? &GroundRelaxation::propagate<true, true>
                                        : &GroundRelaxation::propagate<true, false>)
                                 : (sum ? &GroundRelaxation::propagate<false, true>
                                        : &GroundRelaxation::propagate<false, false>);
    return (this->*run)();
}

// Whether every goal atom has a cost of at most `cost`. Settling a fact of
// cost `cost` fires actions whose adds cost at least that much, which
// cannot lower (strictly) any such goal's cost nor change its achiever;
// the facts a relaxed plan traces back from the goals are settled already.
// So the exploration may stop there, before settling the last (and
// usually largest) cost layer, with the same goal costs, achievers and
// relaxed plan as one that settles every goal. Costs only fall and `cost`
// only grows during an exploration: the goals below goal_cursor_ stay done.
bool GroundRelaxation::goals_within(int cost) {
    const int n = static_cast<int>(s_->goal_facts_.size());
    while (goal_cursor_ < n && fact_cost_[s_->goal_facts_[goal_cursor_]] <= cost)
        ++goal_cursor_;
    return goal_cursor_ == n;
}

// The bucket queue from the seeded facts until every goal atom is reached.
template <bool kUnitCost, bool kSum>
bool GroundRelaxation::propagate() {
    for (int a : s_->no_precondition_actions_)
        fire<kUnitCost, kSum>(a, 0);
    goals_left_ = static_cast<int>(s_->goal_facts_.size());
    goal_cursor_ = 0;
    for (std::size_t c = 0; goals_left_ > 0; ++c) {
        if (c > max_bucket_ || c >= buckets_.size()) return propagate_far<kUnitCost, kSum>();
        const int cost = static_cast<int>(c);
        if (goals_within(cost)) return true;
        // fire() pushes into this bucket (zero-cost actions) or later ones,
        // and may grow buckets_: index it afresh.
        for (std::size_t i = 0; i < buckets_[c].size() && goals_left_ > 0; ++i) {
            const int f = buckets_[c][i];
            if (fact_cost_[f] != cost) continue;  // reached more cheaply
            settle<kUnitCost, kSum>(f, cost);
        }
    }
    return true;
}

template <bool kUnitCost, bool kSum>
void GroundRelaxation::settle(int f, int cost) {
    if (budget_ != nullptr) budget_->poll();
    if (s_->is_goal_[f]) --goals_left_;
    // fire() changes neither these arrays' sizes nor consumers: held
    // in locals, not reloaded after every store (see fire()).
    const int* consumers = s_->consumers_.data();
    std::uint8_t* unsatisfied = unsatisfied_.data();
    const int end = s_->consumers_begin_[f + 1];
    for (int j = s_->consumers_begin_[f]; j < end; ++j) {
        if (--unsatisfied[consumers[j]] == 0) fire<kUnitCost, kSum>(consumers[j], cost);
    }
}

template <bool kUnitCost, bool kSum>
bool GroundRelaxation::propagate_far() {
    int checked = -1;  // the cost goals_within() last saw
    while (goals_left_ > 0) {
        if (far_.empty()) return false;
        const auto [cost, f] = far_.pop();
        if (fact_cost_[f] != cost) continue;
        if (cost != checked && goals_within(cost)) return true;
        checked = cost;
        settle<kUnitCost, kSum>(f, cost);
    }
    return true;
}

int GroundRelaxation::goal_cost(datalog::Aggregation aggregation) const {
    int total = 0;
    for (int g : s_->goal_facts_) {
        total = aggregation == datalog::Aggregation::Sum
                    ? capped_cost(std::int64_t{total} + fact_cost_[g])
                    : std::max(total, fact_cost_[g]);
    }
    return total;
}

GroundAction GroundRelaxation::ground_action(int action) const {
    const std::span<const ObjectId> arguments = s_->action_arguments(action);
    return GroundAction{s_->schema_[action], {arguments.begin(), arguments.end()}};
}

void GroundRelaxation::delete_facts(const Task& task, int action, std::vector<int>& out) const {
    const std::span<const ObjectId> arguments = s_->action_arguments(action);
    const std::span<const int> adds(s_->add_.data() + s_->add_begin_[action],
                                    s_->add_.data() + s_->add_begin_[action + 1]);
    std::vector<ObjectId> args;
    for (const AtomSchema& atom : task.schemas[s_->schema_[action]].delete_effects) {
        args.clear();
        for (const Term& t : atom.arguments)
            args.push_back(t.is_parameter() ? arguments[t.index] : t.index);
        const int f = fact_of(atom.predicate, args);
        if (f >= 0 && std::find(adds.begin(), adds.end(), f) == adds.end()) out.push_back(f);
    }
}

int GroundRelaxation::relaxed_plan(std::vector<GroundAction>* actions) {
    if (++mark_stamp_ == 0) {
        std::fill(mark_.begin(), mark_.end(), 0);
        std::fill(first_mark_.begin(), first_mark_.end(), 0);
        mark_stamp_ = 1;
    }
    plan_.clear();
    stack_.assign(s_->goal_facts_.begin(), s_->goal_facts_.end());
    while (!stack_.empty()) {
        const int f = stack_.back();
        stack_.pop_back();
        const int a = achiever_[f];
        if (a == -1) continue;  // in the state (cost 0 alone may be a zero-cost action's)
        if (a <= -2) {          // a first action: applicable, nothing to trace
            const int index = -2 - a;
            if (first_mark_[index] == mark_stamp_) continue;
            first_mark_[index] = mark_stamp_;
            plan_.push_back(a);
            if (actions != nullptr) actions->push_back(first_actions_[index]);
            continue;
        }
        if (mark_[a] == mark_stamp_) continue;
        mark_[a] = mark_stamp_;
        plan_.push_back(a);
        if (actions != nullptr) actions->push_back(ground_action(a));
        for (int i = s_->pre_begin_[a]; i < s_->pre_begin_[a + 1]; ++i)
            stack_.push_back(s_->pre_[i]);
    }
    plan_current_ = true;
    return static_cast<int>(plan_.size());
}

// Every precondition of `action` is in the explored state (with zero-cost
// actions, cost 0 does not say so).
bool GroundRelaxation::preconditions_hold(int action) const {
    for (int i = s_->pre_begin_[action]; i < s_->pre_begin_[action + 1]; ++i) {
        if (fact_cost_[s_->pre_[i]] != 0 || achiever_[s_->pre_[i]] != -1) return false;
    }
    return true;
}

int GroundRelaxation::relaxed_plan_cost() const {
    if (s_->costs_.is_unit()) return static_cast<int>(plan_.size());
    int total = 0;
    for (int a : plan_) {
        if (a <= -2) {
            const GroundAction& first = first_actions_[-2 - a];
            total += s_->costs_.cost(first.schema, first.arguments);
        } else {
            total += s_->action_cost_[a];
        }
    }
    return total;
}

void GroundRelaxation::helpful_actions(ActionList& out) {
    if (!plan_current_) relaxed_plan(nullptr);
    for (int a : plan_) {
        if (a <= -2) {
            out.push_back(first_actions_[-2 - a]);
        } else if (preconditions_hold(a)) {
            out.push_back(s_->schema_[a], s_->action_arguments(a));
        }
    }
}

const NameTable<RelaxationGrounding>& relaxation_grounding_names() {
    static constexpr Named<RelaxationGrounding> kNames[]{{RelaxationGrounding::Auto, "auto"},
                                                         {RelaxationGrounding::Lifted, "lifted"},
                                                         {RelaxationGrounding::Ground, "ground"}};
    static constexpr NameTable<RelaxationGrounding> kTable{"relaxation", kNames};
    return kTable;
}

RelaxationGrounding parse_relaxation_grounding(std::string_view name) {
    return relaxation_grounding_names().parse(name);
}

const char* to_string(RelaxationGrounding grounding) {
    return relaxation_grounding_names().name(grounding);
}

namespace {
std::optional<GroundRelaxation> build_ground_relaxation(RelaxationGrounding grounding,
                                                        const Task& task, const StateLayout& layout,
                                                        const StaticFacts& statics, Budget* budget,
                                                        bool restricted, AdjustedCosts costs) {
    if (grounding == RelaxationGrounding::Lifted) return std::nullopt;
    // Axioms are rules of the lifted program only: a task with derived
    // predicates is explored lifted (docs/pddl-support.md).
    if (task.has_axioms()) return std::nullopt;
    GroundingLimits limits;
    if (grounding == RelaxationGrounding::Ground) {
        limits.max_closure_facts = std::numeric_limits<std::size_t>::max();
        limits.max_entries = std::numeric_limits<std::size_t>::max();
    }
    return GroundRelaxation::build(task, layout, statics, limits, budget, restricted, costs);
}
}  // namespace

void GroundRelaxationCache::add_task(const Task& task) {
    for (const auto& [known, layout] : layouts_) {
        if (known == &task) return;
    }
    layouts_.emplace_back(&task, std::make_unique<StateLayout>(task));
}

std::optional<std::optional<GroundRelaxation>> GroundRelaxationCache::find_or_build(
    RelaxationGrounding grounding, const Task& task, const StaticFacts& statics, Budget* budget,
    bool restricted, AdjustedCosts costs) {
    const auto layout = std::find_if(layouts_.begin(), layouts_.end(),
                                     [&](const auto& known) { return known.first == &task; });
    if (layout == layouts_.end()) return std::nullopt;
    for (const Entry& e : entries_) {
        if (e.task == &task && e.grounding == grounding && e.restricted == restricted &&
            e.costs == costs)
            return e.relaxation;
    }
    // LimitReached (the budget) leaves nothing cached.
    Entry entry{&task, grounding, restricted, costs,
                build_ground_relaxation(grounding, task, *layout->second, statics, budget,
                                        restricted, costs)};
    if (entry.relaxation) ++built_;
    entries_.push_back(std::move(entry));
    return entries_.back().relaxation;
}

void GroundRelaxationCache::drop_unused() {
    std::erase_if(entries_, [](const Entry& e) { return e.relaxation && !e.relaxation->shared(); });
}

std::optional<GroundRelaxation> ground_relaxation_for(RelaxationSource source, const Task& task,
                                                      const StateLayout& layout,
                                                      const StaticFacts& statics, Budget* budget,
                                                      bool restricted, AdjustedCosts costs) {
    if (source.cache != nullptr) {
        if (auto cached = source.cache->find_or_build(source.grounding, task, statics, budget,
                                                      restricted, costs)) {
            if (*cached) (*cached)->set_budget(budget);
            return std::move(*cached);
        }
    }
    std::optional<GroundRelaxation> ground =
        build_ground_relaxation(source.grounding, task, layout, statics, budget, restricted, costs);
    if (ground) ground->set_budget(budget);
    return ground;
}

}  // namespace ll
