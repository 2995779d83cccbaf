// hadd, hmax and hFF over the relaxed task grounded once, as Fast Downward
// computes them: integer facts, ground actions with precondition counters, a
// bucket queue, no hashing per evaluation.
//
// The lifted exploration (datalog/exploration.hpp) joins and interns every
// fact it derives at every evaluation; on tasks with hundreds of thousands of
// relaxed-reachable ground actions (IPC rovers, transport) that is 95 % of
// the search time. The relaxed closure of the initial state contains every
// atom and action relaxed-reachable from any reachable state (the delete
// relaxation is monotone), so it is computed once, lifted, and kept as flat
// arrays. Only ground actions that add an atom relevant to the goal (backward
// relevance, as Fast Downward's translator prunes) are kept; they are the
// only ones a relaxed plan or a goal cost can use, so the values are those of
// the lifted computation. Ties between equally cheap achievers may resolve
// differently, so hFF can differ by tie-breaking (the `paper` configuration
// keeps the lifted exploration for that reason).
//
// Restricted (PS², paper Def. 4): a restricted task adds the nullary ε as a
// precondition of every action; an evaluation lets the given first actions
// (those of A(s, ρ), applicable in s) achieve ε and their adds at their cost.
//
// Action costs (:action-costs) are the AdjustedCosts given at build time,
// stored per ground action only when some action does not cost 1.
//
// Used when the closure fits the limits (RelaxationGrounding::Auto); the
// lifted exploration remains for tasks too large to ground.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/common/budget.hpp"
#include "core/common/tuple_table.hpp"
#include "core/common/vocabulary.hpp"
#include "core/heuristics/datalog/exploration.hpp"
#include "core/heuristics/relaxed_cost.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"

namespace ll {

// How the relaxation is computed: `lifted` always explores the lifted task
// (the paper's implementation, and the first version's exact tie-breaking);
// `ground` grounds the relaxed task whatever its size; `auto` grounds it when
// it fits GroundingLimits and explores lifted otherwise.
enum class RelaxationGrounding { Auto, Lifted, Ground };
const NameTable<RelaxationGrounding>& relaxation_grounding_names();
RelaxationGrounding parse_relaxation_grounding(std::string_view name);
const char* to_string(RelaxationGrounding grounding);

class GroundRelaxation;

struct GroundingLimits {
    // Facts of the lifted closure (atoms, action instances and auxiliary
    // join facts) beyond which the task is not grounded.
    std::size_t max_closure_facts = 6'000'000;
    // Precondition and effect entries of the kept ground actions.
    std::size_t max_entries = 20'000'000;
    // Entries of the dense fact-id tables (below; 0: every lookup hashed).
    std::size_t max_dense_facts = std::size_t(1) << 22;  // 16 MiB
};

// Per key, the lists (CSR `list_begin`/`list`) that contain it: the
// inverse of a list of keys per item, items in increasing order.
void invert_lists(std::span<const int> list_begin, std::span<const int> list, int num_keys,
                  std::vector<int>& key_begin, std::vector<int>& items);

class GroundRelaxation {
  public:
    // The grounded relaxed task of `task`, or nullopt when its closure exceeds
    // `limits` (the caller then uses the lifted exploration). May throw
    // LimitReached from `budget`.
    static std::optional<GroundRelaxation> build(const Task& task, const StateLayout& layout,
                                                 const StaticFacts& statics,
                                                 const GroundingLimits& limits, Budget* budget,
                                                 bool restricted = false, AdjustedCosts costs = {});

    // Explores from `state` (a state reachable from the task's initial
    // state) until every goal atom is reached. False: some goal atom is
    // unreachable (a dead end). A restricted task takes the first actions,
    // which must stay alive until the next explore() (the relaxed plan and
    // the helpful actions refer to them).
    bool explore(const State& state, datalog::Aggregation aggregation,
                 std::span<const GroundAction> first_actions = {});
    int goal_cost(datalog::Aggregation aggregation) const;
    // The ground actions of a relaxed plan (best achievers traced back from
    // the goal); returns their number.
    int relaxed_plan(std::vector<GroundAction>* actions = nullptr);
    // The adjusted cost of the last relaxed plan (its size with unit costs).
    int relaxed_plan_cost() const;
    // The relaxed plan's actions applicable in the explored state.
    void helpful_actions(ActionList& out);

