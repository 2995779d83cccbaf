// Tests of parse_task on malformed input: every error must carry its
// category, the file, the exact line and column of the offending token and
// an understandable message.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "core/common/error.hpp"
#include "core/pddl/parser.hpp"

namespace {

using ll::ErrorCategory;

struct Loc {
    int line = 0;
    int column = 0;
};

// Line and column of the `occurrence`-th (1-based) occurrence of `needle`.
Loc locate(std::string_view text, std::string_view needle, int occurrence = 1) {
    std::size_t at = std::string_view::npos;
    std::size_t from = 0;
    for (int i = 0; i < occurrence; ++i) {
        at = text.find(needle, from);
        if (at == std::string_view::npos) {
            ADD_FAILURE() << "marker not found: " << needle;
            return {};
        }
        from = at + 1;
    }
    Loc loc{1, 1};
    for (std::size_t i = 0; i < at; ++i) {
        if (text[i] == '\n') {
            ++loc.line;
            loc.column = 1;
        } else {
            ++loc.column;
        }
    }
    return loc;
}

const char* category_name(ErrorCategory c) {
    return ll::to_string(c);
}

void expect_error(std::string_view domain, std::string_view problem, ErrorCategory category,
                  const std::string& file, Loc loc, const std::string& message) {
    try {
        ll::parse_task(domain, problem, "d.pddl", "p.pddl");
        ADD_FAILURE() << "expected an error containing: " << message;
    } catch (const ll::Error& e) {
        EXPECT_EQ(category_name(e.category()), std::string(category_name(category))) << e.what();
        EXPECT_EQ(e.position().file, file) << e.what();
        EXPECT_EQ(e.position().line, loc.line) << e.what();
        EXPECT_EQ(e.position().column, loc.column) << e.what();
        EXPECT_NE(e.message().find(message), std::string::npos)
            << "message: " << e.message() << "\nexpected to contain: " << message;
    }
}

// A problem for domain "d" that is fine whenever the domain is.
const char* kErrorsProblem = "(define (problem p) (:domain d) (:goal (and)))";

void expect_domain_error(std::string_view domain, ErrorCategory category, Loc loc,
                         const std::string& message) {
    expect_error(domain, kErrorsProblem, category, "d.pddl", loc, message);
}

// A small, valid domain for the problem-side tests.
const char* kErrorsDomain = R"(
(define (domain d)
  (:requirements :strips :typing :negative-preconditions :equality)
  (:types block - object table)
  (:constants t0 - table)
  (:predicates (on ?x - block ?y - block) (clear ?x - block)
               (on-table ?x - block ?t - table) (handempty))
  (:action stack
    :parameters (?x ?y - block)
    :precondition (and (clear ?x) (clear ?y) (not (= ?x ?y)))
    :effect (and (on ?x ?y) (not (clear ?y)))))
)";

void expect_problem_error(std::string_view problem, ErrorCategory category, Loc loc,
                          const std::string& message) {
    expect_error(kErrorsDomain, problem, category, "p.pddl", loc, message);
}

TEST(PddlErrors, BaseInputsAreValid) {
    EXPECT_NO_THROW(ll::parse_task(kErrorsDomain, kErrorsProblem));
    EXPECT_NO_THROW(ll::parse_task(kErrorsDomain, R"((define (problem p) (:domain d)
        (:objects b1 b2 - block t1 - table)
        (:init (on b1 b2) (on-table b2 t0) (clear b1) (handempty))
        (:goal (and (on-table b2 t1) (not (on b1 b2))))))"));
}

// ---- Syntax ---------------------------------------------------------------

TEST(PddlErrors, StrayCloseParenthesis) {
    expect_domain_error("(define (domain d))\n )", ErrorCategory::Syntax, {2, 2},
                        "this ')' has no matching '('");
}

TEST(PddlErrors, UnclosedParenthesis) {
    expect_domain_error("(define (domain d)\n  (:predicates (p)\n", ErrorCategory::Syntax, {2, 3},
                        "this '(' is never closed (the file ends at line 3, column 1)");
}

TEST(PddlErrors, UnclosedParenthesisInProblem) {
    expect_problem_error("(define (problem p) (:domain d)\n (:goal (and)", ErrorCategory::Syntax,
                         {2, 2}, "never closed");
}

