// NNF, forall instantiation and DNF of ADL conditions (see adl_normaliser.hpp).
#include "core/pddl/adl_normaliser.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace ll::pddl {

namespace {

using Kind = Condition::Kind;

Condition leaf(Kind kind) {
    Condition c;
    c.kind = kind;
    return c;
}

// Negation normal form: negations only over atoms and equalities.
Condition nnf(const Condition& c, bool negated) {
    switch (c.kind) {
        case Kind::True:
        case Kind::False:
            return leaf((c.kind == Kind::True) != negated ? Kind::True : Kind::False);
        case Kind::Atom:
        case Kind::Equal: {
            if (!negated) return c;
            Condition n = leaf(Kind::Not);
            n.children.push_back(c);
            return n;
        }
        case Kind::Not:
            return nnf(c.children.front(), !negated);
        case Kind::And:
        case Kind::Or:
        case Kind::Exists:
        case Kind::Forall: {
            Condition out = c;
            if (negated) {
                if (c.kind == Kind::And) out.kind = Kind::Or;
                if (c.kind == Kind::Or) out.kind = Kind::And;
                if (c.kind == Kind::Exists) out.kind = Kind::Forall;
                if (c.kind == Kind::Forall) out.kind = Kind::Exists;
            }
            for (std::size_t i = 0; i < c.children.size(); ++i)
                out.children[i] = nnf(c.children[i], negated);
            return out;
        }
    }
    return c;
}

// A copy of `c` with parameter terms replaced by `map` (index -> term) and
// every quantifier given fresh variables.
Condition substitute(const Condition& c, std::vector<std::pair<int, Term>>& map,
                     int& next_variable) {
    Condition out = c;
    for (Term& t : out.atom.arguments) {
        if (!t.is_parameter()) continue;
        for (auto it = map.rbegin(); it != map.rend(); ++it) {
            if (it->first == t.index) {
                t = it->second;
                break;
            }
        }
    }
    const std::size_t mark = map.size();
    if (c.kind == Kind::Exists || c.kind == Kind::Forall) {
        out.first_variable = next_variable;
        for (std::size_t i = 0; i < c.variables.size(); ++i) {
            map.emplace_back(c.first_variable + static_cast<int>(i),
                             Term::parameter(next_variable++));
        }
    }
    for (std::size_t i = 0; i < c.children.size(); ++i)
        out.children[i] = substitute(c.children[i], map, next_variable);
    map.resize(mark);
    return out;
}

struct Expander {
    const ObjectsOfType& objects_of;
    int& next_variable;
    const std::string& what;
    const NormaliseLimits& limits;
    std::size_t nodes = 0;

    void count() {
        if (++nodes > limits.max_instantiated_nodes) {
            throw Error(ErrorCategory::Unsupported,
                        what + ": instantiating its 'forall' over the objects gives more than " +
                            std::to_string(limits.max_instantiated_nodes) +
                            " conditions (too large to compile)");
        }
    }

    // Replaces every Forall by the conjunction of its instances.
    Condition expand(const Condition& c) {
        count();
        if (c.kind != Kind::Forall) {
            Condition out = c;
            for (Condition& child : out.children)
                child = expand(child);
            return out;
        }
        Condition conj = leaf(Kind::And);
        std::vector<ObjectId> tuple;
        instances(c, 0, tuple, conj);
        return conj;
    }

