// A small command-line parser shared by `lazylifted` and `lltrain`: a
// command is described by its positionals and options, parsing checks the
// command line against that description and --help text is generated from it.
// Every problem is an ll::Error(Usage), i.e. exit code 36.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/vocabulary.hpp"

namespace ll::cli {

struct OptionSpec {
    std::string name;          // "--time-limit"
    std::string value_name;    // "SECONDS"; empty for a switch without value
    std::string default_text;  // shown as "(default: ...)"; empty for none
    std::string help;
};

struct CommandSpec {
    std::string usage_name;                // "lazylifted plan"
    std::vector<std::string> positionals;  // "DOMAIN", "PROBLEM"
    std::string summary;                   // one paragraph for --help
    std::vector<OptionSpec> options;
};

struct ParsedArgs {
    std::vector<std::string> positionals;
    std::map<std::string, std::string> values;  // options with a value
    std::vector<std::string> switches;          // options without a value
    bool help = false;                          // -h/--help was given

    bool has(std::string_view name) const;
    std::optional<std::string> value(std::string_view name) const;
};

// Parses `args` (without the program and command names). Accepts
// "--name value" and "--name=value"; "--" ends the options. On --help the
// positionals are not checked, so "plan --help" works alone.
ParsedArgs parse_args(const CommandSpec& spec, std::span<const std::string> args);

// The value of `name` in a raw command line, if present: used to find the
// stats file when the command line itself is malformed.
std::optional<std::string> find_raw_option(std::span<const std::string> args,
                                           std::string_view name);

std::string format_help(const CommandSpec& spec);

// "Try 'NAME --help' for more information." (the one-line usage hint)
std::string help_hint(std::string_view usage_name);

// The value of `option` named `text` in `names`; throws ll::Error(Usage)
// "<option>: unknown value '<text>' (expected a, b or c)".
template <class Entry>
auto option_value(const Vocabulary<Entry>& names, std::string_view option, std::string_view text) {
    if (const auto value = names.find(text)) return *value;
    throw Error(ErrorCategory::Usage, std::string(option) + ": unknown value '" +
                                          std::string(text) + "' (expected " + names.expected() +
                                          ")");
}

// Limit values, Fast Downward style. All reject non-numeric, non-finite,
// zero and negative values and unknown suffixes with a Usage error naming
// `option`.
// Seconds: "30", "2.5", "30s", "5m", "1h".
double parse_time_limit_s(std::string_view text, std::string_view option);
// Megabytes: "8000", "8000M", "512K", "8G" (suffixes case-insensitive).
double parse_memory_limit_mb(std::string_view text, std::string_view option);
// A positive integer.
std::int64_t parse_positive_count(std::string_view text, std::string_view option);

}  // namespace ll::cli
