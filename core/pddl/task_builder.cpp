// AST to Task lowering (see task_builder.hpp).
#include "core/pddl/task_builder.hpp"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "core/pddl/adl_normaliser.hpp"
#include "core/pddl/type_hierarchy.hpp"

namespace ll::pddl {

namespace {

struct GroundAtomHash {
    std::size_t operator()(const GroundAtom& a) const {
        std::size_t h = std::hash<PredicateId>{}(a.predicate);
        for (ObjectId o : a.arguments)
            h = h * 1000003u ^ std::hash<ObjectId>{}(o);
        return h;
    }
};

// Keeps the first occurrence of every atom, in order.
class AtomList {
  public:
    explicit AtomList(std::vector<GroundAtom>& out) : out_(out) {}
    void add(GroundAtom atom) {
        if (seen_.insert(atom).second) out_.push_back(std::move(atom));
    }

  private:
    std::vector<GroundAtom>& out_;
    std::unordered_set<GroundAtom, GroundAtomHash> seen_;
};

bool same_atom(const AtomSchema& a, const AtomSchema& b) {
    return a.predicate == b.predicate && a.arguments == b.arguments;
}

void add_unique(std::vector<AtomSchema>& list, AtomSchema atom) {
    for (const AtomSchema& a : list) {
        if (same_atom(a, atom)) return;
    }
    list.push_back(std::move(atom));
}

std::string arguments_word(std::size_t n) {
    return n == 1 ? " argument" : " arguments";
}

// An ADL schema as lowered from the domain, before normalisation.
struct PendingEffect {
    std::vector<std::pair<int, Parameter>> variables;  // forall variables
    Condition condition;                               // of the enclosing whens
    std::vector<AtomSchema> add_effects, delete_effects;
    Pos pos;
};
// A (:derived ...) as lowered from the domain, before normalisation.
struct PendingDerived {
    PredicateId predicate = 0;
    std::vector<Parameter> parameters;  // the head's variables
    Condition condition;
    int num_variables = 0;
    Pos pos;
};

struct PendingAdl {
    SchemaId schema = 0;
    bool has_precondition = false;
    Condition precondition;
    std::vector<PendingEffect> effects;
    int num_variables = 0;  // parameters and quantified variables: indices below
    Pos pos;                // of the precondition (or of the action's name)
};

class TaskBuilder {
  public:
    TaskBuilder(const DomainAst& domain, const ProblemAst& problem, std::vector<Warning>* warnings)
        : domain_(domain),
          problem_(problem),
          warnings_(warnings),
          types_(domain.types, domain.file, warnings) {}

    Task build() {
        task_.domain_name = domain_.name.text;
        task_.problem_name = problem_.name.text;
        num_problem_objects_ = static_cast<int>(problem_.objects.size());
        // Domain first, so that domain errors are reported before problem ones.
        add_constants();
        add_predicates();
        mark_derived_predicates();
        add_functions();
        for (const ActionDecl& action : domain_.actions)
            add_schema(action);
        for (const DerivedDecl& decl : domain_.derived)
            lower_derived(decl);
        check_domain_name();
        add_problem_objects();
        // ADL normalisation instantiates universal conditions over the
        // objects, so it waits for the problem's.
        expand_adl_schemas();
        expand_derived();
        mark_static_predicates();
        add_init();
        add_function_values();
        add_goal();
        stratify();
        decide_action_costs();
        task_.types = types_.types();
        types_.compute_membership(task_);
        return std::move(task_);
    }

  private:
    const std::string& dfile() const { return domain_.file; }
    const std::string& pfile() const { return problem_.file; }

    void add_constants() {
        task_.objects.resize(num_problem_objects_ + domain_.constants.size());
        for (std::size_t i = 0; i < domain_.constants.size(); ++i) {
            const TypedName& c = domain_.constants[i];
            ObjectId id = num_problem_objects_ + static_cast<ObjectId>(i);
            if (!object_ids_.emplace(c.name.text, id).second) {
                throw Error(ErrorCategory::Input, "duplicate constant '" + c.name.text + "'",
                            source_position(c.name.pos, dfile()));
            }
            task_.objects[id] =
                Object{c.name.text, types_.resolve_object_type(c.type, dfile()), true};
        }
    }

    void add_problem_objects() {
        for (std::size_t i = 0; i < problem_.objects.size(); ++i) {
            const TypedName& o = problem_.objects[i];
            ObjectId id = static_cast<ObjectId>(i);
            auto [it, inserted] = object_ids_.emplace(o.name.text, id);
            if (!inserted) {
                const bool constant = task_.objects[it->second].is_constant;
                throw Error(ErrorCategory::Input,
                            constant ? "object '" + o.name.text +
                                           "' is already declared as a constant in the domain"
                                     : "duplicate object '" + o.name.text + "'",
                            source_position(o.name.pos, pfile()));
            }
            task_.objects[id] =
                Object{o.name.text, types_.resolve_object_type(o.type, pfile()), false};
        }
    }

