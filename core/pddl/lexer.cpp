// The PDDL lexer (see lexer.hpp).
#include "core/pddl/lexer.hpp"

namespace ll::pddl {

namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool is_delimiter(char c) {
    return is_blank(c) || c == '(' || c == ')' || c == ';';
}

char to_lower(char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool is_letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

}  // namespace

Lexer::Lexer(std::string_view text) : text_(text) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") offset_ = 3;  // UTF-8 byte-order mark
}

bool Lexer::take_line_break() {
    const char c = text_[offset_];
    if (c != '\n' && c != '\r') return false;
    ++offset_;
    if (c == '\r' && offset_ < text_.size() && text_[offset_] == '\n') ++offset_;
    ++line_;
    column_ = 1;
    return true;
}

void Lexer::skip_blanks_and_comments() {
    while (offset_ < text_.size()) {
        char c = text_[offset_];
        if (c == ';') {
            while (offset_ < text_.size() && text_[offset_] != '\n' && text_[offset_] != '\r') {
                ++offset_;
                ++column_;
            }
        } else if (take_line_break()) {
            // next line
        } else if (is_blank(c)) {
            ++offset_;
            ++column_;
        } else {
            return;
        }
    }
}

Token Lexer::next() {
    const bool glued = in_symbol_;
    in_symbol_ = false;
    skip_blanks_and_comments();
    Token token;
    token.line = line_;
    token.column = column_;
    if (offset_ >= text_.size()) {
        token.kind = Token::Kind::End;
        return token;
    }
    char c = text_[offset_];
    if (c == '(' || c == ')') {
        token.kind = c == '(' ? Token::Kind::LParen : Token::Kind::RParen;
        ++offset_;
        ++column_;
        return token;
    }
    token.kind = Token::Kind::Symbol;
    token.glued = glued;
    std::size_t start = offset_;
    // '?' starts a variable even when written against a name (Fast
    // Downward's tokenizer does the same).
    while (offset_ < text_.size() && !is_delimiter(text_[offset_]) &&
           (text_[offset_] != '?' || offset_ == start))
        ++offset_;
    in_symbol_ = offset_ < text_.size() && text_[offset_] == '?';
    token.text.reserve(offset_ - start);
    for (std::size_t i = start; i < offset_; ++i)
        token.text += to_lower(text_[i]);
    column_ += static_cast<int>(offset_ - start);
    return token;
}

bool is_name(std::string_view s) {
    if (s.empty() || !is_letter(s[0])) return false;
    for (char c : s) {
        if (!is_letter(c) && !is_digit(c) && c != '-' && c != '_') return false;
    }
    return true;
}

bool is_variable(std::string_view s) {
    return s.size() > 1 && s[0] == '?' && is_name(s.substr(1));
}

bool is_keyword(std::string_view s) {
    return s.size() > 1 && s[0] == ':' && is_name(s.substr(1));
}

}  // namespace ll::pddl
