// Typed lists: "a b - t c - (either u v) d", as used by :types, :constants,
// :objects, :parameters and predicate declarations. Untyped entries get an
// empty TypeRef (meaning object).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/pddl/ast.hpp"
#include "core/pddl/sexpr.hpp"

namespace ll::pddl {

enum class TypedListKind {
    Names,      // types, constants, objects: entries are names
    Variables,  // parameters: entries are variables
};

// Parses list.items[begin..]. `what` names the list in messages (e.g.
// "the :objects section"). Throws a Syntax error for malformed entries and an
// Input error for a '- type' annotation when :typing is not required.
std::vector<TypedName> parse_typed_list(const SExpr& list, std::size_t begin, TypedListKind kind,
                                        const Requirements& requirements, const std::string& file,
                                        std::string_view what);

}  // namespace ll::pddl
