// Greedy join ordering: most-bound atom first, static relations on ties, then
// fewer new variables; checks are placed at the first step where they are
// decidable so that dead branches are cut as early as possible.
#include "core/successors/join_plan.hpp"

#include <algorithm>
#include <map>

namespace ll {

namespace {

constexpr int kMaxIndexPositions = 3;

class PlanCompiler {
  public:
    PlanCompiler(const Task& task, CompiledJoins& out) : task_(task), out_(out) {}

    // `first`: the positive precondition to match first (-1: the greedy
    // choice), which must still have an unbound parameter after the checks
    // on the bound prefix.
    JoinPlan compile(const ActionSchema& schema, int bound, int first = -1) {
        known_.assign(schema.arity(), false);
        for (int i = 0; i < bound; ++i)
            known_[i] = true;
        pending_ = all_checks(schema);
        JoinPlan plan;
        std::vector<int> remaining;
        for (int i = 0; i < static_cast<int>(schema.positive_preconditions.size()); ++i) {
            remaining.push_back(i);
        }
        move_ready(schema, remaining, plan.initial_checks);
        while (!remaining.empty()) {
            auto best = std::max_element(remaining.begin(), remaining.end(), [&](int a, int b) {
                return score(schema, a) < score(schema, b);
            });
            if (first >= 0 && plan.steps.empty()) {
                best = std::find(remaining.begin(), remaining.end(), first);
            }
            int atom = *best;
            remaining.erase(best);
            JoinStep step = atom_step(schema, schema.positive_preconditions[atom]);
            for (const ArgOp& op : step.ops) {
                if (op.kind == ArgOp::Kind::Bind) known_[op.value] = true;
            }
            move_ready(schema, remaining, step.checks);
            plan.steps.push_back(std::move(step));
        }
        for (int p = 0; p < schema.arity(); ++p) {
            if (known_[p]) continue;
            JoinStep step;
            step.kind = JoinStep::Kind::Enumerate;
            step.param = p;
            step.type = schema.parameters[p].type;
            known_[p] = true;
            move_ready(schema, remaining, step.checks);
            plan.steps.push_back(std::move(step));
        }
        return plan;
    }

    // The positive preconditions that are still to match when nothing is
    // bound (the others are checks on constants alone).
    std::vector<int> unbound_atoms(const ActionSchema& schema) {
        std::vector<int> atoms;
        known_.assign(schema.arity(), false);
        for (int i = 0; i < static_cast<int>(schema.positive_preconditions.size()); ++i) {
            if (!all_known(schema.positive_preconditions[i])) atoms.push_back(i);
        }
        return atoms;
    }

    // The step that yields candidate values for parameter k, given 0..k-1.
    JoinStep candidate_step(const ActionSchema& schema, int k) {
        known_.assign(schema.arity(), false);
        for (int i = 0; i < k; ++i)
            known_[i] = true;
        int best = -1;
        for (int i = 0; i < static_cast<int>(schema.positive_preconditions.size()); ++i) {
            const AtomSchema& atom = schema.positive_preconditions[i];
            bool mentions =
                std::any_of(atom.arguments.begin(), atom.arguments.end(),
                            [&](const Term& t) { return t.is_parameter() && t.index == k; });
            if (mentions && (best < 0 || score(schema, i) > score(schema, best))) best = i;
        }
        if (best < 0) {
            JoinStep step;
            step.kind = JoinStep::Kind::Enumerate;
            step.param = k;
            step.type = schema.parameters[k].type;
            return step;
        }
        return atom_step(schema, schema.positive_preconditions[best]);
    }

  private:
    struct Pending {
        JoinCheck check;
        std::vector<int> params;
    };

    std::vector<Pending> all_checks(const ActionSchema& schema) {
        std::vector<Pending> checks;
        auto params_of = [](std::initializer_list<const Term*> terms) {
            std::vector<int> ps;
            for (const Term* t : terms) {
                if (t->is_parameter()) ps.push_back(t->index);
            }
            return ps;
        };
        for (int p = 0; p < schema.arity(); ++p) {
            if (schema.parameters[p].type == 0) continue;  // everything is an object
            JoinCheck c;
            c.kind = JoinCheck::Kind::Type;
            c.param = p;
            c.type = schema.parameters[p].type;
            checks.push_back({c, {p}});
        }
        for (int i = 0; i < static_cast<int>(schema.negative_preconditions.size()); ++i) {
            JoinCheck c;
            c.kind = JoinCheck::Kind::NegativeAtom;
            c.atom = i;
            std::vector<int> ps;
            for (const Term& t : schema.negative_preconditions[i].arguments) {
                if (t.is_parameter()) ps.push_back(t.index);
            }
            checks.push_back({c, ps});
        }
        for (const EqualityConstraint& eq : schema.equalities) {
            JoinCheck c;
            c.kind = eq.negated ? JoinCheck::Kind::NotEqual : JoinCheck::Kind::Equal;
            c.lhs = eq.lhs;
            c.rhs = eq.rhs;
            checks.push_back({c, params_of({&eq.lhs, &eq.rhs})});
        }
        return checks;
    }

    bool all_known(const AtomSchema& atom) const {
        return std::all_of(atom.arguments.begin(), atom.arguments.end(),
                           [&](const Term& t) { return !t.is_parameter() || known_[t.index]; });
    }