    void add_predicates() {
        for (const PredicateDecl& decl : domain_.predicates) {
            PredicateId id = static_cast<PredicateId>(task_.predicates.size());
            if (!predicate_ids_.emplace(decl.name.text, id).second) {
                throw Error(ErrorCategory::Input, "duplicate predicate '" + decl.name.text + "'",
                            source_position(decl.name.pos, dfile()));
            }
            Predicate predicate;
            predicate.name = decl.name.text;
            std::unordered_set<std::string> names;
            for (const TypedName& p : decl.parameters) {
                // Only the arity and the types of a predicate matter: Fast
                // Downward accepts "(in ?obj ?obj)", so do we.
                if (!names.insert(p.name.text).second) {
                    // Appends, not operator+: GCC 12 reports a false -Wrestrict.
                    std::string message = "parameter name '";
                    message.append(p.name.text)
                        .append("' repeated in predicate '")
                        .append(decl.name.text)
                        .append("' (accepted: only the arity and types of a predicate matter)");
                    add_warning(warnings_, std::move(message),
                                source_position(p.name.pos, dfile()));
                }
                predicate.argument_types.push_back(types_.resolve(p.type, dfile()));
            }
            task_.predicates.push_back(std::move(predicate));
        }
    }

    // :functions: total-cost (nullary, the metric) and the static functions.
    void add_functions() {
        for (const FunctionDecl& decl : domain_.functions) {
            if (decl.name.text == "total-cost") {
                if (!decl.parameters.empty()) {
                    throw Error(ErrorCategory::Input, "'total-cost' takes no arguments",
                                source_position(decl.name.pos, dfile()));
                }
                if (declares_total_cost_) {
                    throw Error(ErrorCategory::Input, "duplicate function 'total-cost'",
                                source_position(decl.name.pos, dfile()));
                }
                declares_total_cost_ = true;
                continue;
            }
            const FunctionId id = static_cast<FunctionId>(task_.functions.size());
            if (!function_ids_.emplace(decl.name.text, id).second) {
                throw Error(ErrorCategory::Input, "duplicate function '" + decl.name.text + "'",
                            source_position(decl.name.pos, dfile()));
            }
            NumericFunction function;
            function.name = decl.name.text;
            for (const TypedName& p : decl.parameters)
                function.argument_types.push_back(types_.resolve(p.type, dfile()));
            task_.functions.push_back(std::move(function));
        }
    }

    // Resolves the function of `atom` (a static function, not total-cost) and
    // checks its arity.
    FunctionId function_of(const Atom& atom, const std::string& file) const {
        if (atom.predicate.text == "total-cost") {
            throw Error(ErrorCategory::Unsupported,
                        "'(total-cost)' is not static: an action's cost may use only static "
                        "functions (numeric fluents beyond action costs are not supported)",
                        source_position(atom.predicate.pos, file));
        }
        auto it = function_ids_.find(atom.predicate.text);
        if (it == function_ids_.end()) {
            throw Error(ErrorCategory::Input,
                        "unknown function '" + atom.predicate.text +
                            "' (did you declare it in :functions?)",
                        source_position(atom.predicate.pos, file));
        }
        const NumericFunction& f = task_.functions[it->second];
        if (static_cast<int>(atom.arguments.size()) != f.arity()) {
            throw Error(ErrorCategory::Input,
                        "function '" + f.name + "' takes " + std::to_string(f.arity()) +
                            arguments_word(f.arity()) + ", got " +
                            std::to_string(atom.arguments.size()),
                        source_position(atom.predicate.pos, file));
        }
        return it->second;
    }

    void require_total_cost(const Pos& pos, const std::string& file) const {
        if (!declares_total_cost_) {
            throw Error(ErrorCategory::Input,
                        "'(total-cost)' is used but not declared: add '(:functions (total-cost) - "
                        "number)' to the domain",
                        source_position(pos, file));
        }
    }

    void add_cost(const CostEffect& effect, ActionSchema& schema) {
        require_total_cost(effect.pos, dfile());
        if (!effect.is_function) {
            schema.cost.constant += effect.constant;
            return;
        }
        CostTerm term;
        term.function = function_of(effect.function, dfile());
        const NumericFunction& f = task_.functions[term.function];
        for (std::size_t i = 0; i < effect.function.arguments.size(); ++i) {
            const Name& arg = effect.function.arguments[i];
            Term t = schema_term(arg, schema);
            const TypeId expected = f.argument_types[i];
            const TypeId actual =
                t.is_parameter() ? schema.parameters[t.index].type : task_.objects[t.index].type;
            if (!types_.overlaps(actual, expected)) {
                throw Error(ErrorCategory::Input,
                            "'" + arg.text + "' has type '" + type_name(actual) +
                                "', which can never be of type '" + type_name(expected) +
                                "' required by argument " + std::to_string(i + 1) +
                                " of function '" + f.name + "'",
                            source_position(arg.pos, dfile()));
            }
            term.arguments.push_back(t);
        }
        schema.cost.terms.push_back(std::move(term));
    }

    // Resolves the predicate of `atom` and checks its arity.
    PredicateId predicate_of(const Atom& atom, const std::string& file) const {
        auto it = predicate_ids_.find(atom.predicate.text);
        if (it == predicate_ids_.end()) {
            throw Error(ErrorCategory::Input,
                        "unknown predicate '" + atom.predicate.text +
                            "' (did you declare it in :predicates?)",
                        source_position(atom.predicate.pos, file));
        }
        const Predicate& p = task_.predicates[it->second];
        if (static_cast<int>(atom.arguments.size()) != p.arity()) {
            throw Error(ErrorCategory::Input,
                        "predicate '" + p.name + "' takes " + std::to_string(p.arity()) +
                            arguments_word(p.arity()) + ", got " +
                            std::to_string(atom.arguments.size()),
                        source_position(atom.predicate.pos, file));
        }
        return it->second;
    }

