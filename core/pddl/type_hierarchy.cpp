// The type hierarchy (see type_hierarchy.hpp).
#include "core/pddl/type_hierarchy.hpp"

#include <algorithm>

namespace ll::pddl {

TypeId TypeHierarchy::get_or_create(const std::string& name) {
    auto [it, inserted] = declared_by_name_.try_emplace(name, static_cast<TypeId>(types_.size()));
    if (inserted) {
        types_.push_back(Type{name, 0});
        parents_.push_back({0});
        members_.push_back({it->second});
    }
    return it->second;
}

TypeHierarchy::TypeHierarchy(const std::vector<TypedName>& declarations, const std::string& file,
                             std::vector<Warning>* warnings) {
    types_.push_back(Type{"object", -1});
    parents_.push_back({});
    members_.push_back({0});
    declared_by_name_.emplace("object", 0);

    // Ids in textual order of first mention: in "a b - c", a, b, then c.
    for (std::size_t i = 0; i < declarations.size(); ++i) {
        const TypedName& decl = declarations[i];
        if (decl.name.text != "object") get_or_create(decl.name.text);
        const bool ends_group = i + 1 == declarations.size() ||
                                declarations[i + 1].type.pos.line != decl.type.pos.line ||
                                declarations[i + 1].type.pos.column != decl.type.pos.column;
        if (ends_group && decl.type.alternatives.size() == 1) {
            get_or_create(decl.type.alternatives[0].text);
        }
    }

    std::vector<bool> declared(types_.size(), false);
    for (const TypedName& decl : declarations) {
        if (decl.type.alternatives.size() > 1) {
            throw Error(ErrorCategory::Unsupported,
                        "type '" + decl.name.text +
                            "' cannot have an (either ...) parent: multiple inheritance is not "
                            "supported",
                        source_position(decl.type.pos, file));
        }
        const std::string parent_name =
            decl.type.alternatives.empty() ? "object" : decl.type.alternatives[0].text;
        if (decl.name.text == "object") {
            if (parent_name != "object") {
                throw Error(ErrorCategory::Input,
                            "the root type 'object' cannot have a parent type",
                            source_position(decl.type.pos, file));
            }
            continue;  // re-declaring the root is harmless
        }
        TypeId id = get_or_create(decl.name.text);
        TypeId parent = get_or_create(parent_name);
        if (declared[id]) {
            // Fast Downward accepts a type declared again; under another
            // parent, it keeps both.
            auto& parents = parents_[id];
            const bool known = std::find(parents.begin(), parents.end(), parent) != parents.end();
            add_warning(warnings,
                        known ? "type '" + decl.name.text + "' is declared twice"
                              : "type '" + decl.name.text + "' is declared under two parents ('" +
                                    types_[parents[0]].name + "' and '" + parent_name +
                                    "'): its objects are of both types",
                        source_position(decl.name.pos, file));
            if (known) continue;
            parents.push_back(parent);
            multiple_parents_ = true;
        } else {
            declared[id] = true;
            parents_[id] = {parent};
            types_[id].parent = parent;
        }
        // A cycle can only close when a parent link is set, so check here.
        const std::vector<TypeId> above = ancestors(parent);
        if (std::find(above.begin(), above.end(), id) != above.end()) {
            throw Error(
                ErrorCategory::Input,
                "the type hierarchy has a cycle: '" + decl.name.text + "' is its own ancestor",
                source_position(decl.type.pos, file));
        }
    }
}

std::vector<TypeId> TypeHierarchy::ancestors(TypeId t) const {
    std::vector<TypeId> out{t};
    std::vector<bool> seen(types_.size(), false);
    seen[t] = true;
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (static_cast<std::size_t>(out[i]) >= parents_.size()) continue;  // either-types
        for (TypeId p : parents_[out[i]]) {
            if (!seen[p]) {
                seen[p] = true;
                out.push_back(p);
            }
        }
    }
    return out;
}

bool TypeHierarchy::descends(TypeId a, TypeId b) const {
    if (!multiple_parents_) {  // a tree: walk up (the common case, allocation-free)
        for (TypeId t = a; t != -1; t = types_[t].parent) {
            if (t == b) return true;
        }
        return false;
    }
    if (a == b) return true;
    const std::vector<TypeId> above = ancestors(a);
    return std::find(above.begin(), above.end(), b) != above.end();
}

