// Landmark backchaining over the action schemas (see header).
#include "core/heuristics/landmarks/lifted_landmarks.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>

namespace ll {

namespace {

constexpr ObjectId kUnbound = -1;
// Objects kept per unbound parameter of a precondition with two of them
// (the pairs checked are at most its square).
constexpr std::size_t kMaxPairCandidates = 64;

// Whether some static atom agrees with a partly bound atom at its bound
// arguments: per (predicate, bound positions), the static tuples projected
// on those positions, sorted, built on first use.
class StaticMatcher {
  public:
    explicit StaticMatcher(const StaticFacts& statics) : statics_(statics) {}

    bool matches(const AtomSchema& atom, std::span<const ObjectId> binding);
    std::int64_t work() const { return work_; }

  private:
    const std::vector<ObjectId>& projection(PredicateId p, std::uint64_t mask, int arity);

    const StaticFacts& statics_;
    std::map<std::pair<PredicateId, std::uint64_t>, std::vector<ObjectId>> projections_;
    std::vector<ObjectId> values_;
    std::int64_t work_ = 0;
};

bool StaticMatcher::matches(const AtomSchema& atom, std::span<const ObjectId> binding) {
    const int arity = static_cast<int>(atom.arguments.size());
    if (arity >= 64) return true;  // not checked: over-approximating stays sound
    values_.clear();
    std::uint64_t mask = 0;
    for (int i = 0; i < arity; ++i) {
        const Term& t = atom.arguments[i];
        const ObjectId o = t.is_parameter() ? binding[t.index] : t.index;
        if (o == kUnbound) continue;
        mask |= std::uint64_t{1} << i;
        values_.push_back(o);
    }
    ++work_;
    if (static_cast<int>(values_.size()) == arity)
        return statics_.contains(atom.predicate, values_.data());
    if (mask == 0) return !statics_.relation(atom.predicate).empty();
    const std::vector<ObjectId>& flat = projection(atom.predicate, mask, arity);
    const int stride = static_cast<int>(values_.size());
    const RelationView view{flat.data(), static_cast<int>(flat.size()) / stride, stride};
    return relation_contains(view, values_.data());
}

const std::vector<ObjectId>& StaticMatcher::projection(PredicateId p, std::uint64_t mask,
                                                       int arity) {
    auto [it, inserted] = projections_.emplace(std::make_pair(p, mask), std::vector<ObjectId>{});
    if (!inserted) return it->second;
    const RelationView rel = statics_.relation(p);
    int stride = 0;
    for (int i = 0; i < arity; ++i)
        stride += (mask >> i) & 1 ? 1 : 0;
    for (int t = 0; t < rel.size; ++t) {
        const std::span<const ObjectId> tuple = rel.tuple(t);
        for (int i = 0; i < arity; ++i) {
            if ((mask >> i) & 1) it->second.push_back(tuple[static_cast<std::size_t>(i)]);
        }
    }
    sort_unique_tuples(it->second, stride);
    work_ += rel.size;
    return it->second;
}

// A way to add atoms of one predicate: a schema's add effect, unconditional
// or of a conditional effect. Variables: the schema's parameters, then the
// conditional effect's.
struct Route {
    const AtomSchema* add = nullptr;
    std::vector<TypeId> types;
    std::vector<const AtomSchema*> fluent;  // positive preconditions (and effect conditions)
    std::vector<const AtomSchema*> statics;
    std::vector<const EqualityConstraint*> equalities;
    int cost = 1;  // a lower bound on its actions' costs
};

// The instantiations of one fluent precondition of an achiever.
struct Instances {
    PredicateId predicate = 0;
    std::vector<GroundAtom> atoms;  // sorted; empty when `many`
    bool many = false;              // more than the disjunction bound, or not enumerated
};

// An achiever: a route bound by unification with a landmark fact.
struct Achiever {
    std::vector<Instances> pre;
};

GroundAtom ground(const AtomSchema& atom, std::span<const ObjectId> binding) {
    GroundAtom g{atom.predicate, {}};
    for (const Term& t : atom.arguments)
        g.arguments.push_back(t.is_parameter() ? binding[t.index] : t.index);
    return g;
}

int route_cost(const Task& task, const ActionSchema& schema, CostType cost_type) {
    if (!task.has_action_costs || cost_type == CostType::One) return 1;
    int cost = schema.cost.constant;
    for (const CostTerm& term : schema.cost.terms)
        cost += task.functions[term.function].min_value();
    return cost + (cost_type == CostType::PlusOne ? 1 : 0);
}

std::vector<Route> make_routes(const Task& task, CostType cost_type) {
    std::vector<Route> routes;
    for (const ActionSchema& schema : task.schemas) {
        Route base;
        for (const Parameter& p : schema.parameters)
            base.types.push_back(p.type);
        auto add_conditions = [&](Route& r, const std::vector<AtomSchema>& atoms) {
            for (const AtomSchema& a : atoms)
                (task.predicates[a.predicate].is_static ? r.statics : r.fluent).push_back(&a);
        };
        add_conditions(base, schema.positive_preconditions);
        for (const EqualityConstraint& e : schema.equalities)
            base.equalities.push_back(&e);
        base.cost = route_cost(task, schema, cost_type);
        for (const AtomSchema& add : schema.add_effects) {
            routes.push_back(base);
            routes.back().add = &add;
        }
        for (const ConditionalEffect& effect : schema.conditional_effects) {
            Route r = base;
            for (const Parameter& p : effect.variables)
                r.types.push_back(p.type);
            add_conditions(r, effect.positive_conditions);
            for (const EqualityConstraint& e : effect.equalities)
                r.equalities.push_back(&e);
            for (const AtomSchema& add : effect.add_effects) {
                routes.push_back(r);
                routes.back().add = &add;
            }
        }
    }
    return routes;
}

class LiftedGenerator {
  public:
    LiftedGenerator(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                    CostType cost_type, Budget* budget, const LiftedLandmarkLimits& limits)
        : task_(task),
          layout_(layout),
          budget_(budget),
          limits_(limits),
          matcher_(statics),
          routes_(make_routes(task, cost_type)),
          routes_of_(task.predicates.size()),
          initial_(initial_state(task, layout, budget)) {
        for (int r = 0; r < static_cast<int>(routes_.size()); ++r)
            routes_of_[routes_[r].add->predicate].push_back(r);
    }

