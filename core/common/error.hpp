// Typed errors thrown by the core. The edges (CLI, wasm bindings) convert
// them: the category picks the exit code or the JS error kind, the position
// is shown to the user as file:line:column.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ll {

enum class ErrorCategory {
    Syntax,        // malformed text: parentheses, unexpected tokens (exit 31)
    Input,         // well-formed but wrong: unknown names, arity, duplicates (exit 31)
    Unsupported,   // a PDDL feature the planner refuses by design (exit 34)
    Usage,         // bad options or limits (exit 36)
    Incompatible,  // a search that cannot run in the chosen space: optimal search in PS² (exit 35)
    Model,         // a learned-model file that is corrupt or for another domain (exit 33)
    Internal,      // a bug: should never happen (exit 32)
};

// A 1-based position in a named source; line 0 means "no position".
struct SourcePosition {
    std::string file;
    int line = 0;
    int column = 0;
};

class Error : public std::runtime_error {
  public:
    Error(ErrorCategory category, std::string message, SourcePosition position = {})
        : std::runtime_error(format(message, position)),
          category_(category),
          message_(std::move(message)),
          position_(std::move(position)) {}

    ErrorCategory category() const { return category_; }
    // The message without the position prefix.
    const std::string& message() const { return message_; }
    const SourcePosition& position() const { return position_; }

  private:
    // Through a stream: GCC 12 reports a false -Wrestrict on the equivalent
    // std::string concatenation.
    static std::string format(const std::string& message, const SourcePosition& pos) {
        if (pos.file.empty() && pos.line == 0) return message;
        std::ostringstream out;
        out << (pos.file.empty() ? std::string_view("<input>") : std::string_view(pos.file));
        if (pos.line > 0) out << ':' << pos.line << ':' << pos.column;
        out << ": " << message;
        return out.str();
    }

    ErrorCategory category_;
    std::string message_;
    SourcePosition position_;
};

// A diagnostic that does not stop the front end: the input was accepted,
// but sloppily written (a requirement used without being declared, a
// variable written against a name...). The CLI prints
// "FILE:LINE:COL: warning: message" on stderr.
struct Warning {
    std::string message;
    SourcePosition position;
};

// Appends a warning unless one with the same message was already given (a
// file that omits :negative-preconditions usually does so many times).
inline void add_warning(std::vector<Warning>* warnings, std::string message,
                        SourcePosition position) {
    if (warnings == nullptr) return;
    for (const Warning& w : *warnings) {
        if (w.message == message && w.position.file == position.file) return;
    }
    warnings->push_back(Warning{std::move(message), std::move(position)});
}

inline const char* to_string(ErrorCategory category) {
    switch (category) {
        case ErrorCategory::Syntax:
            return "syntax";
        case ErrorCategory::Input:
            return "input";
        case ErrorCategory::Unsupported:
            return "unsupported";
        case ErrorCategory::Usage:
            return "usage";
        case ErrorCategory::Incompatible:
            return "incompatible";
        case ErrorCategory::Model:
            return "model";
        case ErrorCategory::Internal:
            return "internal";
    }
    return "internal";
}

}  // namespace ll
