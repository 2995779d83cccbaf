// The type hierarchy of a domain: declared types under the root "object",
// plus the (either ...) types met in predicate and parameter declarations,
// each an extra type with parent -1 that stands for the union of its members.
// Answers the subtype and overlap questions the task builder needs for type
// checking.
//
// A type declared twice under different parents ("a - b" and "a - c") has
// both as parents, with a warning: its objects are of type b and of type c,
// as in Fast Downward, which keeps every declared supertype. Type::parent
// is then the first one; the hierarchy is a DAG.
#pragma once

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/pddl/ast.hpp"
#include "core/task/task.hpp"

namespace ll::pddl {

class TypeHierarchy {
  public:
    // Declares the entries of :types. Types named as parents before (or
    // without) their own declaration are declared implicitly under object.
    // Ids follow the order of first mention; 0 is object.
    TypeHierarchy(const std::vector<TypedName>& declarations, const std::string& file,
                  std::vector<Warning>* warnings = nullptr);

    // The TypeId of an annotation on a parameter or predicate argument;
    // creates either-types on first use. Throws Input for unknown types.
    TypeId resolve(const TypeRef& ref, const std::string& file);
    // The TypeId of an object or constant annotation: (either ...) with
    // more than one type is refused as Unsupported.
    TypeId resolve_object_type(const TypeRef& ref, const std::string& file);

    // Every object of type `a` is of type `b`.
    bool is_subtype(TypeId a, TypeId b) const;
    // Some object could be of both types (in a tree: one member of `a` is
    // an ancestor or a descendant of one member of `b`).
    bool overlaps(TypeId a, TypeId b) const;

    const std::vector<Type>& types() const { return types_; }

    // Fills task.objects_of_type and task.is_of_type from task.objects.
    void compute_membership(Task& task) const;

  private:
    TypeId get_or_create(const std::string& name);
    bool descends(TypeId a, TypeId b) const;  // a == b or b is an ancestor of a
    // Every ancestor of `t` (t included), each once.
    std::vector<TypeId> ancestors(TypeId t) const;

    std::vector<Type> types_;
    std::vector<std::vector<TypeId>> parents_;  // declared types: all parents
    bool multiple_parents_ = false;             // some type has two parents
    std::unordered_map<std::string, TypeId> declared_by_name_;
    // Either-types by their sorted member ids.
    std::map<std::vector<TypeId>, TypeId> either_by_members_;
    // members_[t]: the declared types that t stands for ({t} unless either).
    std::vector<std::vector<TypeId>> members_;
};

}  // namespace ll::pddl
