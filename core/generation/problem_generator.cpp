#include "core/generation/problem_generator.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_set>

#include "core/common/error.hpp"
#include "core/generation/problem_model.hpp"
#include "core/pddl/parser.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"

namespace ll {
namespace {

// splitmix64: the same numbers on every platform and standard library.
class Rng {
  public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    // Uniform enough in [0, n) for the small n used here.
    int below(std::size_t n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }

  private:
    std::uint64_t state_;
};

// A parsed problem and a random walk through its states. Not movable: the
// layout, statics and generator refer to the task.
class Walker {
  public:
    Walker(std::string_view domain_text, std::string_view problem_text,
           std::string_view domain_file, std::string_view problem_file, Budget* budget)
        : task_(parse_task(domain_text, problem_text, domain_file, problem_file)),
          layout_(task_),
          statics_(task_),
          generator_(task_, layout_, statics_),
          applier_(task_, layout_),
          state_(initial_state(task_, layout_)) {
        generator_.set_budget(budget);
        visited_.insert(state_.hash());
    }
    Walker(const Walker&) = delete;
    Walker& operator=(const Walker&) = delete;

    const Task& task() const { return task_; }
    const StateLayout& layout() const { return layout_; }
    const State& state() const { return state_; }

    // One step: a schema drawn uniformly among those with an applicable
    // action, then one of its actions, preferring one that leads to a state
    // where some action is applicable, then a state not visited yet. False
    // when no action is applicable, or, unless `into_dead_end`, when the
    // candidates all lead to states without one (the problems made from
    // the walk's states would be stuck there).
    bool step(Rng& rng, std::vector<GroundAction>* record, bool into_dead_end);
    // Up to `steps` steps; the number taken.
    int walk(int steps, Rng& rng, std::vector<GroundAction>* record = nullptr,
             bool into_dead_end = false) {
        int taken = 0;
        while (taken < steps && step(rng, record, into_dead_end))
            ++taken;
        return taken;
    }

    // Fluent predicates that the states where walk_clean() ends keep empty
    // (those without an atom in the given initial state: served passengers,
    // tightened nuts, a held block), so that initial states look like the
    // given one.
    void keep_out(const std::vector<bool>& predicates) { kept_out_ = predicates; }
    // A walk of `steps` steps (not into dead ends), then on until a state
    // without kept-out atoms, for as many steps again; failing that, back to
    // the last such state it passed.
    void walk_clean(int steps, Rng& rng) {
        State last_clean = state_;
        bool clean = !has_kept_out_atom(state_);
        for (int taken = 0; taken < 2 * steps && (taken < steps || !clean); ++taken) {
            if (!step(rng, nullptr, false)) break;
            clean = !has_kept_out_atom(state_);
            if (clean) last_clean = state_;
        }
        if (!clean && !has_kept_out_atom(last_clean)) state_ = std::move(last_clean);
    }

  private:
    bool has_kept_out_atom(const State& state) const {
        for (PredicateId p = 0; p < static_cast<PredicateId>(kept_out_.size()); ++p)
            if (kept_out_[p] && layout_.is_fluent(p) && !state.relation(layout_, p).empty())
                return true;
        return false;
    }
    bool has_moves(const State& state) {
        for (SchemaId a = 0; a < task_.num_schemas(); ++a)
            if (!task_.schemas[a].is_goal_action && generator_.has_applicable(state, a, {}))
                return true;
        return false;
    }

