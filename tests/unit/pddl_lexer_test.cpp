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
        EXPECT_EQ(e.category(), ErrorCategory::Unsupported);
        EXPECT_EQ(e.position().line, 1);
        EXPECT_EQ(e.position().column, 1001);
    }
}

}  // namespace
