// Shared helpers for the core's unit tests: loading the project's own small
// PDDL tasks, and a brute-force grounded oracle (explicit sets of atoms, every
// parameter tuple enumerated, conditional effects over every binding of their
// variables) that shares no code with the planner's successor generation or
// relaxed exploration.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/heuristics/relaxation.hpp"
#include "core/pddl/parser.hpp"
#include "core/planner.hpp"
#include "core/task/action_list.hpp"
#include "core/task/state.hpp"
#include "core/task/task.hpp"

namespace ll::test {

// Planner options from a configuration text (an alias and/or key=value
// pairs), searching `space`.
inline PlannerOptions with_config(const std::string& text, SpaceKind space = SpaceKind::State) {
    OptionValues values;
    values.config = text;
    PlannerOptions options = make_planner_options(values);
    options.space = space;
    return options;
}

// The search counts a configuration is expected to reach on a task.
struct ExpectedCounts {
    const char* config;
    std::int64_t expansions;
    std::int64_t evaluations;
};

inline std::string read_file(const std::string& path) {
    std::ifstream in(path);
    if (!in.good()) ADD_FAILURE() << "cannot read " << path;
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline std::string task_path(const std::string& task, const std::string& file) {
    return std::string(LL_TEST_DATA_DIR) + "/tasks/" + task + "/" + file;
}

// The reference plan tests/data/tasks/<name>/<problem>.plan, parsed against `task`.
inline std::vector<GroundAction> load_plan(const Task& task, const std::string& name,
                                           const std::string& problem) {
    return parse_plan(task, read_file(task_path(name, problem + ".plan")));
}

// The error parsing a domain and a problem (d.pddl, p.pddl) raises; a
// test failure when it parses.
inline Error parse_error(const std::string& domain, const std::string& problem) {
    try {
        parse_task(domain, problem, "d.pddl", "p.pddl");
    } catch (const Error& e) {
        return e;
    }
    ADD_FAILURE() << "no error";
    return Error(ErrorCategory::Internal, "none");
}

inline Task load_task(const std::string& task, const std::string& problem) {
    return parse_task(read_file(task_path(task, "domain.pddl")),
                      read_file(task_path(task, problem + ".pddl")), "domain.pddl",
                      problem + ".pddl");
}

struct TaskRef {
    std::string task, problem;
};

// A parameterised test's name: "task_problem[_suffix]", '-' made '_'.
inline std::string param_name(const TaskRef& ref, const std::string& suffix = "") {
    std::string n = ref.task + "_" + ref.problem + (suffix.empty() ? "" : "_" + suffix);
    for (char& c : n) {
        if (c == '-') c = '_';
    }
    return n;
}

// Whether a text has a number other than an ordinal ("2nd") or a
// multiplicity ("2 ×"): decoded feature texts must not show colour ids.
inline bool has_raw_number(const std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) continue;
        std::size_t j = i;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
            ++j;
        const std::string rest = text.substr(j, 2);
        if (rest != "st" && rest != "nd" && rest != "rd" && rest != "th" &&
            text.compare(j, 3, " \xC3\x97") != 0)
            return true;
        i = j;
    }
    return false;
}

std::vector<TaskRef> all_test_tasks();

// Every test task with both computations of the relaxation (lifted and
// ground), and the names of such parameterised tests.
using TaskRelaxation = std::tuple<TaskRef, RelaxationGrounding>;
inline auto all_tasks_both_relaxations() {
    return ::testing::Combine(
        ::testing::ValuesIn(all_test_tasks()),
        ::testing::Values(RelaxationGrounding::Lifted, RelaxationGrounding::Ground));
}
inline std::string task_relaxation_name(const ::testing::TestParamInfo<TaskRelaxation>& info) {
    return param_name(std::get<0>(info.param), to_string(std::get<1>(info.param)));
}

inline std::vector<TaskRef> all_test_tasks() {
    return {{"blocksworld", "p01"},   {"blocksworld", "p02"},
            {"blocksworld", "p03"},   {"gripper", "p01"},
            {"gripper", "p02"},       {"ferry", "p01"},
            {"ferry", "p02"},         {"constants-equality", "p01"},
            {"unsolvable", "p01"},    {"unsolvable", "p02"},
            {"nullary", "p01"},       {"trivial", "p01"},
            {"repeated-vars", "p01"}, {"graph-statics", "p01"},
            {"graph-statics", "p02"}, {"painter", "p01"},
            {"star", "p01"}};
}

// Every test task, then `extra` ones.
inline std::vector<TaskRef> all_test_tasks_and(std::initializer_list<TaskRef> extra) {
    std::vector<TaskRef> tasks = all_test_tasks();
    tasks.insert(tasks.end(), extra.begin(), extra.end());
    return tasks;
}

