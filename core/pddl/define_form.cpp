// Reading the (define ...) frame (see define_form.hpp).
#include "core/pddl/define_form.hpp"

#include <utility>

#include "core/pddl/lexer.hpp"

namespace ll::pddl {

namespace {

// Where "end of file" is: just after the last character.
SourcePosition end_of(std::string_view text, const std::string& file) {
    int line = 1;
    int column = 1;
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // as the lexer
    for (std::size_t i = 0; i < text.size(); ++i) {
        // LF, CRLF and a lone CR each end a line, as in the lexer.
        if (text[i] == '\n' || (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))) {
            ++line;
            column = 1;
        } else if (text[i] != '\r') {
            ++column;
        }
    }
    return SourcePosition{file, line, column};
}

}  // namespace

DefineForm read_define_form(std::string_view text, const std::string& file, std::string_view kind,
                            std::vector<Warning>* warnings) {
    std::vector<SExpr> top = read_sexprs(text, file, warnings);
    const std::string expected = "'(define (" + std::string(kind) + " NAME) ...)'";
    if (top.empty()) {
        throw Error(ErrorCategory::Syntax, "unexpected end of file: expected " + expected,
                    end_of(text, file));
    }
    if (top.size() > 1) {
        throw Error(ErrorCategory::Syntax,
                    "unexpected " + describe(top[1]) + " after the end of the " +
                        std::string(kind) + " definition",
                    position_of(top[1], file));
    }
    DefineForm form;
    form.root = std::move(top[0]);
    const SExpr& root = form.root;
    if (!root.is_list) {
        throw Error(ErrorCategory::Syntax, "expected " + expected + ", found " + describe(root),
                    position_of(root, file));
    }
    if (root.items.empty() || !root.items[0].is_symbol("define")) {
        const SExpr& at = root.items.empty() ? root : root.items[0];
        throw Error(
            ErrorCategory::Syntax,
            "missing 'define': a " + std::string(kind) + " file must start with " + expected,
            position_of(at, file));
    }
    if (root.items.size() < 2) {
        throw Error(ErrorCategory::Syntax,
                    "unexpected ')': expected '(" + std::string(kind) + " NAME)' after 'define'",
                    close_position_of(root, file));
    }
    const SExpr& header = root.items[1];
    if (!header.is_list || header.items.empty() || !header.items[0].is_symbol(kind)) {
        std::string msg =
            "expected '(" + std::string(kind) + " NAME)' after 'define', found " + describe(header);
        std::string_view other = kind == "domain" ? "problem" : "domain";
        if (header.has_head(other)) {
            msg += " (is this a " + std::string(other) + " file given as the " + std::string(kind) +
                   "?)";
        }
        throw Error(ErrorCategory::Syntax, msg, position_of(header, file));
    }
    if (header.items.size() < 2) {
        throw Error(ErrorCategory::Syntax, "expected a name after '" + std::string(kind) + "'",
                    close_position_of(header, file));
    }
    const SExpr& name = header.items[1];
    if (!name.is_symbol() || !is_name(name.symbol)) {
        throw Error(ErrorCategory::Syntax,
                    "expected a name after '" + std::string(kind) + "', found " + describe(name),
                    position_of(name, file));
    }
    if (header.items.size() > 2) {
        throw Error(
            ErrorCategory::Syntax,
            "unexpected " + describe(header.items[2]) + " after the " + std::string(kind) + " name",
            position_of(header.items[2], file));
    }
    form.name = Name{name.symbol, Pos{name.line, name.column}};
    return form;
}

void check_section_shape(const SExpr& section, const std::string& file, std::string_view kind) {
    if (!section.is_list || section.items.empty() || !section.items[0].is_symbol() ||
        section.items[0].symbol.empty() || section.items[0].symbol[0] != ':') {
        throw Error(ErrorCategory::Syntax,
                    "expected a " + std::string(kind) +
                        " section such as '(:" + (kind == "domain" ? "predicates" : "init") +
                        " ...)', found " + describe(section),
                    position_of(section, file));
    }
}

const SExpr* find_requirements_section(const DefineForm& form, const std::string& file,
                                       std::string_view kind) {
    const std::vector<SExpr>& sections = form.root.items;
    const SExpr* requirements = nullptr;
    for (std::size_t i = DefineForm::first_section; i < sections.size(); ++i) {
        const SExpr& s = sections[i];
        check_section_shape(s, file, kind);
        if (!s.items[0].is_symbol(":requirements")) continue;
        if (requirements != nullptr) {
            throw Error(ErrorCategory::Input, "duplicate ':requirements' section",
                        position_of(s.items[0], file));
        }
        requirements = &s;
    }
    return requirements;
}

void mark_section_seen(bool& seen, const SExpr& keyword, const std::string& file) {
    if (seen) {
        throw Error(ErrorCategory::Input, "duplicate '" + keyword.symbol + "' section",
                    position_of(keyword, file));
    }
    seen = true;
}

}  // namespace ll::pddl