TEST(PddlErrors, EmptyFile) {
    expect_domain_error("; nothing here\n", ErrorCategory::Syntax, {2, 1},
                        "unexpected end of file: expected '(define (domain NAME) ...)'");
    expect_problem_error("", ErrorCategory::Syntax, {1, 1}, "unexpected end of file");
}

TEST(PddlErrors, MissingDefine) {
    expect_domain_error("(domian (domain d))", ErrorCategory::Syntax, {1, 2}, "missing 'define'");
    expect_domain_error("(define)", ErrorCategory::Syntax, {1, 8}, "expected '(domain NAME)'");
}

TEST(PddlErrors, ProblemGivenAsDomain) {
    expect_domain_error(kErrorsProblem, ErrorCategory::Syntax, {1, 9}, "is this a problem file");
    expect_problem_error(kErrorsDomain, ErrorCategory::Syntax, {2, 9}, "is this a domain file");
}

TEST(PddlErrors, SomethingAfterTheDefinition) {
    std::string d = "(define (domain d)) (extra)";
    expect_domain_error(d, ErrorCategory::Syntax, locate(d, "(extra"),
                        "unexpected '(extra ...)' after the end of the domain definition");
}

TEST(PddlErrors, ExpectedNameAfterAction) {
    std::string d = "(define (domain d)\n  (:action (p) :effect (and)))";
    expect_domain_error(d, ErrorCategory::Syntax, locate(d, "(p)"),
                        "expected a name after ':action', found '(p ...)'");
    std::string e = "(define (domain d) (:action))";
    expect_domain_error(e, ErrorCategory::Syntax, locate(e, "))"),
                        "expected a name after ':action', found ')'");
}

TEST(PddlErrors, UnknownSectionKeyword) {
    std::string d = "(define (domain d)\n  (:predicate (p)))";
    expect_domain_error(d, ErrorCategory::Syntax, {2, 4}, "unknown section keyword ':predicate'");
    std::string p = "(define (problem p) (:domain d) (:goal (and)) (:initial))";
    expect_problem_error(p, ErrorCategory::Syntax, locate(p, ":initial"),
                         "unknown section keyword ':initial'");
    std::string q = "(define (problem p) (:domain d) (goal (and)))";
    expect_problem_error(q, ErrorCategory::Syntax, locate(q, "(goal"),
                         "expected a problem section");
}

TEST(PddlErrors, UnknownActionKeyword) {
    std::string d = "(define (domain d) (:predicates (p))\n  (:action a :pre (p) :effect (p)))";
    expect_domain_error(d, ErrorCategory::Syntax, locate(d, ":pre (p)"),
                        "unexpected ':pre' in action 'a'");
    std::string e = "(define (domain d) (:predicates (p))\n  (:action a :effect))";
    expect_domain_error(e, ErrorCategory::Syntax, locate(e, "))", 2),
                        "expected a value after ':effect'");
}

TEST(PddlErrors, MalformedFormulas) {
    std::string d =
        "(define (domain d) (:predicates (p ?x))\n"
        "  (:action a :parameters (?x) :precondition (p (f ?x)) :effect (p ?x)))";
    expect_domain_error(d, ErrorCategory::Syntax, locate(d, "(f ?x)"),
                        "expected a variable or an object name as argument of 'p'");
    std::string e =
        "(define (domain d) (:predicates (p ?x))\n"
        "  (:action a :parameters (?x) :precondition p :effect (p ?x)))";
    expect_domain_error(e, ErrorCategory::Syntax, locate(e, "p :effect"),
                        "expected a formula in parentheses in a precondition");
    std::string f =
        "(define (domain d) (:predicates (p ?x))\n"
        "  (:action a :parameters (?x) :effect (not (p ?x) (p ?x))))";
    expect_domain_error(f, ErrorCategory::Syntax, locate(f, "not"),
                        "'not' takes exactly one formula, got 2");
    std::string g =
        "(define (domain d) (:predicates (p ?x))\n"
        "  (:action a :parameters (?x) :effect (and () (p ?x))))";
    expect_domain_error(g, ErrorCategory::Syntax, locate(g, "()"), "empty formula '()'");
}