    std::string type_name(TypeId t) const { return types_.types()[t].name; }

    // A term of a schema atom: a parameter of `schema` or a domain constant.
    Term schema_term(const Name& name, const ActionSchema& schema) const {
        if (name.text[0] == '?') {
            // ADL: quantified variables, innermost first, shadow parameters.
            for (auto it = scope_.rbegin(); it != scope_.rend(); ++it) {
                if (it->first == name.text) return Term::parameter(it->second);
            }
            for (int i = 0; i < schema.arity(); ++i) {
                if (schema.parameters[i].name == name.text) return Term::parameter(i);
            }
            if (lowering_goal_) {
                throw Error(ErrorCategory::Input,
                            "unknown variable '" + name.text +
                                "' (the goal may use only variables of its quantifiers)",
                            source_position(name.pos, pfile()));
            }
            throw Error(ErrorCategory::Input,
                        "unknown variable '" + name.text + "' (it is not a parameter of action '" +
                            schema.name + "')",
                        source_position(name.pos, dfile()));
        }
        auto it = object_ids_.find(name.text);
        if (it == object_ids_.end()) {
            throw Error(ErrorCategory::Input,
                        lowering_goal_
                            ? "unknown object '" + name.text + "' (did you declare it in :objects?)"
                            : "unknown constant '" + name.text +
                                  "' (did you declare it in the domain's :constants?)",
                        source_position(name.pos, lowering_file()));
        }
        return Term::object(it->second);
    }

    // The type of a parameter term: a schema parameter or a quantified variable.
    TypeId term_type(const Term& t, const ActionSchema& schema) const {
        return t.index < schema.arity() ? schema.parameters[t.index].type
                                        : variable_types_[t.index];
    }

    const std::string& lowering_file() const { return lowering_goal_ ? pfile() : dfile(); }

    AtomSchema schema_atom(const Atom& atom, const ActionSchema& schema) const {
        AtomSchema out;
        out.predicate = predicate_of(atom, lowering_file());
        const Predicate& p = task_.predicates[out.predicate];
        for (std::size_t i = 0; i < atom.arguments.size(); ++i) {
            const Name& arg = atom.arguments[i];
            Term term = schema_term(arg, schema);
            TypeId expected = p.argument_types[i];
            if (term.is_parameter()) {
                // A parameter may be more general than the argument (the atom
                // then simply never matches the other objects); refuse only
                // types no object can have at once.
                TypeId t = term_type(term, schema);
                if (!types_.overlaps(t, expected)) {
                    throw Error(ErrorCategory::Input,
                                "parameter '" + arg.text + "' has type '" + type_name(t) +
                                    "', which can never be of type '" + type_name(expected) +
                                    "' required by argument " + std::to_string(i + 1) +
                                    " of predicate '" + p.name + "'",
                                source_position(arg.pos, lowering_file()));
                }
            } else {
                check_object_type(task_.objects[term.index], expected, p, i, arg, lowering_file());
            }
            out.arguments.push_back(term);
        }
        return out;
    }

    void check_object_type(const Object& object, TypeId expected, const Predicate& p, std::size_t i,
                           const Name& arg, const std::string& file) const {
        if (!types_.is_subtype(object.type, expected)) {
            throw Error(ErrorCategory::Input,
                        "argument " + std::to_string(i + 1) + " of predicate '" + p.name +
                            "' must be of type '" + type_name(expected) + "', but '" + object.name +
                            "' is of type '" + type_name(object.type) + "'",
                        source_position(arg.pos, file));
        }
    }

    void add_schema(const ActionDecl& action) {
        SchemaId id = static_cast<SchemaId>(task_.schemas.size());
        if (!schema_ids_.emplace(action.name.text, id).second) {
            throw Error(ErrorCategory::Input, "duplicate action '" + action.name.text + "'",
                        source_position(action.name.pos, dfile()));
        }
        ActionSchema schema;
        schema.name = action.name.text;
        for (const TypedName& p : action.parameters) {
            for (const Parameter& q : schema.parameters) {
                if (q.name == p.name.text) {
                    throw Error(ErrorCategory::Input,
                                "duplicate parameter '" + p.name.text + "' in action '" +
                                    action.name.text + "'",
                                source_position(p.name.pos, dfile()));
                }
            }
            schema.parameters.push_back(Parameter{p.name.text, types_.resolve(p.type, dfile())});
        }
        for (const Literal& lit : action.precondition) {
            if (lit.atom.predicate.text == "=") {
                EqualityConstraint eq{schema_term(lit.atom.arguments[0], schema),
                                      schema_term(lit.atom.arguments[1], schema), lit.negated};
                schema.equalities.push_back(eq);
                continue;
            }
            AtomSchema atom = schema_atom(lit.atom, schema);
            add_unique(lit.negated ? schema.negative_preconditions : schema.positive_preconditions,
                       std::move(atom));
        }
        for (const Literal& lit : action.effect) {
            refuse_derived_effect(lit, action);
            AtomSchema atom = schema_atom(lit.atom, schema);
            add_unique(lit.negated ? schema.delete_effects : schema.add_effects, std::move(atom));
        }
        for (const CostEffect& cost : action.costs)
            add_cost(cost, schema);
        has_cost_effects_ = has_cost_effects_ || !action.costs.empty();
        if (action.has_adl_precondition || !action.conditional_effects.empty()) {
            lower_adl(action, schema, id);
        }
        task_.schemas.push_back(std::move(schema));
    }