// Every test task and the small ones the oracle tests of pruning add:
// snacks (childsnack's mechanics), tiles, pairs and grid-costs.
inline std::vector<TaskRef> oracle_test_tasks() {
    return all_test_tasks_and({{"snacks", "p01"},
                               {"snacks", "p02"},
                               {"tiles", "p01"},
                               {"pairs", "p01"},
                               {"grid-costs", "p01"}});
}

using AtomSet = std::set<GroundAtom>;

// The helpful actions of `heuristic`'s last evaluation, one GroundAction each.
template <class Heuristic>
std::vector<GroundAction> helpful_actions(Heuristic& heuristic) {
    ActionList list;
    heuristic.helpful_actions(list);
    return list.to_vector();
}

// The packed state holding the fluent atoms of `atoms`.
inline State to_state(const StateLayout& layout, const AtomSet& atoms) {
    StateBuilder builder(layout);
    for (const auto& a : atoms) {
        if (layout.is_fluent(a.predicate)) builder.add(a.predicate, a.arguments);
    }
    return builder.build();
}

class GroundOracle {
  public:
    explicit GroundOracle(const Task& task) : task_(task) {
        for (SchemaId s = 0; s < task.num_schemas(); ++s) {
            std::vector<ObjectId> args;
            enumerate(s, args);
        }
    }

    AtomSet initial() const { return {task_.initial_state.begin(), task_.initial_state.end()}; }

    const std::vector<GroundAction>& all_actions() const { return actions_; }

    GroundAtom ground(const AtomSchema& atom, const GroundAction& a) const {
        GroundAtom g{atom.predicate, {}};
        for (const Term& t : atom.arguments) {
            g.arguments.push_back(t.is_parameter() ? a.arguments[t.index] : t.index);
        }
        return g;
    }

    bool equalities_hold(const GroundAction& a) const {
        for (const EqualityConstraint& eq : task_.schemas[a.schema].equalities) {
            ObjectId x = eq.lhs.is_parameter() ? a.arguments[eq.lhs.index] : eq.lhs.index;
            ObjectId y = eq.rhs.is_parameter() ? a.arguments[eq.rhs.index] : eq.rhs.index;
            if ((x == y) == eq.negated) return false;
        }
        return true;
    }

    bool applicable(const AtomSet& s, const GroundAction& a) const {
        const ActionSchema& schema = task_.schemas[a.schema];
        for (const auto& pre : schema.positive_preconditions) {
            if (!s.count(ground(pre, a))) return false;
        }
        for (const auto& pre : schema.negative_preconditions) {
            if (s.count(ground(pre, a))) return false;
        }
        return equalities_hold(a);
    }

    std::vector<GroundAction> applicable_actions(const AtomSet& s) const {
        std::vector<GroundAction> out;
        for (const auto& a : actions_) {
            if (applicable(s, a)) out.push_back(a);
        }
        return out;
    }

    // Deletes, then adds; conditional effects for every binding of their
    // variables whose condition holds in `s`.
    AtomSet apply(const AtomSet& s, const GroundAction& a) const {
        AtomSet next = s;
        const ActionSchema& schema = task_.schemas[a.schema];
        std::vector<GroundAtom> adds, dels;
        for (const auto& e : schema.delete_effects)
            dels.push_back(ground(e, a));
        for (const auto& e : schema.add_effects)
            adds.push_back(ground(e, a));
        for (const ConditionalEffect& e : schema.conditional_effects) {
            for_each_binding(e, a, [&](const std::vector<ObjectId>& b) {
                if (!effect_condition_holds(e, b, s)) return;
                for (const auto& x : e.delete_effects)
                    dels.push_back(ground(x, b));
                for (const auto& x : e.add_effects)
                    adds.push_back(ground(x, b));
            });
        }
        for (const auto& g : dels)
            next.erase(g);
        for (const auto& g : adds)
            next.insert(g);
        return next;
    }

    // The atom with parameter i bound to b[i] (a schema's parameters, then
    // a conditional effect's variables).
    GroundAtom ground(const AtomSchema& atom, const std::vector<ObjectId>& b) const {
        GroundAtom g{atom.predicate, {}};
        for (const Term& t : atom.arguments)
            g.arguments.push_back(t.is_parameter() ? b[t.index] : t.index);
        return g;
    }

    // Calls fire(b) for every binding b of the action's parameters and the
    // effect's variables (the action's arguments first).
    template <class Fire>
    void for_each_binding(const ConditionalEffect& e, const GroundAction& a, Fire&& fire) const {
        std::vector<ObjectId> b = a.arguments;
        const std::size_t first = b.size();
        b.resize(first + e.variables.size());
        bind_variables(e, first, 0, b, fire);
    }