TEST(PddlErrors, MalformedTypedLists) {
    std::string d = "(define (domain d) (:predicates (p ?x -)))";
    expect_domain_error(d, ErrorCategory::Syntax, locate(d, ")))"), "expected a type after '-'");
    std::string e = "(define (domain d) (:predicates (p x)))";
    expect_domain_error(e, ErrorCategory::Syntax, locate(e, "x)"),
                        "expected a variable (?name) in the declaration of predicate 'p', found "
                        "'x'");
    std::string f = "(define (domain d) (:types - block))";
    expect_domain_error(f, ErrorCategory::Syntax, locate(f, "-"), "'-' must follow at least one");
    std::string g = "(define (domain d) (:constants 1a))";
    expect_domain_error(g, ErrorCategory::Syntax, locate(g, "1a"), "expected a name");
}

TEST(PddlErrors, GoalTakesOneFormula) {
    std::string p = "(define (problem p) (:domain d) (:goal (handempty) (handempty)))";
    expect_problem_error(p, ErrorCategory::Syntax, locate(p, "(handempty)", 2),
                         "wrap several in '(and ...)'");
    std::string q = "(define (problem p) (:domain d) (:goal))";
    expect_problem_error(q, ErrorCategory::Syntax, locate(q, "))"), "expected a goal formula");
}

// ---- Input: unknown names and arity ----------------------------------------

TEST(PddlErrors, UnknownPredicateInPrecondition) {
    std::string d =
        "(define (domain d) (:predicates (ontable ?x))\n"
        "  (:action a :parameters (?x)\n"
        "     :precondition (and (on-table ?x)) :effect (ontable ?x)))";
    expect_domain_error(d, ErrorCategory::Input, {3, 26},
                        "unknown predicate 'on-table' (did you declare it in :predicates?)");
}

TEST(PddlErrors, UnknownPredicateInInitAndGoal) {
    std::string p = "(define (problem p) (:domain d) (:init (handempty) (holding)) (:goal (and)))";
    expect_problem_error(p, ErrorCategory::Input, locate(p, "holding"),
                         "unknown predicate 'holding'");
    std::string q = "(define (problem p) (:domain d) (:goal (not (Holding))))";
    expect_problem_error(q, ErrorCategory::Input, locate(q, "Holding"),
                         "unknown predicate 'holding'");
}

TEST(PddlErrors, UnknownTypes) {
    std::string d = "(define (domain d) (:types block) (:predicates (p ?x - blok)))";
    expect_domain_error(d, ErrorCategory::Input, locate(d, "blok"),
                        "unknown type 'blok' (did you declare it in :types?)");
    std::string e =
        "(define (domain d) (:types block) (:predicates (p ?x))"
        " (:action a :parameters (?x - (either block cube)) :effect (p ?x)))";
    expect_domain_error(e, ErrorCategory::Input, locate(e, "cube"), "unknown type 'cube'");
    std::string p = "(define (problem p) (:domain d) (:objects b1 - blocks) (:goal (and)))";
    expect_problem_error(p, ErrorCategory::Input, locate(p, "blocks"), "unknown type 'blocks'");
}

TEST(PddlErrors, UnknownObjectsConstantsVariables) {
    std::string p =
        "(define (problem p) (:domain d) (:objects b1 - block)\n"
        "  (:init (clear b1) (clear b2)) (:goal (and)))";
    expect_problem_error(p, ErrorCategory::Input, {2, 28},
                         "unknown object 'b2' (did you declare it in :objects?)");
    std::string q = "(define (problem p) (:domain d) (:objects b1 - block) (:goal (on b1 ?x)))";
    expect_problem_error(q, ErrorCategory::Input, locate(q, "?x"),
                         "the goal must be ground: variable '?x' is not allowed here");
    std::string r = "(define (problem p) (:domain d) (:objects b1 - block) (:goal (= b1 zz)))";
    expect_problem_error(r, ErrorCategory::Input, locate(r, "zz"), "unknown object 'zz'");

    std::string d =
        "(define (domain d) (:predicates (p ?x))\n"
        "  (:action a :parameters (?x) :precondition (p c1) :effect (p ?x)))";
    expect_domain_error(d, ErrorCategory::Input, locate(d, "c1"),
                        "unknown constant 'c1' (did you declare it in the domain's :constants?)");
    std::string e =
        "(define (domain d) (:predicates (p ?x))\n"
        "  (:action a :parameters (?x) :effect (p ?y)))";
    expect_domain_error(e, ErrorCategory::Input, locate(e, "?y"),
                        "unknown variable '?y' (it is not a parameter of action 'a')");
    std::string f =
        "(define (domain d) (:predicates (p ?x))\n"
        "  (:action a :parameters (?x) :precondition (= ?x ?z) :effect (p ?x)))";
    expect_domain_error(f, ErrorCategory::Input, locate(f, "?z"), "unknown variable '?z'");
}

