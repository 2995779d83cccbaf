// Tests of the PDDL lexer and the s-expression reader: tokens, positions,
// comments, case folding and parenthesis balance.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/pddl/lexer.hpp"
#include "core/pddl/sexpr.hpp"

namespace {

using ll::Error;
using ll::ErrorCategory;
using ll::pddl::Lexer;
using ll::pddl::Token;

std::vector<Token> lex_all(std::string_view text) {
    Lexer lexer(text);
    std::vector<Token> out;
    for (;;) {
        Token t = lexer.next();
        out.push_back(t);
        if (t.kind == Token::Kind::End) return out;
    }
}

TEST(PddlLexer, TokensPositionsAndCaseFolding) {
    auto tokens = lex_all("(DEFINE ; a comment (ignored)\n  (Domain Foo-Bar_2))");
    ASSERT_EQ(tokens.size(), 8u);
    EXPECT_EQ(tokens[0].kind, Token::Kind::LParen);
    EXPECT_EQ(tokens[0].line, 1);
    EXPECT_EQ(tokens[0].column, 1);
    EXPECT_EQ(tokens[1].kind, Token::Kind::Symbol);
    EXPECT_EQ(tokens[1].text, "define");
    EXPECT_EQ(tokens[1].column, 2);
    EXPECT_EQ(tokens[2].kind, Token::Kind::LParen);
    EXPECT_EQ(tokens[2].line, 2);
    EXPECT_EQ(tokens[2].column, 3);
    EXPECT_EQ(tokens[3].text, "domain");
    EXPECT_EQ(tokens[3].column, 4);
    EXPECT_EQ(tokens[4].text, "foo-bar_2");
    EXPECT_EQ(tokens[4].line, 2);
    EXPECT_EQ(tokens[4].column, 11);
    EXPECT_EQ(tokens[5].kind, Token::Kind::RParen);
    EXPECT_EQ(tokens[5].column, 20);
    EXPECT_EQ(tokens[6].kind, Token::Kind::RParen);
    EXPECT_EQ(tokens[6].column, 21);
    EXPECT_EQ(tokens[7].kind, Token::Kind::End);
}

TEST(PddlLexer, EndRepeats) {
    Lexer lexer("a");
    EXPECT_EQ(lexer.next().text, "a");
    EXPECT_EQ(lexer.next().kind, Token::Kind::End);
    EXPECT_EQ(lexer.next().kind, Token::Kind::End);
}

TEST(PddlLexer, SymbolsStopAtParenthesesAndComments) {
    auto tokens = lex_all("?x-1(:Init;c\n\t0:");
    ASSERT_EQ(tokens.size(), 5u);
    EXPECT_EQ(tokens[0].text, "?x-1");
    EXPECT_EQ(tokens[1].kind, Token::Kind::LParen);
    EXPECT_EQ(tokens[1].column, 5);
    EXPECT_EQ(tokens[2].text, ":init");
    EXPECT_EQ(tokens[3].text, "0:");
    EXPECT_EQ(tokens[3].line, 2);
    EXPECT_EQ(tokens[3].column, 2);  // a tab counts as one column
    EXPECT_EQ(tokens[4].kind, Token::Kind::End);
    EXPECT_EQ(tokens[4].line, 2);
    EXPECT_EQ(tokens[4].column, 4);
}

TEST(PddlLexer, SymbolClasses) {
    EXPECT_TRUE(ll::pddl::is_name("on-table"));
    EXPECT_TRUE(ll::pddl::is_name("b_12"));
    EXPECT_FALSE(ll::pddl::is_name("1b"));
    EXPECT_FALSE(ll::pddl::is_name("-"));
    EXPECT_FALSE(ll::pddl::is_name("a.b"));
    EXPECT_FALSE(ll::pddl::is_name(""));
    EXPECT_TRUE(ll::pddl::is_variable("?x1"));
    EXPECT_FALSE(ll::pddl::is_variable("?"));
    EXPECT_FALSE(ll::pddl::is_variable("x"));
    EXPECT_TRUE(ll::pddl::is_keyword(":action"));
    EXPECT_FALSE(ll::pddl::is_keyword(":"));
}

TEST(PddlSExpr, ReadsNestedListsWithPositions) {
    auto top = ll::pddl::read_sexprs("(a (b c)\n ())", "f.pddl");
    ASSERT_EQ(top.size(), 1u);
    const auto& root = top[0];
    ASSERT_TRUE(root.is_list);
    ASSERT_EQ(root.items.size(), 3u);
    EXPECT_TRUE(root.items[0].is_symbol("a"));
    EXPECT_TRUE(root.items[1].has_head("b"));
    EXPECT_EQ(root.items[1].line, 1);
    EXPECT_EQ(root.items[1].column, 4);
    EXPECT_EQ(root.items[1].close_column, 8);
    EXPECT_TRUE(root.items[2].is_list);
    EXPECT_TRUE(root.items[2].items.empty());
    EXPECT_EQ(root.items[2].line, 2);
    EXPECT_EQ(root.items[2].column, 2);
    EXPECT_EQ(root.close_line, 2);
    EXPECT_EQ(root.close_column, 4);
}

TEST(PddlSExpr, StrayCloseParenthesis) {
    try {
        ll::pddl::read_sexprs("(a)\n  )", "f.pddl");
        FAIL() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Syntax);
        EXPECT_EQ(e.position().file, "f.pddl");
        EXPECT_EQ(e.position().line, 2);
        EXPECT_EQ(e.position().column, 3);
        EXPECT_NE(e.message().find("no matching '('"), std::string::npos) << e.message();
    }
}

