// Normalising ADL conditions (task-level Condition trees) into what the
// successor generator and the Datalog relaxation handle: negation normal
// form, universal quantifiers instantiated over the objects of their type
// (finite and known once the problem is read), then a disjunctive normal
// form whose conjuncts keep their existential variables free (the caller
// makes them extra schema parameters or effect variables). The size of the
// instantiation and of the disjunctive form is bounded: beyond the limits
// the construct is refused as Unsupported (docs/pddl-support.md). Also the
// small helpers that turn a conjunct into schema preconditions or effects.
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "core/task/task.hpp"

namespace ll::pddl {

// One conjunct of the disjunctive form: literals (Atom, Equal, or Not over
// one of them) and the existential variables (Term::parameter indices of
// the Condition numbering, with their types) that occur in them.
struct Conjunct {
    std::vector<Condition> literals;
    std::vector<std::pair<int, Parameter>> variables;
};

struct NormaliseLimits {
    std::size_t max_conjuncts = 512;               // per formula
    std::size_t max_instantiated_nodes = 200'000;  // per formula, by forall
};

// The objects of a type (subtypes included).
using ObjectsOfType = std::function<const std::vector<ObjectId>&(TypeId)>;

// A derived predicate that stands for a sub-formula of a condition too
// large to split (as Fast Downward's translator introduces them): its
// arguments are the sub-formula's free variables, its rules the
// conjuncts of `rules` (head variables are parameters 0..arity-1, the
// conjuncts' variables follow), `definition` the sub-formula over the same
// numbering (for the validator).
struct AuxiliaryPredicate {
    std::vector<TypeId> argument_types;
    std::vector<Conjunct> rules;
    int num_variables = 0;  // indices in use by `rules` and `definition`
    Condition definition;
};

// Where normalise() may put auxiliary derived predicates instead of
// refusing a condition beyond the limits.
struct AuxiliarySink {
    std::vector<TypeId> parameter_types;  // of the condition's free parameters
    PredicateId first_predicate = 0;      // the id the first new predicate gets
    std::vector<AuxiliaryPredicate> predicates;
};

// NNF, forall instantiation and DNF of `condition`. `next_variable` is the
// first free variable index (quantifiers copied by the instantiation get
// fresh ones). Beyond the limits: with a sink, the condition's disjunctions
// and universal quantifiers become atoms of auxiliary derived predicates
// (its DNF then has one alternative); without one, throws Unsupported
// (naming `what`).
std::vector<Conjunct> normalise(const Condition& condition, const ObjectsOfType& objects_of,
                                int& next_variable, const std::string& what,
                                const NormaliseLimits& limits = {}, AuxiliarySink* sink = nullptr);

// Renames parameter terms: index i becomes `map[i]` when map[i] >= 0
// (indices past the map are kept).
void rename_terms(std::vector<Term>& terms, std::span<const int> map);

// Building schemas from conjuncts.
// The map from the variables of `vars` to first, first + 1, ... (size:
// the number of variable indices in use).
std::vector<int> conjunct_variable_map(const std::vector<std::pair<int, Parameter>>& vars, int size,
                                       int first);
// Adds a literal of a conjunct (terms renamed by `map`) to the lists (an
// atom already in its list is not added again).
void add_conjunct_literal(const Condition& literal, std::span<const int> map,
                          std::vector<AtomSchema>& positive, std::vector<AtomSchema>& negative,
                          std::vector<EqualityConstraint>& equalities);
// Conditional-effect terms with index >= `from` move by `by` (a variant's
// hidden parameters come before the effect variables).
void shift_effect_variables(ActionSchema& schema, int from, int by);

}  // namespace ll::pddl