    void instances(const Condition& c, std::size_t i, std::vector<ObjectId>& tuple,
                   Condition& conj) {
        if (i == c.variables.size()) {
            std::vector<std::pair<int, Term>> map;
            for (std::size_t k = 0; k < tuple.size(); ++k)
                map.emplace_back(c.first_variable + static_cast<int>(k), Term::object(tuple[k]));
            conj.children.push_back(expand(substitute(c.children.front(), map, next_variable)));
            return;
        }
        for (ObjectId o : objects_of(c.variables[i].type)) {
            tuple.push_back(o);
            instances(c, i + 1, tuple, conj);
            tuple.pop_back();
        }
    }
};

// An equality between two objects, decided: 1 true, 0 false, -1 undecided.
int decided(const Condition& literal) {
    const bool negated = literal.kind == Kind::Not;
    const Condition& inner = negated ? literal.children.front() : literal;
    if (inner.kind != Kind::Equal) return -1;
    const Term& a = inner.atom.arguments[0];
    const Term& b = inner.atom.arguments[1];
    if (a.is_parameter() || b.is_parameter()) return a == b ? (negated ? 0 : 1) : -1;
    return (a.index == b.index) != negated ? 1 : 0;
}

std::vector<Conjunct> dnf(const Condition& c, const std::string& what,
                          const NormaliseLimits& limits) {
    auto check = [&](std::size_t n) {
        if (n > limits.max_conjuncts) {
            throw Error(ErrorCategory::Unsupported,
                        what + ": its disjunctive normal form has more than " +
                            std::to_string(limits.max_conjuncts) +
                            " alternatives (too large to split into schema variants)");
        }
    };
    switch (c.kind) {
        case Kind::True:
            return {Conjunct{}};
        case Kind::False:
            return {};
        case Kind::Atom:
        case Kind::Equal:
        case Kind::Not: {
            const int d = decided(c);
            if (d == 0) return {};
            if (d == 1) return {Conjunct{}};
            return {Conjunct{{c}, {}}};
        }
        case Kind::Or: {
            std::vector<Conjunct> out;
            for (const Condition& child : c.children) {
                for (Conjunct& k : dnf(child, what, limits))
                    out.push_back(std::move(k));
                check(out.size());
            }
            return out;
        }
        case Kind::And: {
            std::vector<Conjunct> out{Conjunct{}};
            for (const Condition& child : c.children) {
                const std::vector<Conjunct> right = dnf(child, what, limits);
                check(out.size() * right.size());
                std::vector<Conjunct> next;
                for (const Conjunct& l : out) {
                    for (const Conjunct& r : right) {
                        Conjunct k = l;
                        k.literals.insert(k.literals.end(), r.literals.begin(), r.literals.end());
                        k.variables.insert(k.variables.end(), r.variables.begin(),
                                           r.variables.end());
                        next.push_back(std::move(k));
                    }
                }
                out = std::move(next);
            }
            return out;
        }
        case Kind::Exists: {
            std::vector<Conjunct> out = dnf(c.children.front(), what, limits);
            for (Conjunct& k : out) {
                for (std::size_t i = 0; i < c.variables.size(); ++i)
                    k.variables.emplace_back(c.first_variable + static_cast<int>(i),
                                             c.variables[i]);
            }
            return out;
        }
        case Kind::Forall:
            break;  // expanded before
    }
    throw Error(ErrorCategory::Internal, what + ": unexpected 'forall' in the disjunctive form");
}

// Replaces the disjunctions and universal quantifiers of an NNF condition
// by atoms of auxiliary derived predicates (AuxiliarySink).
struct Compiler {
    const ObjectsOfType& objects_of;
    const std::string& what;
    const NormaliseLimits& limits;
    AuxiliarySink& sink;
    std::vector<TypeId> types;  // per variable index seen so far

    void declare(const Condition& q) {
        for (std::size_t i = 0; i < q.variables.size(); ++i) {
            const std::size_t index = static_cast<std::size_t>(q.first_variable) + i;
            if (types.size() <= index) types.resize(index + 1, 0);
            types[index] = q.variables[i].type;
        }
    }

    Condition compile(const Condition& c) {
        switch (c.kind) {
            case Kind::And:
            case Kind::Exists: {
                if (c.kind == Kind::Exists) declare(c);
                Condition out = c;
                for (Condition& child : out.children)
                    child = compile(child);
                return out;
            }
            case Kind::Or: {
                Condition out = c;
                for (Condition& child : out.children)
                    child = compile(child);
                return define(out);
            }
            case Kind::Forall: {
                // forall x φ = not exists x (not φ)
                declare(c);
                Condition some = c;
                some.kind = Kind::Exists;
                some.children.front() = compile(nnf(c.children.front(), true));
                Condition out = leaf(Kind::Not);
                out.children.push_back(define(some));
                return out;
            }
            default:
                return c;
        }
    }

    static void free_variables(const Condition& c, std::vector<int>& bound, std::vector<int>& out) {
        if (c.kind == Kind::Atom || c.kind == Kind::Equal) {
            for (const Term& t : c.atom.arguments) {
                if (!t.is_parameter()) continue;
                if (std::find(bound.begin(), bound.end(), t.index) != bound.end()) continue;
                if (std::find(out.begin(), out.end(), t.index) == out.end()) out.push_back(t.index);
            }
        }
        const std::size_t mark = bound.size();
        for (std::size_t i = 0; i < c.variables.size(); ++i)
            bound.push_back(c.first_variable + static_cast<int>(i));
        for (const Condition& child : c.children)
            free_variables(child, bound, out);
        bound.resize(mark);
    }

