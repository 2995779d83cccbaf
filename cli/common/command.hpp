// What the commands of `lazylifted` and `lltrain` share: the --help text
// with the exit codes, the report of an error, and the files a planning
// request reads (domain, problem, --model).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/common/args.hpp"
#include "cli/common/diagnostics.hpp"
#include "cli/common/files.hpp"
#include "core/common/error.hpp"
#include "core/learning/model_catalog.hpp"
#include "core/pipeline.hpp"

namespace ll::cli {

// format_help(spec) followed by the exit-code table.
std::string command_help(const CommandSpec& spec);

// The parsed command line, or nullopt after printing command_help(spec) on
// stdout when it asked for --help (the command then exits 0).
std::optional<ParsedArgs> parse_command_line(const CommandSpec& spec,
                                             std::span<const std::string> args);

// Prints `error` on stderr (with the source line when known, and the help
// hint for a usage error) and returns its exit code.
int report_error(const Error& error, const SourceFiles& sources, std::string_view usage_name);

// Called in `catch (const std::exception&)`: reports the exception being
// handled on stderr and returns its exit code, an ll::Error as report_error
// does, bad_alloc as out of memory (22) and anything else as an internal
// error (32).
int report_current_exception(const SourceFiles& sources, std::string_view usage_name);

// The texts a request points into; they must outlive the request.
struct RequestTexts {
    std::string domain, problem, model;
    std::vector<CatalogEntry> catalog;
};

// Reads DOMAIN and PROBLEM into `texts` (each recorded in `sources`) and
// points the request at them and their names.
void read_task_files(PlanRequest& request, RequestTexts& texts, const std::string& domain,
                     const std::string& problem, SourceFiles& sources,
                     const ReadLimits& limits = {});

// --model FILE|auto|none: FILE is read into texts.model; auto hands the
// request the catalogue of `models_dir` (none when it has no manifest).
void attach_model(PlanRequest& request, RequestTexts& texts, const std::string& model_option,
                  const std::string& models_dir, const ReadLimits& limits = {});

}  // namespace ll::cli
