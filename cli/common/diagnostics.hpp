// Compiler-style error reports: "error: FILE:LINE:COL: message" followed by
// the offending source line with a caret under the column, when the text of
// the file is known.
#pragma once

#include <exception>
#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/error.hpp"

namespace ll::cli {

// The texts of the files read so far, by the name used in error positions.
class SourceFiles {
  public:
    void add(const std::string& name, std::string text) { texts_[name] = std::move(text); }
    const std::string* find(const std::string& name) const {
        auto it = texts_.find(name);
        return it == texts_.end() ? nullptr : &it->second;
    }

  private:
    std::map<std::string, std::string> texts_;
};

// Messages are cut after kMaxMessageBytes and control bytes are escaped, so
// that no input (binary, or a 10 MB line) can flood or garble the terminal.
inline constexpr std::size_t kMaxMessageBytes = 1000;
// Bytes of the offending line shown around the column.
inline constexpr std::size_t kExcerptWidth = 200;

void print_error(std::ostream& out, const Error& error, const SourceFiles& sources);
// Anything that is not an ll::Error is a bug of ours: reported as internal.
void print_error(std::ostream& out, const std::exception& error);

// "FILE:LINE:COL: warning: message\n" (gcc style) for a front-end warning.
std::string format_warning(const Warning& warning);
// Every warning of a parsed task (Task::warnings), one line each.
void print_warnings(std::ostream& out, const std::vector<Warning>& warnings);

// The source excerpt alone ("  12 | text\n     |    ^\n"), or "" when the
// line is out of range. At most kExcerptWidth bytes of the line around the
// column ("..." marks a cut); control and non-ASCII bytes shown as \xNN.
std::string source_excerpt(std::string_view text, int line, int column);

// `text` with control bytes escaped (\xNN), cut after `max_bytes`.
std::string printable(std::string_view text, std::size_t max_bytes);

}  // namespace ll::cli
