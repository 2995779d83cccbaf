// The PDDL abstract syntax tree: what the domain and problem parsers produce
// and the task builder lowers to a Task. Names are lower case and carry the
// position of their token; nothing is resolved yet (that is the builder's
// job, so that sections may come in any order).
#pragma once

#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/pddl/requirements.hpp"

namespace ll::pddl {

struct Pos {
    int line = 0;
    int column = 0;
};

inline Pos pos_of(const SExpr& e) {
    return Pos{e.line, e.column};
}

inline SourcePosition source_position(const Pos& pos, const std::string& file) {
    return SourcePosition{file, pos.line, pos.column};
}

struct Name {
    std::string text;
    Pos pos;
};

// A type annotation: empty (untyped, i.e. object), one type, or
// (either t1 t2 ...).
struct TypeRef {
    std::vector<Name> alternatives;
    bool is_either = false;
    Pos pos;  // of the type name or of the (either ...) list
};

// An entry of a typed list: "?x - block", "a - block", "block - object".
struct TypedName {
    Name name;
    TypeRef type;
};

// (p t1 ... tn), or (= t1 t2) when `predicate.text` is "=". Terms are
// variables ("?x") or object names.
struct Atom {
    Name predicate;
    std::vector<Name> arguments;
    Pos pos;  // of the '('
};

struct Literal {
    Atom atom;
    bool negated = false;
    Pos pos;  // of the (not ...) when negated, else of the atom
};

struct PredicateDecl {
    Name name;
    std::vector<TypedName> parameters;
};

// (name ?x - t ...) in :functions (all functions are "- number").
struct FunctionDecl {
    Name name;
    std::vector<TypedName> parameters;
};

// (increase (total-cost) X) in an effect: X is a non-negative integer or a
// static function term (f t1 ... tn).
struct CostEffect {
    bool is_function = false;
    int constant = 0;
    Atom function;  // when is_function: the function's name and terms
    Pos pos;        // of the (increase ...)
};

// (= (f o1 ... on) v) in :init.
struct FunctionValue {
    Atom function;
    int value = 0;
    Pos value_pos;
};

// ADL: a precondition, goal or effect condition that is not a conjunction
// of literals, as written. (imply a b) is kept as written; the task builder
// lowers it.
struct Formula {
    enum class Kind { Literal, And, Or, Not, Imply, Exists, Forall };
    Kind kind = Kind::And;
    Literal literal;                   // Literal: an atom or (= a b), maybe negated
    std::vector<Formula> children;     // And, Or: any; Not: one; Imply: two; quantifiers: one
    std::vector<TypedName> variables;  // Exists, Forall
    Pos pos;                           // of the '('
};

// ADL: the literals of an effect under (forall ...) and (when ...), grouped
// by the innermost forall/when that holds them.
struct ConditionalEffectDecl {
    std::vector<TypedName> variables;  // of the enclosing foralls, outermost first
    std::vector<Formula> conditions;   // of the enclosing whens (a conjunction)
    std::vector<Literal> effect;
    Pos pos;  // of the innermost forall/when
};

struct ActionDecl {
    Name name;
    std::vector<TypedName> parameters;
    std::vector<Literal> precondition;  // a flattened conjunction
    std::vector<Literal> effect;        // a flattened conjunction
    std::vector<CostEffect> costs;      // (increase (total-cost) ...) effects
    // ADL: the precondition when it is not a conjunction of literals
    // (`precondition` is then empty), and the forall/when effects.
    bool has_adl_precondition = false;
    Formula adl_precondition;
    std::vector<ConditionalEffectDecl> conditional_effects;
    Pos precondition_pos;  // of the precondition formula
};

// (:derived (p ?x - t ...) φ): a rule of a derived predicate.
struct DerivedDecl {
    Name predicate;
    std::vector<TypedName> parameters;
    Formula body;
    Pos pos;  // of the :derived keyword
};

struct DomainAst {
    std::string file;
    Name name;
    Pos pos;  // of the define
    Requirements requirements;
    std::vector<TypedName> types;
    std::vector<TypedName> constants;
    std::vector<PredicateDecl> predicates;
    std::vector<FunctionDecl> functions;
    std::vector<ActionDecl> actions;
    std::vector<DerivedDecl> derived;
};

struct ProblemAst {
    std::string file;
    Name name;
    Pos pos;  // of the define
    Name domain_name;
    Requirements requirements;  // effective: the domain's and the problem's
    std::vector<TypedName> objects;
    std::vector<Atom> init;
    std::vector<FunctionValue> function_values;  // (= (f ...) v) in :init
    std::vector<Literal> goal;                   // a flattened conjunction
    bool has_adl_goal = false;                   // ADL: the goal is `adl_goal` instead
    Formula adl_goal;
    bool has_metric = false;  // (:metric minimize (total-cost))
    Pos metric_pos;
};

}  // namespace ll::pddl
