// Grounding-free successor generation: the applicable ground actions of a
// schema in a state are the solutions of a conjunctive query over the state's
// relations (plus static relations), computed by executing a compiled join
// plan (join_plan.hpp) as an index-nested-loop backtracking join.
//
// It also answers the question partial-space search asks: for a schema and a
// bound prefix of parameters, which values of the next parameter have at
// least one applicable completion.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/common/budget.hpp"
#include "core/successors/join_plan.hpp"
#include "core/successors/object_symmetry.hpp"
#include "core/task/action_list.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"
#include "core/task/task.hpp"

namespace ll {

// How the join looks tuples up; the defaults are the fast ones, and tests run
// the oracle with both settings so that the fallbacks stay right too.
struct JoinLookups {
    // The largest dense membership set of one predicate, in bits (0: none,
    // every membership test is a binary search in a sorted relation).
    std::uint64_t max_dense_bits = std::uint64_t(1) << 22;  // 512 KiB
    // Indexes on one position bucket rows by object where the objects do
    // not far outnumber the rows (false: always sorted keys).
    bool bucketed_indexes = true;
};

class SuccessorGenerator {
  public:
    SuccessorGenerator(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                       JoinLookups lookups = {});

    // Limits polled once per partial binding the join extends (between two
    // polls: at most one scan of one relation), so that
    // one call on a schema with billions of solutions stops within a few
    // milliseconds of a limit: every query below may then throw
    // ll::LimitReached. The budget must outlive its use here.
    void set_budget(Budget* budget) { budget_ = budget; }
    Budget* budget() const { return budget_; }

    // Appends every applicable ground action of every schema, schema by
    // schema, each schema's actions in a deterministic order.
    void applicable_actions(const State& state, std::vector<GroundAction>& out);
    // The same, flat: no allocation per action (search's hot path).
    void applicable_actions(const State& state, ActionList& out);
    // The same, skipping the partial bindings that cannot complete to an
    // action canonical under `canonical`'s groups (computed for `state`;
    // ObjectSymmetry::may_be_canonical): most non-canonical actions are
    // never generated. Some still are; callers filter them with
    // is_canonical(). Returns the number of partial bindings skipped.
    std::int64_t applicable_actions(const State& state, ActionList& out,
                                    const ObjectSymmetry& canonical);

    // Calls `emit(args)` for each applicable action of `schema` whose first
    // prefix.size() arguments equal `prefix`; stop early when it returns false.
    // Returns false iff stopped early.
    bool for_each_applicable(const State& state, SchemaId schema, std::span<const ObjectId> prefix,
                             const std::function<bool(std::span<const ObjectId>)>& emit);

    // True iff some applicable action of `schema` starts with `prefix`.
    bool has_applicable(const State& state, SchemaId schema, std::span<const ObjectId> prefix);

    // The sorted distinct values v such that prefix + v has an applicable
    // completion. Requires prefix.size() < arity.
    std::vector<ObjectId> next_values(const State& state, SchemaId schema,
                                      std::span<const ObjectId> prefix);

    // Whether one ground action is applicable (all preconditions checked).
    bool is_applicable(const State& state, const GroundAction& action) {
        return has_applicable(state, action.schema, action.arguments);
    }

    // Many checks in one state: `state` is compared with the previous one
    // once (is_applicable compares it on every call: with states of 10^4
    // words that was most of a lookahead's time). `state` must stay alive
    // and unchanged while applicable_in_current is called.
    void set_current_state(const State& state) { set_state(state); }
    bool applicable_in_current(const GroundAction& action) {
        return exists(action.schema, action.arguments);
    }

  private:
    static constexpr int kMaxDenseArity = 3;
    static constexpr std::uint64_t kMaxDenseTotalBits = std::uint64_t(1) << 25;  // 4 MiB