    Task task_;
    StateLayout layout_;
    StaticFacts statics_;
    SuccessorGenerator generator_;
    ActionApplier applier_;
    State state_;
    std::unordered_set<std::uint64_t> visited_;
    std::vector<GroundAction> actions_;
    std::vector<bool> kept_out_;
};

bool Walker::step(Rng& rng, std::vector<GroundAction>* record, bool into_dead_end) {
    actions_.clear();
    generator_.applicable_actions(state_, actions_);
    std::erase_if(actions_,
                  [&](const GroundAction& a) { return task_.schemas[a.schema].is_goal_action; });
    if (actions_.empty()) return false;
    // The actions come schema by schema: the start of each schema's run.
    std::vector<std::size_t> runs;
    for (std::size_t i = 0; i < actions_.size(); ++i)
        if (i == 0 || actions_[i].schema != actions_[i - 1].schema) runs.push_back(i);
    runs.push_back(actions_.size());
    // Candidates scored: leads to a state with some applicable action (a
    // walk that strands itself makes no goals), then to a new state.
    constexpr int kTries = 4;
    const GroundAction* chosen = nullptr;
    State next;
    int best = -1;
    for (int attempt = 0; attempt < kTries && best < 3; ++attempt) {
        const int run = rng.below(runs.size() - 1);
        const std::size_t first = runs[run], size = runs[run + 1] - first;
        const GroundAction& action = actions_[first + static_cast<std::size_t>(rng.below(size))];
        State successor = applier_.apply(state_, action.schema, action.arguments);
        const int score = 2 * has_moves(successor) + !visited_.contains(successor.hash());
        if (score > best) {
            best = score;
            chosen = &action;
            next = std::move(successor);
        }
    }
    if (best < 2 && !into_dead_end) return false;
    visited_.insert(next.hash());
    state_ = std::move(next);
    if (record != nullptr) record->push_back(*chosen);
    return true;
}

// What states of the given problem look like (see the header).
class Observations {
  public:
    explicit Observations(const Task& task);
    void observe_fluents(const ProblemModel& model);
    void observe_statics(const ProblemModel& model);
    // `changed` is `model` with one object removed or cloned.
    bool accepts(const ProblemModel& model, const ProblemModel& changed) const;

  private:
    std::vector<std::uint8_t> role_counts(const ProblemModel& model) const;
    bool accepts(const ProblemModel& model) const;