    // ---- Derived predicates (docs/pddl-support.md) ----

    void mark_derived_predicates() {
        for (const DerivedDecl& decl : domain_.derived) {
            auto it = predicate_ids_.find(decl.predicate.text);
            if (it == predicate_ids_.end()) {
                throw Error(ErrorCategory::Input,
                            "derived predicate '" + decl.predicate.text +
                                "' is not declared (declare it in :predicates)",
                            source_position(decl.predicate.pos, dfile()));
            }
            Predicate& p = task_.predicates[it->second];
            if (static_cast<int>(decl.parameters.size()) != p.arity()) {
                throw Error(ErrorCategory::Input,
                            "predicate '" + p.name + "' takes " + std::to_string(p.arity()) +
                                arguments_word(p.arity()) + ", got " +
                                std::to_string(decl.parameters.size()),
                            source_position(decl.predicate.pos, dfile()));
            }
            p.is_derived = true;
        }
    }

    void refuse_derived_effect(const Literal& lit, const ActionDecl& action) const {
        auto it = predicate_ids_.find(lit.atom.predicate.text);
        if (it == predicate_ids_.end() || !task_.predicates[it->second].is_derived) return;
        throw Error(ErrorCategory::Input,
                    "action '" + action.name.text + "' changes derived predicate '" +
                        lit.atom.predicate.text +
                        "': derived predicates are defined by their axioms, never by effects",
                    source_position(lit.pos, dfile()));
    }

    // Lowers the body of a (:derived ...) over its head's variables; typed
    // like the declaration where the head leaves a variable untyped.
    void lower_derived(const DerivedDecl& decl) {
        const PredicateId id = predicate_ids_.at(decl.predicate.text);
        ActionSchema head;
        head.name = decl.predicate.text;
        for (std::size_t i = 0; i < decl.parameters.size(); ++i) {
            const TypedName& v = decl.parameters[i];
            for (const Parameter& q : head.parameters) {
                if (q.name == v.name.text) {
                    throw Error(ErrorCategory::Unsupported,
                                "variable '" + v.name.text +
                                    "' repeated in the head of derived predicate '" +
                                    decl.predicate.text + "'",
                                source_position(v.name.pos, dfile()));
                }
            }
            const TypeId type = v.type.alternatives.empty() ? task_.predicates[id].argument_types[i]
                                                            : types_.resolve(v.type, dfile());
            head.parameters.push_back(Parameter{v.name.text, type});
        }
        next_variable_ = head.arity();
        scope_.clear();
        PendingDerived pending;
        pending.predicate = id;
        pending.parameters = head.parameters;
        pending.condition = lower(decl.body, head);
        pending.num_variables = next_variable_;
        pending.pos = decl.pos;
        scope_.clear();
        pending_derived_.push_back(std::move(pending));
    }

    // One axiom per conjunct of each derived body.
    void expand_derived() {
        for (const PendingDerived& pending : pending_derived_) {
            const Predicate& p = task_.predicates[pending.predicate];
            int next = pending.num_variables;
            std::vector<TypeId> types;
            for (const Parameter& v : pending.parameters)
                types.push_back(v.type);
            const std::string what = "derived predicate '" + p.name + "'";
            std::vector<Conjunct> conjuncts =
                normalise_condition(pending.condition, what, next, pending.pos, dfile(), types);
            for (const Conjunct& k : conjuncts)
                add_axiom(pending.predicate, pending.parameters, k, next, pending.pos);
            task_.derived_definitions.push_back(
                DerivedDefinition{pending.predicate, pending.parameters, pending.condition});
        }
    }

    // Strata: a rule's head is at least as high as its positive derived body
    // atoms and higher than its negated ones; a cycle through a negation
    // cannot be stratified and is refused at a (:derived ...) on it.
    void stratify() {
        const std::vector<Pos>& axiom_pos = axiom_pos_;
        const int n = task_.num_predicates();
        std::vector<int> stratum(n, 0);
        bool changed = true;
        while (changed) {
            changed = false;
            for (std::size_t a = 0; a < task_.axioms.size(); ++a) {
                const Axiom& axiom = task_.axioms[a];
                int& h = stratum[axiom.head.predicate];
                for (const auto* atoms : {&axiom.positive_conditions, &axiom.negative_conditions}) {
                    for (const AtomSchema& b : *atoms) {
                        if (!task_.predicates[b.predicate].is_derived) continue;
                        const int need =
                            stratum[b.predicate] + (atoms == &axiom.negative_conditions);
                        if (need <= h) continue;
                        h = need;
                        changed = true;
                        if (h > n) {
                            throw Error(ErrorCategory::Unsupported,
                                        "derived predicate '" +
                                            task_.predicates[axiom.head.predicate].name +
                                            "' depends on its own negation (through '" +
                                            task_.predicates[b.predicate].name +
                                            "'): the axioms cannot be stratified",
                                        source_position(axiom_pos[a], dfile()));
                        }
                    }
                }
            }
        }
        for (Axiom& axiom : task_.axioms)
            axiom.stratum = stratum[axiom.head.predicate];
        std::stable_sort(task_.axioms.begin(), task_.axioms.end(),
                         [](const Axiom& a, const Axiom& b) { return a.stratum < b.stratum; });
        // Strata numbered densely from 0.
        int dense = -1, last = -1;
        for (Axiom& axiom : task_.axioms) {
            if (axiom.stratum != last) {
                last = axiom.stratum;
                ++dense;
            }
            axiom.stratum = dense;
        }
        task_.num_strata = dense + 1;
    }

