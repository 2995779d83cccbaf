// Parsing typed lists (see typed_list.hpp).
#include "core/pddl/typed_list.hpp"

#include "core/pddl/lexer.hpp"

namespace ll::pddl {

namespace {

TypeRef parse_type(const SExpr& e, const std::string& file) {
    TypeRef type;
    type.pos = pos_of(e);
    if (e.is_symbol()) {
        if (!is_name(e.symbol) || e.symbol == "either") {
            throw Error(ErrorCategory::Syntax,
                        "expected a type name after '-', found " + describe(e),
                        position_of(e, file));
        }
        type.alternatives.push_back(Name{e.symbol, pos_of(e)});
        return type;
    }
    if (!e.has_head("either")) {
        throw Error(ErrorCategory::Syntax,
                    "expected a type name or '(either ...)' after '-', found " + describe(e),
                    position_of(e, file));
    }
    type.is_either = true;
    if (e.items.size() < 2) {
        throw Error(ErrorCategory::Syntax, "'(either ...)' needs at least one type",
                    close_position_of(e, file));
    }
    for (std::size_t i = 1; i < e.items.size(); ++i) {
        const SExpr& t = e.items[i];
        if (!t.is_symbol() || !is_name(t.symbol) || t.symbol == "either") {
            throw Error(ErrorCategory::Syntax,
                        "expected a type name inside '(either ...)', found " + describe(t),
                        position_of(t, file));
        }
        type.alternatives.push_back(Name{t.symbol, pos_of(t)});
    }
    return type;
}

}  // namespace

std::vector<TypedName> parse_typed_list(const SExpr& list, std::size_t begin, TypedListKind kind,
                                        const Requirements& requirements, const std::string& file,
                                        std::string_view what) {
    std::vector<TypedName> out;
    std::size_t untyped_from = 0;  // first entry of `out` still waiting for a type
    const std::vector<SExpr>& items = list.items;
    for (std::size_t i = begin; i < items.size(); ++i) {
        const SExpr& e = items[i];
        if (e.is_symbol("-")) {
            // "- object" changes nothing, and generated benchmark problems write
            // it without declaring :typing, so it is always accepted.
            const bool trivial = i + 1 < items.size() && items[i + 1].is_symbol("object");
            if (!requirements.typing && !trivial) {
                throw Error(ErrorCategory::Input,
                            "'- type' annotations need ':typing' in :requirements",
                            position_of(e, file));
            }
            if (untyped_from == out.size()) {
                throw Error(ErrorCategory::Syntax,
                            "'-' must follow at least one name in " + std::string(what),
                            position_of(e, file));
            }
            if (i + 1 >= items.size()) {
                throw Error(ErrorCategory::Syntax, "expected a type after '-'",
                            close_position_of(list, file));
            }
            TypeRef type = parse_type(items[++i], file);
            for (std::size_t k = untyped_from; k < out.size(); ++k)
                out[k].type = type;
            untyped_from = out.size();
            continue;
        }
        bool ok = e.is_symbol() &&
                  (kind == TypedListKind::Variables ? is_variable(e.symbol) : is_name(e.symbol));
        if (!ok) {
            throw Error(ErrorCategory::Syntax,
                        std::string(kind == TypedListKind::Variables ? "expected a variable (?name)"
                                                                     : "expected a name") +
                            " in " + std::string(what) + ", found " + describe(e),
                        position_of(e, file));
        }
        out.push_back(TypedName{Name{e.symbol, pos_of(e)}, TypeRef{{}, false, pos_of(e)}});
    }
    return out;
}

}  // namespace ll::pddl
