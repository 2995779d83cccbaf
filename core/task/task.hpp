// The lifted planning task: what the PDDL front end produces and everything
// below it consumes. Integers everywhere (objects, types, predicates,
// schemas); names are kept only for printing and error messages.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/common/error.hpp"
#include "core/common/ids.hpp"

namespace ll {

struct Type {
    std::string name;    // lower case; "(either a b)" for an either-type
    TypeId parent = -1;  // -1 for the root type "object" and for either-types
};

struct Object {
    std::string name;          // lower case
    TypeId type = 0;           // the declared (most specific) type
    bool is_constant = false;  // declared in the domain's :constants
};

struct Predicate {
    std::string name;  // lower case
    std::vector<TypeId> argument_types;
    bool is_static = false;  // occurs in no add or delete effect of any schema
    // Defined by axioms (:derived, or a condition compiled by the front end):
    // true in a state exactly when the axioms derive it from the state's
    // other atoms. Never static, never in an effect.
    bool is_derived = false;
    int arity() const { return static_cast<int>(argument_types.size()); }
};

// An argument of an atom in a schema: a schema parameter or a fixed object
// (a domain constant).
struct Term {
    enum class Kind : std::uint8_t { Parameter, Object };
    Kind kind = Kind::Parameter;
    std::int32_t index = 0;  // parameter position, or ObjectId

    static Term parameter(int i) { return {Kind::Parameter, i}; }
    static Term object(ObjectId o) { return {Kind::Object, o}; }
    bool is_parameter() const { return kind == Kind::Parameter; }
    bool operator==(const Term&) const = default;
};

struct AtomSchema {
    PredicateId predicate = 0;
    std::vector<Term> arguments;
};

// (= a b) or (not (= a b)) in a precondition.
struct EqualityConstraint {
    Term lhs;
    Term rhs;
    bool negated = false;  // true for (not (= a b))
};

struct Parameter {
    std::string name;  // with the leading '?', lower case
    TypeId type = 0;
};

// Dense tables over argument tuples (a function's values, a relation's
// members, relaxed fact ids): a tuple's entry is its objects read in base
// num_objects, among num_objects^arity entries.
inline std::uint64_t dense_tuple_index(const ObjectId* tuple, int arity,
                                       std::uint64_t num_objects) {
    std::uint64_t index = 0;
    for (int i = 0; i < arity; ++i)
        index = index * num_objects + static_cast<std::uint64_t>(tuple[i]);
    return index;
}
// num_objects^arity, or limit + 1 when that exceeds `limit` (no overflow).
inline std::uint64_t dense_table_size(int arity, std::uint64_t num_objects, std::uint64_t limit) {
    std::uint64_t size = 1;
    for (int i = 0; i < arity; ++i) {
        if (num_objects != 0 && size > limit / num_objects) return limit + 1;
        size *= num_objects;
    }
    return size;
}

// A static numeric function of :action-costs, e.g. (road-length ?a ?b -
// location), declared in :functions and valued in :init. Its values are
// non-negative integers; ground arguments without a value are undefined.
class NumericFunction {
  public:
    std::string name;  // lower case
    std::vector<TypeId> argument_types;
    int arity() const { return static_cast<int>(argument_types.size()); }

    // Filling the value table: reset_values(), set() for every value (a
    // later one for the same arguments wins), then finish_values().
    void reset_values(int num_objects);
    void set(std::span<const ObjectId> arguments, int value);
    void finish_values();
    // The value at `arguments`, or -1 when :init gives none.
    int value(std::span<const ObjectId> arguments) const;
    // The smallest value :init gives (0 when it gives none): a lower bound
    // on every defined value.
    int min_value() const;