    // ---- ADL (docs/pddl-support.md) ----

    int declare_variable(const TypedName& v, const std::string& file, Parameter& out) {
        const int index = next_variable_++;
        out = Parameter{v.name.text, types_.resolve(v.type, file)};
        if (static_cast<int>(variable_types_.size()) <= index) variable_types_.resize(index + 1, 0);
        variable_types_[index] = out.type;
        scope_.emplace_back(v.name.text, index);
        return index;
    }

    // An AST formula as a task Condition over `schema`'s parameters and the
    // quantified variables in scope; (imply a b) becomes (or (not a) b).
    Condition lower(const Formula& f, const ActionSchema& schema) {
        Condition c;
        switch (f.kind) {
            case Formula::Kind::Literal: {
                Condition a;
                if (f.literal.atom.predicate.text == "=") {
                    a.kind = Condition::Kind::Equal;
                    for (const Name& arg : f.literal.atom.arguments)
                        a.atom.arguments.push_back(schema_term(arg, schema));
                } else {
                    a.kind = Condition::Kind::Atom;
                    a.atom = schema_atom(f.literal.atom, schema);
                }
                if (!f.literal.negated) return a;
                c.kind = Condition::Kind::Not;
                c.children.push_back(std::move(a));
                return c;
            }
            case Formula::Kind::And:
            case Formula::Kind::Or:
                c.kind = f.kind == Formula::Kind::And ? Condition::Kind::And : Condition::Kind::Or;
                for (const Formula& child : f.children)
                    c.children.push_back(lower(child, schema));
                return c;
            case Formula::Kind::Not:
                c.kind = Condition::Kind::Not;
                c.children.push_back(lower(f.children.front(), schema));
                return c;
            case Formula::Kind::Imply: {
                c.kind = Condition::Kind::Or;
                Condition n;
                n.kind = Condition::Kind::Not;
                n.children.push_back(lower(f.children[0], schema));
                c.children.push_back(std::move(n));
                c.children.push_back(lower(f.children[1], schema));
                return c;
            }
            case Formula::Kind::Exists:
            case Formula::Kind::Forall: {
                c.kind = f.kind == Formula::Kind::Exists ? Condition::Kind::Exists
                                                         : Condition::Kind::Forall;
                c.first_variable = next_variable_;
                const std::size_t mark = scope_.size();
                for (const TypedName& v : f.variables) {
                    c.variables.emplace_back();
                    declare_variable(v, lowering_file(), c.variables.back());
                }
                c.children.push_back(lower(f.children.front(), schema));
                scope_.resize(mark);
                return c;
            }
        }
        return c;
    }

    // Lowers the ADL precondition and the forall/when effects of `action`;
    // they are normalised once the problem's objects are known.
    void lower_adl(const ActionDecl& action, ActionSchema& schema, SchemaId id) {
        PendingAdl pending;
        pending.schema = id;
        pending.pos = action.precondition_pos.line > 0 ? action.precondition_pos : action.name.pos;
        next_variable_ = schema.arity();
        scope_.clear();
        if (action.has_adl_precondition) {
            pending.has_precondition = true;
            pending.precondition = lower(action.adl_precondition, schema);
        }
        for (const ConditionalEffectDecl& decl : action.conditional_effects) {
            PendingEffect effect;
            effect.pos = decl.pos;
            scope_.clear();
            for (const TypedName& v : decl.variables) {
                Parameter p;
                const int index = declare_variable(v, dfile(), p);
                effect.variables.emplace_back(index, p);
            }
            effect.condition.kind = Condition::Kind::And;
            for (const Formula& f : decl.conditions)
                effect.condition.children.push_back(lower(f, schema));
            for (const Literal& lit : decl.effect) {
                refuse_derived_effect(lit, action);
                AtomSchema atom = schema_atom(lit.atom, schema);
                add_unique(lit.negated ? effect.delete_effects : effect.add_effects,
                           std::move(atom));
            }
            pending.effects.push_back(std::move(effect));
        }
        scope_.clear();
        pending.num_variables = next_variable_;
        pending_adl_.push_back(std::move(pending));
    }

    const std::vector<ObjectId>& objects_of(TypeId type) {
        auto [it, inserted] = objects_by_type_.try_emplace(type);
        if (inserted) {
            for (ObjectId o = 0; o < task_.num_objects(); ++o)
                if (types_.is_subtype(task_.objects[o].type, type)) it->second.push_back(o);
        }
        return it->second;
    }