TEST(PddlErrors, ProblemObjectsAreNotVisibleInTheDomain) {
    std::string d =
        "(define (domain d) (:predicates (p ?x))\n"
        "  (:action a :parameters () :effect (p o1)))";
    std::string p = "(define (problem p) (:domain d) (:objects o1) (:goal (and)))";
    expect_error(d, p, ErrorCategory::Input, "d.pddl", locate(d, "o1"), "unknown constant 'o1'");
}

TEST(PddlErrors, WrongArity) {
    std::string d =
        "(define (domain d) (:predicates (on ?x ?y))\n"
        "  (:action a :parameters (?x) :precondition (on ?x) :effect (on ?x ?x)))";
    expect_domain_error(d, ErrorCategory::Input, locate(d, "on ?x)"),
                        "predicate 'on' takes 2 arguments, got 1");
    std::string p =
        "(define (problem p) (:domain d) (:objects b1 - block)\n"
        "  (:init (clear b1 b1)) (:goal (and)))";
    expect_problem_error(p, ErrorCategory::Input, {2, 11},
                         "predicate 'clear' takes 1 argument, got 2");
    std::string q = "(define (problem p) (:domain d) (:goal (handempty t0)))";
    expect_problem_error(q, ErrorCategory::Input, locate(q, "handempty"),
                         "predicate 'handempty' takes 0 arguments, got 1");
    std::string r =
        "(define (domain d) (:predicates (p ?x))\n"
        "  (:action a :parameters (?x) :precondition (= ?x) :effect (p ?x)))";
    expect_domain_error(r, ErrorCategory::Input, locate(r, "="), "'=' takes 2 arguments, got 1");
}

// ---- Input: duplicates ---------------------------------------------------

TEST(PddlErrors, DuplicateDefinitions) {
    // A type declared twice and a repeated predicate parameter name are
    // accepted with a warning, as Fast Downward does: see
    // PddlWarnings in pddl_parser_test.cpp.
    std::string preds = "(define (domain d) (:predicates (p) (q ?x) (p ?x)))";
    expect_domain_error(preds, ErrorCategory::Input, locate(preds, "p ?x"),
                        "duplicate predicate 'p'");
    std::string acts =
        "(define (domain d) (:predicates (p))\n"
        " (:action go :effect (p))\n (:action GO :effect (p)))";
    expect_domain_error(acts, ErrorCategory::Input, {3, 11}, "duplicate action 'go'");
    std::string consts = "(define (domain d) (:constants c1 c2 c1))";
    expect_domain_error(consts, ErrorCategory::Input, locate(consts, "c1", 2),
                        "duplicate constant 'c1'");
    std::string params =
        "(define (domain d) (:predicates (p ?x))\n"
        " (:action a :parameters (?x ?y ?x) :effect (p ?x)))";
    expect_domain_error(params, ErrorCategory::Input, locate(params, "?x", 3),
                        "duplicate parameter '?x' in action 'a'");
    std::string sections = "(define (domain d) (:predicates (p))\n (:predicates (q)))";
    expect_domain_error(sections, ErrorCategory::Input, {2, 3}, "duplicate ':predicates' section");
}

