// Command-line parsing and limit values (see args.hpp).
#include "cli/common/args.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <span>
#include <sstream>
#include <utility>

#include "core/common/error.hpp"

namespace ll::cli {

namespace {

[[noreturn]] void usage_error(const std::string& message) {
    throw Error(ErrorCategory::Usage, message);
}

const OptionSpec* find_option(const CommandSpec& spec, std::string_view name) {
    for (const OptionSpec& o : spec.options) {
        if (o.name == name) return &o;
    }
    return nullptr;
}

// Splits "2.5m" into 2.5 and "m"; fails on a missing or non-finite number.
bool split_number(std::string_view text, double& number, std::string_view& suffix) {
    const char* begin = text.data();
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(begin, end, number);
    if (ec != std::errc() || ptr == begin || !std::isfinite(number)) return false;
    suffix = std::string_view(ptr, end - ptr);
    return true;
}

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

}  // namespace

bool ParsedArgs::has(std::string_view name) const {
    return values.count(std::string(name)) > 0 ||
           std::find(switches.begin(), switches.end(), name) != switches.end();
}

std::optional<std::string> ParsedArgs::value(std::string_view name) const {
    auto it = values.find(std::string(name));
    if (it == values.end()) return std::nullopt;
    return it->second;
}

ParsedArgs parse_args(const CommandSpec& spec, std::span<const std::string> args) {
    ParsedArgs parsed;
    bool options_ended = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (options_ended || arg.size() < 2 || arg[0] != '-') {
            parsed.positionals.push_back(arg);
            continue;
        }
        if (arg == "--") {
            options_ended = true;
            continue;
        }
        if (arg == "-h" || arg == "--help") {
            parsed.help = true;
            continue;
        }
        std::string name = arg;
        std::optional<std::string> inline_value;
        if (auto eq = arg.find('='); eq != std::string::npos) {
            name = arg.substr(0, eq);
            inline_value = arg.substr(eq + 1);
        }
        const OptionSpec* option = find_option(spec, name);
        if (!option) usage_error("unknown option '" + name + "' for '" + spec.usage_name + "'");
        if (option->value_name.empty()) {
            if (inline_value) usage_error("option '" + name + "' takes no value");
            if (!parsed.has(name)) parsed.switches.push_back(name);
            continue;
        }
        std::string value;
        if (inline_value) {
            value = *inline_value;
        } else if (i + 1 < args.size()) {
            value = args[++i];
        } else {
            usage_error("option '" + name + "' needs a value " + option->value_name);
        }
        if (parsed.values.count(name)) usage_error("option '" + name + "' given more than once");
        parsed.values[name] = value;
    }
    if (parsed.help) return parsed;
    if (parsed.positionals.size() < spec.positionals.size()) {
        std::string missing;
        for (std::size_t i = parsed.positionals.size(); i < spec.positionals.size(); ++i) {
            missing += (missing.empty() ? "" : " ") + spec.positionals[i];
        }
        usage_error("missing argument(s): " + missing);
    }
    if (parsed.positionals.size() > spec.positionals.size()) {
        usage_error("unexpected argument '" + parsed.positionals[spec.positionals.size()] + "'");
    }
    return parsed;
}

std::optional<std::string> find_raw_option(std::span<const std::string> args,
                                           std::string_view name) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--") break;
        if (arg == name && i + 1 < args.size()) return args[i + 1];
        if (arg.size() > name.size() && arg.compare(0, name.size(), name) == 0 &&
            arg[name.size()] == '=') {
            return arg.substr(name.size() + 1);
        }
    }
    return std::nullopt;
}