    // The relaxed task itself, for heuristics that run their own
    // computation on it (LM-cut): per action a, its preconditions
    // pre[pre_begin[a] .. pre_begin[a + 1]) and its add effects likewise.
    struct View {
        std::span<const int> pre_begin, pre, add_begin, add, goal_facts;
    };
    View view() const {
        return {s_->pre_begin_, s_->pre_, s_->add_begin_, s_->add_, s_->goal_facts_};
    }
    int action_cost(int action) const {
        return s_->action_cost_.empty() ? 1 : s_->action_cost_[static_cast<std::size_t>(action)];
    }
    // What a relaxed action and a fact stand for (the landmark generator
    // reads delete effects and names its landmarks with them).
    GroundAction action(int action) const { return ground_action(action); }
    GroundAtom fact_atom(int fact) const {
        const TupleTable& atoms = s_->atom_ids_;
        const ObjectId* values = atoms.values(fact);
        return {atoms.tag(fact), {values, values + atoms.arity(fact)}};
    }
    // The relevant facts action `action` of `task` deletes and does not
    // also add, appended to `out` (the relaxation itself keeps no deletes).
    void delete_facts(const Task& task, int action, std::vector<int>& out) const;
    // The fact of an atom, or -1 when it is not relevant to the goal.
    int fact_of(PredicateId predicate, std::span<const ObjectId> arguments) const {
        return s_->atom_ids_.find(predicate, arguments.data(), static_cast<int>(arguments.size()));
    }
    // False: some static goal atom is false (every state is a dead end).
    bool goal_possible() const { return s_->goal_possible_; }
    // The (relevant) facts true in `state`, appended to `out`.
    void state_facts(const State& state, std::vector<int>& out) const {
        for_each_state_fact(state, [&](int f) { out.push_back(f); });
    }

    void set_budget(Budget* budget) { budget_ = budget; }
    // Whether a copy shares the grounded task (copies share it, read-only,
    // and explore with buffers of their own).
    bool shared() const { return s_.use_count() > 1; }
    int num_facts() const { return static_cast<int>(fact_cost_.size()); }
    int num_actions() const { return static_cast<int>(s_->initial_unsatisfied_.size()); }

  private:
    static constexpr int kInfinity = kRelaxedInfinity;
    struct RawGrounding;

    // The grounded task: built once, then only read, and shared by the
    // copies of a GroundRelaxation (GroundRelaxationCache), each with
    // exploration buffers of its own.
    struct Structure {
        const Task* task_ = nullptr;
        const StateLayout* layout_ = nullptr;
        bool goal_possible_ = true;
        TupleTable atom_ids_;  // (predicate, arguments) -> fact, relevant atoms only
        // The same for the fluent predicates of arity <= 3 whose
        // num_objects^arity ids fit: an array read instead of a hash lookup
        // for each atom of each explored state. Per slot, the first entry
        // (-1: use atom_ids_); -1 for an irrelevant atom. Entry of a tuple:
        // its objects read in base n.
        static constexpr int kMaxDenseArity = 3;
        std::vector<std::int64_t> dense_begin_;
        std::vector<int> dense_facts_;
        std::vector<int> goal_facts_;
        std::vector<std::uint8_t> is_goal_;
        // Per fact: the actions it is a precondition of (CSR).
        std::vector<int> consumers_begin_, consumers_;
        // Per action (CSR): preconditions, add effects, schema and arguments.
        std::vector<int> pre_begin_, pre_;
        std::vector<int> add_begin_, add_;
        std::vector<SchemaId> schema_;
        std::vector<int> args_begin_;
        std::vector<ObjectId> args_;
        std::vector<int> no_precondition_actions_;
        // Per action its adjusted cost; empty when every action costs 1 (the
        // unit-cost fast path).
        std::vector<int> action_cost_;
        AdjustedCosts costs_;
        // Restricted tasks: the fact ε, and ground actions by (schema, arguments).
        int epsilon_ = -1;
        TupleTable action_ids_;
        // Per action its number of preconditions (the reset value of the
        // counters), and (ops_) that number, its preconditions, then its add
        // effects, in one list: one cache miss per fired action instead of
        // four; the count there spares fire() a read of initial_unsatisfied_.
        std::vector<std::uint8_t> initial_unsatisfied_;
        std::vector<int> ops_begin_, ops_;