    // A fresh derived predicate over the free variables of `c` (compiled:
    // a disjunction or existential of conjunctions), defined by `c`.
    Condition define(const Condition& c) {
        std::vector<int> bound, free;
        free_variables(c, bound, free);
        std::sort(free.begin(), free.end());
        AuxiliaryPredicate aux;
        std::vector<std::pair<int, Term>> map;
        for (std::size_t k = 0; k < free.size(); ++k) {
            map.emplace_back(free[k], Term::parameter(static_cast<int>(k)));
            aux.argument_types.push_back(free[k] < static_cast<int>(types.size()) ? types[free[k]]
                                                                                  : 0);
        }
        int next = static_cast<int>(free.size());
        aux.definition = substitute(c, map, next);
        Expander expander{objects_of, next, what, limits};
        // The compiled children hold no disjunction: one rule each, however
        // many the formula writes out.
        NormaliseLimits rule_limits = limits;
        rule_limits.max_conjuncts = std::max(limits.max_conjuncts, c.children.size());
        aux.rules = dnf(expander.expand(aux.definition), what, rule_limits);
        aux.num_variables = next;
        Condition atom = leaf(Kind::Atom);
        atom.atom.predicate =
            sink.first_predicate + static_cast<PredicateId>(sink.predicates.size());
        for (int v : free)
            atom.atom.arguments.push_back(Term::parameter(v));
        sink.predicates.push_back(std::move(aux));
        return atom;
    }
};

}  // namespace

std::vector<Conjunct> normalise(const Condition& condition, const ObjectsOfType& objects_of,
                                int& next_variable, const std::string& what,
                                const NormaliseLimits& limits, AuxiliarySink* sink) {
    const Condition normal = nnf(condition, false);
    try {
        Expander expander{objects_of, next_variable, what, limits};
        const Condition expanded = expander.expand(normal);
        return dnf(expanded, what, limits);
    } catch (const Error& e) {
        if (sink == nullptr || e.category() != ErrorCategory::Unsupported) throw;
    }
    Compiler compiler{objects_of, what, limits, *sink, sink->parameter_types};
    const Condition compiled = compiler.compile(normal);
    Expander expander{objects_of, next_variable, what, limits};
    return dnf(expander.expand(compiled), what, limits);
}

void rename_terms(std::vector<Term>& terms, std::span<const int> map) {
    for (Term& t : terms) {
        if (t.is_parameter() && t.index < static_cast<int>(map.size()) && map[t.index] >= 0) {
            t.index = map[t.index];
        }
    }
}

std::vector<int> conjunct_variable_map(const std::vector<std::pair<int, Parameter>>& vars, int size,
                                       int first) {
    std::vector<int> map(size, -1);
    for (std::size_t k = 0; k < vars.size(); ++k)
        map[vars[k].first] = first + static_cast<int>(k);
    return map;
}

void add_conjunct_literal(const Condition& literal, std::span<const int> map,
                          std::vector<AtomSchema>& positive, std::vector<AtomSchema>& negative,
                          std::vector<EqualityConstraint>& equalities) {
    const bool negated = literal.kind == Kind::Not;
    AtomSchema atom = negated ? literal.children.front().atom : literal.atom;
    rename_terms(atom.arguments, map);
    if ((negated ? literal.children.front().kind : literal.kind) == Kind::Equal) {
        equalities.push_back(EqualityConstraint{atom.arguments[0], atom.arguments[1], negated});
        return;
    }
    std::vector<AtomSchema>& list = negated ? negative : positive;
    for (const AtomSchema& a : list) {
        if (a.predicate == atom.predicate && a.arguments == atom.arguments) return;
    }
    list.push_back(std::move(atom));
}

void shift_effect_variables(ActionSchema& schema, int from, int by) {
    auto shift = [&](Term& t) {
        if (t.is_parameter() && t.index >= from) t.index += by;
    };
    for (ConditionalEffect& e : schema.conditional_effects) {
        for (auto* atoms :
             {&e.positive_conditions, &e.negative_conditions, &e.add_effects, &e.delete_effects})
            for (AtomSchema& a : *atoms)
                for (Term& t : a.arguments)
                    shift(t);
        for (EqualityConstraint& eq : e.equalities) {
            shift(eq.lhs);
            shift(eq.rhs);
        }
    }
}

}  // namespace ll::pddl