    // Normalises `c` (free parameters typed by `types`); a formula too large
    // to split gets auxiliary derived predicates, one too large even to
    // compile is refused at `pos`.
    std::vector<Conjunct> normalise_condition(const Condition& c, const std::string& what,
                                              int& next_variable, const Pos& pos,
                                              const std::string& file,
                                              std::vector<TypeId> types = {}) {
        AuxiliarySink sink;
        sink.parameter_types = std::move(types);
        sink.first_predicate = task_.num_predicates();
        std::vector<Conjunct> conjuncts;
        try {
            conjuncts = normalise(
                c, [this](TypeId t) -> const std::vector<ObjectId>& { return objects_of(t); },
                next_variable, what, NormaliseLimits{}, &sink);
        } catch (const Error& e) {
            if (e.position().line > 0) throw;
            throw Error(e.category(), e.message(), source_position(pos, file));
        }
        add_auxiliary_predicates(sink, pos);
        return conjuncts;
    }

    void add_auxiliary_predicates(const AuxiliarySink& sink, const Pos& pos) {
        for (const AuxiliaryPredicate& aux : sink.predicates) {
            const PredicateId id = task_.num_predicates();
            Predicate predicate{"__derived-" + std::to_string(id), aux.argument_types, false};
            predicate.is_derived = true;
            task_.predicates.push_back(std::move(predicate));
            std::vector<Parameter> head;
            for (std::size_t i = 0; i < aux.argument_types.size(); ++i)
                head.push_back(Parameter{"?v" + std::to_string(i), aux.argument_types[i]});
            for (const Conjunct& k : aux.rules)
                add_axiom(id, head, k, aux.num_variables, pos);
            task_.derived_definitions.push_back(DerivedDefinition{id, head, aux.definition});
        }
    }

    // The axiom of one conjunct of a derived predicate's body.
    void add_axiom(PredicateId predicate, const std::vector<Parameter>& head, const Conjunct& k,
                   int num_variables, const Pos& pos) {
        const int arity = static_cast<int>(head.size());
        Axiom axiom;
        axiom.head.predicate = predicate;
        axiom.variables = head;
        for (int i = 0; i < arity; ++i)
            axiom.head.arguments.push_back(Term::parameter(i));
        const std::vector<int> map = conjunct_variable_map(k.variables, num_variables, arity);
        for (const auto& var : k.variables)
            axiom.variables.push_back(var.second);
        for (const Condition& lit : k.literals)
            add_conjunct_literal(lit, map, axiom.positive_conditions, axiom.negative_conditions,
                                 axiom.equalities);
        task_.axioms.push_back(std::move(axiom));
        axiom_pos_.push_back(pos);
    }

    // The conditional effects of one pending effect; unconditional parts go
    // to `base`'s effects. Variables are numbered from base.arity().
    void normalise_effect(const PendingEffect& pending, ActionSchema& base, int num_variables) {
        int next = num_variables;
        std::vector<TypeId> types(num_variables, 0);
        for (int i = 0; i < base.arity(); ++i)
            types[i] = base.parameters[i].type;
        for (const auto& v : pending.variables)
            types[v.first] = v.second.type;
        std::vector<Conjunct> conjuncts = normalise_condition(
            pending.condition, "a conditional effect of action '" + base.name + "'", next,
            pending.pos, dfile(), std::move(types));
        for (Conjunct& k : conjuncts) {
            std::vector<std::pair<int, Parameter>> vars = pending.variables;
            vars.insert(vars.end(), k.variables.begin(), k.variables.end());
            const std::vector<int> map = conjunct_variable_map(vars, next, base.arity());
            if (vars.empty() && k.literals.empty()) {
                for (const AtomSchema& a : pending.add_effects)
                    add_unique(base.add_effects, a);
                for (const AtomSchema& a : pending.delete_effects)
                    add_unique(base.delete_effects, a);
                continue;
            }
            ConditionalEffect effect;
            for (const auto& v : vars)
                effect.variables.push_back(v.second);
            for (const Condition& lit : k.literals)
                add_conjunct_literal(lit, map, effect.positive_conditions,
                                     effect.negative_conditions, effect.equalities);
            effect.add_effects = pending.add_effects;
            effect.delete_effects = pending.delete_effects;
            for (auto* atoms : {&effect.add_effects, &effect.delete_effects})
                for (AtomSchema& a : *atoms)
                    rename_terms(a.arguments, map);
            base.conditional_effects.push_back(std::move(effect));
        }
    }

    // The schema variants of `base`, one per conjunct of its precondition.
    std::vector<ActionSchema> precondition_variants(const ActionSchema& base,
                                                    const PendingAdl& pending) {
        const int original = static_cast<int>(task_.original_preconditions.size());
        task_.original_preconditions.push_back(pending.precondition);
        int next = pending.num_variables;
        std::vector<TypeId> types;
        for (const Parameter& p : base.parameters)
            types.push_back(p.type);
        std::vector<Conjunct> conjuncts = normalise_condition(
            pending.precondition, "the precondition of action '" + base.name + "'", next,
            pending.pos, dfile(), std::move(types));
        std::vector<ActionSchema> out;
        for (const Conjunct& k : conjuncts) {
            ActionSchema v = base;
            v.original_precondition = original;
            const int printed = base.arity();
            const std::vector<int> map = conjunct_variable_map(k.variables, next, printed);
            for (const auto& var : k.variables)
                v.parameters.push_back(var.second);
            v.num_hidden_parameters = static_cast<int>(k.variables.size());
            for (const Condition& lit : k.literals)
                add_conjunct_literal(lit, map, v.positive_preconditions, v.negative_preconditions,
                                     v.equalities);
            shift_effect_variables(v, printed, v.num_hidden_parameters);
            out.push_back(std::move(v));
        }
        if (out.empty()) {
            // Never applicable: one variant with a false constraint keeps the
            // name known to plan files.
            ActionSchema v = base;
            v.original_precondition = original;
            v.equalities.push_back(EqualityConstraint{Term::object(0), Term::object(0), true});
            out.push_back(std::move(v));
        }
        return out;
    }

