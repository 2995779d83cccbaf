// Error printing (see diagnostics.hpp).
#include "cli/common/diagnostics.hpp"

#include <algorithm>
#include <string_view>

namespace ll::cli {

std::string source_excerpt(std::string_view text, int line, int column) {
    if (line <= 0) return "";
    std::size_t begin = 0;
    for (int l = 1; l < line; ++l) {
        begin = text.find('\n', begin);
        if (begin == std::string_view::npos) return "";
        ++begin;
    }
    if (begin > text.size()) return "";
    std::size_t end = text.find('\n', begin);
    std::string_view content =
        text.substr(begin, end == std::string_view::npos ? end : end - begin);
    if (!content.empty() && content.back() == '\r') content.remove_suffix(1);

    std::string number = std::to_string(line);
    // Appends, not operator+: GCC 12 reports a false -Wrestrict on the latter.
    std::string out(" ");
    out.append(number).append(" | ").append(content).append("\n ");
    out.append(number.size(), ' ').append(" | ");
    // Keep tabs so the caret lines up with the echoed line in any terminal.
    int col = std::max(column, 1);
    for (int i = 0; i + 1 < col && i < static_cast<int>(content.size()); ++i) {
        out += content[i] == '\t' ? '\t' : ' ';
    }
    out += "^\n";
    return out;
}

void print_error(std::ostream& out, const Error& error, const SourceFiles& sources) {
    out << "error: " << error.what() << "\n";
    const SourcePosition& pos = error.position();
    if (pos.line > 0) {
        if (const std::string* text = sources.find(pos.file)) {
            out << source_excerpt(*text, pos.line, pos.column);
        }
    }
}

void print_error(std::ostream& out, const std::exception& error) {
    out << "error: internal error: " << error.what() << "\n";
}

}  // namespace ll::cli