    // Moves every decidable check (and every fully bound positive atom, as a
    // membership check) into `out`.
    void move_ready(const ActionSchema& schema, std::vector<int>& remaining,
                    std::vector<JoinCheck>& out) {
        std::vector<JoinCheck> fresh;
        for (auto it = pending_.begin(); it != pending_.end();) {
            bool ready =
                std::all_of(it->params.begin(), it->params.end(), [&](int p) { return known_[p]; });
            if (ready) {
                fresh.push_back(it->check);
                it = pending_.erase(it);
            } else {
                ++it;
            }
        }
        for (auto it = remaining.begin(); it != remaining.end();) {
            if (all_known(schema.positive_preconditions[*it])) {
                JoinCheck c;
                c.kind = JoinCheck::Kind::PositiveAtom;
                c.atom = *it;
                fresh.push_back(c);
                it = remaining.erase(it);
            } else {
                ++it;
            }
        }
        // Cheap checks (equality, type) before relation lookups.
        std::stable_partition(fresh.begin(), fresh.end(), [](const JoinCheck& c) {
            return c.kind == JoinCheck::Kind::Equal || c.kind == JoinCheck::Kind::NotEqual ||
                   c.kind == JoinCheck::Kind::Type;
        });
        out.insert(out.end(), fresh.begin(), fresh.end());
    }

    // Larger is better: more known positions, static, fewer new variables.
    std::tuple<int, int, int, int> score(const ActionSchema& schema, int atom_index) const {
        const AtomSchema& atom = schema.positive_preconditions[atom_index];
        int known = 0, fresh = 0;
        std::vector<int> seen;
        for (const Term& t : atom.arguments) {
            if (!t.is_parameter() || known_[t.index]) {
                ++known;
            } else if (std::find(seen.begin(), seen.end(), t.index) == seen.end()) {
                seen.push_back(t.index);
                ++fresh;
            }
        }
        bool is_static = task_.predicates[atom.predicate].is_static;
        return {known > 0 ? 1 : 0, is_static ? 1 : 0, -fresh, -atom_index};
    }

    JoinStep atom_step(const ActionSchema& schema, const AtomSchema& atom) {
        JoinStep step;
        step.kind = JoinStep::Kind::Atom;
        step.predicate = atom.predicate;
        step.is_static = task_.predicates[atom.predicate].is_static;
        std::vector<bool> bound_here(known_.size(), false);
        std::vector<int> known_positions;
        for (int pos = 0; pos < static_cast<int>(atom.arguments.size()); ++pos) {
            const Term& t = atom.arguments[pos];
            ArgOp op;
            if (!t.is_parameter()) {
                op = {ArgOp::Kind::CheckObject, t.index};
                known_positions.push_back(pos);
            } else if (known_[t.index]) {
                op = {ArgOp::Kind::CheckParam, t.index};
                known_positions.push_back(pos);
            } else if (bound_here[t.index]) {
                op = {ArgOp::Kind::CheckParam, t.index};  // repeated variable in this atom
            } else {
                op = {ArgOp::Kind::Bind, t.index};
                bound_here[t.index] = true;
            }
            step.ops.push_back(op);
        }
        while (step.prefix_length < static_cast<int>(known_positions.size()) &&
               known_positions[step.prefix_length] == step.prefix_length) {
            ++step.prefix_length;
        }
        if (step.prefix_length == 0 && known_positions.empty() && !step.ops.empty() &&
            step.ops[0].kind == ArgOp::Kind::Bind) {
            // Every binding of the parameter is of its declared type (a Type
            // check follows), so other first objects need no visit.
            const TypeId type = schema.parameters[step.ops[0].value].type;
            const std::vector<ObjectId>& objects = task_.objects_of_type[type];
            if (type != 0 && !objects.empty() &&
                objects.back() - objects.front() + 1 == static_cast<ObjectId>(objects.size()) &&
                std::is_sorted(objects.begin(), objects.end())) {
                step.first_from = objects.front();
                step.first_to = objects.back();
            }
        }
        if (step.prefix_length == 0 && !known_positions.empty()) {
            if (known_positions.size() > kMaxIndexPositions) {
                known_positions.resize(kMaxIndexPositions);
            }
            step.index_slot = index_slot(atom.predicate, step.is_static, known_positions);
        }
        return step;
    }

    int index_slot(PredicateId p, bool is_static, const std::vector<int>& positions) {
        auto key = std::make_pair(p, positions);
        auto it = slots_.find(key);
        if (it != slots_.end()) return it->second;
        int id = static_cast<int>(out_.index_slots.size());
        out_.index_slots.push_back({p, is_static, positions});
        slots_.emplace(key, id);
        return id;
    }

    const Task& task_;
    CompiledJoins& out_;
    std::vector<bool> known_;
    std::vector<Pending> pending_;
    std::map<std::pair<PredicateId, std::vector<int>>, int> slots_;
};

}  // namespace

CompiledJoins compile_joins(const Task& task) {
    CompiledJoins out;
    int bits = 1;
    while ((1ll << bits) <= task.num_objects())
        ++bits;
    out.key_bits = std::max(bits, 1);
    PlanCompiler compiler(task, out);
    for (const ActionSchema& schema : task.schemas) {
        SchemaPlans plans;
        for (int k = 0; k <= schema.arity(); ++k)
            plans.by_prefix.push_back(compiler.compile(schema, k));
        const std::vector<int> atoms = compiler.unbound_atoms(schema);
        if (atoms.size() >= 2) {
            for (int atom : atoms)
                plans.unbound_by_first_atom.push_back(compiler.compile(schema, 0, atom));
        }
        for (int k = 0; k < schema.arity(); ++k) {
            plans.candidates.push_back(compiler.candidate_step(schema, k));
        }
        out.schemas.push_back(std::move(plans));
    }
    return out;
}

}  // namespace ll