        // The steps of build().
        std::vector<int> intern_goal_atoms(RawGrounding& raw, const StaticFacts& statics);
        // Ids of the relevant atoms (-1: pruned); indexes them and the goal.
        std::vector<int> keep_relevant_atoms(const RawGrounding& raw,
                                             const std::vector<std::uint8_t>& relevant,
                                             std::span<const int> goal_atoms,
                                             std::uint64_t max_dense_facts);
        void keep_relevant_actions(const RawGrounding& raw,
                                   const std::vector<std::uint8_t>& relevant,
                                   const std::vector<int>& new_id);
        void add_epsilon();
        // False: some action has more preconditions than a counter holds.
        bool index_for_exploration();
        void index_densely(const TupleTable& atoms, const std::vector<int>& fact_of,
                           std::uint64_t max_entries);
        std::size_t dense_index(const ObjectId* tuple, int arity) const {
            return static_cast<std::size_t>(
                dense_tuple_index(tuple, arity, static_cast<std::uint64_t>(task_->num_objects())));
        }
        std::span<const ObjectId> action_arguments(int action) const {
            return {args_.data() + args_begin_[action],
                    static_cast<std::size_t>(args_begin_[action + 1] - args_begin_[action])};
        }
    };
    explicit GroundRelaxation(std::shared_ptr<const Structure> structure);

    // Flattened: the bucket's push_back is otherwise a call (5 % of hFF).
    [[gnu::flatten]] void push(int cost, int fact);
    bool goals_within(int cost);
    // Pops the facts of far_ in cost order (after the buckets).
    template <bool kUnitCost, bool kSum>
    bool propagate_far();
    // A fact popped at its cost: its consumers count it.
    template <bool kUnitCost, bool kSum>
    [[gnu::always_inline]] inline void settle(int f, int cost);
    // Calls fn(fact) for every relevant fact of `state`.
    template <class Fn>
    void for_each_state_fact(const State& state, Fn&& fn) const {
        const Structure& s = *s_;
        const StateLayout& layout = *s.layout_;
        for (int slot = 0; slot < layout.num_slots(); ++slot) {
            const PredicateId p = layout.predicate_of_slot(slot);
            const RelationView rel = state.relation(layout, p);
            const int arity = layout.arity(p);
            const std::int64_t dense = s.dense_begin_[slot];
            for (int i = 0; i < rel.size; ++i) {
                const ObjectId* tuple = rel.data + static_cast<std::size_t>(i) * rel.stride;
                const int f = dense >= 0 ? s.dense_facts_[static_cast<std::size_t>(dense) +
                                                          s.dense_index(tuple, arity)]
                                         : s.atom_ids_.find(p, tuple, arity);
                if (f >= 0) fn(f);
            }
        }
    }
    // Not inlined into propagate(): the loop compiles to fewer instructions.
    template <bool kUnitCost, bool kSum>
    [[gnu::noinline]] void fire(int action, int last_cost);
    template <bool kUnitCost, bool kSum>
    [[gnu::noinline]] bool propagate();
    void fire_first_action(int index);
    bool preconditions_hold(int action) const;
    GroundAction ground_action(int action) const;

    std::shared_ptr<const Structure> s_;