TEST(PddlErrors, DuplicateObjects) {
    std::string p =
        "(define (problem p) (:domain d) (:objects b1 b2 - block b1 - table)"
        " (:goal (and)))";
    expect_problem_error(p, ErrorCategory::Input, locate(p, "b1", 2), "duplicate object 'b1'");
    std::string q =
        "(define (problem p) (:domain d) (:objects b1 - block T0 - table)"
        " (:goal (and)))";
    expect_problem_error(q, ErrorCategory::Input, locate(q, "T0"),
                         "object 't0' is already declared as a constant in the domain");
}

// ---- Input: types ----------------------------------------------------------

TEST(PddlErrors, ObjectOfWrongType) {
    std::string p =
        "(define (problem p) (:domain d) (:objects b1 b2 - block)\n"
        "  (:init (on-table b1 b2)) (:goal (and)))";
    expect_problem_error(p, ErrorCategory::Input, {2, 23},
                         "argument 2 of predicate 'on-table' must be of type 'table', but 'b2' "
                         "is of type 'block'");
    std::string q = "(define (problem p) (:domain d) (:objects o1) (:goal (clear o1)))";
    expect_problem_error(q, ErrorCategory::Input, locate(q, "o1)", 2),
                         "must be of type 'block', but 'o1' is of type 'object'");
}

TEST(PddlErrors, ParameterOfDisjointType) {
    std::string d =
        "(define (domain d) (:types block table) (:predicates (on ?x - block ?t - table))\n"
        " (:action a :parameters (?x ?y - block) :precondition (on ?x ?y) :effect (on ?x ?y)))";
    expect_domain_error(d, ErrorCategory::Input, locate(d, "?y)"),
                        "parameter '?y' has type 'block', which can never be of type 'table'");
}

TEST(PddlErrors, ConstantOfWrongTypeInAction) {
    std::string d =
        "(define (domain d) (:types block table) (:constants t0 - table)\n"
        " (:predicates (clear ?x - block))\n"
        " (:action a :parameters () :precondition (clear t0) :effect (not (clear t0))))";
    expect_domain_error(d, ErrorCategory::Input, locate(d, "t0)"),
                        "argument 1 of predicate 'clear' must be of type 'block', but 't0' is "
                        "of type 'table'");
}

TEST(PddlErrors, TypeCycle) {
    std::string d = "(define (domain d) (:types a - b b - c c - a))";
    expect_domain_error(d, ErrorCategory::Input, locate(d, "a))"),
                        "the type hierarchy has a cycle");
    std::string e = "(define (domain d) (:types object - thing))";
    expect_domain_error(e, ErrorCategory::Input, locate(e, "thing"),
                        "the root type 'object' cannot have a parent type");
}

// ---- Input: problem frame ------------------------------------------------

TEST(PddlErrors, DomainNameMismatch) {
    std::string p = "(define (problem p)\n  (:domain blocks) (:goal (and)))";
    expect_problem_error(p, ErrorCategory::Input, {2, 12},
                         "the problem is for domain 'blocks', but the domain is 'd'");
}

TEST(PddlErrors, MissingGoalOrDomain) {
    expect_problem_error("(define (problem p) (:domain d) (:init))", ErrorCategory::Input, {1, 1},
                         "the problem has no ':goal' section");
    expect_problem_error("(define (problem p) (:goal (and)))", ErrorCategory::Input, {1, 1},
                         "the problem does not name its domain");
}

TEST(PddlErrors, NegativeOrEqualityAtomsInInit) {
    std::string p = "(define (problem p) (:domain d) (:init (not (handempty))) (:goal (and)))";
    expect_problem_error(p, ErrorCategory::Input, locate(p, "(not"),
                         "negative literals are not allowed in :init");
    std::string q = "(define (problem p) (:domain d) (:init (= t0 t0)) (:goal (and)))";
    expect_problem_error(q, ErrorCategory::Input, locate(q, "(="),
                         "equality atoms '(= a b)' are not allowed in :init");
}

TEST(PddlErrors, EqualityEffect) {
    std::string d =
        "(define (domain d) (:predicates (p ?x))\n"
        " (:action a :parameters (?x ?y) :effect (and (p ?x) (not (= ?x ?y)))))";
    expect_domain_error(d, ErrorCategory::Input, locate(d, "(= ?x"),
                        "an effect cannot be an equality");
}