std::string format_help(const CommandSpec& spec) {
    std::ostringstream out;
    out << "usage: " << spec.usage_name;
    for (const std::string& p : spec.positionals)
        out << ' ' << p;
    if (!spec.options.empty()) out << " [options]";
    out << "\n\n" << spec.summary << "\n";
    if (spec.options.empty()) return out.str();

    // Two columns: "  --name VALUE" then the description, wrapped at 80
    // columns; a head too wide for the column gets its own line.
    constexpr std::size_t kLine = 80, kMaxHead = 28;
    std::vector<std::pair<std::string, std::string>> rows;
    for (const OptionSpec& o : spec.options) {
        std::string text = o.help;
        if (!o.default_text.empty()) text += " (default: " + o.default_text + ")";
        rows.emplace_back(o.value_name.empty() ? o.name : o.name + " " + o.value_name, text);
    }
    rows.emplace_back("-h, --help", "show this help and exit");
    std::size_t width = 0;
    for (const auto& [head, text] : rows) {
        if (head.size() <= kMaxHead) width = std::max(width, head.size());
    }
    const std::size_t indent = 2 + width + 2;
    out << "\noptions:\n";
    for (const auto& [head, text] : rows) {
        out << "  " << head;
        std::size_t column = 2 + head.size();
        if (head.size() > width) {
            out << "\n";
            column = 0;
        }
        std::istringstream words(text);
        std::string word;
        bool first = true;
        while (words >> word) {
            if (!first && column + 1 + word.size() > kLine) {
                out << "\n";
                column = 0;
                first = true;
            }
            if (first) {
                out << std::string(indent - column, ' ');
                column = indent;
            } else {
                out << ' ';
                ++column;
            }
            out << word;
            column += word.size();
            first = false;
        }
        out << "\n";
    }
    return out.str();
}

std::string help_hint(std::string_view usage_name) {
    return "Try '" + std::string(usage_name) + " --help' for more information.";
}

namespace {

struct UnitSuffix {
    std::string_view suffix;  // lower case; "" for a plain number
    double factor;
};

// A limit "NUMBER[SUFFIX]" in the unit of the empty suffix; `expected` and
// `suffixes` word the errors, `noun` names the limit.
double parse_scaled_limit(std::string_view text, std::string_view option,
                          std::span<const UnitSuffix> units, std::string_view expected,
                          std::string_view suffixes, std::string_view noun) {
    std::string where = "invalid value '" + std::string(text) + "' for " + std::string(option);
    double number = 0;
    std::string_view suffix;
    if (!split_number(text, number, suffix)) usage_error(where + ": " + std::string(expected));
    const std::string s = lower(suffix);
    const auto unit = std::find_if(units.begin(), units.end(),
                                   [&](const UnitSuffix& u) { return u.suffix == s; });
    if (unit == units.end()) {
        usage_error(where + ": unknown suffix '" + std::string(suffix) + "' (use " +
                    std::string(suffixes) + ")");
    }
    if (number <= 0) usage_error(where + ": the " + std::string(noun) + " must be positive");
    return number * unit->factor;
}

constexpr UnitSuffix kTimeUnits[] = {{"", 1}, {"s", 1}, {"m", 60}, {"h", 3600}};
constexpr UnitSuffix kMemoryUnits[] = {{"", 1}, {"m", 1}, {"k", 1.0 / 1024}, {"g", 1024}};

}  // namespace

double parse_time_limit_s(std::string_view text, std::string_view option) {
    return parse_scaled_limit(text, option, kTimeUnits,
                              "expected seconds, optionally with suffix s, m or h (e.g. 30s, 5m)",
                              "s, m or h", "time limit");
}

double parse_memory_limit_mb(std::string_view text, std::string_view option) {
    return parse_scaled_limit(text, option, kMemoryUnits,
                              "expected megabytes, optionally with suffix K, M or G (e.g. 8G)",
                              "K, M or G", "memory limit");
}

std::int64_t parse_positive_count(std::string_view text, std::string_view option) {
    std::int64_t value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || text.empty()) {
        usage_error("invalid value '" + std::string(text) + "' for " + std::string(option) +
                    ": expected a positive integer");
    }
    if (value <= 0) {
        usage_error("invalid value '" + std::string(text) + "' for " + std::string(option) +
                    ": must be positive");
    }
    return value;
}

}  // namespace ll::cli