    // Per evaluation.
    datalog::Aggregation aggregation_ = datalog::Aggregation::Sum;
    // Per fact; achiever -1: in the state, <= -2: first action -2 - achiever.
    // Apart: fire() reads the costs of preconditions, the hottest random
    // reads, and writes an achiever only when a cost improves.
    std::vector<int> fact_cost_, achiever_;
    std::span<const GroundAction> first_actions_;
    // Per action, the preconditions not reached yet (ε included), one byte
    // each: the consumer loop's random writes then hit a table 8x smaller
    // than counters with a running cost would be. An action's precondition
    // cost is summed when it fires, from the settled costs of ops_ (equal
    // to summing them as they settle; the cost of the last one settled
    // when it has one, and the maximum). Reset from initial_unsatisfied_
    // at every exploration.
    std::vector<std::uint8_t> unsatisfied_;
    std::vector<std::vector<int>> buckets_;
    std::size_t max_bucket_ = 0;
    FarFacts far_;  // costs beyond the buckets (large action costs)
    int goals_left_ = 0;
    int goal_cursor_ = 0;  // goals_within(): goal_facts_ below it are done
    // The last relaxed plan (action ids; first action i as -2 - i), marks
    // per action and per first action.
    std::vector<int> plan_, stack_;
    std::vector<std::uint32_t> mark_, first_mark_;
    std::uint32_t mark_stamp_ = 0;
    bool plan_current_ = false;
    Budget* budget_ = nullptr;
};

// The ground relaxed tasks of one planner run, shared by the heuristics of
// its phases and anytime restarts: each gets a copy with exploration buffers
// of its own, so a later phase does not ground the task again (transport
// testing/hard p22: 12 s). Tasks that do not fit are remembered as such.
// Only tasks that outlive the cache (registered with `add_task`) are cached.
class GroundRelaxationCache {
  public:
    void add_task(const Task& task);
    // The cached relaxation of (task, grounding, restricted, costs), built on
    // a layout of the cache's own when missing; nullopt when the task is not
    // registered (the caller builds it itself).
    std::optional<std::optional<GroundRelaxation>> find_or_build(RelaxationGrounding grounding,
                                                                 const Task& task,
                                                                 const StaticFacts& statics,
                                                                 Budget* budget, bool restricted,
                                                                 AdjustedCosts costs);
    // Drops the tasks no heuristic holds any more (a phase that ended).
    void drop_unused();
    // The relaxed tasks grounded so far (those that fit).
    int built() const { return built_; }

  private:
    struct Entry {
        const Task* task;
        RelaxationGrounding grounding;
        bool restricted;
        AdjustedCosts costs;
        std::optional<GroundRelaxation> relaxation;  // nullopt: explored lifted
    };
    std::vector<std::pair<const Task*, std::unique_ptr<StateLayout>>> layouts_;
    std::vector<Entry> entries_;
    int built_ = 0;
};

// How a heuristic grounds its relaxation: the choice (relax=) and the run's
// cache, if any (implicit from the choice alone: no sharing).
struct RelaxationSource {
    RelaxationSource(RelaxationGrounding grounding = RelaxationGrounding::Auto,
                     GroundRelaxationCache* cache = nullptr, bool representatives = false)
        : grounding(grounding), cache(cache), representatives(representatives) {}
    RelaxationGrounding grounding;
    GroundRelaxationCache* cache;
    // Lifted explorations leave out the objects of each state's symmetry
    // groups beyond their representatives (representative_objects.hpp).
    bool representatives;
};

// The ground relaxed task of `task` (restricted: with ε) under `grounding`
// (GroundingLimits for auto, none for ground), or nullopt: explore lifted.
std::optional<GroundRelaxation> ground_relaxation_for(RelaxationSource source, const Task& task,
                                                      const StateLayout& layout,
                                                      const StaticFacts& statics, Budget* budget,
                                                      bool restricted, AdjustedCosts costs = {});

}  // namespace ll