// ---- Input: requirements ---------------------------------------------------

TEST(PddlErrors, FeatureUsedWithoutRequirement) {
    std::string typing =
        "(define (domain d) (:requirements :strips)\n"
        " (:predicates (p ?x - block)))";
    expect_domain_error(typing, ErrorCategory::Input, locate(typing, "- block"),
                        "'- type' annotations need ':typing' in :requirements");
    std::string types = "(define (domain d) (:requirements :strips) (:types block))";
    expect_domain_error(types, ErrorCategory::Input, locate(types, ":types"),
                        "':types' needs ':typing' in :requirements");
    // Negative preconditions and '=' without their requirement are accepted
    // with a warning, as Fast Downward does: see PddlWarnings.
    // The requirements apply to the problem too (objects typed, '=' in goals).
    std::string d = "(define (domain d) (:requirements :strips) (:predicates (p ?x)))";
    std::string p = "(define (problem p) (:domain d) (:objects a - thing) (:goal (and)))";
    expect_error(d, p, ErrorCategory::Input, "p.pddl", locate(p, "- thing"), "need ':typing'");
    // ...and a problem may add requirements of its own.
    std::string r =
        "(define (problem p) (:domain d) (:requirements :equality) (:objects a)"
        " (:goal (= a a)))";
    EXPECT_NO_THROW(ll::parse_task(d, r));
}

TEST(PddlErrors, UnknownRequirement) {
    std::string d = "(define (domain d) (:requirements :strips :typin))";
    expect_domain_error(d, ErrorCategory::Input, locate(d, ":typin"),
                        "unknown requirement ':typin'");
    std::string e = "(define (domain d) (:requirements strips))";
    expect_domain_error(e, ErrorCategory::Syntax, locate(e, "strips"),
                        "expected a requirement such as ':strips'");
}

// ---- Unsupported -----------------------------------------------------------

TEST(PddlErrors, UnsupportedRequirements) {
    // The ADL requirements (adl_test.cpp) and :derived-predicates
    // (derived_test.cpp) are supported.
    for (const char* r : {":fluents", ":numeric-fluents", ":object-fluents", ":durative-actions",
                          ":timed-initial-literals", ":preferences", ":constraints"}) {
        SCOPED_TRACE(r);
        std::string d = std::string("(define (domain d)\n  (:requirements :strips ") + r + "))";
        expect_domain_error(d, ErrorCategory::Unsupported, {2, 26},
                            std::string("requirement '") + r + "' is not supported");
        std::string p =
            std::string("(define (problem p) (:domain d) (:requirements ") + r + ") (:goal (and)))";
        expect_problem_error(p, ErrorCategory::Unsupported, locate(p, r), "is not supported");
    }
}

TEST(PddlErrors, UnsupportedConstructsInFormulas) {
    struct Case {
        const char* precondition;
        const char* effect;
        const char* marker;
        const char* message;
    };
    // forall, exists, or, imply, when and not over formulas are supported
    // (adl_test.cpp); numeric constructs stay refused, also
    // inside them.
    const Case cases[] = {
        {"(p ?x)", "(and (q) (decrease (total-cost) 1))", "decrease",
         "numeric fluents beyond action costs"},
        {"(> (fuel) 1)", "(q)", ">", "numeric conditions"},
        {"(or (p ?x) (> (fuel) 1))", "(q)", ">", "numeric conditions"},
        {"(p ?x)", "(forall (?y) (when (p ?y) (increase (fuel) 1)))", "(fuel",
         "numeric fluents beyond action costs"},
        {"(p ?x)", "(when (q) (increase (total-cost) 1))", "(increase",
         "action costs under 'forall' or 'when' are not supported"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.marker);
        std::string d = std::string("(define (domain d) (:predicates (p ?x) (q))\n") +
                        " (:action a :parameters (?x)\n  :precondition " + c.precondition +
                        "\n  :effect " + c.effect + "))";
        expect_domain_error(d, ErrorCategory::Unsupported, locate(d, c.marker), c.message);
    }
    std::string p = "(define (problem p) (:domain d) (:goal (exists (?x) (< (f ?x) 1))))";
    expect_problem_error(p, ErrorCategory::Unsupported, locate(p, "<"), "numeric conditions");
    std::string q = "(define (problem p) (:domain d) (:init (= (total-cost) 0.5)) (:goal (and)))";
    expect_problem_error(q, ErrorCategory::Unsupported, locate(q, "0.5"),
                         "action costs must be non-negative integers");
}