    bool effect_equalities_hold(const ConditionalEffect& e, const std::vector<ObjectId>& b) const {
        for (const EqualityConstraint& eq : e.equalities) {
            const ObjectId x = eq.lhs.is_parameter() ? b[eq.lhs.index] : eq.lhs.index;
            const ObjectId y = eq.rhs.is_parameter() ? b[eq.rhs.index] : eq.rhs.index;
            if ((x == y) == eq.negated) return false;
        }
        return true;
    }

    bool effect_condition_holds(const ConditionalEffect& e, const std::vector<ObjectId>& b,
                                const AtomSet& s) const {
        for (const auto& c : e.positive_conditions)
            if (!s.count(ground(c, b))) return false;
        for (const auto& c : e.negative_conditions)
            if (s.count(ground(c, b))) return false;
        return effect_equalities_hold(e, b);
    }

    bool is_goal(const AtomSet& s) const {
        if (task_.goal_contains_false_equality) return false;
        for (const auto& g : task_.goal_positive) {
            if (!s.count(g)) return false;
        }
        for (const auto& g : task_.goal_negative) {
            if (s.count(g)) return false;
        }
        return true;
    }

    // Breadth-first search over the ground state space, up to `cap` states.
    std::vector<AtomSet> reachable_states(std::size_t cap) const {
        std::vector<AtomSet> states{initial()};
        std::set<AtomSet> seen{initial()};
        for (std::size_t i = 0; i < states.size() && states.size() < cap; ++i) {
            for (const auto& a : applicable_actions(states[i])) {
                AtomSet next = apply(states[i], a);
                if (seen.insert(next).second) states.push_back(next);
                if (states.size() >= cap) break;
            }
        }
        return states;
    }

    // Optimal plan length by BFS, or -1 if unsolvable (small tasks only).
    int optimal_plan_length() const {
        std::map<AtomSet, int> dist{{initial(), 0}};
        std::vector<AtomSet> queue{initial()};
        for (std::size_t i = 0; i < queue.size(); ++i) {
            if (is_goal(queue[i])) return dist[queue[i]];
            for (const auto& a : applicable_actions(queue[i])) {
                AtomSet next = apply(queue[i], a);
                if (dist.emplace(next, dist[queue[i]] + 1).second) queue.push_back(next);
            }
        }
        return -1;
    }

    // The cost of a cheapest plan from `from` by Dijkstra's algorithm, every
    // action costing `cost_of(a)` (1 when none is given), or -1 if none
    // exists (small tasks only).
    long optimal_plan_cost(
        const AtomSet& from,
        const std::function<long(const GroundAction&)>& cost_of = nullptr) const {
        std::map<AtomSet, long> dist{{from, 0}};
        std::set<std::pair<long, AtomSet>> queue{{0, from}};
        while (!queue.empty()) {
            const auto [d, s] = *queue.begin();
            queue.erase(queue.begin());
            if (is_goal(s)) return d;
            for (const auto& a : applicable_actions(s)) {
                AtomSet next = apply(s, a);
                const long nd = d + (cost_of ? cost_of(a) : 1);
                auto it = dist.find(next);
                if (it != dist.end() && it->second <= nd) continue;
                if (it != dist.end()) queue.erase({it->second, next});
                dist[next] = nd;
                queue.insert({nd, std::move(next)});
            }
        }
        return -1;
    }

    // optimal_plan_cost of each of `states`, from one backward Dijkstra out
    // of the goal states over the space reachable from `states` (small tasks
    // only): one exploration instead of one search per state.
    std::vector<long> optimal_plan_costs(
        const std::vector<AtomSet>& states,
        const std::function<long(const GroundAction&)>& cost_of = nullptr) const {
        std::map<AtomSet, std::size_t> index;
        std::vector<const AtomSet*> space;
        std::vector<std::vector<std::pair<std::size_t, long>>> predecessors;
        const auto id_of = [&](const AtomSet& s) {
            const auto [it, added] = index.emplace(s, space.size());
            if (added) {
                space.push_back(&it->first);
                predecessors.emplace_back();
            }
            return it->second;
        };
        for (const AtomSet& s : states)
            id_of(s);
        for (std::size_t i = 0; i < space.size(); ++i)
            for (const auto& a : applicable_actions(*space[i])) {
                const std::size_t next = id_of(apply(*space[i], a));
                predecessors[next].emplace_back(i, cost_of ? cost_of(a) : 1);
            }
        std::vector<long> dist(space.size(), -1);
        std::set<std::pair<long, std::size_t>> queue;
        for (std::size_t i = 0; i < space.size(); ++i)
            if (is_goal(*space[i])) {
                dist[i] = 0;
                queue.insert({0, i});
            }
        while (!queue.empty()) {
            const auto [d, i] = *queue.begin();
            queue.erase(queue.begin());
            for (const auto& [pred, cost] : predecessors[i]) {
                if (dist[pred] >= 0 && dist[pred] <= d + cost) continue;
                if (dist[pred] >= 0) queue.erase({dist[pred], pred});
                dist[pred] = d + cost;
                queue.insert({dist[pred], pred});
            }
        }
        std::vector<long> out;
        for (const AtomSet& s : states)
            out.push_back(dist[index.at(s)]);
        return out;
    }

