// The delete-relaxation Datalog program of a task (after Correa et al.,
// AAAI 2022), compiled once per task and shared by hadd, hmax, hFF and the
// restricted FF of partial-space search.
//
// For every schema a: an action predicate act_a(params) derived by
// act_a(params) ← pre+(a) with weight 1 (the action's cost; with action
// costs the exploration charges the ground action's cost), and one effect
// atom per add effect, derived from act_a with weight 0. Action bodies are
// split into binary joins over auxiliary predicates ("normal form") so that
// each rule has one or two conditions. Negative preconditions on fluents are
// dropped (a relaxation); negative static atoms, (in)equalities and parameter
// types become per-rule constraints. Parameters that occur in no positive
// precondition are bound by a static type predicate.
#pragma once

#include <cstdint>
#include <vector>

#include "core/task/task.hpp"

namespace ll::datalog {

using RelPredicate = std::int32_t;

struct RTerm {
    bool is_variable = true;
    std::int32_t value = 0;  // variable index within the rule, or ObjectId
};

struct RAtom {
    RelPredicate predicate = 0;
    std::vector<RTerm> args;
};

// A constraint decided on a rule's variable binding.
struct RConstraint {
    enum class Kind : std::uint8_t { Equal, NotEqual, NotStatic };
    Kind kind = Kind::Equal;
    RTerm lhs, rhs;  // Equal/NotEqual
    RAtom atom;      // NotStatic: a static task atom that must be false
};

// How one condition of a rule matches a fact.
struct ConditionMatcher {
    struct Op {
        enum class Kind : std::uint8_t { Bind, CheckVar, CheckObject };
        Kind kind;
        std::int32_t value;  // variable or object
        TypeId type;         // Bind: required type (0 = any)
    };
    std::vector<Op> ops;  // one per argument position
    // Binary rules: the variables shared with the other condition, and the
    // argument positions where this condition holds them (join key order).
    std::vector<int> key_positions;
};

struct Rule {
    RAtom head;
    std::vector<RAtom> body;                 // one or two conditions
    std::vector<ConditionMatcher> matchers;  // one per condition
    std::vector<RConstraint> constraints;
    int num_variables = 0;
    int weight = 0;
    SchemaId schema = -1;  // >= 0 iff the head is an action predicate
};

struct Program {
    int num_task_predicates = 0;
    int num_predicates = 0;  // task, action, type, epsilon and auxiliary
    std::vector<int> arity;  // per relaxed predicate
    // act_a is predicate action_predicate(a).
    RelPredicate first_action_predicate = 0;
    RelPredicate action_predicate(SchemaId a) const { return first_action_predicate + a; }
    bool is_action_predicate(RelPredicate p) const {
        return p >= first_action_predicate && p < first_action_predicate + num_schemas;
    }
    int num_schemas = 0;
    RelPredicate epsilon = -1;  // >= 0 in restricted programs

    std::vector<Rule> rules;
    // Rules whose body is empty (actions without preconditions): their heads
    // are derived at cost `weight` in every evaluation.
    std::vector<int> seed_rules;
    // Per relaxed predicate: (rule, condition) pairs where it occurs.
    std::vector<std::vector<std::pair<int, int>>> consumers;
    // Per schema: its add effects with terms over the schema's parameters
    // (variables = parameter indices).
    std::vector<std::vector<RAtom>> effects;
    // Static facts of the relaxed program (static task atoms and type atoms).
    std::vector<std::pair<RelPredicate, std::vector<ObjectId>>> static_facts;
};

struct ProgramOptions {
    // Add the nullary precondition ε to every action rule (restricted FF).
    bool restrict_first_action = false;
};

Program build_program(const Task& task, const ProgramOptions& options = {});

}  // namespace ll::datalog
