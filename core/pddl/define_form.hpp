// The frame shared by domain and problem files:
// (define (domain NAME) section...) or (define (problem NAME) section...).
// Checks that the file holds exactly that one form and hands out its sections.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/pddl/ast.hpp"
#include "core/pddl/sexpr.hpp"

namespace ll::pddl {

struct DefineForm {
    SExpr root;  // the whole (define ...) list
    Name name;   // NAME of (domain NAME) / (problem NAME)
    // root.items[first_section..] are the sections.
    static constexpr std::size_t first_section = 2;
};

// `kind` is "domain" or "problem". Throws Syntax errors for an empty file, a
// missing 'define', a missing or wrong (kind NAME) and anything after the form.
DefineForm read_define_form(std::string_view text, const std::string& file, std::string_view kind,
                            std::vector<Warning>* warnings = nullptr);

// Throws a Syntax error unless `section` is a list headed by a keyword.
void check_section_shape(const SExpr& section, const std::string& file, std::string_view kind);

// Checks the shape of every section and returns the ':requirements' one
// (null if none): the other sections are checked against it. A second one
// is an Input error.
const SExpr* find_requirements_section(const DefineForm& form, const std::string& file,
                                       std::string_view kind);

// Records that a section allowed once was read; an Input error ("duplicate
// ':types' section") when `seen` is already set.
void mark_section_seen(bool& seen, const SExpr& keyword, const std::string& file);

}  // namespace ll::pddl
