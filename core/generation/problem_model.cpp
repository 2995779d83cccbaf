#include "core/generation/problem_model.hpp"

#include <algorithm>
#include <set>
#include <sstream>

namespace ll {
namespace {

// Calls fn(arguments) for every tuple of objects of the given types.
template <class Fn>
void for_each_tuple(const Task& task, std::span<const TypeId> types, Fn&& fn) {
    std::vector<ObjectId> tuple(types.size());
    std::vector<std::size_t> index(types.size(), 0);
    for (TypeId t : types)
        if (task.objects_of_type[t].empty()) return;
    for (;;) {
        for (std::size_t i = 0; i < types.size(); ++i)
            tuple[i] = task.objects_of_type[types[i]][index[i]];
        fn(std::span<const ObjectId>(tuple));
        std::size_t i = types.size();
        while (i > 0) {
            --i;
            if (++index[i] < task.objects_of_type[types[i]].size()) break;
            index[i] = 0;
            if (i == 0) return;
        }
        if (types.empty()) return;
    }
}

bool names(std::span<const ObjectId> arguments, ObjectId o) {
    return std::find(arguments.begin(), arguments.end(), o) != arguments.end();
}

void write_atom(std::ostream& out, const Task& task, const ProblemModel& model,
                const GroundAtom& atom) {
    out << '(' << task.predicates[atom.predicate].name;
    for (ObjectId o : atom.arguments)
        out << ' ' << model.objects[o].name;
    out << ')';
}

void write_objects(std::ostream& out, const Task& task, const ProblemModel& model) {
    out << "  (:objects";
    // Grouped by type, in the order the types first occur.
    std::vector<TypeId> order;
    for (const Object& o : model.objects)
        if (!o.is_constant && std::find(order.begin(), order.end(), o.type) == order.end())
            order.push_back(o.type);
    for (TypeId type : order) {
        out << "\n   ";
        for (const Object& o : model.objects)
            if (!o.is_constant && o.type == type) out << ' ' << o.name;
        if (task.types.size() > 1) out << " - " << task.types[type].name;
    }
    out << ")\n";
}

void write_init(std::ostream& out, const Task& task, const ProblemModel& model) {
    out << "  (:init";
    for (const auto* atoms : {&model.static_atoms, &model.fluent_atoms}) {
        for (const GroundAtom& atom : *atoms) {
            out << "\n    ";
            write_atom(out, task, model, atom);
        }
    }
    for (const ProblemModel::FunctionValue& v : model.values) {
        out << "\n    (= (" << task.functions[v.function].name;
        for (ObjectId o : v.arguments)
            out << ' ' << model.objects[o].name;
        out << ") " << v.value << ')';
    }
    if (task.has_action_costs) out << "\n    (= (total-cost) 0)";
    out << ")\n";
}

}  // namespace

ProblemModel model_of(const Task& task, const StateLayout& layout, const State& state) {
    ProblemModel model;
    model.objects = task.objects;
    for (const GroundAtom& atom : task.initial_state)
        if (task.predicates[atom.predicate].is_static) model.static_atoms.push_back(atom);
    // Derived atoms follow from the others by the axioms: never in :init.
    for (GroundAtom& atom : fluent_atoms(layout, state))
        if (!task.predicates[atom.predicate].is_derived)
            model.fluent_atoms.push_back(std::move(atom));
    for (FunctionId f = 0; f < static_cast<FunctionId>(task.functions.size()); ++f) {
        const NumericFunction& function = task.functions[f];
        for_each_tuple(task, function.argument_types, [&](std::span<const ObjectId> arguments) {
            const int value = function.value(arguments);
            if (value >= 0)
                model.values.push_back({f, {arguments.begin(), arguments.end()}, value});
        });
    }
    return model;
}

ProblemModel without_object(const ProblemModel& model, ObjectId o) {
    ProblemModel result;
    std::vector<ObjectId> new_id(model.objects.size(), -1);
    for (ObjectId i = 0; i < static_cast<ObjectId>(model.objects.size()); ++i) {
        if (i == o) continue;
        new_id[i] = static_cast<ObjectId>(result.objects.size());
        result.objects.push_back(model.objects[i]);
    }
    auto renamed = [&](std::span<const ObjectId> arguments) {
        std::vector<ObjectId> out;
        for (ObjectId a : arguments)
            out.push_back(new_id[a]);
        return out;
    };
    for (const GroundAtom& atom : model.static_atoms)
        if (!names(atom.arguments, o))
            result.static_atoms.push_back({atom.predicate, renamed(atom.arguments)});
    for (const GroundAtom& atom : model.fluent_atoms)
        if (!names(atom.arguments, o))
            result.fluent_atoms.push_back({atom.predicate, renamed(atom.arguments)});
    for (const ProblemModel::FunctionValue& v : model.values)
        if (!names(v.arguments, o))
            result.values.push_back({v.function, renamed(v.arguments), v.value});
    return result;
}

ProblemModel with_clone(const Task& task, const ProblemModel& model, ObjectId o) {
    ProblemModel result = model;
    std::set<std::string> taken;
    for (const Object& object : model.objects)
        taken.insert(object.name);
    Object clone = model.objects[o];
    clone.is_constant = false;
    // Named as generators name objects: its type and a number ("block7").
    const std::string& type = task.types[clone.type].name;
    for (int k = 1;; ++k) {
        clone.name = type + std::to_string(k);
        if (!taken.contains(clone.name)) break;
    }
    const ObjectId id = static_cast<ObjectId>(result.objects.size());
    result.objects.push_back(clone);
    auto copied = [&](std::vector<ObjectId> arguments) {
        std::replace(arguments.begin(), arguments.end(), o, id);
        return arguments;
    };
    for (const GroundAtom& atom : model.static_atoms)
        if (names(atom.arguments, o))
            result.static_atoms.push_back({atom.predicate, copied(atom.arguments)});
    for (const GroundAtom& atom : model.fluent_atoms)
        if (names(atom.arguments, o))
            result.fluent_atoms.push_back({atom.predicate, copied(atom.arguments)});
    for (const ProblemModel::FunctionValue& v : model.values)
        if (names(v.arguments, o))
            result.values.push_back({v.function, copied(v.arguments), v.value});
    return result;
}

std::string write_problem(const Task& task, const ProblemModel& model, std::string_view name,
                          std::span<const GroundAtom> goal) {
    std::ostringstream out;
    out << "(define (problem " << name << ")\n  (:domain " << task.domain_name << ")\n";
    write_objects(out, task, model);
    write_init(out, task, model);
    out << "  (:goal (and";
    for (const GroundAtom& atom : goal) {
        out << "\n    ";
        write_atom(out, task, model, atom);
    }
    out << "))\n";
    if (task.has_action_costs) out << "  (:metric minimize (total-cost))\n";
    out << ")\n";
    return out.str();
}

}  // namespace ll
