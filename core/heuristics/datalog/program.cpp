// Building the relaxed program: one action rule per schema, split into
// binary joins, plus effects and constraints (see program.hpp).
#include "core/heuristics/datalog/program.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace ll::datalog {

namespace {

std::vector<int> variables_of(const RAtom& atom) {
    std::vector<int> vars;
    for (const RTerm& t : atom.args) {
        if (t.is_variable) vars.push_back(t.value);
    }
    std::sort(vars.begin(), vars.end());
    vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
    return vars;
}

std::vector<int> constraint_variables(const RConstraint& c) {
    std::vector<int> vars;
    if (c.kind == RConstraint::Kind::NotStatic) return variables_of(c.atom);
    if (c.lhs.is_variable) vars.push_back(c.lhs.value);
    if (c.rhs.is_variable) vars.push_back(c.rhs.value);
    return vars;
}

bool covers(const std::vector<int>& sorted_vars, const std::vector<int>& needed) {
    return std::all_of(needed.begin(), needed.end(), [&](int v) {
        return std::binary_search(sorted_vars.begin(), sorted_vars.end(), v);
    });
}

class Builder {
  public:
    Builder(const Task& task, const ProgramOptions& options) : task_(task), options_(options) {}

    Program build() {
        p_.num_task_predicates = task_.num_predicates();
        p_.num_schemas = task_.num_schemas();
        for (const Predicate& pred : task_.predicates)
            p_.arity.push_back(pred.arity());
        p_.first_action_predicate = static_cast<RelPredicate>(p_.arity.size());
        for (const ActionSchema& s : task_.schemas)
            p_.arity.push_back(s.arity());
        if (options_.restrict_first_action) {
            p_.epsilon = static_cast<RelPredicate>(p_.arity.size());
            p_.arity.push_back(0);
        }
        for (const GroundAtom& atom : task_.initial_state) {
            if (task_.predicates[atom.predicate].is_static) {
                p_.static_facts.emplace_back(atom.predicate, atom.arguments);
            }
        }
        for (SchemaId s = 0; s < task_.num_schemas(); ++s)
            add_schema(s);
        for (const Axiom& axiom : task_.axioms)
            add_axiom(axiom);
        p_.num_predicates = static_cast<int>(p_.arity.size());
        p_.consumers.assign(p_.num_predicates, {});
        for (int r = 0; r < static_cast<int>(p_.rules.size()); ++r) {
            Rule& rule = p_.rules[r];
            build_matchers(rule);
            if (rule.body.empty()) p_.seed_rules.push_back(r);
            for (int c = 0; c < static_cast<int>(rule.body.size()); ++c) {
                p_.consumers[rule.body[c].predicate].emplace_back(r, c);
            }
        }
        return std::move(p_);
    }

  private:
    RelPredicate type_predicate(TypeId type) {
        auto it = type_predicates_.find(type);
        if (it != type_predicates_.end()) return it->second;
        RelPredicate p = static_cast<RelPredicate>(p_.arity.size());
        p_.arity.push_back(1);
        for (ObjectId o : task_.objects_of_type[type])
            p_.static_facts.emplace_back(p, std::vector<ObjectId>{o});
        type_predicates_.emplace(type, p);
        return p;
    }

    static RAtom lift(RelPredicate predicate, const std::vector<Term>& terms) {
        RAtom atom{predicate, {}};
        for (const Term& t : terms)
            atom.args.push_back({t.is_parameter(), t.index});
        return atom;
    }

    void add_schema(SchemaId s) {
        const ActionSchema& schema = task_.schemas[s];
        std::vector<RAtom> conditions = schema_conditions(schema);
        std::vector<RConstraint> constraints = schema_constraints(schema);
        types_ = {};
        for (const Parameter& par : schema.parameters)
            types_.push_back(par.type);
        const int first_rule = static_cast<int>(p_.rules.size());
        add_join_rules(s, std::move(conditions));
        attach_constraints(first_rule, constraints);
        // Types are checked where a task atom binds the variable; auxiliary
        // atoms carry variables that were checked below them.
        rule_types_.resize(p_.rules.size(), types_);

        std::vector<RAtom> effects;
        for (const AtomSchema& add : schema.add_effects)
            effects.push_back(lift(add.predicate, add.arguments));
        p_.effects.push_back(std::move(effects));
    }

