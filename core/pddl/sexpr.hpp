// S-expressions: the bracket structure of a PDDL file, read before any PDDL
// meaning is attached. Reading checks parenthesis balance, so the domain and
// problem parsers only ever see well-formed trees. Every node keeps its
// position for error messages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/common/error.hpp"

namespace ll::pddl {

struct SExpr {
    bool is_list = false;
    std::string symbol;  // lower case; empty for lists
    int line = 0;        // of the symbol, or of a list's '('
    int column = 0;
    int close_line = 0;  // of a list's ')'
    int close_column = 0;
    std::vector<SExpr> items;  // a list's elements

    bool is_symbol() const { return !is_list; }
    bool is_symbol(std::string_view s) const { return !is_list && symbol == s; }
    // A list whose first element is the symbol `head`.
    bool has_head(std::string_view head) const {
        return is_list && !items.empty() && items[0].is_symbol(head);
    }
};

// Reads every top-level expression of `text`. Throws a Syntax error for a ')'
// without a matching '(', a '(' that is never closed, or lists nested more
// than 1000 deep (no PDDL file comes close: it is malformed input). Warns
// (when `warnings` is given) about a variable written against a name.
std::vector<SExpr> read_sexprs(std::string_view text, const std::string& file,
                               std::vector<Warning>* warnings = nullptr);

// Position helpers: all errors raised by the parsers go through these.
inline SourcePosition position_of(const SExpr& e, const std::string& file) {
    return SourcePosition{file, e.line, e.column};
}
inline SourcePosition close_position_of(const SExpr& e, const std::string& file) {
    return SourcePosition{file, e.close_line, e.close_column};
}

// A short rendering for messages: the symbol, "(head ...)" or "()". Symbols
// are cut after 60 bytes and control or non-ASCII bytes are escaped (\x00),
// so that an error about a binary or huge file stays one short line.
std::string describe(const SExpr& e);
// The same escaping and cut for any symbol text quoted in a message.
std::string printable_symbol(std::string_view symbol);

}  // namespace ll::pddl
