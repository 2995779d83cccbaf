// The PDDL lexer: turns text into parentheses and symbols, each with its
// 1-based line and column. ';' starts a comment that runs to the end of the
// line. Symbols are folded to lower case because PDDL names are
// case-insensitive.
//
// Like Fast Downward's: a UTF-8 byte-order mark at the start is skipped; a
// line ends at LF, CRLF or a lone CR (old Mac files); '?' always starts a
// new symbol, so "(aircraft?a)" reads as "(aircraft ?a)" (the token after
// the split is marked `glued`, for a warning).
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
    bool glued = false;  // a '?' symbol written right after another symbol
};

class Lexer {
  public:
    explicit Lexer(std::string_view text);

    // The next token; Kind::End (positioned just after the last character)
    // once the text is exhausted, and again on every later call.
    Token next();

  private:
    void skip_blanks_and_comments();
    // At a line break (LF, CR or CRLF): consumes it and starts a new line.
    bool take_line_break();

    std::string_view text_;
    std::size_t offset_ = 0;
    int line_ = 1;
    int column_ = 1;
    bool in_symbol_ = false;  // the last token was a symbol ended by '?'
};

// Symbol classes. A name starts with a letter and continues with letters,
// digits, '-' and '_'; a variable is '?' followed by a name; a keyword is ':'
// followed by a name.
bool is_name(std::string_view s);
bool is_variable(std::string_view s);
bool is_keyword(std::string_view s);

}  // namespace ll::pddl