  private:
    // Dense (one slot per argument tuple) when the tuple space is small,
    // else sorted (arguments, value) pairs.
    std::int64_t dense_index(std::span<const ObjectId> arguments) const;
    int num_objects_ = 0;
    bool dense_ = true;
    std::vector<std::int32_t> dense_values_;
    std::vector<std::pair<std::vector<ObjectId>, std::int32_t>> sparse_values_;
};

// A term of an action's cost: a static function applied to the schema's
// terms, e.g. (road-length ?from ?to).
struct CostTerm {
    FunctionId function = 0;
    std::vector<Term> arguments;
};

// (increase (total-cost) ...) effects of a schema: the sum of a constant and
// of static function terms. A schema without any costs 0 in a task with a
// metric; in a task without one every action costs 1 (Task::has_action_costs).
struct ActionCost {
    int constant = 0;
    std::vector<CostTerm> terms;
};

// A first-order condition as written in the PDDL, (imply a b) rewritten as
// (or (not a) b). The front end normalises it into what the search uses
// (schema variants, docs/pddl-support.md) and keeps it for the validator,
// which checks plans against the original formulas. Quantified variables are
// Term::parameter indices: an action's printed parameters first, then every
// quantifier's variables, each quantifier numbered apart.
struct Condition {
    enum class Kind : std::uint8_t { True, False, Atom, Equal, Not, And, Or, Exists, Forall };
    Kind kind = Kind::True;
    AtomSchema atom;                   // Atom; Equal: the two terms in atom.arguments
    std::vector<Condition> children;   // Not: one; And, Or: any; Exists, Forall: one
    std::vector<Parameter> variables;  // Exists, Forall: the bound variables
    int first_variable = 0;            // Term::parameter index of variables[0]
};

// A conditional effect (when C E), possibly under (forall (?v ...) ...),
// after normalisation: C is a conjunction of literals (disjunctions became
// several effects, existential variables of C became quantified variables).
// Terms index the schema's parameters, then `variables` (index arity() + i).
// The effect applies once for every binding of the variables to objects of
// their types for which C holds in the state the action is applied in.
struct ConditionalEffect {
    std::vector<Parameter> variables;
    std::vector<AtomSchema> positive_conditions;
    std::vector<AtomSchema> negative_conditions;
    std::vector<EqualityConstraint> equalities;
    std::vector<AtomSchema> add_effects;
    std::vector<AtomSchema> delete_effects;
};

struct ActionSchema {
    std::string name;                   // lower case
    std::vector<Parameter> parameters;  // in declaration order
    std::vector<AtomSchema> positive_preconditions;
    std::vector<AtomSchema> negative_preconditions;
    std::vector<EqualityConstraint> equalities;
    std::vector<AtomSchema> add_effects;
    std::vector<AtomSchema> delete_effects;
    ActionCost cost;  // read only when Task::has_action_costs

    // ADL (docs/pddl-support.md); STRIPS schemas leave these empty.
    // Effects under (when ...) or (forall ...): applied after checking them
    // in the state; the unconditional effects above stay on the fast path.
    std::vector<ConditionalEffect> conditional_effects;
    // Trailing parameters that are existential variables of the
    // precondition: bound by the search, not printed in plans.
    int num_hidden_parameters = 0;
    // Index into Task::original_preconditions when the precondition was
    // normalised (the schema may be one of several variants with the same
    // name), else -1.
    int original_precondition = -1;
    // The artificial action that achieves a goal which is not a conjunction
    // of literals (Task::original_goal): never printed in a plan.
    bool is_goal_action = false;

    int arity() const { return static_cast<int>(parameters.size()); }
    int printed_arity() const { return arity() - num_hidden_parameters; }
};

// One rule of a derived predicate after normalisation: the head holds in a
// state when the body, a conjunction of literals, holds there for some
// binding of `variables` to objects of their types (terms index
// `variables`). Axioms are evaluated stratum by stratum (Task::axioms is
// sorted by stratum): a body's positive derived atoms come from the same or
// a lower stratum, its negated derived atoms from a lower one.
struct Axiom {
    AtomSchema head;
    std::vector<Parameter> variables;
    std::vector<AtomSchema> positive_conditions;
    std::vector<AtomSchema> negative_conditions;
    std::vector<EqualityConstraint> equalities;
    int stratum = 0;
};

// A (:derived (p ?x ...) φ) as written, for the validator: the head's
// variables are Term::parameter 0..arity-1, quantified ones follow.
struct DerivedDefinition {
    PredicateId predicate = 0;
    std::vector<Parameter> parameters;
    Condition condition;
};

struct GroundAtom {
    PredicateId predicate = 0;
    std::vector<ObjectId> arguments;
    bool operator==(const GroundAtom&) const = default;
    // Not a defaulted <=>: Emscripten 3.1.6's libc++ has no <=> for vectors.
    bool operator<(const GroundAtom& o) const {
        return std::tie(predicate, arguments) < std::tie(o.predicate, o.arguments);
    }
};

// A ground action: a schema and one object per parameter.
struct GroundAction {
    SchemaId schema = 0;
    std::vector<ObjectId> arguments;
    bool operator==(const GroundAction&) const = default;
    bool operator<(const GroundAction& o) const {
        return std::tie(schema, arguments) < std::tie(o.schema, o.arguments);
    }
};

struct Task {
    std::string domain_name;
    std::string problem_name;