    // An axiom is a rule of weight 0 (as in Fast Downward's relaxation): its
    // head is derived from its positive body; negated derived and fluent
    // atoms are relaxed away like negative preconditions; no ε.
    void add_axiom(const Axiom& axiom) {
        const int num_variables = static_cast<int>(axiom.variables.size());
        std::vector<RAtom> conditions;
        std::vector<bool> bound(num_variables, false);
        for (const AtomSchema& pre : axiom.positive_conditions) {
            conditions.push_back(lift(pre.predicate, pre.arguments));
            for (const Term& t : pre.arguments)
                if (t.is_parameter()) bound[t.index] = true;
        }
        for (int i = 0; i < num_variables; ++i) {
            if (!bound[i])
                conditions.push_back({type_predicate(axiom.variables[i].type), {{true, i}}});
        }
        std::vector<RConstraint> constraints =
            literal_constraints(axiom.equalities, axiom.negative_conditions);
        types_ = {};
        for (const Parameter& v : axiom.variables)
            types_.push_back(v.type);
        const int first_rule = static_cast<int>(p_.rules.size());
        Rule rule;
        rule.body = join_down(std::move(conditions), num_variables);
        rule.head = lift(axiom.head.predicate, axiom.head.arguments);
        rule.weight = 0;
        rule.num_variables = num_variables;
        p_.rules.push_back(std::move(rule));
        attach_constraints(first_rule, constraints);
        rule_types_.resize(p_.rules.size(), types_);
    }

    // The positive preconditions, a type atom for each parameter they leave
    // unbound (interning its type predicate) and ε (when there is one).
    std::vector<RAtom> schema_conditions(const ActionSchema& schema) {
        std::vector<RAtom> conditions;
        std::vector<bool> bound(schema.arity(), false);
        for (const AtomSchema& pre : schema.positive_preconditions) {
            conditions.push_back(lift(pre.predicate, pre.arguments));
            for (const Term& t : pre.arguments) {
                if (t.is_parameter()) bound[t.index] = true;
            }
        }
        for (int i = 0; i < schema.arity(); ++i) {
            if (!bound[i])
                conditions.push_back({type_predicate(schema.parameters[i].type), {{true, i}}});
        }
        if (p_.epsilon >= 0) conditions.push_back({p_.epsilon, {}});
        return conditions;
    }

    // (In)equalities and negated static preconditions (the relaxation drops
    // the other negative preconditions).
    std::vector<RConstraint> schema_constraints(const ActionSchema& schema) const {
        return literal_constraints(schema.equalities, schema.negative_preconditions);
    }
    std::vector<RConstraint> literal_constraints(const std::vector<EqualityConstraint>& equalities,
                                                 const std::vector<AtomSchema>& negatives) const {
        std::vector<RConstraint> constraints;
        for (const EqualityConstraint& eq : equalities) {
            RConstraint c;
            c.kind = eq.negated ? RConstraint::Kind::NotEqual : RConstraint::Kind::Equal;
            c.lhs = {eq.lhs.is_parameter(), eq.lhs.index};
            c.rhs = {eq.rhs.is_parameter(), eq.rhs.index};
            constraints.push_back(c);
        }
        for (const AtomSchema& neg : negatives) {
            if (!task_.predicates[neg.predicate].is_static) continue;  // relaxed away
            RConstraint c;
            c.kind = RConstraint::Kind::NotStatic;
            c.atom = lift(neg.predicate, neg.arguments);
            constraints.push_back(c);
        }
        return constraints;
    }

    // Joins the conditions pairwise, cheapest first, into auxiliary atoms
    // until two are left: they form the body of the action's rule.
    void add_join_rules(SchemaId s, std::vector<RAtom> conditions) {
        const int arity = task_.schemas[s].arity();
        conditions = join_down(std::move(conditions), arity);
        Rule rule;
        rule.head = RAtom{p_.action_predicate(s), {}};
        for (int i = 0; i < arity; ++i)
            rule.head.args.push_back({true, i});
        rule.body = conditions;
        rule.weight = 1;
        rule.schema = s;
        rule.num_variables = arity;
        p_.rules.push_back(std::move(rule));
    }