    LandmarkGraph run() {
        out_.lifted = true;
        for (const GroundAtom& atom : task_.goal_positive) {
            if (task_.predicates[atom.predicate].is_static) continue;
            out_.landmarks[simple_landmark(atom)].goal = true;
        }
        while (!queue_.empty()) {
            if (over_budget()) {
                out_.truncated = true;
                break;
            }
            const int lm = queue_.front();
            queue_.pop_front();
            backchain(lm);
        }
        return std::move(out_);
    }

  private:
    std::int64_t work() const { return work_ + matcher_.work(); }
    bool over_budget() const { return work() > limits_.max_work; }
    void poll() {
        if (budget_ != nullptr) budget_->poll();
    }

    bool initially_true(const GroundAtom& atom) const {
        return layout_.is_fluent(atom.predicate) &&
               initial_.contains(layout_, atom.predicate, atom.arguments.data());
    }
    int fact(const GroundAtom& atom);
    int new_landmark(const std::vector<GroundAtom>& atoms);
    int simple_landmark(const GroundAtom& atom);
    bool is_simple_landmark(const GroundAtom& atom) const { return simple_.count(atom) > 0; }
    void add_edge(int from, int to);
    bool reaches(int from, int to);

    // Equalities and static preconditions hold as far as `binding` binds.
    bool consistent(const Route& route, std::span<const ObjectId> binding);
    bool unify(const Route& route, const GroundAtom& atom, std::vector<ObjectId>& binding);
    // The objects `var` may take under `binding` (at most `cap`; more:
    // nullopt).
    std::optional<std::vector<ObjectId>> candidates(const Route& route,
                                                    std::vector<ObjectId>& binding, int var,
                                                    std::size_t cap);
    // False when the precondition has no instance (no action of the
    // achiever exists).
    bool instantiate(const Route& route, std::vector<ObjectId>& binding, const AtomSchema& atom,
                     Instances& out);
    bool instantiate_pairs(const Route& route, std::vector<ObjectId>& binding,
                           const AtomSchema& atom, int v0, int v1, Instances& out);
    std::vector<Achiever> achievers(int lm);
    void backchain(int lm);
    void add_shared(const std::vector<Achiever>& achievers, int lm);
    void add_disjunctive(const std::vector<Achiever>& achievers, int lm);
    std::vector<GroundAtom> disjunction(const std::vector<Achiever>& achievers, PredicateId p,
                                        int lm) const;
    bool in_landmark(const GroundAtom& atom, int lm) const {
        const std::vector<GroundAtom>& a = atoms_[lm];
        return std::find(a.begin(), a.end(), atom) != a.end();
    }