    // Grounded hadd (sum) or hmax (max) by fixpoint iteration over all ground
    // actions; fluent negative preconditions are ignored (delete relaxation),
    // static ones and equalities are kept. Every action costs `cost_of(a)`
    // (1 when none is given). -1 for a dead end.
    long relaxed_cost(const AtomSet& s, bool use_max,
                      const std::function<long(const GroundAction&)>& cost_of = nullptr) const {
        if (is_goal(s)) return 0;
        std::map<GroundAtom, long> cost;
        for (const auto& atom : s)
            cost[atom] = 0;
        for (const auto& atom : task_.initial_state) {
            if (task_.predicates[atom.predicate].is_static) cost[atom] = 0;
        }
        bool changed = true;
        while (changed) {
            changed = false;
            for (const auto& a : actions_) {
                if (!equalities_hold(a) || !static_negatives_hold(a)) continue;
                long c = 0;
                bool ok = true;
                for (const auto& pre : task_.schemas[a.schema].positive_preconditions) {
                    auto it = cost.find(ground(pre, a));
                    if (it == cost.end()) {
                        ok = false;
                        break;
                    }
                    c = use_max ? std::max(c, it->second) : c + it->second;
                }
                if (!ok) continue;
                const long action = cost_of ? cost_of(a) : 1;
                const auto reach = [&](const GroundAtom& g, long at) {
                    auto it = cost.find(g);
                    if (it == cost.end() || at < it->second) {
                        cost[g] = at;
                        changed = true;
                    }
                };
                for (const auto& e : task_.schemas[a.schema].add_effects)
                    reach(ground(e, a), c + action);
                // A conditional effect: its action's precondition and its own
                // positive condition (static negative ones and equalities kept).
                for (const ConditionalEffect& e : task_.schemas[a.schema].conditional_effects) {
                    for_each_binding(e, a, [&](const std::vector<ObjectId>& b) {
                        if (!effect_equalities_hold(e, b)) return;
                        for (const auto& cond : e.negative_conditions) {
                            if (task_.predicates[cond.predicate].is_static &&
                                initially(ground(cond, b)))
                                return;
                        }
                        long ce = c;
                        for (const auto& cond : e.positive_conditions) {
                            auto it = cost.find(ground(cond, b));
                            if (it == cost.end()) return;
                            ce = use_max ? std::max(ce, it->second) : ce + it->second;
                        }
                        for (const auto& x : e.add_effects)
                            reach(ground(x, b), ce + action);
                    });
                }
            }
        }
        if (task_.goal_contains_false_equality) return -1;
        long total = 0;
        for (const auto& g : task_.goal_positive) {
            auto it = cost.find(g);
            if (it == cost.end()) return -1;
            total = use_max ? std::max(total, it->second) : total + it->second;
        }
        return total;
    }

    bool static_negatives_hold(const GroundAction& a) const {
        AtomSet statics;
        for (const auto& pre : task_.schemas[a.schema].negative_preconditions) {
            if (!task_.predicates[pre.predicate].is_static) continue;
            GroundAtom g = ground(pre, a);
            for (const auto& atom : task_.initial_state) {
                if (atom == g) return false;
            }
        }
        return true;
    }

    bool initially(const GroundAtom& g) const {
        return std::find(task_.initial_state.begin(), task_.initial_state.end(), g) !=
               task_.initial_state.end();
    }

  private:
    template <class Fire>
    void bind_variables(const ConditionalEffect& e, std::size_t first, std::size_t i,
                        std::vector<ObjectId>& b, Fire& fire) const {
        if (i == e.variables.size()) {
            fire(static_cast<const std::vector<ObjectId>&>(b));
            return;
        }
        for (ObjectId o : task_.objects_of_type[e.variables[i].type]) {
            b[first + i] = o;
            bind_variables(e, first, i + 1, b, fire);
        }
    }

    void enumerate(SchemaId s, std::vector<ObjectId>& args) {
        const ActionSchema& schema = task_.schemas[s];
        if (static_cast<int>(args.size()) == schema.arity()) {
            actions_.push_back({s, args});
            return;
        }
        for (ObjectId o : task_.objects_of_type[schema.parameters[args.size()].type]) {
            args.push_back(o);
            enumerate(s, args);
            args.pop_back();
        }
    }

    const Task& task_;
    std::vector<GroundAction> actions_;
};

}  // namespace ll::test