    // types[0] is "object", the root of the hierarchy.
    std::vector<Type> types;
    // Problem objects first, then domain constants.
    std::vector<Object> objects;
    std::vector<Predicate> predicates;
    std::vector<ActionSchema> schemas;

    // Positive ground atoms of the initial state, static ones included,
    // without duplicates.
    std::vector<GroundAtom> initial_state;
    std::vector<GroundAtom> goal_positive;
    std::vector<GroundAtom> goal_negative;
    // A ground (in)equality in the goal that is false makes the goal
    // unreachable; the front end records it here instead of a literal.
    bool goal_contains_false_equality = false;

    // For every type (either-types included): the objects of that type or of
    // one of its subtypes, sorted by id.
    std::vector<std::vector<ObjectId>> objects_of_type;
    // is_of_type[type][object], the same information as a lookup table.
    std::vector<std::vector<bool>> is_of_type;

    // :action-costs. True when the problem asks to (:metric minimize
    // (total-cost)) and some schema's cost is not the constant 1; false:
    // every action costs 1 (the fast path of every heuristic).
    bool has_action_costs = false;
    // Static numeric functions (total-cost excluded), FunctionId-indexed.
    std::vector<NumericFunction> functions;

    // ADL: the PDDL preconditions that were normalised (indexed by
    // ActionSchema::original_precondition; variables after the printed
    // parameters), and the PDDL goal when it was not a conjunction of ground
    // literals (has_original_goal). Only the validator reads them.
    std::vector<Condition> original_preconditions;
    Condition original_goal;
    bool has_original_goal = false;

    // Derived predicates: the normalised rules, sorted by stratum, and the
    // definitions as written (several for one predicate are a disjunction).
    // Empty for a task without axioms (no work per state then).
    std::vector<Axiom> axioms;
    int num_strata = 0;
    std::vector<DerivedDefinition> derived_definitions;

    // What the front end accepted but found sloppy, in order (core/pddl).
    std::vector<Warning> warnings;

    int num_objects() const { return static_cast<int>(objects.size()); }
    int num_predicates() const { return static_cast<int>(predicates.size()); }
    int num_schemas() const { return static_cast<int>(schemas.size()); }
    // Some schema has conditional or universal effects.
    bool has_conditional_effects() const {
        for (const ActionSchema& s : schemas)
            if (!s.conditional_effects.empty()) return true;
        return false;
    }
    bool has_axioms() const { return !axioms.empty(); }
    // Some schema or the goal went through ADL normalisation.
    bool is_adl() const {
        if (has_original_goal) return true;
        for (const ActionSchema& s : schemas)
            if (!s.conditional_effects.empty() || s.original_precondition >= 0) return true;
        return false;
    }
};

// "(name arg1 arg2)" in lower case, as in IPC plan files (the printed
// parameters only: hidden existential ones are left out).
std::string to_string(const Task& task, const GroundAction& action);
std::string to_string(const Task& task, const GroundAtom& atom);

// Task::is_of_type as one flat table, [type * num_objects + object] = 1 when
// the object has the type: the lookup of the join loops (successor
// generator, lifted relaxation).
std::vector<std::uint8_t> flat_type_table(const Task& task);

}  // namespace ll