    template <class Add>
    void collect_applicable(const State& state, Add&& add);
    void init_dense_sets();
    void set_state(const State& state);
    RelationView relation(const JoinStep& step) const;
    RelationView relation(PredicateId p) const;
    // Membership of a ground atom: a bit test where the predicate has a dense
    // set (below), else a binary search in the state's or the statics' sorted
    // relation.
    bool contains(PredicateId p, const ObjectId* args);
    void build_dense(int dense, PredicateId p);
    // run_checks() as a call, for the colder sites (a plan's initial checks,
    // enumerated parameters): search() stays smaller for V8 to compile.
    [[gnu::noinline]] bool run_checks_outlined(const ActionSchema& schema,
                                               const std::vector<JoinCheck>& checks,
                                               const ObjectId* b);
    // The checks by reference, not as a span: see State::contains.
    bool run_checks(const ActionSchema& schema, const std::vector<JoinCheck>& checks,
                    const ObjectId* binding);
    bool match_ops(const JoinStep& step, const ObjectId* tuple, ObjectId* binding) const;
    // An index of one relation on some known positions: the rows (tuple
    // numbers) that match the binding's values there.
    struct Index {
        std::uint64_t built_for = 0;  // see stamp_for()
        bool bucketed = false;
        std::vector<int> rows;
        std::vector<int> starts;          // bucketed: object o's rows, [starts[o], starts[o+1])
        std::vector<std::uint64_t> keys;  // else: the rows' packed keys, sorted
        std::vector<int> cursor;          // scratch of the bucketing
        std::vector<std::pair<std::uint64_t, int>> pairs;  // scratch of the sort
    };
    std::span<const int> index_range(const JoinStep& step, const ObjectId* binding);
    void build_index(const IndexSlot& slot, const RelationView& rel, Index& index) const;
    std::uint64_t index_key(const IndexSlot& slot, const JoinStep& step,
                            const ObjectId* binding) const;
    // The rows of a step's relation whose first object has the step's type
    // [first_from, first_to]: two binary searches, once per state (plan_for()
    // sizes the range, then scan() runs it).
    struct TypeRange {
        std::uint64_t built_for = 0;  // see stamp_for()
        int lo = 0, hi = 0;
    };
    void init_type_ranges();
    std::pair<int, int> type_range(const JoinStep& step, const RelationView& rel);
    template <class F>
    bool scan(const JoinStep& step, const ObjectId* binding, F&& visit);
    // The join, templated on what it does with each solution (`emit(binding)`,
    // false: stop) so that the call is inlined, not made through a pointer
    // per applicable action.
    template <class Emit>
    bool search(const ActionSchema& schema, const JoinPlan& plan, std::size_t step_index,
                ObjectId* binding, Emit& emit);
    // The plan for `bound` leading parameters bound; with none, the one that
    // begins with the smallest relation of the current state.
    const JoinPlan& plan_for(SchemaId schema, std::size_t bound);
    template <class Emit>
    bool start(const State& state, SchemaId schema, std::span<const ObjectId> prefix, Emit& emit);
    // start() and has_applicable() on the state of the last set_state().
    template <class Emit>
    bool run(SchemaId schema, std::span<const ObjectId> prefix, Emit& emit);
    bool exists(SchemaId schema, std::span<const ObjectId> prefix);

    // Whether the binding after step `step` of the running plan may complete
    // canonically (always true outside the canonical overload).
    bool admits(const ActionSchema& schema, std::size_t step, const ObjectId* binding);

    const Task& task_;
    const StateLayout& layout_;
    // The canonical overload of applicable_actions(): the groups, per step
    // of the running plan the positions bound after it, and the count of
    // skipped bindings.
    const ObjectSymmetry* canonical_ = nullptr;
    bool check_canonical_ = false;
    std::vector<std::uint64_t> bound_after_;
    std::int64_t skipped_ = 0;
    const StaticFacts& statics_;
    JoinLookups lookups_;
    CompiledJoins joins_;
    std::vector<std::uint8_t> is_of_type_;  // [type * num_objects + object]

    // Per-state caches: the state being queried and the indexes built on it.
    const State* state_ = nullptr;
    std::vector<ObjectId> state_words_;
    std::uint64_t generation_ = 1;
    // What the caches built on a relation (indexes, type ranges, dense sets)
    // record as built_for: the state's generation, or ~0 for a static
    // relation (built once; above every generation).
    std::uint64_t stamp_for(bool is_static) const {
        return is_static ? ~std::uint64_t(0) : generation_;
    }
    std::vector<Index> indexes_;
    // Dense membership sets of the predicates that join checks test (atoms
    // whose arguments are all bound), when num_objects^arity bits are few
    // enough: bit number = the tuple read in base num_objects. A binary
    // search is a loop of unpredictable branches (and, in wasm, a stack check
    // per iteration); a bit test is one load. Static sets are filled once;
    // a fluent set is filled from the state on its first test in that state,
    // and cleared through the bits it set.
    struct DenseRelation {
        std::size_t first_word = 0;  // in dense_bits_
        int arity = 0;
        // See stamp_for(): static sets are never below generation_, so one
        // comparison tells whether to fill.
        std::uint64_t built_for = 0;
        std::vector<std::uint32_t> set;  // fluent: the bits set now
    };
    std::vector<int> dense_of_;  // per predicate: index into dense_, or -1
    std::vector<DenseRelation> dense_;
    std::vector<std::uint64_t> dense_bits_;
    std::vector<TypeRange> type_ranges_;  // per JoinStep::range_slot
    std::vector<ObjectId> binding_;
    std::vector<ObjectId> scratch_;  // an atom's arguments in run_checks (max arity)
    Budget* budget_ = nullptr;
};

}  // namespace ll