    void expand_adl_schemas() {
        if (pending_adl_.empty()) return;
        std::vector<ActionSchema> schemas;
        std::size_t next_pending = 0;
        for (SchemaId s = 0; s < task_.num_schemas(); ++s) {
            if (next_pending == pending_adl_.size() || pending_adl_[next_pending].schema != s) {
                schemas.push_back(std::move(task_.schemas[s]));
                continue;
            }
            const PendingAdl& pending = pending_adl_[next_pending++];
            ActionSchema base = std::move(task_.schemas[s]);
            for (const PendingEffect& effect : pending.effects)
                normalise_effect(effect, base, pending.num_variables);
            if (!pending.has_precondition) {
                schemas.push_back(std::move(base));
                continue;
            }
            for (ActionSchema& v : precondition_variants(base, pending))
                schemas.push_back(std::move(v));
        }
        task_.schemas = std::move(schemas);
    }

    // A goal that is not a conjunction of ground literals: a conjunction
    // after normalisation becomes the goal atoms; otherwise an artificial
    // action "__goal" (one variant per alternative, existential variables as
    // hidden parameters) achieves the new atom (__goal-reached).
    void add_adl_goal() {
        lowering_goal_ = true;
        ActionSchema none;
        next_variable_ = 0;
        scope_.clear();
        Condition goal = lower(problem_.adl_goal, none);
        lowering_goal_ = false;
        int next = next_variable_;
        std::vector<Conjunct> conjuncts =
            normalise_condition(goal, "the goal", next, problem_.adl_goal.pos, pfile());
        task_.original_goal = std::move(goal);
        task_.has_original_goal = true;
        if (conjuncts.empty()) {
            task_.goal_contains_false_equality = true;
            return;
        }
        if (conjuncts.size() == 1 && conjuncts[0].variables.empty()) {
            AtomList positive(task_.goal_positive);
            AtomList negative(task_.goal_negative);
            for (const Condition& lit : conjuncts[0].literals) {
                const bool negated = lit.kind == Condition::Kind::Not;
                const AtomSchema& a = negated ? lit.children.front().atom : lit.atom;
                GroundAtom g{a.predicate, {}};
                for (const Term& t : a.arguments)
                    g.arguments.push_back(t.index);
                (negated ? negative : positive).add(std::move(g));
            }
            return;
        }
        const PredicateId reached = task_.num_predicates();
        task_.predicates.push_back(Predicate{"__goal-reached", {}, false});
        for (const Conjunct& k : conjuncts) {
            ActionSchema g;
            g.name = "__goal";
            g.is_goal_action = true;
            g.cost.constant = 0;
            const std::vector<int> map = conjunct_variable_map(k.variables, next, 0);
            for (const auto& var : k.variables)
                g.parameters.push_back(var.second);
            g.num_hidden_parameters = g.arity();
            for (const Condition& lit : k.literals)
                add_conjunct_literal(lit, map, g.positive_preconditions, g.negative_preconditions,
                                     g.equalities);
            g.add_effects.push_back(AtomSchema{reached, {}});
            task_.schemas.push_back(std::move(g));
        }
        task_.goal_positive = {GroundAtom{reached, {}}};
    }

    void mark_static_predicates() {
        for (Predicate& p : task_.predicates)
            p.is_static = !p.is_derived;
        for (const ActionSchema& s : task_.schemas) {
            for (const AtomSchema& a : s.add_effects)
                task_.predicates[a.predicate].is_static = false;
            for (const AtomSchema& a : s.delete_effects) {
                task_.predicates[a.predicate].is_static = false;
            }
            // Conditional effects: their effects change the predicate, and
            // their conditions are checked in states, so they stay fluent.
            for (const ConditionalEffect& e : s.conditional_effects) {
                for (const auto* atoms : {&e.add_effects, &e.delete_effects, &e.positive_conditions,
                                          &e.negative_conditions}) {
                    for (const AtomSchema& a : *atoms)
                        task_.predicates[a.predicate].is_static = false;
                }
            }
        }
    }

    void check_domain_name() const {
        if (problem_.domain_name.text != domain_.name.text) {
            throw Error(ErrorCategory::Input,
                        "the problem is for domain '" + problem_.domain_name.text +
                            "', but the domain is '" + domain_.name.text + "'",
                        source_position(problem_.domain_name.pos, pfile()));
        }
    }

    ObjectId ground_object(const Name& name, std::string_view section) const {
        if (name.text[0] == '?') {
            throw Error(ErrorCategory::Input,
                        std::string(section) + " must be ground: variable '" + name.text +
                            "' is not allowed here",
                        source_position(name.pos, pfile()));
        }
        auto it = object_ids_.find(name.text);
        if (it == object_ids_.end()) {
            throw Error(ErrorCategory::Input,
                        "unknown object '" + name.text + "' (did you declare it in :objects?)",
                        source_position(name.pos, pfile()));
        }
        return it->second;
    }

