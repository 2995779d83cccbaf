// Error and warning printing (see diagnostics.hpp).
#include "cli/common/diagnostics.hpp"

#include <algorithm>
#include <string_view>

namespace ll::cli {

namespace {

constexpr char kHex[] = "0123456789abcdef";

// A byte as the terminal should see it: printable ASCII and tabs as they
// are, anything else as \xNN (NUL, escape sequences, invalid UTF-8).
void append_printable(std::string& out, unsigned char c, bool keep_non_ascii) {
    if ((c >= 0x20 && c < 0x7f) || c == '\t' || (keep_non_ascii && c >= 0x80)) {
        out += static_cast<char>(c);
    } else {
        out += "\\x";
        out += kHex[c >> 4];
        out += kHex[c & 0xf];
    }
}

// The text of 1-based line `line` (LF, CRLF and a lone CR end a line, as in
// the lexer; a UTF-8 byte-order mark is not part of line 1), or nullopt.
bool find_line(std::string_view text, int line, std::string_view& content) {
    std::size_t begin = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    for (int l = 1; l < line; ++l) {
        const std::size_t at = text.find_first_of("\r\n", begin);
        if (at == std::string_view::npos) return false;
        begin = at + 1;
        if (text[at] == '\r' && begin < text.size() && text[begin] == '\n') ++begin;
    }
    if (begin > text.size()) return false;
    const std::size_t end = text.find_first_of("\r\n", begin);
    content = text.substr(begin, end == std::string_view::npos ? end : end - begin);
    return true;
}

}  // namespace

std::string printable(std::string_view text, std::size_t max_bytes) {
    std::string out;
    const std::size_t shown = std::min(text.size(), max_bytes);
    for (std::size_t i = 0; i < shown; ++i)
        append_printable(out, static_cast<unsigned char>(text[i]), true);
    if (shown < text.size()) {
        out += "... (" + std::to_string(text.size() - shown) + " more bytes)";
    }
    return out;
}

std::string source_excerpt(std::string_view text, int line, int column) {
    if (line <= 0) return "";
    std::string_view content;
    if (!find_line(text, line, content)) return "";

    // A window of the line around the column: an error on a 10 MB one-line
    // file must not echo the whole line.
    const std::size_t col = static_cast<std::size_t>(std::max(column, 1)) - 1;
    std::size_t from = 0;
    std::size_t to = content.size();
    if (content.size() > kExcerptWidth) {
        from = col > kExcerptWidth / 2 ? col - kExcerptWidth / 2 : 0;
        from = std::min(from, content.size() - std::min(content.size(), kExcerptWidth));
        to = std::min(content.size(), from + kExcerptWidth);
    }
    std::string shown = from > 0 ? "..." : "";
    std::string pad(from > 0 ? 3 : 0, ' ');
    for (std::size_t i = from; i < to; ++i) {
        const std::size_t before = shown.size();
        append_printable(shown, static_cast<unsigned char>(content[i]), false);
        // Keep tabs so the caret lines up with the echoed line in any terminal.
        if (i < col) {
            pad.append(shown.size() - before, content[i] == '\t' ? '\t' : ' ');
        }
    }
    if (to < content.size()) shown += "...";

    std::string number = std::to_string(line);
    // Appends, not operator+: GCC 12 reports a false -Wrestrict on the latter.
    std::string out(" ");
    out.append(number).append(" | ").append(shown).append("\n ");
    out.append(number.size(), ' ').append(" | ").append(pad);
    out += "^\n";
    return out;
}

void print_error(std::ostream& out, const Error& error, const SourceFiles& sources) {
    // Rebuilt from message(), not what(): a C string stops at a NUL byte.
    const SourcePosition& at = error.position();
    std::string text;
    if (!at.file.empty() || at.line > 0) {
        text = at.file.empty() ? std::string("<input>") : at.file;
        if (at.line > 0) {
            text.append(":").append(std::to_string(at.line));
            text.append(":").append(std::to_string(at.column));
        }
        text += ": ";
    }
    text += error.message();
    out << "error: " << printable(text, kMaxMessageBytes) << "\n";
    const SourcePosition& pos = error.position();
    if (pos.line > 0) {
        if (const std::string* text = sources.find(pos.file)) {
            out << source_excerpt(*text, pos.line, pos.column);
        }
    }
}

void print_error(std::ostream& out, const std::exception& error) {
    out << "error: internal error: " << printable(error.what(), kMaxMessageBytes) << "\n";
}

std::string format_warning(const Warning& warning) {
    const SourcePosition& pos = warning.position;
    std::string out = pos.file.empty() ? std::string("<input>") : pos.file;
    if (pos.line > 0) {
        // Appends, not operator+: GCC 12 reports a false -Wrestrict on the latter.
        out.append(":").append(std::to_string(pos.line));
        out.append(":").append(std::to_string(pos.column));
    }
    out += ": warning: ";
    out += warning.message;
    return printable(out, kMaxMessageBytes) + "\n";
}

void print_warnings(std::ostream& out, const std::vector<Warning>& warnings) {
    for (const Warning& w : warnings)
        out << format_warning(w);
}

}  // namespace ll::cli
