// Dead ends found by counting: a linear system over how often each kind of
// action runs from here on, infeasible only when no plan exists. It sees
// what the delete relaxation cannot: resources that run out. In childsnack,
// 20 allergic children and 20 gluten-free breads leave no bread to waste,
// yet the relaxation (and a learnt model) call a state that made a plain
// sandwich with one alive, and a greedy search then never finds the plan.
//
// Objects are grouped by the task's symmetry classes (objects a permutation
// exchanges without changing goal, statics and schemas; other objects stand
// alone); a variable X_A counts the actions of one schema whose arguments
// fall in one tuple of classes, and the atoms are counted per predicate and
// tuple of classes likewise. Two kinds of rows, each a sum over a class of
// constraints every plan satisfies:
//  - Net change (the state equation): of the atoms of an orbit O, the true
//    ones plus all that actions may add, minus those they surely consume
//    (precondition and delete), is at least the goal's count in O.
//  - Token-bounded prevails. A token group G is a set of (predicate,
//    position) pairs whose atoms, per object at that position (the owner),
//    no action can make more of: every action that adds one adds only one
//    and consumes one of the same owner (a sandwich is notexist, then at the
//    kitchen, then on a tray). An action that consumes a G atom and adds
//    none (serving it) runs at most as often as the owner has tokens, so
//    with one token a condition p of it that it keeps (the sandwich is
//    gluten-free) must hold now or be added: uses <= [p now and a token] +
//    adders of p.
// Sound for any grouping of objects: rows are sums of ground rows, and an
// action is counted wherever its effects may land. Tasks with conditional
// effects or axioms are not analysed.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/common/vocabulary.hpp"
#include "core/heuristics/feasibility_lp.hpp"
#include "core/successors/object_symmetry.hpp"
#include "core/task/state.hpp"
#include "core/task/task.hpp"

namespace ll {

// counting=on|off: prune states the counting system calls dead ends; on
// unless a configuration turns it off.
struct CountingSettings {
    bool counting = true;
    bool operator==(const CountingSettings&) const = default;
};
std::span<const ConfigKey<CountingSettings>> counting_config_keys();

struct CountingLimits {
    // Above these the system is not built (check() always says alive): a
    // task without symmetric objects has one class per object.
    int max_action_orbits = 20'000;
    int max_rows = 160;
    int max_columns = 160;
    std::int64_t trial_checks = 1000;
};

class CountingDeadEnds {
  public:
    // `symmetry`: the search's object symmetries of `task`, whose classes
    // the system takes (null: it finds them itself).
    CountingDeadEnds(const Task& task, const StateLayout& layout, const CountingLimits& limits = {},
                     const ObjectSymmetry* symmetry = nullptr);

    // Whether the system has a token-bounded prevail row: without one it
    // is the plain state equation, which in the benchmark domains finds no
    // dead end the relaxation misses, so the search skips the check.
    bool active() const { return lp_.has_value() && num_prevail_rows_ > 0; }
    // False: no plan reaches the goal from `state`. After
    // CountingLimits::trial_checks checks that found no dead end, every
    // state is called alive without a check (as Fast Downward gives up
    // pruning that prunes too little): in spanner the system finds none
    // and would double the time per state.
    bool alive(const State& state);
    std::int64_t checks() const { return checks_; }

    int num_rows() const { return lp_ ? lp_->rows() : 0; }
    int num_columns() const { return lp_ ? lp_->columns() : 0; }
    int num_prevail_rows() const { return num_prevail_rows_; }

  private:
    struct Analysis;
    struct PrevailCount {
        int row;
        int group;           // index into groups_
        int owner_position;  // the owner's position in the atom
    };
    using NetRows = std::map<std::pair<PredicateId, std::uint64_t>, int>;
    using PrevailRows = std::map<std::tuple<PredicateId, std::uint64_t, int, int>, int>;

    // An orbit: the classes of an atom's objects, packed in base num_classes_.
    std::uint64_t orbit_key(const ObjectId* args, int arity) const;
    std::uint64_t term_key(const AtomSchema& atom, const std::vector<int>& classes) const;
    void find_classes(const Task& task, const ObjectSymmetry* symmetry);
    bool statics_match(const ActionSchema& s, const std::vector<int>& classes,
                       const std::vector<std::set<std::uint64_t>>& static_keys) const;
    bool enumerate_orbits(Analysis& a, const CountingLimits& limits) const;
    void build(const Task& task, const CountingLimits& limits, const ObjectSymmetry* symmetry);
    void lay_out(const Analysis& a, const CountingLimits& limits);
    void index_rows(const Analysis& a, const NetRows& net_row,
                    const std::vector<double>& goal_count, const PrevailRows& prevail_row);

    const StateLayout& layout_;
    std::int64_t trial_checks_ = 0, checks_ = 0, dead_ends_ = 0;
    std::vector<int> class_of_;                   // per object
    std::vector<std::vector<ObjectId>> members_;  // per class (while the system is built)
    std::uint64_t num_classes_ = 0;
    std::vector<char> is_static_;  // per predicate
    // Token groups of the prevail rows: per predicate, the owner position (-1: not in it).
    std::vector<std::vector<int>> groups_;
    std::optional<FeasibilityLp> lp_;
    int first_prevail_row_ = 0, num_prevail_rows_ = 0;
    std::vector<double> base_rhs_;  // minus the goal's count (net change rows), 0 (prevails)
    // Per predicate: orbit -> the net change rows that count its atoms, and
    // the prevail rows that count them while their owner has one token.
    std::vector<std::unordered_map<std::uint64_t, std::vector<int>>> counted_;
    std::vector<std::unordered_map<std::uint64_t, std::vector<PrevailCount>>> prevail_counted_;
    std::vector<PredicateId> counted_predicates_;
    // Per prevail row: its owners' class and token group (the row is
    // dropped in a state where an owner of that class has two tokens).
    std::vector<int> prevail_owner_class_, prevail_row_group_;
    // Scratch per call.
    std::vector<double> rhs_;
    std::vector<std::vector<int>> tokens_;    // per group, per object
    std::vector<std::vector<char>> crowded_;  // per group, per class: an owner with two tokens
};

}  // namespace ll