    std::vector<Predicate> predicates_;  // the task's (its walker does not stay)
    std::vector<int> role_begin_;        // per predicate, its first (predicate, position) role
    int num_roles_ = 0;
    std::map<TypeId, std::set<std::vector<std::uint8_t>>> fluent_patterns_;
    std::map<PredicateId, int> fluent_totals_;  // -1: changed between states
    // Per state, which fluent predicates have an atom: ties nullary atoms
    // to the objects' atoms (no (empty-ferry) while no car is on board).
    std::set<std::vector<bool>> nonempty_patterns_;
    std::vector<bool> nonempty_pattern(const ProblemModel& model) const;
    std::map<std::pair<TypeId, int>, std::pair<int, int>> static_ranges_;
};

Observations::Observations(const Task& task) : predicates_(task.predicates) {
    for (const Predicate& p : predicates_) {
        role_begin_.push_back(num_roles_);
        num_roles_ += p.arity();
    }
}

std::vector<std::uint8_t> Observations::role_counts(const ProblemModel& model) const {
    std::vector<std::uint8_t> counts(model.objects.size() * static_cast<std::size_t>(num_roles_));
    auto count = [&](const GroundAtom& atom) {
        for (std::size_t i = 0; i < atom.arguments.size(); ++i) {
            std::uint8_t& c = counts[static_cast<std::size_t>(atom.arguments[i]) * num_roles_ +
                                     role_begin_[atom.predicate] + i];
            c = static_cast<std::uint8_t>(std::min(2, c + 1));
        }
    };
    for (const GroundAtom& atom : model.fluent_atoms)
        count(atom);
    for (const GroundAtom& atom : model.static_atoms)
        count(atom);
    return counts;
}

// The counts of the fluent roles of object o.
std::vector<std::uint8_t> fluent_pattern(std::span<const Predicate> predicates,
                                         std::span<const int> role_begin,
                                         std::span<const std::uint8_t> counts, int num_roles,
                                         int o) {
    std::vector<std::uint8_t> pattern;
    for (PredicateId p = 0; p < static_cast<PredicateId>(predicates.size()); ++p) {
        if (predicates[p].is_static) continue;
        for (int i = 0; i < predicates[p].arity(); ++i)
            pattern.push_back(counts[static_cast<std::size_t>(o) * num_roles + role_begin[p] + i]);
    }
    return pattern;
}

std::vector<bool> Observations::nonempty_pattern(const ProblemModel& model) const {
    std::vector<bool> nonempty(predicates_.size(), false);
    for (const GroundAtom& atom : model.fluent_atoms)
        nonempty[atom.predicate] = true;
    return nonempty;
}

void Observations::observe_fluents(const ProblemModel& model) {
    nonempty_patterns_.insert(nonempty_pattern(model));
    const std::vector<std::uint8_t> counts = role_counts(model);
    for (int o = 0; o < static_cast<int>(model.objects.size()); ++o)
        fluent_patterns_[model.objects[o].type].insert(
            fluent_pattern(predicates_, role_begin_, counts, num_roles_, o));
    std::map<PredicateId, int> totals;
    for (PredicateId p = 0; p < static_cast<PredicateId>(predicates_.size()); ++p)
        if (!predicates_[p].is_static) totals[p] = 0;
    for (const GroundAtom& atom : model.fluent_atoms)
        ++totals[atom.predicate];
    for (const auto& [p, total] : totals) {
        auto [it, added] = fluent_totals_.emplace(p, total);
        if (!added && it->second != total) it->second = -1;
    }
}

void Observations::observe_statics(const ProblemModel& model) {
    const std::vector<std::uint8_t> counts = role_counts(model);
    for (int o = 0; o < static_cast<int>(model.objects.size()); ++o) {
        for (PredicateId p = 0; p < static_cast<PredicateId>(predicates_.size()); ++p) {
            if (!predicates_[p].is_static) continue;
            for (int i = 0; i < predicates_[p].arity(); ++i) {
                const int c = counts[static_cast<std::size_t>(o) * num_roles_ + role_begin_[p] + i];
                auto [it, added] = static_ranges_.emplace(
                    std::pair{model.objects[o].type, role_begin_[p] + i}, std::pair{c, c});
                it->second.first = std::min(it->second.first, c);
                it->second.second = std::max(it->second.second, c);
            }
        }
    }
}

// The connected components of the graph whose edges join the objects of a
// static atom.
int static_components(const ProblemModel& model) {
    std::vector<int> parent(model.objects.size());
    for (std::size_t i = 0; i < parent.size(); ++i)
        parent[i] = static_cast<int>(i);
    auto find = [&](int x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    int components = static_cast<int>(parent.size());
    for (const GroundAtom& atom : model.static_atoms) {
        for (std::size_t i = 1; i < atom.arguments.size(); ++i) {
            const int a = find(atom.arguments[0]), b = find(atom.arguments[i]);
            if (a != b) parent[a] = b, --components;
        }
    }
    return components;
}

// A removal must not cut the static structure in two (a chain of one-way
// links in spanner, a road map): the walks would then strand themselves.
bool Observations::accepts(const ProblemModel& model, const ProblemModel& changed) const {
    if (!accepts(changed)) return false;
    return changed.objects.size() > model.objects.size() ||
           static_components(changed) <= static_components(model);
}

bool Observations::accepts(const ProblemModel& model) const {
    if (!nonempty_patterns_.contains(nonempty_pattern(model))) return false;
    const std::vector<std::uint8_t> counts = role_counts(model);
    for (int o = 0; o < static_cast<int>(model.objects.size()); ++o) {
        const TypeId type = model.objects[o].type;
        auto patterns = fluent_patterns_.find(type);
        if (patterns == fluent_patterns_.end() ||
            !patterns->second.contains(
                fluent_pattern(predicates_, role_begin_, counts, num_roles_, o)))
            return false;
        for (PredicateId p = 0; p < static_cast<PredicateId>(predicates_.size()); ++p) {
            if (!predicates_[p].is_static) continue;
            for (int i = 0; i < predicates_[p].arity(); ++i) {
                const int role = role_begin_[p] + i;
                auto range = static_ranges_.find({type, role});
                const int c = counts[static_cast<std::size_t>(o) * num_roles_ + role];
                // A count every object of the type has (each passenger's one
                // destination) is kept; others may grow (two passengers for
                // one floor), not fall below the smallest seen.
                if (range == static_ranges_.end()) continue;
                const auto [least, most] = range->second;
                if (c < least || (least == most && c != least)) return false;
            }
        }
    }
    std::map<PredicateId, int> totals;
    for (const GroundAtom& atom : model.fluent_atoms)
        ++totals[atom.predicate];
    for (const auto& [p, total] : fluent_totals_)
        if (total >= 0 && totals[p] != total) return false;
    return true;
}

// The number of non-constant objects per declared type.
std::map<TypeId, int> objects_per_type(const ProblemModel& model) {
    std::map<TypeId, int> counts;
    for (const Object& o : model.objects)
        if (!o.is_constant) ++counts[o.type];
    return counts;
}

struct GenerationContext {
    std::string_view domain_text;
    std::string_view domain_file;
    std::string problem_file;
    Budget* budget;
    const Observations* observations;
    std::vector<bool> kept_out;  // see Walker::keep_out()
};

// The walker of `model`'s problem (without a goal yet).
std::unique_ptr<Walker> reparse(const Walker& walker, const ProblemModel& model,
                                const GenerationContext& context) {
    const std::string text = write_problem(walker.task(), model, walker.task().problem_name, {});
    auto walked = std::make_unique<Walker>(context.domain_text, text, context.domain_file,
                                           "generated problem", context.budget);
    walked->keep_out(context.kept_out);
    return walked;
}

// Fluent predicates without an atom in the task's initial state.
std::vector<bool> absent_fluents(const Task& task) {
    std::vector<bool> absent(task.predicates.size(), false);
    for (PredicateId p = 0; p < task.num_predicates(); ++p)
        absent[p] = !task.predicates[p].is_static;
    for (const GroundAtom& atom : task.initial_state)
        absent[atom.predicate] = false;
    return absent;
}

// Removes or clones objects until every type has its target count, or the
// tries run out. Returns the walker of the resized problem.
std::unique_ptr<Walker> resize(std::unique_ptr<Walker> walker, const std::map<TypeId, int>& target,
                               const GenerationContext& context, Rng& rng) {
    constexpr int kTriesPerChange = 40;
    constexpr int kStepsBetweenTries = 3;
    ProblemModel model = model_of(walker->task(), walker->layout(), walker->state());
    int changes = 0;
    for (const auto& [type, count] : objects_per_type(model))
        changes += std::abs(target.at(type) - count);
    for (int tries = kTriesPerChange * changes; tries > 0; --tries) {
        std::vector<TypeId> off_target;
        for (const auto& [type, count] : objects_per_type(model))
            if (count != target.at(type)) off_target.push_back(type);
        if (off_target.empty()) break;
        const TypeId type = off_target[static_cast<std::size_t>(rng.below(off_target.size()))];
        std::vector<ObjectId> candidates;
        for (ObjectId o = 0; o < static_cast<ObjectId>(model.objects.size()); ++o)
            if (!model.objects[o].is_constant && model.objects[o].type == type)
                candidates.push_back(o);
        const ObjectId o = candidates[static_cast<std::size_t>(rng.below(candidates.size()))];
        const bool shrink = objects_per_type(model).at(type) > target.at(type);
        ProblemModel changed =
            shrink ? without_object(model, o) : with_clone(walker->task(), model, o);
        if (context.observations->accepts(model, changed)) {
            walker = reparse(*walker, changed, context);
        } else {
            walker->walk_clean(kStepsBetweenTries, rng);
        }
        model = model_of(walker->task(), walker->layout(), walker->state());
    }
    return walker;
}

// The goal: up to `size` atoms that the walk from the walker's state makes
// true (false before it), of the goal predicates where the walk makes one
// true, else of any predicate; and the walk.
std::vector<GroundAtom> walk_to_goal(Walker& walker, int steps, int size,
                                     const std::set<std::string>& goal_predicates, Rng& rng,
                                     std::vector<GroundAction>& witness) {
    const std::vector<GroundAtom> start = fluent_atoms(walker.layout(), walker.state());
    const std::set<GroundAtom> before(start.begin(), start.end());
    std::vector<GroundAtom> made_true, others;
    constexpr int kRounds = 4;  // longer walks where the first makes too few goal atoms
    for (int round = 0; round < kRounds && static_cast<int>(made_true.size()) < size; ++round) {
        // Lengths of both parities: a walk over two states ends where it began.
        if (walker.walk(steps + round, rng, &witness, true) == 0) break;
        made_true.clear();
        others.clear();
        for (const GroundAtom& atom : fluent_atoms(walker.layout(), walker.state())) {
            if (before.contains(atom)) continue;
            const bool of_goal =
                goal_predicates.contains(walker.task().predicates[atom.predicate].name);
            (of_goal ? made_true : others).push_back(atom);
        }
    }
    if (made_true.empty()) made_true = std::move(others);
    std::vector<GroundAtom> goal;
    while (!made_true.empty() && static_cast<int>(goal.size()) < size) {
        const std::size_t i = static_cast<std::size_t>(rng.below(made_true.size()));
        goal.push_back(made_true[i]);
        made_true.erase(made_true.begin() + static_cast<std::ptrdiff_t>(i));
    }
    std::sort(goal.begin(), goal.end());
    return goal;
}

// The predicates of the problem's goal (all fluent ones if it names none,
// or if `any` asks for them).
std::set<std::string> goal_predicate_names(const Task& task, bool any) {
    std::set<std::string> names;
    for (const GroundAtom& atom : task.goal_positive)
        if (!task.predicates[atom.predicate].is_static)
            names.insert(task.predicates[atom.predicate].name);
    if (names.empty() || any)
        for (const Predicate& p : task.predicates)
            if (!p.is_static) names.insert(p.name);
    return names;
}

Observations observe(std::string_view domain_text, std::string_view problem_text,
                     std::string_view domain_file, std::string_view problem_file, Budget* budget) {
    constexpr int kWalks = 8, kSteps = 100;
    Walker first(domain_text, problem_text, domain_file, problem_file, budget);
    Observations observations(first.task());
    observations.observe_statics(model_of(first.task(), first.layout(), first.state()));
    Rng rng(0x5EED);
    for (int w = 0; w < kWalks; ++w) {
        Walker walker(domain_text, problem_text, domain_file, problem_file, budget);
        observations.observe_fluents(model_of(walker.task(), walker.layout(), walker.state()));
        for (int s = 0; s < kSteps && walker.step(rng, nullptr, true); ++s)
            observations.observe_fluents(model_of(walker.task(), walker.layout(), walker.state()));
    }
    return observations;
}

// The resized problem, scrambled by a walk, with goals from a further walk.
// A walk can strand itself in a dead end: then again from the resized
// state, with shorter scrambles (the last with none).
std::optional<GeneratedProblem> scramble_and_walk(
    const Walker& resized, const GenerationContext& context, const ProblemGeneratorOptions& options,
    int goal_size, const std::set<std::string>& goal_predicates, Rng& rng, std::string name) {
    const ProblemModel resized_model = model_of(resized.task(), resized.layout(), resized.state());
    const int num_objects = resized.task().num_objects();
    int scramble =
        options.scramble_steps > 0 ? options.scramble_steps : std::max(10, 3 * num_objects);
    const int steps = options.goal_steps > 0 ? options.goal_steps : std::max(10, 2 * num_objects);
    constexpr int kTries = 6;
    for (int attempt = 0; attempt < kTries; ++attempt, scramble /= 2) {
        if (attempt + 1 == kTries) scramble = 0;
        auto walker = reparse(resized, resized_model, context);
        walker->walk_clean(scramble, rng);
        const ProblemModel start = model_of(walker->task(), walker->layout(), walker->state());
        std::vector<GroundAction> walk;
        const std::vector<GroundAtom> goal =
            walk_to_goal(*walker, steps, goal_size, goal_predicates, rng, walk);
        if (goal.empty()) continue;
        GeneratedProblem problem;
        problem.name = std::move(name);
        problem.text = write_problem(walker->task(), start, problem.name, goal);
        for (const GroundAction& action : walk)
            problem.witness.push_back(to_string(walker->task(), action));
        problem.num_objects = num_objects;
        problem.num_goals = static_cast<int>(goal.size());
        return problem;
    }
    return std::nullopt;
}

std::string problem_name(const Task& task, int index) {
    std::string name =
        task.problem_name + "-g" + (index < 9 ? "0" : "") + std::to_string(index + 1);
    return name;
}

// The i-th problem: the given one resized to its scale, scrambled, with
// goals; nullopt where every walk stranded itself.
std::optional<GeneratedProblem> make_problem(
    std::string_view domain_text, std::string_view problem_text, std::string_view problem_file,
    const GenerationContext& context, const ProblemGeneratorOptions& options, int i, Rng& rng) {
    auto walker = std::make_unique<Walker>(domain_text, problem_text, context.domain_file,
                                           problem_file, context.budget);
    walker->keep_out(context.kept_out);
    const Task original = walker->task();
    const double scale =
        options.count == 1
            ? options.min_scale
            : options.min_scale + (options.max_scale - options.min_scale) * i / (options.count - 1);
    std::map<TypeId, int> target;
    for (const auto& [type, count] :
         objects_per_type(model_of(original, walker->layout(), walker->state())))
        target[type] = std::max(1, static_cast<int>(std::lround(count * scale)));
    const int goal_size = std::max(
        1,
        static_cast<int>(std::lround(static_cast<double>(original.goal_positive.size()) * scale)));
    walker = resize(std::move(walker), target, context, rng);
    return scramble_and_walk(*walker, context, options, goal_size,
                             goal_predicate_names(original, options.goals_of_any_predicate), rng,
                             problem_name(original, i));
}

}  // namespace

std::vector<GeneratedProblem> generate_problems(std::string_view domain_text,
                                                std::string_view problem_text,
                                                const ProblemGeneratorOptions& options,
                                                Budget* budget, std::string_view domain_file,
                                                std::string_view problem_file) {
    if (options.count < 0 || options.min_scale <= 0 || options.max_scale < options.min_scale ||
        options.scramble_steps < 0 || options.goal_steps < 0)
        throw Error(ErrorCategory::Usage, "problem generator: invalid options");
    const Observations observations =
        observe(domain_text, problem_text, domain_file, problem_file, budget);
    GenerationContext context{domain_text, domain_file,   std::string(problem_file),
                              budget,      &observations, {}};
    context.kept_out =
        absent_fluents(parse_task(domain_text, problem_text, domain_file, problem_file));
    std::vector<GeneratedProblem> problems;
    for (int i = 0; i < options.count; ++i) {
        Rng rng(options.seed * 0x100000001B3ULL + static_cast<std::uint64_t>(i));
        std::optional<GeneratedProblem> problem;
        // A walk may strand the problem in a dead end (a painted cell the robot
        // needed): then the resizing starts over.
        constexpr int kTries = 4;
        for (int attempt = 0; attempt < kTries && !problem; ++attempt)
            problem =
                make_problem(domain_text, problem_text, problem_file, context, options, i, rng);
        if (!problem)
            throw Error(ErrorCategory::Input,
                        "problem generator: no walk from the initial state of " +
                            std::string(problem_file) + " makes any atom true; cannot make goals");
        problems.push_back(std::move(*problem));
    }
    return problems;
}

}  // namespace ll