    // Adds the auxiliary join rules that leave at most two conditions.
    std::vector<RAtom> join_down(std::vector<RAtom> conditions, int arity) {
        while (conditions.size() > 2) {
            auto [i, j] = cheapest_pair(conditions);
            std::vector<int> vi = variables_of(conditions[i]), vj = variables_of(conditions[j]);
            std::vector<int> vars;
            std::set_union(vi.begin(), vi.end(), vj.begin(), vj.end(), std::back_inserter(vars));
            RAtom aux{static_cast<RelPredicate>(p_.arity.size()), {}};
            p_.arity.push_back(static_cast<int>(vars.size()));
            for (int v : vars)
                aux.args.push_back({true, v});
            Rule rule;
            rule.head = aux;
            rule.body = {conditions[i], conditions[j]};
            rule.weight = 0;
            rule.num_variables = arity;
            p_.rules.push_back(std::move(rule));
            conditions.erase(conditions.begin() + j);  // j > i
            conditions[i] = aux;
        }
        return conditions;
    }

    // Each constraint goes to the first rule from `first_rule` on whose body
    // binds all its variables (the last one otherwise).
    void attach_constraints(int first_rule, std::vector<RConstraint>& constraints) {
        for (RConstraint& c : constraints) {
            std::vector<int> needed = constraint_variables(c);
            for (int r = first_rule; r < static_cast<int>(p_.rules.size()); ++r) {
                std::vector<int> vars;
                for (const RAtom& a : p_.rules[r].body) {
                    auto v = variables_of(a);
                    vars.insert(vars.end(), v.begin(), v.end());
                }
                std::sort(vars.begin(), vars.end());
                if (covers(vars, needed) || r + 1 == static_cast<int>(p_.rules.size())) {
                    p_.rules[r].constraints.push_back(std::move(c));
                    break;
                }
            }
        }
    }

    // Fast Downward's join-cost heuristic: prefer pairs sharing many variables
    // and producing small intermediate relations.
    std::pair<int, int> cheapest_pair(const std::vector<RAtom>& conditions) const {
        std::tuple<int, int, int> best{1 << 30, 0, 0};
        std::pair<int, int> choice{0, 1};
        for (int i = 0; i < static_cast<int>(conditions.size()); ++i) {
            auto vi = variables_of(conditions[i]);
            for (int j = i + 1; j < static_cast<int>(conditions.size()); ++j) {
                auto vj = variables_of(conditions[j]);
                std::vector<int> shared;
                std::set_intersection(vi.begin(), vi.end(), vj.begin(), vj.end(),
                                      std::back_inserter(shared));
                int n = static_cast<int>(shared.size());
                int lo = static_cast<int>(std::min(vi.size(), vj.size()));
                int hi = static_cast<int>(std::max(vi.size(), vj.size()));
                std::tuple<int, int, int> key{lo - n, hi - n, -n};
                if (key < best) {
                    best = key;
                    choice = {i, j};
                }
            }
        }
        return choice;
    }

    void build_matchers(Rule& rule) {
        const int r = static_cast<int>(&rule - p_.rules.data());
        const std::vector<TypeId>& types = rule_types_[r];
        std::vector<std::vector<int>> vars_per_condition;
        for (const RAtom& atom : rule.body)
            vars_per_condition.push_back(variables_of(atom));
        std::vector<int> shared;
        if (rule.body.size() == 2) {
            std::set_intersection(vars_per_condition[0].begin(), vars_per_condition[0].end(),
                                  vars_per_condition[1].begin(), vars_per_condition[1].end(),
                                  std::back_inserter(shared));
        }
        for (const RAtom& atom : rule.body) {
            ConditionMatcher m;
            std::vector<int> first_pos(rule.num_variables, -1);
            const bool check_types = atom.predicate < p_.num_task_predicates;
            for (int pos = 0; pos < static_cast<int>(atom.args.size()); ++pos) {
                const RTerm& t = atom.args[pos];
                if (!t.is_variable) {
                    m.ops.push_back({ConditionMatcher::Op::Kind::CheckObject, t.value, 0});
                } else if (first_pos[t.value] >= 0) {
                    m.ops.push_back({ConditionMatcher::Op::Kind::CheckVar, t.value, 0});
                } else {
                    first_pos[t.value] = pos;
                    m.ops.push_back({ConditionMatcher::Op::Kind::Bind, t.value,
                                     check_types ? types[t.value] : 0});
                }
            }
            for (int v : shared)
                m.key_positions.push_back(first_pos[v]);
            rule.matchers.push_back(std::move(m));
        }
    }

    const Task& task_;
    const ProgramOptions& options_;
    Program p_;
    std::map<TypeId, RelPredicate> type_predicates_;
    std::vector<TypeId> types_;
    std::vector<std::vector<TypeId>> rule_types_;
};

}  // namespace

Program build_program(const Task& task, const ProgramOptions& options) {
    return Builder(task, options).build();
}

}  // namespace ll::datalog
