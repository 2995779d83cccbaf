// Goal test on packed states.
#include "core/task/goal.hpp"

namespace ll {

GoalChecker::GoalChecker(const Task& task, const StateLayout& layout, const StaticFacts& statics)
    : layout_(layout) {
    if (task.goal_contains_false_equality) ++static_unsatisfied_;
    for (const GroundAtom& g : task.goal_positive) {
        if (layout.is_fluent(g.predicate)) {
            positive_.push_back(g);
        } else if (!statics.contains(g.predicate, g.arguments)) {
            ++static_unsatisfied_;
        }
    }
    for (const GroundAtom& g : task.goal_negative) {
        if (layout.is_fluent(g.predicate)) {
            negative_.push_back(g);
        } else if (statics.contains(g.predicate, g.arguments)) {
            ++static_unsatisfied_;
        }
    }
}

bool GoalChecker::is_goal(const State& state) const {
    if (static_unsatisfied_ > 0) return false;
    for (const GroundAtom& g : positive_) {
        if (!state.contains(layout_, g.predicate, g.arguments)) return false;
    }
    for (const GroundAtom& g : negative_) {
        if (state.contains(layout_, g.predicate, g.arguments)) return false;
    }
    return true;
}

int GoalChecker::unsatisfied(const State& state) const {
    int count = static_unsatisfied_;
    for (const GroundAtom& g : positive_) {
        if (!state.contains(layout_, g.predicate, g.arguments)) ++count;
    }
    for (const GroundAtom& g : negative_) {
        if (state.contains(layout_, g.predicate, g.arguments)) ++count;
    }
    return count;
}

}  // namespace ll