TypeId TypeHierarchy::resolve(const TypeRef& ref, const std::string& file) {
    if (ref.alternatives.empty()) return 0;
    std::vector<TypeId> ids;
    for (const Name& alt : ref.alternatives) {
        auto it = declared_by_name_.find(alt.text);
        if (it == declared_by_name_.end()) {
            throw Error(ErrorCategory::Input,
                        "unknown type '" + alt.text + "' (did you declare it in :types?)",
                        source_position(alt.pos, file));
        }
        if (std::find(ids.begin(), ids.end(), it->second) == ids.end()) ids.push_back(it->second);
    }
    // Drop members covered by another member: (either truck vehicle) is vehicle.
    std::vector<TypeId> kept;
    for (TypeId a : ids) {
        bool covered = false;
        for (TypeId b : ids)
            covered = covered || (a != b && descends(a, b));
        if (!covered) kept.push_back(a);
    }
    if (kept.size() == 1) return kept[0];
    std::vector<TypeId> key = kept;
    std::sort(key.begin(), key.end());
    auto it = either_by_members_.find(key);
    if (it != either_by_members_.end()) return it->second;
    std::string name = "(either";
    for (TypeId t : kept)
        name += " " + types_[t].name;
    name += ")";
    TypeId id = static_cast<TypeId>(types_.size());
    types_.push_back(Type{name, -1});
    members_.push_back(kept);
    either_by_members_.emplace(std::move(key), id);
    return id;
}

TypeId TypeHierarchy::resolve_object_type(const TypeRef& ref, const std::string& file) {
    if (ref.alternatives.size() > 1) {
        throw Error(ErrorCategory::Unsupported,
                    "an object cannot be declared with an (either ...) type; give it one type",
                    source_position(ref.pos, file));
    }
    return resolve(ref, file);
}

bool TypeHierarchy::is_subtype(TypeId a, TypeId b) const {
    if (a == b || b == 0) return true;
    for (TypeId m : members_[a]) {
        bool inside = false;
        for (TypeId n : members_[b])
            inside = inside || descends(m, n);
        if (!inside) return false;
    }
    return true;
}

bool TypeHierarchy::overlaps(TypeId a, TypeId b) const {
    // In a DAG two types also meet in a common descendant (a type declared
    // under both), so look for any declared type below one member of each.
    for (TypeId m : members_[a]) {
        for (TypeId n : members_[b]) {
            if (descends(m, n) || descends(n, m)) return true;
            for (std::size_t d = 0; multiple_parents_ && d < parents_.size(); ++d) {
                if (parents_[d].size() > 1 && descends(static_cast<TypeId>(d), m) &&
                    descends(static_cast<TypeId>(d), n))
                    return true;
            }
        }
    }
    return false;
}

void TypeHierarchy::compute_membership(Task& task) const {
    const std::size_t num_types = types_.size();
    const std::size_t num_objects = task.objects.size();
    task.is_of_type.assign(num_types, std::vector<bool>(num_objects, false));
    task.objects_of_type.assign(num_types, {});
    std::vector<std::vector<TypeId>> above(num_types);
    for (std::size_t o = 0; o < num_objects; ++o) {
        const TypeId type = task.objects[o].type;
        if (above[type].empty()) above[type] = ancestors(type);
        for (TypeId t : above[type])
            task.is_of_type[t][o] = true;
    }
    for (std::size_t t = 0; t < num_types; ++t) {
        if (types_[t].parent != -1 || t == 0) continue;  // declared types are done
        for (std::size_t o = 0; o < num_objects; ++o) {
            for (TypeId m : members_[t]) {
                if (task.is_of_type[m][o]) {
                    task.is_of_type[t][o] = true;
                    break;
                }
            }
        }
    }
    for (std::size_t t = 0; t < num_types; ++t) {
        for (std::size_t o = 0; o < num_objects; ++o) {
            if (task.is_of_type[t][o]) task.objects_of_type[t].push_back(static_cast<ObjectId>(o));
        }
    }
}

}  // namespace ll::pddl
