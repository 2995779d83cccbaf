// One name table per enumeration: the names a user writes (CLI flags, JS
// request fields, configuration keys, JSON) and the values they stand for.
// The table is the single definition that parsing, printing, error messages
// ("expected a, b or c"), --help and JSON lists are derived from.
//
// An entry is any struct with `value` (the enumerator), `name` (the
// canonical spelling) and optionally `aliases` (other accepted spellings,
// separated by spaces). Tables with more per entry (engines, heuristics:
// a description, a factory) use their own entry type with the same members.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/error.hpp"

namespace ll {

// The plain entry: a value, its name and other accepted spellings.
template <class E>
struct Named {
    E value;
    const char* name;
    const char* aliases = "";
};

// "a, b or c" (the accepted values in an error message).
inline std::string join_alternatives(std::span<const std::string_view> names,
                                     std::string_view last_separator = " or ",
                                     std::string_view separator = ", ") {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) out += i + 1 == names.size() ? last_separator : separator;
        out += names[i];
    }
    return out;
}

// Whether `name` is one of the space-separated words of `aliases`.
inline bool is_alias(std::string_view aliases, std::string_view name) {
    while (!aliases.empty()) {
        const auto end = aliases.find(' ');
        if (aliases.substr(0, end) == name) return true;
        if (end == std::string_view::npos) break;
        aliases.remove_prefix(end + 1);
    }
    return false;
}

template <class Entry>
class Vocabulary {
  public:
    using Value = decltype(Entry::value);

    // `what` names the kind of thing in messages ("search engine").
    constexpr Vocabulary(const char* what, std::span<const Entry> entries)
        : what_(what), entries_(entries) {}

    const char* what() const { return what_; }
    std::span<const Entry> entries() const { return entries_; }

    // The entry whose name or alias is `name`; null for any other text.
    const Entry* find_entry(std::string_view name) const {
        for (const Entry& e : entries_) {
            if (name == e.name) return &e;
        }
        if constexpr (requires(const Entry& e) { e.aliases; }) {
            for (const Entry& e : entries_) {
                if (is_alias(e.aliases, name)) return &e;
            }
        }
        return nullptr;
    }
    std::optional<Value> find(std::string_view name) const {
        const Entry* e = find_entry(name);
        return e == nullptr ? std::nullopt : std::optional<Value>(e->value);
    }
    // Throws ll::Error(Usage) "unknown <what> '<name>' (expected a, b or c)".
    Value parse(std::string_view name) const {
        if (const Entry* e = find_entry(name)) return e->value;
        throw Error(ErrorCategory::Usage, "unknown " + std::string(what_) + " '" +
                                              std::string(name) + "' (expected " + expected() +
                                              ")");
    }
    // The entry of `value`; requires one (every enumerator has an entry, the
    // vocabulary test checks it).
    const Entry& entry(Value value) const {
        for (const Entry& e : entries_) {
            if (e.value == value) return e;
        }
        return entries_.front();
    }
    const char* name(Value value) const { return entry(value).name; }
    // Canonical names in table order.
    std::vector<std::string_view> names() const {
        std::vector<std::string_view> out;
        for (const Entry& e : entries_)
            out.push_back(e.name);
        return out;
    }
    // Canonical names as "a, b or c".
    std::string expected() const {
        const std::vector<std::string_view> all = names();
        return join_alternatives(all);
    }
    // Canonical names as "a|b|c" (a --help metavariable).
    std::string joined(std::string_view separator = "|") const {
        const std::vector<std::string_view> all = names();
        return join_alternatives(all, separator, separator);
    }

  private:
    const char* what_;
    std::span<const Entry> entries_;
};

template <class E>
using NameTable = Vocabulary<Named<E>>;

// A configuration key of one component: `apply` parses `value` into the
// component's settings (throwing ll::Error(Usage) for a bad value).
template <class Settings>
struct ConfigKey {
    const char* name;
    const char* aliases;
    void (*apply)(Settings& settings, std::string_view value);
};

// on|off (and true/false, 1/0, yes/no); throws naming `what`.
inline bool parse_switch(std::string_view value, std::string_view what) {
    if (value == "on" || value == "true" || value == "1" || value == "yes") return true;
    if (value == "off" || value == "false" || value == "0" || value == "no") return false;
    throw Error(ErrorCategory::Usage, "invalid value '" + std::string(value) + "' for " +
                                          std::string(what) + " (expected on or off)");
}

}  // namespace ll
