// Reading s-expressions (see sexpr.hpp). Iterative, and nesting is bounded,
// so that neither reading nor the recursive code downstream (formula parsing,
// destroying the tree) can overflow the stack on hostile input.
#include "core/pddl/sexpr.hpp"

#include <utility>

#include "core/pddl/lexer.hpp"

namespace ll::pddl {

namespace {
constexpr std::size_t kMaxNesting = 1000;
}  // namespace

std::vector<SExpr> read_sexprs(std::string_view text, const std::string& file,
                               std::vector<Warning>* warnings) {
    Lexer lexer(text);
    std::vector<SExpr> top;
    // Lists being filled, innermost last.
    std::vector<SExpr> open;
    for (;;) {
        Token token = lexer.next();
        switch (token.kind) {
            case Token::Kind::End: {
                if (!open.empty()) {
                    const SExpr& unclosed = open.back();
                    throw Error(ErrorCategory::Syntax,
                                "unbalanced parentheses: this '(' is never closed (the file ends "
                                "at line " +
                                    std::to_string(token.line) + ", column " +
                                    std::to_string(token.column) + ")",
                                position_of(unclosed, file));
                }
                return top;
            }
            case Token::Kind::LParen: {
                if (open.size() >= kMaxNesting) {
                    throw Error(ErrorCategory::Syntax,
                                "parentheses nested more than " + std::to_string(kMaxNesting) +
                                    " deep: this is not a PDDL file, or it is malformed",
                                SourcePosition{file, token.line, token.column});
                }
                SExpr list;
                list.is_list = true;
                list.line = token.line;
                list.column = token.column;
                open.push_back(std::move(list));
                break;
            }
            case Token::Kind::RParen: {
                if (open.empty()) {
                    throw Error(ErrorCategory::Syntax,
                                "unbalanced parentheses: this ')' has no matching '('",
                                SourcePosition{file, token.line, token.column});
                }
                SExpr done = std::move(open.back());
                open.pop_back();
                done.close_line = token.line;
                done.close_column = token.column;
                (open.empty() ? top : open.back().items).push_back(std::move(done));
                break;
            }
            case Token::Kind::Symbol: {
                if (token.glued) {
                    const auto& siblings = open.empty() ? top : open.back().items;
                    const std::string before = !siblings.empty() && siblings.back().is_symbol()
                                                   ? siblings.back().symbol
                                                   : std::string();
                    add_warning(warnings,
                                "no space between '" + printable_symbol(before) + "' and '" +
                                    printable_symbol(token.text) + "': read as two symbols",
                                SourcePosition{file, token.line, token.column});
                }
                SExpr symbol;
                symbol.symbol = std::move(token.text);
                symbol.line = token.line;
                symbol.column = token.column;
                (open.empty() ? top : open.back().items).push_back(std::move(symbol));
                break;
            }
        }
    }
}

std::string printable_symbol(std::string_view symbol) {
    constexpr std::size_t kMaxShown = 60;
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < symbol.size() && i < kMaxShown; ++i) {
        const auto c = static_cast<unsigned char>(symbol[i]);
        if (c < 0x20 || c >= 0x7f) {
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 0xf];
        } else {
            out += static_cast<char>(c);
        }
    }
    if (symbol.size() > kMaxShown) out += "... (" + std::to_string(symbol.size()) + " characters)";
    return out;
}

std::string describe(const SExpr& e) {
    if (!e.is_list) return "'" + printable_symbol(e.symbol) + "'";
    if (e.items.empty()) return "'()'";
    if (e.items[0].is_symbol()) return "'(" + printable_symbol(e.items[0].symbol) + " ...)'";
    return "a list";
}

}  // namespace ll::pddl
