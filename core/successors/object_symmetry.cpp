// Object classes of the task (goal, static facts, costs and schemas
// invariant under exchanging two objects) and their groups per state.
#include "core/successors/object_symmetry.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <utility>

namespace ll {
namespace {

void mark_condition(const Condition& c, const std::function<void(const Term&)>& mark) {
    for (const Term& t : c.atom.arguments)
        mark(t);
    for (const Condition& child : c.children)
        mark_condition(child, mark);
}

// Objects the domain names (constants, objects written into a schema, a
// conditional effect, a cost term, an axiom or an ADL formula, e.g. by a forall
// expanded over the objects): a permutation must leave them in place.
std::vector<char> named_objects(const Task& task) {
    std::vector<char> named(static_cast<std::size_t>(task.num_objects()), 0);
    for (int o = 0; o < task.num_objects(); ++o)
        named[o] = task.objects[o].is_constant ? 1 : 0;
    auto mark = [&](const Term& t) {
        if (!t.is_parameter()) named[t.index] = 1;
    };
    auto mark_atoms = [&](const std::vector<AtomSchema>& atoms) {
        for (const AtomSchema& a : atoms)
            for (const Term& t : a.arguments)
                mark(t);
    };
    for (const ActionSchema& s : task.schemas) {
        mark_atoms(s.positive_preconditions);
        mark_atoms(s.negative_preconditions);
        mark_atoms(s.add_effects);
        mark_atoms(s.delete_effects);
        for (const EqualityConstraint& e : s.equalities) {
            mark(e.lhs);
            mark(e.rhs);
        }
        for (const CostTerm& c : s.cost.terms)
            for (const Term& t : c.arguments)
                mark(t);
        for (const ConditionalEffect& e : s.conditional_effects) {
            mark_atoms(e.positive_conditions);
            mark_atoms(e.negative_conditions);
            mark_atoms(e.add_effects);
            mark_atoms(e.delete_effects);
            for (const EqualityConstraint& q : e.equalities) {
                mark(q.lhs);
                mark(q.rhs);
            }
        }
    }
    for (const Axiom& a : task.axioms) {
        mark_atoms({a.head});
        mark_atoms(a.positive_conditions);
        mark_atoms(a.negative_conditions);
        for (const EqualityConstraint& e : a.equalities) {
            mark(e.lhs);
            mark(e.rhs);
        }
    }
    for (const DerivedDefinition& d : task.derived_definitions)
        mark_condition(d.condition, mark);
    for (const Condition& c : task.original_preconditions)
        mark_condition(c, mark);
    if (task.has_original_goal) mark_condition(task.original_goal, mark);
    return named;
}

ObjectId swap(ObjectId x, ObjectId a, ObjectId b) {
    return x == a ? b : x == b ? a : x;
}

// The atoms a permutation must map onto themselves: the goal's positive and
// negative literals and the static facts, as keys {kind, predicate, args...}.
class InvariantAtoms {
  public:
    InvariantAtoms(const Task& task, const StateLayout& layout) {
        auto add = [&](int kind, const GroundAtom& atom) {
            std::vector<std::int32_t> key{kind, atom.predicate};
            key.insert(key.end(), atom.arguments.begin(), atom.arguments.end());
            keys_.push_back(std::move(key));
        };
        for (const GroundAtom& a : task.goal_positive)
            add(0, a);
        for (const GroundAtom& a : task.goal_negative)
            add(1, a);
        for (const GroundAtom& a : task.initial_state)
            if (!layout.is_fluent(a.predicate)) add(2, a);
        std::sort(keys_.begin(), keys_.end());
        keys_.erase(std::unique(keys_.begin(), keys_.end()), keys_.end());
        const int n = task.num_objects();
        begin_.assign(static_cast<std::size_t>(n) + 1, 0);
        for_each_occurrence([&](ObjectId o, int) { ++begin_[o + 1]; });
        for (int o = 0; o < n; ++o)
            begin_[o + 1] += begin_[o];
        occurrences_.resize(static_cast<std::size_t>(begin_[n]));
        std::vector<std::int32_t> fill(begin_.begin(), begin_.end() - 1);
        for_each_occurrence([&](ObjectId o, int key) { occurrences_[fill[o]++] = key; });
    }

    // Kind, predicate and argument position of every occurrence of `o`,
    // sorted: objects with different signatures are never exchangeable.
    std::vector<std::int32_t> signature(ObjectId o) const {
        std::vector<std::int32_t> sig;
        for (int i = begin_[o]; i < begin_[o + 1]; ++i) {
            const auto& key = keys_[occurrences_[i]];
            for (std::size_t p = 2; p < key.size(); ++p)
                if (key[p] == o) sig.push_back((key[0] * 65536 + key[1]) * 64 + int(p));
        }
        std::sort(sig.begin(), sig.end());
        return sig;
    }

