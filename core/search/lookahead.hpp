// YAHSP's lookahead (Vidal 2004, "A lookahead strategy for heuristic search
// planning"): from an evaluated state, apply the actions of its relaxed plan
// greedily, each one only once the task's own applicability check accepts it
// (never the relaxation's), and when none applies, repair: replace a
// relaxed-plan action one of whose preconditions is false by an applicable
// action that adds it. On transport-like tasks the relaxed plan is nearly a
// plan, and one lookahead covers many steps for one evaluation. Lazy search
// in S³ evaluates the state reached and queues it (lookahead=on).
#pragma once

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "core/common/vocabulary.hpp"
#include "core/heuristics/landmarks/goal_orders.hpp"
#include "core/search/evaluator.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/action_list.hpp"
#include "core/task/state.hpp"

namespace ll {

// The configuration key (search_config.hpp): lookahead=on|off, for lazy
// search with hFF in the phase; a no-op in PS².
struct LookaheadSettings {
    bool lookahead = false;
    bool operator==(const LookaheadSettings&) const = default;
};
std::span<const ConfigKey<LookaheadSettings>> lookahead_config_keys();

// What one lookahead did.
struct LookaheadCounts {
    std::int64_t actions = 0;  // steps applied
    std::int64_t repairs = 0;  // relaxed-plan actions replaced
};

class Lookahead {
  public:
    // `source` yields the relaxed plan of its last evaluation
    // (Evaluator::relaxed_plan); the references must outlive the lookahead.
    Lookahead(const Task& task, const StateLayout& layout, SuccessorGenerator& successors,
              Evaluator& source)
        : task_(task),
          layout_(layout),
          successors_(successors),
          source_(source),
          applier_(task, layout) {}

    Evaluator& source() { return source_; }
    // Steps into a state that breaks a goal order are not taken (null:
    // none checked): such a state is a dead end.
    void set_goal_orders(GoalOrderCheck* orders) { goal_orders_ = orders; }

    // The steps from `state` along `relaxed_plan` (in the order the
    // relaxation listed it, goal first): each applicable in the state the
    // steps before it reach. At most two steps per relaxed-plan action.
    void run(const State& state, std::span<const GroundAction> relaxed_plan,
             std::vector<GroundAction>& steps, LookaheadCounts& counts);

  private:
    // Applies the first pending action that is applicable in state_ and
    // deletes no precondition another pending action still needs, else the
    // first applicable one (true), removing it from pending_: the
    // relaxation's order does not see that driving away strands a load.
    bool apply_first_applicable(std::vector<GroundAction>& steps);
    // needed_[hash of an atom] += delta per fluent precondition of `action`
    // (kept as pending_ changes, not rebuilt per step: relaxed plans of a
    // thousand actions made that quadratic).
    void count_needs(const GroundAction& action, int delta);
    // Whether `action` deletes a true atom that another pending action needs.
    bool deletes_protected(const GroundAction& action);
    bool breaks_goal_order(const GroundAction& action);
    // Replaces the first pending action with a false positive precondition
    // that an applicable action adds by that action (true if one was).
    bool repair();
    // An applicable action that adds `atom` (the first of the schemas in
    // order), into `found`: per schema with such an add, the applicable
    // actions with the add's parameters bound. Listing every applicable
    // action instead cost 60 % of childsnack hard (1.7 million makes).
    bool find_achiever(const GroundAtom& atom, GroundAction& found);
    void apply(const GroundAction& action, std::vector<GroundAction>& steps);

    const Task& task_;
    const StateLayout& layout_;
    SuccessorGenerator& successors_;
    Evaluator& source_;
    GoalOrderCheck* goal_orders_ = nullptr;
    ActionApplier applier_;
    State state_;
    std::vector<GroundAction> pending_;
    std::vector<ObjectId> atom_, own_;  // scratch: instantiated atoms
    std::vector<ObjectId> binding_;     // scratch of find_achiever()
    std::unordered_map<std::uint64_t, int> needed_;
    std::vector<GroundAtom> wanted_;  // scratch of repair(): false preconditions
    std::vector<std::size_t> wanted_by_;
};

}  // namespace ll