    GroundAtom ground_atom(const Atom& atom, std::string_view section) const {
        GroundAtom out;
        out.predicate = predicate_of(atom, pfile());
        const Predicate& p = task_.predicates[out.predicate];
        out.arguments.reserve(atom.arguments.size());
        for (std::size_t i = 0; i < atom.arguments.size(); ++i) {
            ObjectId o = ground_object(atom.arguments[i], section);
            check_object_type(task_.objects[o], p.argument_types[i], p, i, atom.arguments[i],
                              pfile());
            out.arguments.push_back(o);
        }
        return out;
    }

    void add_init() {
        task_.initial_state.reserve(problem_.init.size());
        AtomList init(task_.initial_state);
        for (const Atom& atom : problem_.init) {
            GroundAtom g = ground_atom(atom, "':init'");
            if (task_.predicates[g.predicate].is_derived) {
                throw Error(ErrorCategory::Input,
                            "':init' sets derived predicate '" + atom.predicate.text +
                                "': derived atoms follow from the other atoms by the axioms",
                            source_position(atom.pos, pfile()));
            }
            init.add(std::move(g));
        }
    }

    // (= (f o1 ... on) v) of :init; (= (total-cost) 0) only sets the metric's
    // start, which must be 0.
    void add_function_values() {
        for (NumericFunction& f : task_.functions)
            f.reset_values(task_.num_objects());
        for (const FunctionValue& v : problem_.function_values) {
            if (v.function.predicate.text == "total-cost" && v.function.arguments.empty()) {
                require_total_cost(v.function.pos, pfile());
                if (v.value != 0) {
                    throw Error(ErrorCategory::Unsupported,
                                "'(total-cost)' must start at 0, found " + std::to_string(v.value),
                                source_position(v.value_pos, pfile()));
                }
                continue;
            }
            const FunctionId id = function_of(v.function, pfile());
            NumericFunction& f = task_.functions[id];
            std::vector<ObjectId> args;
            for (std::size_t i = 0; i < v.function.arguments.size(); ++i) {
                const Name& name = v.function.arguments[i];
                const ObjectId o = ground_object(name, "':init'");
                const Object& object = task_.objects[o];
                if (!types_.is_subtype(object.type, f.argument_types[i])) {
                    throw Error(ErrorCategory::Input,
                                "argument " + std::to_string(i + 1) + " of function '" + f.name +
                                    "' must be of type '" + type_name(f.argument_types[i]) +
                                    "', but '" + object.name + "' is of type '" +
                                    type_name(object.type) + "'",
                                source_position(name.pos, pfile()));
                }
                args.push_back(o);
            }
            f.set(args, v.value);
        }
        for (NumericFunction& f : task_.functions)
            f.finish_values();
    }

    // Costs count with (:metric minimize (total-cost)); without a metric the
    // task is planned with unit costs, as Fast Downward does.
    void decide_action_costs() {
        if (problem_.has_metric) {
            require_total_cost(problem_.metric_pos, pfile());
            for (const ActionSchema& s : task_.schemas) {
                if (s.is_goal_action) continue;
                if (s.cost.constant != 1 || !s.cost.terms.empty()) task_.has_action_costs = true;
            }
        } else if (has_cost_effects_) {
            add_warning(warnings_,
                        "the domain has action costs but the problem has no '(:metric minimize "
                        "(total-cost))': planning with unit costs",
                        source_position(problem_.pos, pfile()));
        }
    }

    void add_goal() {
        if (problem_.has_adl_goal) {
            add_adl_goal();
            return;
        }
        AtomList positive(task_.goal_positive);
        AtomList negative(task_.goal_negative);
        for (const Literal& lit : problem_.goal) {
            if (lit.atom.predicate.text == "=") {
                ObjectId a = ground_object(lit.atom.arguments[0], "the goal");
                ObjectId b = ground_object(lit.atom.arguments[1], "the goal");
                if ((a == b) == lit.negated) task_.goal_contains_false_equality = true;
                continue;
            }
            GroundAtom atom = ground_atom(lit.atom, "the goal");
            (lit.negated ? negative : positive).add(std::move(atom));
        }
    }

    const DomainAst& domain_;
    const ProblemAst& problem_;
    std::vector<Warning>* warnings_;
    TypeHierarchy types_;
    Task task_;
    int num_problem_objects_ = 0;
    std::unordered_map<std::string, ObjectId> object_ids_;
    std::unordered_map<std::string, PredicateId> predicate_ids_;
    std::unordered_map<std::string, SchemaId> schema_ids_;
    std::unordered_map<std::string, FunctionId> function_ids_;
    bool declares_total_cost_ = false;
    bool has_cost_effects_ = false;
    // ADL lowering: quantified variables in scope (name, index), their types
    // by index, the next free index, and the schemas waiting for the
    // problem's objects to be normalised.
    std::vector<std::pair<std::string, int>> scope_;
    std::vector<TypeId> variable_types_;
    int next_variable_ = 0;
    bool lowering_goal_ = false;
    std::vector<PendingAdl> pending_adl_;
    std::vector<PendingDerived> pending_derived_;
    std::vector<Pos> axiom_pos_;  // of the (:derived ...) or condition of each axiom
    std::unordered_map<TypeId, std::vector<ObjectId>> objects_by_type_;
};

}  // namespace

Task build_task(const DomainAst& domain, const ProblemAst& problem,
                std::vector<Warning>* warnings) {
    return TaskBuilder(domain, problem, warnings).build();
}

}  // namespace ll::pddl
