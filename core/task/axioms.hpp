// Derived predicates: the task's axioms evaluated in a state as a stratified
// Datalog fixpoint over the state's atoms (lifted: rules are joined over
// the relations, nothing is grounded ahead). Stratum by stratum, each
// semi-naively: a rule with a body atom of its own stratum is re-joined
// only with that atom among the atoms new in the last round. The state
// layout owns one evaluator per task with axioms, and every state the task
// code builds (initial_state, ActionApplier) goes through it, so states
// carry their derived atoms like any fluent atoms. One fixpoint can be
// large (a closure over hundreds of objects), so an evaluation polls the
// search's Budget when it is given one.
#pragma once

#include <vector>

#include "core/common/budget.hpp"
#include "core/common/tuple_table.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"
#include "core/task/task.hpp"

namespace ll {

class AxiomEvaluator {
  public:
    // Copies what it needs from the task and the layout (which has no
    // evaluator of its own yet).
    AxiomEvaluator(const Task& task, const StateLayout& layout);

    // `state` with its derived relations replaced by the fixpoint of the
    // axioms over its other atoms (and the static ones). With `budget`, its
    // joins poll it (LimitReached leaves the evaluator ready for the next
    // call).
    State evaluate(const State& state, Budget* budget = nullptr) const;

  private:
    struct ArgOp {
        enum class Kind : std::uint8_t { Bind, CheckVar, CheckObject };
        Kind kind;
        ObjectId value;  // variable or object
    };
    // One step of a join: match a positive body atom, or (atom < 0) give
    // `variable` every object of its type.
    struct Step {
        int atom = -1;
        int variable = -1;
        PredicateId predicate = 0;
        bool delta = false;  // only the atoms new in the last round
        int prefix = 0;      // leading arguments known before the step
        std::vector<ArgOp> ops;
    };
    struct Rule {
        AtomSchema head;
        std::vector<TypeId> types;  // per variable
        std::vector<AtomSchema> positive, negative;
        std::vector<EqualityConstraint> equalities;
        std::vector<int> recursive;            // positive atoms of the rule's own stratum
        std::vector<std::vector<Step>> plans;  // [0]: no delta; [1 + i]: recursive[i] as delta
    };
    struct Stratum {
        int first_rule = 0, end_rule = 0;
    };

    std::vector<Step> join_plan(const Rule& rule, int delta_atom) const;
    void join(const Rule& rule, const std::vector<Step>& plan, std::size_t step) const;
    bool matches(const Step& step, const ObjectId* tuple) const;
    bool body_rest_holds(const Rule& rule, const State& state) const;
    bool holds(PredicateId p, const ObjectId* args, const State& state) const;
    void derive(const Rule& rule) const;
    void poll() const {
        if (budget_ != nullptr) budget_->poll();
    }

    StateLayout layout_;
    StaticFacts statics_;
    std::vector<std::uint8_t> is_of_type_;  // [type * num_objects + object]
    std::vector<std::vector<ObjectId>> objects_of_type_;
    int num_objects_ = 0;
    std::vector<int> derived_index_;  // per predicate, -1 when not derived
    std::vector<int> stratum_of_;     // per predicate (-1 when not derived)
    std::vector<Rule> rules_;
    std::vector<Stratum> strata_;

    // Per evaluation.
    mutable TupleTable table_;                   // derived atoms, tag = predicate
    mutable std::vector<std::vector<int>> ids_;  // per derived predicate, in order
    mutable std::vector<int> old_end_, round_end_;
    mutable std::vector<ObjectId> binding_, scratch_;
    mutable const State* state_ = nullptr;
    mutable Budget* budget_ = nullptr;
    mutable std::size_t growth_checked_ = 0;  // the table size last checked
};

}  // namespace ll