    bool swappable(ObjectId a, ObjectId b) const {
        std::vector<std::int32_t> swapped;
        for (ObjectId o : {a, b}) {
            for (int i = begin_[o]; i < begin_[o + 1]; ++i) {
                swapped = keys_[occurrences_[i]];
                for (std::size_t p = 2; p < swapped.size(); ++p)
                    swapped[p] = swap(swapped[p], a, b);
                if (!std::binary_search(keys_.begin(), keys_.end(), swapped)) return false;
            }
        }
        return true;
    }

  private:
    // Calls f(object, key index) once per distinct object of each key.
    template <typename F>
    void for_each_occurrence(F f) const {
        for (int k = 0; k < static_cast<int>(keys_.size()); ++k) {
            const auto& key = keys_[k];
            for (std::size_t p = 2; p < key.size(); ++p)
                if (std::find(key.begin() + 2, key.begin() + p, key[p]) == key.begin() + p)
                    f(key[p], k);
        }
    }

    std::vector<std::vector<std::int32_t>> keys_;
    std::vector<std::int32_t> begin_, occurrences_;
};

// Whether exchanging a and b keeps every action cost: the static functions
// of :action-costs take the same values on swapped arguments. Functions of
// three or more arguments are not checked: no exchange then.
bool costs_swappable(const Task& task, ObjectId a, ObjectId b) {
    if (!task.has_action_costs) return true;
    std::vector<ObjectId> args, swapped;
    for (const NumericFunction& f : task.functions) {
        if (f.arity() == 0) continue;
        if (f.arity() > 2) return false;
        if (f.arity() == 1) {
            args = {a};
            swapped = {b};
            if (f.value(args) != f.value(swapped)) return false;
            continue;
        }
        for (ObjectId x = 0; x < task.num_objects(); ++x) {
            for (int side = 0; side < 2; ++side) {
                for (ObjectId o : {a, b}) {
                    args = side == 0 ? std::vector<ObjectId>{o, x} : std::vector<ObjectId>{x, o};
                    swapped = {swap(args[0], a, b), swap(args[1], a, b)};
                    if (f.value(args) != f.value(swapped)) return false;
                }
            }
        }
    }
    return true;
}

}  // namespace

ObjectSymmetry::ObjectSymmetry(const Task& task, const StateLayout& layout, int max_scanned_atoms)
    : layout_(layout), max_scanned_atoms_(max_scanned_atoms) {
    const int n = task.num_objects();
    class_of_.assign(static_cast<std::size_t>(n), -1);
    group_of_.assign(static_cast<std::size_t>(n), -1);
    int max_arity = 1;
    for (const auto& p : task.predicates)
        max_arity = std::max(max_arity, p.arity());
    swapped_.resize(static_cast<std::size_t>(max_arity));
    const std::vector<char> named = named_objects(task);
    const InvariantAtoms invariant(task, layout);
    // Candidates by (type, signature); within a bucket, classes by exchange
    // with each class's first object (exchangeability is transitive).
    std::map<std::pair<TypeId, std::vector<std::int32_t>>, std::vector<ObjectId>> buckets;
    for (ObjectId o = 0; o < n; ++o)
        if (!named[o]) buckets[{task.objects[o].type, invariant.signature(o)}].push_back(o);
    for (const auto& [key, objects] : buckets) {
        if (objects.size() < 2) continue;
        std::vector<std::vector<ObjectId>> found;
        for (ObjectId o : objects) {
            auto it = std::find_if(found.begin(), found.end(), [&](const auto& c) {
                return invariant.swappable(c.front(), o) && costs_swappable(task, c.front(), o);
            });
            if (it == found.end()) {
                found.push_back({o});
            } else {
                it->push_back(o);
            }
        }
        for (auto& c : found)
            if (c.size() >= 2) classes_.push_back(std::move(c));
    }
    std::sort(classes_.begin(), classes_.end());
    for (int c = 0; c < static_cast<int>(classes_.size()); ++c)
        for (ObjectId o : classes_[c])
            class_of_[o] = c;
}

// Exchanging a and b maps the state onto itself iff it maps each atom that
// mentions a to an atom of the state: such an image mentions b, so it is one
// of b's atoms, and with as many atoms for b as for a the exchange then maps
// a's atoms onto b's and, being its own inverse, b's back onto a's. The
// images are looked for among b's atoms when they are few (side by side in
// refs_), else in the state.
bool ObjectSymmetry::swappable_in_state(const State& state, ObjectId a, ObjectId b) {
    const int count = refs_begin_[a + 1] - refs_begin_[a];
    if (count != refs_begin_[b + 1] - refs_begin_[b]) return false;
    const AtomRef* b_refs = refs_.data() + refs_begin_[b];
    for (int i = refs_begin_[a]; i < refs_begin_[a + 1]; ++i) {
        const AtomRef& ref = refs_[i];
        const int arity = layout_.arity(ref.predicate);
        // An element loop into a buffer sized once: no memmove call (wasm).
        ObjectId* swapped = swapped_.data();
        for (int k = 0; k < arity; ++k)
            swapped[k] = swap(ref.tuple[k], a, b);
        bool found = false;
        if (count <= max_scanned_atoms_) {
            // Element loops, not std::equal: that is a memcmp call per pair.
            for (int j = 0; j < count && !found; ++j) {
                if (b_refs[j].predicate != ref.predicate) continue;
                int k = 0;
                while (k < arity && swapped[k] == b_refs[j].tuple[k])
                    ++k;
                found = k == arity;
            }
        } else {
            found = state.contains(layout_, ref.predicate, swapped);
        }
        if (!found) return false;
    }
    return true;
}

// A sum over the atoms that mention `o` of a hash of the atom seen from o:
// its predicate, where o occurs, and the other objects, those of o's class
// blurred to one mark. Exchanging o with a member b of its class maps o's
// atoms onto b's with the same hashes, so objects whose signatures differ
// are not exchangeable, and the pairwise test is skipped for them.
std::uint64_t ObjectSymmetry::state_signature(ObjectId o) const {
    const std::int32_t own_class = class_of_[o];
    std::uint64_t signature = 0;
    for (int i = refs_begin_[o]; i < refs_begin_[o + 1]; ++i) {
        const AtomRef& ref = refs_[i];
        std::uint64_t h = 0x9e3779b97f4a7c15ull ^ std::uint64_t(ref.predicate);
        const int arity = layout_.arity(ref.predicate);
        for (int k = 0; k < arity; ++k) {
            const ObjectId x = ref.tuple[k];
            const std::uint64_t code = x == o ? 0xffffffffull
                                       : class_of_[x] == own_class
                                           ? 0xfffffffeull
                                           : std::uint64_t(std::uint32_t(x));
            h = (h ^ code) * 0xff51afd7ed558ccdull;
            h ^= h >> 32;
        }
        h *= 0xc4ceb9fe1a85ec53ull;
        signature += h ^ (h >> 29);
    }
    return signature;
}

void ObjectSymmetry::compute(const State& state) {
    for (ObjectId o : group_members_)
        group_of_[o] = -1;
    group_begin_.resize(1);
    group_members_.clear();
    grouped_objects_ = 0;
    index_atom_refs(state);
    // Per class: candidate groups by exchange with each one's first object
    // (exchangeability is transitive), tried only where the signatures agree;
    // those of two or more become groups, in the order of their first
    // objects, members in increasing id.
    for (const auto& c : classes_)
        group_class(state, c);
    // Members in class order, which is increasing id within each group.
    group_members_.resize(static_cast<std::size_t>(group_begin_.back()));
    fill_.assign(group_begin_.begin(), group_begin_.end() - 1);
    if (rank_.size() < class_of_.size()) rank_.resize(class_of_.size(), 0);
    for (const auto& c : classes_) {
        for (ObjectId o : c) {
            const std::int32_t g = group_of_[o];
            if (g < 0) continue;
            rank_[o] = fill_[g] - group_begin_[g];
            group_members_[fill_[g]++] = o;
        }
    }
    grouped_objects_ = static_cast<int>(group_members_.size());
}

bool ObjectSymmetry::may_be_canonical(const ObjectId* binding, std::uint64_t bound,
                                      int arity) const {
    for (int p = 0; p < arity; ++p) {
        if (((bound >> p) & 1) == 0) continue;
        const ObjectId x = binding[p];
        const std::int32_t g = group_of_[x];
        if (g < 0 || rank_[x] == 0) continue;
        // Distinct objects of g bound before p, and positions not bound yet.
        int before = 0;
        bool earlier = false;
        for (int q = 0; q < p && !earlier; ++q) {
            if (((bound >> q) & 1) == 0) {
                ++before;
                continue;
            }
            const ObjectId y = binding[q];
            if (y == x) earlier = true;
            if (group_of_[y] != g) continue;
            bool repeated = false;
            for (int r = 0; r < q && !repeated; ++r)
                repeated = ((bound >> r) & 1) != 0 && binding[r] == y;
            if (!repeated) ++before;
        }
        if (!earlier && rank_[x] > before) return false;
    }
    return true;
}

void ObjectSymmetry::index_atom_refs(const State& state) {
    const int n = static_cast<int>(class_of_.size());
    refs_begin_.assign(static_cast<std::size_t>(n) + 1, 0);
    auto for_each_ref = [&](auto f) {
        for (int s = 0; s < layout_.num_slots(); ++s) {
            const PredicateId p = layout_.predicate_of_slot(s);
            const RelationView rel = state.relation(layout_, p);
            const int arity = layout_.arity(p);
            for (int t = 0; t < rel.size; ++t) {
                const ObjectId* tuple = rel.data + static_cast<std::size_t>(t) * rel.stride;
                for (int i = 0; i < arity; ++i) {
                    if (class_of_[tuple[i]] < 0 ||
                        std::find(tuple, tuple + i, tuple[i]) != tuple + i)
                        continue;
                    f(tuple[i], AtomRef{p, tuple});
                }
            }
        }
    };
    for_each_ref([&](ObjectId o, const AtomRef&) { ++refs_begin_[o + 1]; });
    for (int o = 0; o < n; ++o)
        refs_begin_[o + 1] += refs_begin_[o];
    refs_.resize(static_cast<std::size_t>(refs_begin_[n]));
    fill_.assign(refs_begin_.begin(), refs_begin_.end() - 1);
    for_each_ref([&](ObjectId o, const AtomRef& ref) { refs_[fill_[o]++] = ref; });
}

void ObjectSymmetry::group_class(const State& state, const std::vector<ObjectId>& c) {
    leaders_.clear();
    leader_signature_.clear();
    member_group_.clear();
    candidate_size_.clear();
    for (ObjectId o : c) {
        const std::uint64_t signature = state_signature(o);
        std::size_t g = 0;
        while (g < leaders_.size() &&
               (leader_signature_[g] != signature || !swappable_in_state(state, leaders_[g], o)))
            ++g;
        if (g == leaders_.size()) {
            leaders_.push_back(o);
            leader_signature_.push_back(signature);
            candidate_size_.push_back(0);
        }
        member_group_.push_back(static_cast<std::int32_t>(g));
        ++candidate_size_[g];
    }
    // candidate_size_ becomes each candidate's group id, or -1.
    for (std::int32_t& size : candidate_size_) {
        if (size < 2) {
            size = -1;
            continue;
        }
        const std::int32_t begin = group_begin_.back();
        group_begin_.push_back(begin + size);
        size = static_cast<std::int32_t>(group_begin_.size()) - 2;
    }
    for (std::size_t k = 0; k < c.size(); ++k) {
        const std::int32_t g = candidate_size_[member_group_[k]];
        if (g < 0) continue;
        group_of_[c[k]] = g;
    }
}

bool ObjectSymmetry::is_canonical(std::span<const ObjectId> arguments) const {
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        const ObjectId x = arguments[i];
        const std::int32_t g = group_of_[x];
        if (g < 0) continue;
        std::size_t rank = 0;  // distinct objects of group g before position i
        bool seen = false;
        for (std::size_t j = 0; j < i; ++j) {
            if (arguments[j] == x) {
                seen = true;
                break;
            }
            if (group_of_[arguments[j]] == g && std::find(arguments.begin(), arguments.begin() + j,
                                                          arguments[j]) == arguments.begin() + j) {
                ++rank;
            }
        }
        if (!seen && group_members_[group_begin_[g] + rank] != x) return false;
    }
    return true;
}

bool ObjectSymmetry::same_orbit(std::span<const ObjectId> a, std::span<const ObjectId> b) const {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] != b[i] && (group_of_[a[i]] < 0 || group_of_[a[i]] != group_of_[b[i]]))
            return false;
        for (std::size_t j = 0; j < i; ++j)
            if ((a[j] == a[i]) != (b[j] == b[i])) return false;
    }
    return true;
}

void ObjectSymmetry::canonicalise(std::span<ObjectId> arguments) const {
    const std::vector<ObjectId> original(arguments.begin(), arguments.end());
    for (std::size_t i = 0; i < original.size(); ++i) {
        const std::int32_t g = group_of_[original[i]];
        if (g < 0) continue;
        std::size_t rank = 0;
        std::size_t first = i;
        for (std::size_t j = 0; j < i; ++j) {
            if (original[j] == original[i]) {
                first = j;
                break;
            }
            if (group_of_[original[j]] == g && std::find(original.begin(), original.begin() + j,
                                                         original[j]) == original.begin() + j) {
                ++rank;
            }
        }
        arguments[i] = first < i ? arguments[first] : group_members_[group_begin_[g] + rank];
    }
}

}  // namespace ll
