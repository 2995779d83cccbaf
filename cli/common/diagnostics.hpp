// Compiler-style error reports: "error: FILE:LINE:COL: message" followed by
// the offending source line with a caret under the column, when the text of
// the file is known.
#pragma once

#include <exception>
#include <map>
#include <ostream>
#include <string>

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

void print_error(std::ostream& out, const Error& error, const SourceFiles& sources);
// Anything that is not an ll::Error is a bug of ours: reported as internal.
void print_error(std::ostream& out, const std::exception& error);

// The source excerpt alone ("  12 | text\n     |    ^\n"), or "" when the
// line is out of range.
std::string source_excerpt(std::string_view text, int line, int column);

}  // namespace ll::cli