TEST(PddlSExpr, UnclosedParenthesisNamesWhereItOpened) {
    try {
        ll::pddl::read_sexprs("(a\n (b (c))\n   (d e\n", "f.pddl");
        FAIL() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Syntax);
        EXPECT_EQ(e.position().line, 3);
        EXPECT_EQ(e.position().column, 4);
        EXPECT_NE(e.message().find("never closed"), std::string::npos) << e.message();
        EXPECT_NE(e.message().find("line 4"), std::string::npos) << e.message();
    }
}

TEST(PddlSExpr, NestingIsBounded) {
    std::string ok = std::string(1000, '(') + std::string(1000, ')');
    EXPECT_EQ(ll::pddl::read_sexprs(ok, "deep").size(), 1u);
    std::string deep = std::string(100000, '(') + std::string(100000, ')');
    try {
        ll::pddl::read_sexprs(deep, "deep");
        FAIL() << "no error";
    } catch (const Error& e) {
        // An input error (exit 31), not an unsupported feature.
        EXPECT_EQ(e.category(), ErrorCategory::Syntax);
        EXPECT_EQ(e.position().line, 1);
        EXPECT_EQ(e.position().column, 1001);
    }
}

// ---- real-world files -----------------------------------------------------

TEST(PddlLexer, Utf8ByteOrderMarkIsSkipped) {
    auto tokens = lex_all("\xEF\xBB\xBF(define)");
    ASSERT_EQ(tokens.size(), 4u);
    EXPECT_EQ(tokens[0].kind, Token::Kind::LParen);
    EXPECT_EQ(tokens[0].column, 1);
    EXPECT_EQ(tokens[1].text, "define");
    EXPECT_EQ(tokens[1].column, 2);
}

TEST(PddlLexer, CrOnlyAndCrlfLineEndingsEndLinesAndComments) {
    // A lexer that ends comments only at '\n' runs the first ';' comment of a
    // CR-only file to the end of the file.
    auto cr = lex_all("; comment\r(a\r b) ; more\rc");
    ASSERT_EQ(cr.size(), 6u);
    EXPECT_EQ(cr[0].kind, Token::Kind::LParen);
    EXPECT_EQ(cr[0].line, 2);
    EXPECT_EQ(cr[1].text, "a");
    EXPECT_EQ(cr[2].text, "b");
    EXPECT_EQ(cr[2].line, 3);
    EXPECT_EQ(cr[2].column, 2);
    EXPECT_EQ(cr[4].text, "c");
    EXPECT_EQ(cr[4].line, 4);
    auto crlf = lex_all("a ; x\r\nb\r\n\r\nc");
    ASSERT_EQ(crlf.size(), 4u);
    EXPECT_EQ(crlf[1].line, 2);
    EXPECT_EQ(crlf[2].line, 4);  // CRLF is one line break, not two
    EXPECT_EQ(crlf[2].column, 1);
}

TEST(PddlLexer, QuestionMarkStartsAVariableEvenAgainstAName) {
    // Fast Downward's tokenizer splits before every '?': "(aircraft?a)".
    auto tokens = lex_all("(aircraft?a ?b?c)");
    ASSERT_EQ(tokens.size(), 7u);
    EXPECT_EQ(tokens[1].text, "aircraft");
    EXPECT_FALSE(tokens[1].glued);
    EXPECT_EQ(tokens[2].text, "?a");
    EXPECT_EQ(tokens[2].column, 10);
    EXPECT_TRUE(tokens[2].glued);
    EXPECT_EQ(tokens[3].text, "?b");
    EXPECT_FALSE(tokens[3].glued);
    EXPECT_EQ(tokens[4].text, "?c");
    EXPECT_TRUE(tokens[4].glued);
}

TEST(PddlSExpr, GluedVariableIsAWarning) {
    std::vector<ll::Warning> warnings;
    auto top = ll::pddl::read_sexprs("(at-airport aircraft?a)", "d.pddl", &warnings);
    ASSERT_EQ(top.size(), 1u);
    ASSERT_EQ(top[0].items.size(), 3u);
    EXPECT_EQ(top[0].items[2].symbol, "?a");
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].position.file, "d.pddl");
    EXPECT_EQ(warnings[0].position.line, 1);
    EXPECT_EQ(warnings[0].position.column, 21);
    EXPECT_NE(warnings[0].message.find("'aircraft' and '?a'"), std::string::npos)
        << warnings[0].message;
}

TEST(PddlSExpr, MessagesEscapeControlBytesAndCutLongSymbols) {
    ll::pddl::SExpr binary;
    binary.symbol = std::string("a\0b\x1b[2J", 7);
    EXPECT_EQ(ll::pddl::describe(binary), "'a\\x00b\\x1b[2J'");
    ll::pddl::SExpr huge;
    huge.symbol = std::string(10'000'000, 'x');
    const std::string shown = ll::pddl::describe(huge);
    EXPECT_LT(shown.size(), 120u);
    EXPECT_NE(shown.find("(10000000 characters)"), std::string::npos) << shown;
}

}  // namespace