    const Task& task_;
    const StateLayout& layout_;
    Budget* budget_;
    LiftedLandmarkLimits limits_;
    StaticMatcher matcher_;
    std::vector<Route> routes_;
    std::vector<std::vector<int>> routes_of_;  // per predicate
    State initial_;
    std::map<GroundAtom, int> fact_index_;                // -> LandmarkGraph::facts
    std::map<GroundAtom, int> simple_;                    // -> its simple landmark
    std::map<std::vector<GroundAtom>, int> disjunctive_;  // sorted facts -> landmark
    std::vector<std::vector<GroundAtom>> atoms_;          // per landmark
    std::vector<std::vector<int>> successors_;            // orderings, per landmark
    std::set<std::pair<int, int>> edges_;
    std::vector<std::uint32_t> seen_;  // == stamp_: visited by reaches()
    std::uint32_t stamp_ = 0;
    std::vector<int> stack_;
    std::deque<int> queue_;
    std::int64_t work_ = 0;
    LandmarkGraph out_;
};

int LiftedGenerator::fact(const GroundAtom& atom) {
    auto [it, inserted] = fact_index_.emplace(atom, static_cast<int>(out_.facts.size()));
    if (inserted) out_.facts.push_back(atom);
    return it->second;
}

// Its cost: the cheapest route adding one of its facts (1 without any).
int LiftedGenerator::new_landmark(const std::vector<GroundAtom>& atoms) {
    Landmark lm;
    int cost = -1;
    for (const GroundAtom& atom : atoms) {
        lm.facts.push_back(fact(atom));
        lm.initially_true = lm.initially_true || initially_true(atom);
        for (int r : routes_of_[atom.predicate]) {
            if (cost < 0 || routes_[r].cost < cost) cost = routes_[r].cost;
        }
    }
    lm.cost = cost < 0 ? 1 : cost;
    const int id = out_.num_landmarks();
    if (!lm.initially_true) queue_.push_back(id);
    out_.landmarks.push_back(std::move(lm));
    atoms_.push_back(atoms);
    successors_.emplace_back();
    return id;
}

int LiftedGenerator::simple_landmark(const GroundAtom& atom) {
    const auto it = simple_.find(atom);
    if (it != simple_.end()) return it->second;
    const int id = new_landmark({atom});
    simple_.emplace(atom, id);
    return id;
}

// Orderings that would close a cycle are left out (only an unsolvable task,
// or landmarks that cannot be reached, would have one).
void LiftedGenerator::add_edge(int from, int to) {
    if (from == to || edges_.count({from, to}) || reaches(to, from)) return;
    edges_.emplace(from, to);
    successors_[from].push_back(to);
    out_.edges.push_back({from, to, LandmarkOrdering::GreedyNecessary});
}

bool LiftedGenerator::reaches(int from, int to) {
    seen_.resize(successors_.size(), 0);
    if (++stamp_ == 0) {
        std::fill(seen_.begin(), seen_.end(), 0);
        stamp_ = 1;
    }
    stack_.assign(1, from);
    while (!stack_.empty()) {
        const int n = stack_.back();
        stack_.pop_back();
        if (n == to) return true;
        if (seen_[n] == stamp_) continue;
        seen_[n] = stamp_;
        work_ += 1 + static_cast<std::int64_t>(successors_[n].size());
        stack_.insert(stack_.end(), successors_[n].begin(), successors_[n].end());
    }
    return false;
}

bool LiftedGenerator::consistent(const Route& route, std::span<const ObjectId> binding) {
    auto value = [&](const Term& t) { return t.is_parameter() ? binding[t.index] : t.index; };
    for (const EqualityConstraint* e : route.equalities) {
        const ObjectId x = value(e->lhs), y = value(e->rhs);
        if (x != kUnbound && y != kUnbound && (x == y) == e->negated) return false;
    }
    for (const AtomSchema* atom : route.statics) {
        if (!matcher_.matches(*atom, binding)) return false;
    }
    return true;
}

bool LiftedGenerator::unify(const Route& route, const GroundAtom& atom,
                            std::vector<ObjectId>& binding) {
    binding.assign(route.types.size(), kUnbound);
    ++work_;
    for (std::size_t i = 0; i < atom.arguments.size(); ++i) {
        const Term& t = route.add->arguments[i];
        const ObjectId o = atom.arguments[i];
        if (!t.is_parameter()) {
            if (t.index != o) return false;
            continue;
        }
        ObjectId& b = binding[t.index];
        if (b == kUnbound) {
            if (!task_.is_of_type[route.types[t.index]][o]) return false;
            b = o;
        } else if (b != o) {
            return false;
        }
    }
    return consistent(route, binding);
}

std::optional<std::vector<ObjectId>> LiftedGenerator::candidates(const Route& route,
                                                                 std::vector<ObjectId>& binding,
                                                                 int var, std::size_t cap) {
    std::vector<ObjectId> out;
    for (ObjectId o : task_.objects_of_type[route.types[var]]) {
        ++work_;
        binding[var] = o;
        const bool ok = consistent(route, binding);
        binding[var] = kUnbound;
        if (!ok) continue;
        if (out.size() == cap) return std::nullopt;
        out.push_back(o);
    }
    return out;
}

bool LiftedGenerator::instantiate(const Route& route, std::vector<ObjectId>& binding,
                                  const AtomSchema& atom, Instances& out) {
    out.predicate = atom.predicate;
    std::vector<int> unbound;
    for (const Term& t : atom.arguments) {
        if (t.is_parameter() && binding[t.index] == kUnbound &&
            std::find(unbound.begin(), unbound.end(), t.index) == unbound.end())
            unbound.push_back(t.index);
    }
    if (unbound.empty()) {
        out.atoms.push_back(ground(atom, binding));
        return true;
    }
    if (unbound.size() > 2) {
        out.many = true;
        return true;
    }
    if (unbound.size() == 2)
        return instantiate_pairs(route, binding, atom, unbound[0], unbound[1], out);
    const auto objects = candidates(route, binding, unbound[0], limits_.max_disjunction);
    if (!objects) {
        out.many = true;
        return true;
    }
    for (ObjectId o : *objects) {
        binding[unbound[0]] = o;
        out.atoms.push_back(ground(atom, binding));
    }
    binding[unbound[0]] = kUnbound;
    std::sort(out.atoms.begin(), out.atoms.end());
    return !out.atoms.empty();
}

bool LiftedGenerator::instantiate_pairs(const Route& route, std::vector<ObjectId>& binding,
                                        const AtomSchema& atom, int v0, int v1, Instances& out) {
    const auto first = candidates(route, binding, v0, kMaxPairCandidates);
    const auto second = candidates(route, binding, v1, kMaxPairCandidates);
    if ((first && first->empty()) || (second && second->empty())) return false;
    if (!first || !second) {
        out.many = true;
        return true;
    }
    const std::size_t bound = limits_.max_disjunction;
    for (std::size_t i = 0; i < first->size() && out.atoms.size() <= bound; ++i) {
        binding[v0] = (*first)[i];
        for (std::size_t j = 0; j < second->size() && out.atoms.size() <= bound; ++j) {
            ++work_;
            binding[v1] = (*second)[j];
            if (consistent(route, binding)) out.atoms.push_back(ground(atom, binding));
        }
    }
    binding[v0] = binding[v1] = kUnbound;
    if (out.atoms.size() > bound) {
        out.atoms.clear();
        out.many = true;
        return true;
    }
    std::sort(out.atoms.begin(), out.atoms.end());
    return !out.atoms.empty();
}

// The achievers of landmark `lm` with their preconditions' instances,
// without those that cannot be instantiated or need a fact of `lm`.
std::vector<Achiever> LiftedGenerator::achievers(int lm) {
    std::vector<Achiever> out;
    std::vector<ObjectId> binding;
    for (const GroundAtom& atom : atoms_[lm]) {
        for (int r : routes_of_[atom.predicate]) {
            poll();
            const Route& route = routes_[r];
            if (!unify(route, atom, binding)) continue;
            Achiever a;
            bool possible = true;
            for (const AtomSchema* pre : route.fluent) {
                Instances inst;
                possible = instantiate(route, binding, *pre, inst);
                if (possible && !inst.many)
                    possible =
                        !std::all_of(inst.atoms.begin(), inst.atoms.end(),
                                     [&](const GroundAtom& g) { return in_landmark(g, lm); });
                if (!possible) break;
                a.pre.push_back(std::move(inst));
            }
            if (possible) out.push_back(std::move(a));
        }
    }
    return out;
}

void LiftedGenerator::backchain(int lm) {
    // Derived atoms hold by the axioms, not by an effect: not backchained.
    if (task_.predicates[atoms_[lm][0].predicate].is_derived) return;
    const std::vector<Achiever> list = achievers(lm);
    if (list.empty()) return;  // never achieved: nothing is ordered before it
    add_shared(list, lm);
    add_disjunctive(list, lm);
}

// The ground atoms every achiever needs.
void LiftedGenerator::add_shared(const std::vector<Achiever>& list, int lm) {
    std::set<GroundAtom> shared;
    for (std::size_t k = 0; k < list.size(); ++k) {
        std::set<GroundAtom> mine;
        for (const Instances& inst : list[k].pre) {
            if (!inst.many && inst.atoms.size() == 1 && (k == 0 || shared.count(inst.atoms[0])))
                mine.insert(inst.atoms[0]);
        }
        shared = std::move(mine);
        if (shared.empty()) return;
    }
    for (const GroundAtom& atom : shared) {
        if (!in_landmark(atom, lm)) add_edge(simple_landmark(atom), lm);
    }
}

void LiftedGenerator::add_disjunctive(const std::vector<Achiever>& list, int lm) {
    std::set<PredicateId> predicates;
    for (const Instances& inst : list[0].pre)
        predicates.insert(inst.predicate);
    for (PredicateId p : predicates) {
        std::vector<GroundAtom> facts = disjunction(list, p, lm);
        // One fact left once the landmark's own are out: every achiever
        // needs it.
        if (facts.size() == 1) add_edge(simple_landmark(facts[0]), lm);
        if (facts.size() < 2 || facts.size() > limits_.max_disjunction) continue;
        if (std::any_of(facts.begin(), facts.end(), [&](const GroundAtom& g) {
                return initially_true(g) || is_simple_landmark(g);
            }))
            continue;
        auto [it, inserted] = disjunctive_.emplace(facts, -1);
        if (inserted) it->second = new_landmark(facts);
        add_edge(it->second, lm);
    }
}

// Per achiever, the fewest instances of one of its P-preconditions (not a
// simple landmark alone): one of them holds when it is applied, so one of
// their union (less the landmark's facts, false until then) holds just
// before the landmark first does. Empty when some achiever has none.
std::vector<GroundAtom> LiftedGenerator::disjunction(const std::vector<Achiever>& list,
                                                     PredicateId p, int lm) const {
    std::set<GroundAtom> facts;
    for (const Achiever& a : list) {
        const Instances* best = nullptr;
        for (const Instances& inst : a.pre) {
            if (inst.predicate != p || inst.many) continue;
            if (inst.atoms.size() == 1 && is_simple_landmark(inst.atoms[0])) continue;
            if (best == nullptr || inst.atoms.size() < best->atoms.size()) best = &inst;
        }
        if (best == nullptr) return {};
        for (const GroundAtom& g : best->atoms) {
            if (!in_landmark(g, lm)) facts.insert(g);
        }
        if (facts.size() > limits_.max_disjunction) return {};
    }
    return {facts.begin(), facts.end()};
}

}  // namespace

LandmarkGraph find_lifted_landmarks(const Task& task, const StateLayout& layout,
                                    const StaticFacts& statics, CostType cost_type, Budget* budget,
                                    const LiftedLandmarkLimits& limits) {
    return LiftedGenerator(task, layout, statics, cost_type, budget, limits).run();
}

}  // namespace ll
