#include "core/heuristics/counting_dead_ends.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "core/successors/object_symmetry.hpp"

namespace ll {

namespace {

bool same_atom(const AtomSchema& a, const AtomSchema& b) {
    return a.predicate == b.predicate && a.arguments == b.arguments;
}

bool is_precondition(const ActionSchema& s, const AtomSchema& a) {
    return std::any_of(s.positive_preconditions.begin(), s.positive_preconditions.end(),
                       [&](const AtomSchema& p) { return same_atom(p, a); });
}

bool is_deleted(const ActionSchema& s, const AtomSchema& a) {
    return std::any_of(s.delete_effects.begin(), s.delete_effects.end(),
                       [&](const AtomSchema& d) { return same_atom(d, a); });
}

// The atoms a schema surely consumes: preconditions it deletes.
std::vector<const AtomSchema*> consumed(const ActionSchema& s) {
    std::vector<const AtomSchema*> out;
    for (const AtomSchema& d : s.delete_effects)
        if (is_precondition(s, d)) out.push_back(&d);
    return out;
}

struct UnionFind {
    std::vector<int> parent;
    explicit UnionFind(int n) : parent(static_cast<std::size_t>(n)) {
        std::iota(parent.begin(), parent.end(), 0);
    }
    int find(int x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    }
    void unite(int a, int b) { parent[find(a)] = find(b); }
};

using Group = std::vector<int>;  // per predicate: the owner position, -1 outside

// Candidates: (predicate, position) slots joined when an action consumes an
// atom of the one and adds an atom of the other with the same object there.
// Predicates no action deletes stay out (a gluten-free mark added beside the
// sandwich's next place would count as a second token).
std::vector<Group> candidate_groups(const Task& task, const std::vector<char>& fluent) {
    std::vector<char> deleted(task.predicates.size(), 0);
    for (const ActionSchema& s : task.schemas)
        for (const AtomSchema& d : s.delete_effects)
            deleted[d.predicate] = 1;
    std::vector<int> begin(task.predicates.size() + 1, 0);
    for (std::size_t p = 0; p < task.predicates.size(); ++p)
        begin[p + 1] = begin[p] + task.predicates[p].arity();
    UnionFind uf(begin.back());
    for (const ActionSchema& s : task.schemas) {
        const std::vector<const AtomSchema*> used = consumed(s);
        for (const AtomSchema& e : s.add_effects) {
            if (!fluent[e.predicate] || !deleted[e.predicate]) continue;
            for (std::size_t i = 0; i < e.arguments.size(); ++i)
                for (const AtomSchema* d : used)
                    for (std::size_t j = 0; j < d->arguments.size(); ++j)
                        if (d->arguments[j] == e.arguments[i] && fluent[d->predicate])
                            uf.unite(begin[e.predicate] + int(i), begin[d->predicate] + int(j));
        }
    }
    std::map<int, Group> by_root;
    std::set<int> spoilt;
    for (std::size_t p = 0; p < task.predicates.size(); ++p) {
        if (!fluent[p] || !deleted[p]) continue;
        for (int i = 0; i < task.predicates[p].arity(); ++i) {
            const int root = uf.find(begin[p] + i);
            Group& g = by_root.try_emplace(root, Group(task.predicates.size(), -1)).first->second;
            if (g[p] >= 0) spoilt.insert(root);  // one position per predicate
            g[p] = i;
        }
    }
    std::vector<Group> out;
    for (auto& [root, g] : by_root)
        if (!spoilt.count(root)) out.push_back(std::move(g));
    return out;
}

// Whether no action makes more atoms of the group for any owner: one that
// adds a group atom adds exactly one, and consumes one of the same owner.
bool never_grows(const Task& task, const Group& g) {
    for (const ActionSchema& s : task.schemas) {
        const AtomSchema* added = nullptr;
        int adds = 0;
        for (const AtomSchema& e : s.add_effects)
            if (g[e.predicate] >= 0) added = &e, ++adds;
        if (adds == 0) continue;
        if (adds > 1) return false;
        const Term owner = added->arguments[g[added->predicate]];
        const std::vector<const AtomSchema*> used = consumed(s);
        if (std::none_of(used.begin(), used.end(), [&](const AtomSchema* d) {
                return g[d->predicate] >= 0 && d->arguments[g[d->predicate]] == owner;
            }))
            return false;
    }
    return true;
}

}  // namespace

namespace {

// A precondition a schema keeps, naming the owner of a token group atom the
// schema consumes without adding any atom of that group.
struct BoundedPrevail {
    int precondition;  // index into positive_preconditions
    int group;
    int owner_position;  // in the precondition's arguments
};

// A schema and one class per parameter.
struct ActionOrbit {
    SchemaId schema;
    std::vector<int> classes;
};

}  // namespace

// What the constructor works out before the system is laid out.
struct CountingDeadEnds::Analysis {
    const Task& task;
    std::vector<char> fluent;  // per predicate: in some effect, not derived
    std::vector<Group> groups;
    std::vector<std::vector<BoundedPrevail>> prevails;  // per schema
    std::vector<ActionOrbit> orbits;
};

namespace {

// A schema's preconditions it keeps (not deleted) that name the owner of a
// token group atom it consumes without adding any atom of that group.
std::vector<BoundedPrevail> bounded_prevails(const ActionSchema& s, const std::vector<char>& fluent,
                                             const std::vector<Group>& groups) {
    std::vector<BoundedPrevail> out;
    const std::vector<const AtomSchema*> used = consumed(s);
    for (std::size_t pi = 0; pi < s.positive_preconditions.size(); ++pi) {
        const AtomSchema& p = s.positive_preconditions[pi];
        if (!fluent[p.predicate] || is_deleted(s, p)) continue;
        bool found = false;
        for (std::size_t g = 0; g < groups.size() && !found; ++g) {
            const Group& group = groups[g];
            if (std::any_of(s.add_effects.begin(), s.add_effects.end(),
                            [&](const AtomSchema& e) { return group[e.predicate] >= 0; }))
                continue;  // not a drain of this group
            for (const AtomSchema* q : used) {
                if (group[q->predicate] < 0) continue;
                const Term owner = q->arguments[group[q->predicate]];
                const auto at = std::find(p.arguments.begin(), p.arguments.end(), owner);
                if (at == p.arguments.end()) continue;
                out.push_back({int(pi), int(g), int(at - p.arguments.begin())});
                found = true;
                break;
            }
        }
    }
    return out;
}

}  // namespace

std::uint64_t CountingDeadEnds::orbit_key(const ObjectId* args, int arity) const {
    std::uint64_t key = 0;
    for (int i = 0; i < arity; ++i)
        key = key * num_classes_ + static_cast<std::uint64_t>(class_of_[args[i]]);
    return key;
}

std::uint64_t CountingDeadEnds::term_key(const AtomSchema& atom,
                                         const std::vector<int>& classes) const {
    std::uint64_t key = 0;
    for (const Term& t : atom.arguments)
        key = key * num_classes_ +
              static_cast<std::uint64_t>(t.is_parameter() ? classes[t.index] : class_of_[t.index]);
    return key;
}

void CountingDeadEnds::find_classes(const Task& task, const ObjectSymmetry* symmetry) {
    std::optional<ObjectSymmetry> own;
    if (symmetry == nullptr) symmetry = &own.emplace(task, layout_);
    class_of_.assign(static_cast<std::size_t>(task.num_objects()), -1);
    int next = 0;
    for (const std::vector<ObjectId>& c : symmetry->classes()) {
        for (ObjectId o : c)
            class_of_[o] = next;
        ++next;
    }
    for (int& c : class_of_)
        if (c < 0) c = next++;
    num_classes_ = static_cast<std::uint64_t>(next);
    members_.assign(num_classes_, {});
    for (ObjectId o = 0; o < task.num_objects(); ++o)
        members_[class_of_[o]].push_back(o);
}

// Every (schema, class per parameter) whose static preconditions some
// static atoms match class-wise; false when there are too many.
bool CountingDeadEnds::enumerate_orbits(Analysis& a, const CountingLimits& limits) const {
    const Task& task = a.task;
    std::vector<std::set<std::uint64_t>> static_keys(task.predicates.size());
    for (const GroundAtom& atom : task.initial_state)
        if (task.predicates[atom.predicate].is_static)
            static_keys[atom.predicate].insert(
                orbit_key(atom.arguments.data(), int(atom.arguments.size())));
    for (SchemaId sid = 0; sid < task.num_schemas(); ++sid) {
        const ActionSchema& s = task.schemas[sid];
        std::vector<std::vector<int>> options(s.parameters.size());
        std::uint64_t product = 1;
        for (std::size_t i = 0; i < s.parameters.size(); ++i) {
            for (std::uint64_t c = 0; c < num_classes_; ++c)
                if (task.is_of_type[s.parameters[i].type][members_[c].front()])
                    options[i].push_back(int(c));
            product *= options[i].size();
            if (product > std::uint64_t(limits.max_action_orbits)) return false;
        }
        std::vector<int> classes(s.parameters.size(), 0);
        for (std::uint64_t n = 0; n < product; ++n) {
            std::uint64_t rest = n;
            for (std::size_t i = 0; i < classes.size(); ++i) {
                classes[i] = options[i][rest % options[i].size()];
                rest /= options[i].size();
            }
            if (!statics_match(s, classes, static_keys)) continue;
            a.orbits.push_back({sid, classes});
            if (a.orbits.size() > std::size_t(limits.max_action_orbits)) return false;
        }
    }
    return true;
}

std::span<const ConfigKey<CountingSettings>> counting_config_keys() {
    static constexpr ConfigKey<CountingSettings> kKeys[]{
        {"counting", "",
         [](CountingSettings& s, std::string_view v) { s.counting = parse_switch(v, "counting"); }},
    };
    return kKeys;
}

CountingDeadEnds::CountingDeadEnds(const Task& task, const StateLayout& layout,
                                   const CountingLimits& limits, const ObjectSymmetry* symmetry)
    : layout_(layout), trial_checks_(limits.trial_checks) {
    build(task, limits, symmetry);
}

bool CountingDeadEnds::statics_match(
    const ActionSchema& s, const std::vector<int>& classes,
    const std::vector<std::set<std::uint64_t>>& static_keys) const {
    for (const AtomSchema& p : s.positive_preconditions)
        if (is_static_[p.predicate] && !static_keys[p.predicate].count(term_key(p, classes)))
            return false;
    auto class_of_term = [&](const Term& t) {
        return t.is_parameter() ? classes[t.index] : class_of_[t.index];
    };
    for (const EqualityConstraint& e : s.equalities) {
        const int a = class_of_term(e.lhs), b = class_of_term(e.rhs);
        if (!e.negated && a != b) return false;
        if (e.negated && a == b && members_[a].size() == 1) return false;
    }
    return true;
}

void CountingDeadEnds::build(const Task& task, const CountingLimits& limits,
                             const ObjectSymmetry* symmetry) {
    if (task.has_conditional_effects() || task.has_axioms()) return;
    Analysis a{task, {}, {}, {}, {}};
    a.fluent.assign(task.predicates.size(), 0);
    is_static_.assign(task.predicates.size(), 0);
    int max_arity = 0;
    for (PredicateId p = 0; p < task.num_predicates(); ++p) {
        a.fluent[p] = layout_.is_fluent(p) && !task.predicates[p].is_derived;
        is_static_[p] = task.predicates[p].is_static;
        max_arity = std::max(max_arity, task.predicates[p].arity());
    }
    find_classes(task, symmetry);
    constexpr std::uint64_t kKeyLimit = std::uint64_t(1) << 62;
    if (dense_table_size(max_arity, num_classes_, kKeyLimit) > kKeyLimit) return;
    a.groups = candidate_groups(task, a.fluent);
    std::erase_if(a.groups, [&](const Group& g) { return !never_grows(task, g); });
    for (const ActionSchema& s : task.schemas)
        a.prevails.push_back(bounded_prevails(s, a.fluent, a.groups));
    if (!enumerate_orbits(a, limits)) return;
    lay_out(a, limits);
}

// Rows: net change of every orbit the goal counts or an action consumes
// from, then the token-bounded prevails; a column per action orbit that
// occurs in a row.
void CountingDeadEnds::lay_out(const Analysis& a, const CountingLimits& limits) {
    const Task& task = a.task;
    NetRows net_row;
    PrevailRows prevail_row;
    std::vector<double> goal_count;
    auto net = [&](PredicateId p, std::uint64_t key) {
        const int r = net_row.try_emplace({p, key}, int(net_row.size())).first->second;
        goal_count.resize(net_row.size(), 0.0);
        return r;
    };
    for (const GroundAtom& g : task.goal_positive)
        if (a.fluent[g.predicate])
            goal_count[net(g.predicate, orbit_key(g.arguments.data(), int(g.arguments.size())))] +=
                1;
    for (const ActionOrbit& o : a.orbits)
        for (const AtomSchema* q : consumed(task.schemas[o.schema]))
            if (a.fluent[q->predicate]) net(q->predicate, term_key(*q, o.classes));
    first_prevail_row_ = int(net_row.size());
    for (const ActionOrbit& o : a.orbits)
        for (const BoundedPrevail& b : a.prevails[o.schema]) {
            const AtomSchema& p = task.schemas[o.schema].positive_preconditions[b.precondition];
            prevail_row.try_emplace(
                {p.predicate, term_key(p, o.classes), b.group, b.owner_position},
                first_prevail_row_ + int(prevail_row.size()));
        }
    const int rows = first_prevail_row_ + int(prevail_row.size());
    if (rows > limits.max_rows || prevail_row.empty()) return;
    std::multimap<std::pair<PredicateId, std::uint64_t>, int> prevail_of_orbit;
    for (const auto& [key, r] : prevail_row)
        prevail_of_orbit.insert({{std::get<0>(key), std::get<1>(key)}, r});

    std::vector<std::vector<double>> columns;
    for (const ActionOrbit& o : a.orbits) {
        const ActionSchema& s = task.schemas[o.schema];
        std::vector<double> column(static_cast<std::size_t>(rows), 0.0);
        for (const AtomSchema& e : s.add_effects) {
            if (!a.fluent[e.predicate]) continue;
            const std::uint64_t key = term_key(e, o.classes);
            if (auto it = net_row.find({e.predicate, key}); it != net_row.end())
                column[it->second] -= 1;
            auto [from, to] = prevail_of_orbit.equal_range({e.predicate, key});
            for (; from != to; ++from)
                column[from->second] -= 1;
        }
        // One consumption per row: two consumed atoms of one orbit may be
        // one ground atom (their objects may coincide), deleted once.
        std::set<int> consumes;
        for (const AtomSchema* q : consumed(s))
            if (a.fluent[q->predicate])
                consumes.insert(net_row.at({q->predicate, term_key(*q, o.classes)}));
        for (int r : consumes)
            column[r] += 1;
        std::set<int> uses;  // one use per row, however many preconditions land there
        for (const BoundedPrevail& b : a.prevails[o.schema]) {
            const AtomSchema& p = s.positive_preconditions[b.precondition];
            uses.insert(
                prevail_row.at({p.predicate, term_key(p, o.classes), b.group, b.owner_position}));
        }
        for (int r : uses)
            column[r] += 1;
        if (std::any_of(column.begin(), column.end(), [](double v) { return v != 0; }))
            columns.push_back(std::move(column));
    }
    if (int(columns.size()) > limits.max_columns) return;
    std::vector<double> coefficients(static_cast<std::size_t>(rows) * columns.size());
    for (std::size_t j = 0; j < columns.size(); ++j)
        for (int r = 0; r < rows; ++r)
            coefficients[r * columns.size() + j] = columns[j][r];
    lp_.emplace(rows, int(columns.size()), std::move(coefficients));
    index_rows(a, net_row, goal_count, prevail_row);
}

// What a state's atoms add to the right-hand sides, found by orbit.
void CountingDeadEnds::index_rows(const Analysis& a, const NetRows& net_row,
                                  const std::vector<double>& goal_count,
                                  const PrevailRows& prevail_row) {
    const std::size_t num_predicates = a.task.predicates.size();
    counted_.assign(num_predicates, {});
    prevail_counted_.assign(num_predicates, {});
    base_rhs_.assign(static_cast<std::size_t>(lp_->rows()), 0.0);
    for (const auto& [orbit, r] : net_row) {
        counted_[orbit.first][orbit.second].push_back(r);
        base_rhs_[r] = -goal_count[r];
    }
    std::vector<int> group_index(a.groups.size(), -1);
    prevail_owner_class_.assign(prevail_row.size(), 0);
    prevail_row_group_.assign(prevail_row.size(), 0);
    for (const auto& [key, r] : prevail_row) {
        const auto& [p, orbit, group, position] = key;
        if (group_index[group] < 0) {
            group_index[group] = int(groups_.size());
            groups_.push_back(a.groups[group]);
        }
        prevail_counted_[p][orbit].push_back({r, group_index[group], position});
        // The owner's class: digit `position` of the orbit key (base num_classes_).
        std::uint64_t digits = orbit;
        for (int i = a.task.predicates[p].arity() - 1; i > position; --i)
            digits /= num_classes_;
        prevail_owner_class_[r - first_prevail_row_] = int(digits % num_classes_);
        prevail_row_group_[r - first_prevail_row_] = group_index[group];
    }
    num_prevail_rows_ = int(prevail_row.size());
    for (PredicateId p = 0; p < PredicateId(num_predicates); ++p)
        if (!counted_[p].empty() || !prevail_counted_[p].empty()) counted_predicates_.push_back(p);
    tokens_.assign(groups_.size(), std::vector<int>(class_of_.size(), 0));
    crowded_.assign(groups_.size(), std::vector<char>(num_classes_, 0));
    rhs_.resize(base_rhs_.size());
}

bool CountingDeadEnds::alive(const State& state) {
    if (!lp_ || (dead_ends_ == 0 && checks_ >= trial_checks_)) return true;
    ++checks_;
    for (std::size_t g = 0; g < groups_.size(); ++g) {
        std::vector<int>& tokens = tokens_[g];
        std::fill(tokens.begin(), tokens.end(), 0);
        std::fill(crowded_[g].begin(), crowded_[g].end(), 0);
        for (PredicateId p = 0; p < PredicateId(groups_[g].size()); ++p) {
            if (groups_[g][p] < 0 || !layout_.is_fluent(p)) continue;
            const RelationView atoms = state.relation(layout_, p);
            for (int i = 0; i < atoms.size; ++i) {
                const ObjectId owner = atoms.tuple(i)[groups_[g][p]];
                if (++tokens[owner] == 2) crowded_[g][class_of_[owner]] = 1;
            }
        }
    }
    std::copy(base_rhs_.begin(), base_rhs_.end(), rhs_.begin());
    for (PredicateId p : counted_predicates_) {
        const RelationView atoms = state.relation(layout_, p);
        const int arity = layout_.arity(p);
        for (int i = 0; i < atoms.size; ++i) {
            const ObjectId* tuple = atoms.tuple(i).data();
            const std::uint64_t key = orbit_key(tuple, arity);
            if (auto it = counted_[p].find(key); it != counted_[p].end())
                for (int r : it->second)
                    rhs_[r] += 1;
            if (auto it = prevail_counted_[p].find(key); it != prevail_counted_[p].end())
                for (const PrevailCount& c : it->second)
                    if (tokens_[c.group][tuple[c.owner_position]] == 1) rhs_[c.row] += 1;
        }
    }
    // A prevail row holds while no owner of its class has two tokens.
    for (std::size_t r = 0; r < prevail_owner_class_.size(); ++r)
        if (crowded_[prevail_row_group_[r]][prevail_owner_class_[r]])
            rhs_[first_prevail_row_ + r] = 1e9;
    if (lp_->feasible(rhs_)) return true;
    ++dead_ends_;
    return false;
}

}  // namespace ll
