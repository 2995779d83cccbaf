// parse_plan: reading a plan file for a task (see parser.hpp). One action per
// line, "(name obj ...)" or Powerlifted's "N: (name obj ...)"; blank lines
// and ';' comments are skipped. Only names and arities are checked here;
// types and applicability are the validator's job.
#include <string>
#include <unordered_map>
#include <vector>

#include "core/common/error.hpp"
#include "core/pddl/lexer.hpp"
#include "core/pddl/parser.hpp"

namespace ll {

namespace {

using pddl::Lexer;
using pddl::Token;

bool is_step_label(const std::string& s) {
    if (s.size() < 2 || s.back() != ':') return false;
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9') return false;
    }
    return true;
}

std::string describe(const Token& t) {
    switch (t.kind) {
        case Token::Kind::LParen:
            return "'('";
        case Token::Kind::RParen:
            return "')'";
        case Token::Kind::Symbol:
            return "'" + t.text + "'";
        case Token::Kind::End:
            return "the end of the file";
    }
    return "?";
}

}  // namespace

std::vector<GroundAction> parse_plan(const Task& task, std::string_view plan_text,
                                     std::string_view plan_file) {
    const std::string file(plan_file);
    std::unordered_map<std::string, SchemaId> schemas;
    // ADL variants share their action's name: the first one stands for all
    // (the validator checks the action's original precondition).
    for (SchemaId s = 0; s < task.num_schemas(); ++s)
        if (!task.schemas[s].is_goal_action) schemas.emplace(task.schemas[s].name, s);
    std::unordered_map<std::string, ObjectId> objects;
    for (ObjectId o = 0; o < task.num_objects(); ++o)
        objects.emplace(task.objects[o].name, o);

    auto fail = [&](const Token& t, const std::string& message) -> Error {
        return Error(ErrorCategory::Input, message, SourcePosition{file, t.line, t.column});
    };
    auto malformed = [&](const Token& t) -> Error {
        return fail(t, "malformed plan line: expected '(action object ...)', found " + describe(t));
    };

    std::vector<GroundAction> plan;
    Lexer lexer(plan_text);
    Token token = lexer.next();
    while (token.kind != Token::Kind::End) {
        const int line = token.line;
        if (token.kind == Token::Kind::Symbol && is_step_label(token.text)) token = lexer.next();
        if (token.kind != Token::Kind::LParen || token.line != line) throw malformed(token);
        const Token open = token;
        auto unclosed = [&]() {
            return fail(open, "malformed plan line: this '(' is not closed on the same line");
        };
        Token name = lexer.next();
        if (name.kind == Token::Kind::End || name.line != line) throw unclosed();
        if (name.kind != Token::Kind::Symbol) throw malformed(name);
        auto s = schemas.find(name.text);
        if (s == schemas.end()) throw fail(name, "unknown action '" + name.text + "'");
        const ActionSchema& schema = task.schemas[s->second];
        GroundAction action;
        action.schema = s->second;
        for (token = lexer.next(); token.kind == Token::Kind::Symbol && token.line == line;
             token = lexer.next()) {
            auto o = objects.find(token.text);
            if (o == objects.end()) throw fail(token, "unknown object '" + token.text + "'");
            action.arguments.push_back(o->second);
        }
        if (token.kind == Token::Kind::End || token.line != line) throw unclosed();
        if (token.kind != Token::Kind::RParen) throw malformed(token);
        const int arity = schema.printed_arity();  // hidden parameters are not written
        if (action.arguments.size() != static_cast<std::size_t>(arity)) {
            throw fail(name, "action '" + schema.name + "' takes " + std::to_string(arity) +
                                 (arity == 1 ? " argument, got " : " arguments, got ") +
                                 std::to_string(action.arguments.size()));
        }
        token = lexer.next();
        if (token.kind != Token::Kind::End && token.line == line) {
            throw fail(token, "unexpected " + describe(token) + " after the action on this line");
        }
        plan.push_back(std::move(action));
    }
    return plan;
}

}  // namespace ll