TEST(PddlErrors, UnsupportedSections) {
    const std::pair<const char*, const char*> domain_cases[] = {
        {"(:durative-action a :parameters () :duration (= ?duration 1))", "durative actions"},
        {"(:constraints (always (q)))", "constraints are not supported"},
    };
    for (const auto& [section, message] : domain_cases) {
        SCOPED_TRACE(section);
        std::string d =
            std::string("(define (domain d) (:predicates (p ?x) (q))\n  ") + section + ")";
        expect_domain_error(d, ErrorCategory::Unsupported, {2, 4}, message);
    }
    std::string metric =
        "(define (problem p) (:domain d) (:goal (and))\n"
        "  (:metric maximize (total-cost)))";
    expect_problem_error(metric, ErrorCategory::Unsupported, {2, 12},
                         "only the metric '(:metric minimize (total-cost))' is supported");
    std::string constraints =
        "(define (problem p) (:domain d) (:goal (and))"
        " (:constraints (always (handempty))))";
    expect_problem_error(constraints, ErrorCategory::Unsupported,
                         locate(constraints, ":constraints"), "constraints are not supported");
}

TEST(PddlErrors, UnsupportedEitherInDeclarations) {
    std::string d = "(define (domain d) (:types a b c - (either a b)))";
    expect_domain_error(d, ErrorCategory::Unsupported, locate(d, "(either"),
                        "multiple inheritance is not supported");
    std::string p =
        "(define (problem p) (:domain d) (:objects x - (either block table))"
        " (:goal (and)))";
    expect_problem_error(p, ErrorCategory::Unsupported, locate(p, "(either"),
                         "an object cannot be declared with an (either ...) type");
}

TEST(PddlErrors, ErrorTextIncludesFileLineColumn) {
    try {
        ll::parse_task("(define (domain d) (:predicates (p)))",
                       "(define (problem p) (:domain d)\n (:goal (r)))", "dom.pddl", "prob.pddl");
        FAIL() << "no error";
    } catch (const ll::Error& e) {
        EXPECT_STREQ(e.what(),
                     "prob.pddl:2:10: unknown predicate 'r' (did you declare it in :predicates?)");
    }
}

}  // namespace

namespace {

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path);
    EXPECT_TRUE(in.good()) << path;
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Every fixture in tests/data/errors raises exactly the error its
// expected.txt documents.
TEST(PddlErrorFiles, FixturesFailAsDocumented) {
    const auto root = std::filesystem::path(LL_TEST_DATA_DIR) / "errors";
    int fixtures = 0;
    for (const auto& dir : std::filesystem::directory_iterator(root)) {
        if (!dir.is_directory()) continue;
        ++fixtures;
        SCOPED_TRACE(dir.path().string());
        std::istringstream expected(read_text(dir.path() / "expected.txt"));
        std::string category, file, message;
        int line = 0, column = 0;
        expected >> category >> file >> line >> column;
        std::getline(expected >> std::ws, message);
        try {
            ll::Task task = ll::parse_task(read_text(dir.path() / "domain.pddl"),
                                           read_text(dir.path() / "problem.pddl"), "domain.pddl",
                                           "problem.pddl");
            ASSERT_TRUE(std::filesystem::exists(dir.path() / "plan.plan"));
            ll::parse_plan(task, read_text(dir.path() / "plan.plan"), "plan.plan");
            ADD_FAILURE() << "no error";
        } catch (const ll::Error& e) {
            EXPECT_EQ(ll::to_string(e.category()), category) << e.what();
            EXPECT_EQ(e.position().file, file) << e.what();
            EXPECT_EQ(e.position().line, line) << e.what();
            EXPECT_EQ(e.position().column, column) << e.what();
            EXPECT_NE(e.message().find(message), std::string::npos) << e.what();
        }
    }
    EXPECT_EQ(fixtures, 8);
}

}  // namespace
