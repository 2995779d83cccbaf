// The PDDL lexer: turns text into parentheses and symbols, each with its
// 1-based line and column. ';' starts a comment that runs to the end of the
// line. Symbols are folded to lower case because PDDL names are
// case-insensitive.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ll::pddl {

struct Token {
    enum class Kind : std::uint8_t { LParen, RParen, Symbol, End };
    Kind kind = Kind::End;
    std::string text;  // lower case; empty for parentheses and End
    int line = 1;
    int column = 1;
};

class Lexer {
  public:
    explicit Lexer(std::string_view text) : text_(text) {}

    // The next token; Kind::End (positioned just after the last character)
    // once the text is exhausted, and again on every later call.
    Token next();

  private:
    void skip_blanks_and_comments();

    std::string_view text_;
    std::size_t offset_ = 0;
    int line_ = 1;
    int column_ = 1;
};

// Symbol classes. A name starts with a letter and continues with letters,
// digits, '-' and '_'; a variable is '?' followed by a name; a keyword is ':'
// followed by a name.
bool is_name(std::string_view s);
bool is_variable(std::string_view s);
bool is_keyword(std::string_view s);

}  // namespace ll::pddl
