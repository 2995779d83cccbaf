// Relaxed exploration of a Datalog program from a state: a generalised
// Dijkstra over ground facts (Knuth's lightest derivation) with sum (hadd,
// hFF) or max (hmax) cost aggregation, recording one best achiever per fact
// so that hFF can extract a relaxed plan.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/common/budget.hpp"
#include "core/common/tuple_table.hpp"
#include "core/heuristics/datalog/program.hpp"
#include "core/heuristics/relaxed_cost.hpp"
#include "core/task/action_costs.hpp"
#include "core/task/action_list.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"

namespace ll::datalog {

enum class Aggregation { Sum, Max };

class Exploration {
  public:
    // `costs`: what an action rule charges (default: 1 per action; with
    // action costs, its adjusted cost at the rule's binding).
    Exploration(const Task& task, const StateLayout& layout, const StaticFacts& statics,
                Program program, AdjustedCosts costs = {});

    // Explores from `state`. In a restricted program, `first_actions` are the
    // actions allowed first (they enter as temporary ground facts for this
    // call only). Returns false if some positive goal atom is unreachable.
    // `dropped` (empty, or one flag per object): objects whose state and
    // static facts are left out (representative_objects.hpp).
    bool explore(const State& state, Aggregation aggregation,
                 std::span<const GroundAction> first_actions = {},
                 std::span<const std::uint8_t> dropped = {});

    // The whole relaxed closure of `state` (not stopping at the goal), for
    // grounding: false if it holds more than `max_facts` facts. Afterwards
    // for_each_action() lists every reached ground action.
    bool explore_closure(const State& state, std::size_t max_facts,
                         std::span<const std::uint8_t> dropped = {});
    template <typename F>
    void for_each_action(F&& visit) const {
        for (int f = 0; f < facts_.size(); ++f) {
            const int predicate = facts_.tag(f);
            if (program_.is_action_predicate(predicate)) {
                visit(predicate - program_.first_action_predicate,
                      std::span<const ObjectId>(facts_.values(f), facts_.arity(f)));
            }
        }
    }

    // After a successful explore(): the aggregated cost of the goal atoms.
    int goal_cost(Aggregation aggregation) const;
    // After a successful explore(): the ground actions of a relaxed plan
    // (best achievers traced back from the goal), without duplicates.
    int relaxed_plan(std::vector<GroundAction>* actions = nullptr);
    // The sum of the adjusted costs of the last relaxed plan's actions (its
    // size with unit costs): hFF.
    int relaxed_plan_cost() const;
    // After a successful explore(): the actions of the relaxed plan that are
    // applicable in the explored state (every precondition has cost 0; in a
    // restricted program, the first actions the plan uses): FF's helpful
    // actions, Fast Downward's preferred operators.
    void helpful_actions(ActionList& out);

    const Program& program() const { return program_; }

    // Limits polled per processed fact and per joined pair (null: none):
    // explore() may then throw ll::LimitReached, after which only a new
    // explore() may be called.
    void set_budget(Budget* budget) { budget_ = budget; }

  private:
    static constexpr int kInfinity = kRelaxedInfinity;
    enum Achiever : std::int32_t { kInitial = -1, kEffectOf = -2, kFirstAction = -3 };

    // Fact id of (predicate, args), creating it if new.
    std::pair<int, bool> intern(RelPredicate predicate, const ObjectId* args, int n);
    // Join-index bucket of a key: dense for keys of width 0 or 1.
    int* bucket_slot(int rule_side, const ObjectId* key, int width, bool create);
    void produce(RelPredicate predicate, const ObjectId* args, int n, int cost, int rule, int a,
                 int b);
    void produce_action(SchemaId schema, const ObjectId* args, int cost, int rule, int a, int b);
    void push(int cost, int fact);
    // Records fact `id` (just interned if `inserted`) as reached at `cost` by
    // `rule` from bodies a, b; false when it is already reached as cheaply.
    bool record(int id, bool inserted, int cost, int rule, int a, int b, std::uint8_t closed);
    void reset();
    // The cheapest unprocessed fact, now closed, or -1 when none is left.
    int pop_fact();
    int pop_far();
    void seed(const State& state, std::span<const GroundAction> first_actions,
              std::span<const std::uint8_t> dropped);
    void process(int fact);
    bool bind(const ConditionMatcher& m, const ObjectId* values, ObjectId* binding) const;
    bool constraints_hold(const Rule& rule, const ObjectId* binding) const;
    void fire(const Rule& rule, int rule_index, const ObjectId* binding, int cost, int a, int b);
    bool holds_initially(int fact) const;

    const Task& task_;
    const StateLayout& layout_;
    const StaticFacts& statics_;
    Program program_;
    AdjustedCosts costs_;
    std::vector<std::uint8_t> is_of_type_;  // [type * num_objects + object]
    std::vector<std::pair<RelPredicate, std::vector<ObjectId>>> goal_atoms_;
    bool goal_possible_ = true;

    // Per evaluation.
    TupleTable facts_;
    std::vector<int> cost_;
    std::vector<std::int32_t> achiever_;  // rule index, or an Achiever
    std::vector<std::int32_t> body_a_, body_b_;
    std::vector<std::uint8_t> closed_, is_goal_;
    std::vector<int> goal_facts_;
    int goals_left_ = 0;
    std::vector<std::vector<int>> buckets_;
    std::size_t current_bucket_ = 0, max_bucket_ = 0, bucket_read_ = 0;
    FarFacts far_;  // costs beyond the buckets (large action costs)
    TupleTable join_keys_;
    std::vector<int> bucket_head_;  // per join key: first entry
    struct Entry {
        int fact;
        int next;
    };
    std::vector<Entry> entries_;
    std::vector<ObjectId> binding_, scratch_;
    // Direct-address indexes for facts of predicates whose tuple space is
    // small (N^arity), and for join keys of width <= 1; entries are valid
    // when their stamp equals the evaluation's stamp, so resets are O(1).
    std::vector<std::int64_t> dense_fact_offset_;  // per predicate, -1: hashed
    std::vector<std::uint32_t> dense_fact_stamp_;
    std::vector<std::int32_t> dense_fact_id_;
    std::vector<std::int64_t> dense_join_offset_;  // per rule side, -1: hashed
    std::vector<std::uint32_t> dense_join_stamp_;
    std::vector<std::int32_t> dense_join_head_;
    std::uint32_t stamp_ = 0;
    std::vector<std::uint32_t> mark_;
    std::uint32_t mark_stamp_ = 0;
    // The last relaxed plan: its action facts, the exploration (stamp_) it
    // was extracted from, and the traversal stack (kept to reuse its memory).
    std::vector<int> plan_actions_, stack_;
    std::uint32_t plan_stamp_ = 0;
    Aggregation aggregation_ = Aggregation::Sum;
    Budget* budget_ = nullptr;
};

}  // namespace ll::datalog
