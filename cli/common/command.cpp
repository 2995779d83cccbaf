// Help, error reports and request files of the commands (see command.hpp).
#include "cli/common/command.hpp"

#include <filesystem>
#include <iostream>
#include <new>

#include "cli/common/exit_codes.hpp"

namespace ll::cli {

namespace {

// The catalogue of pretrained models; none (no automatic model) when the
// folder has no manifest.
std::vector<CatalogEntry> read_catalog(const std::string& dir) {
    const std::string path = dir + "/manifest.json";
    if (!std::filesystem::exists(path)) return {};
    return parse_model_catalog(read_text_file(path), path);
}

}  // namespace

std::string command_help(const CommandSpec& spec) {
    return format_help(spec) + "\nexit codes:\n" + exit_code_help();
}

std::optional<ParsedArgs> parse_command_line(const CommandSpec& spec,
                                             std::span<const std::string> args) {
    ParsedArgs parsed = parse_args(spec, args);
    if (!parsed.help) return parsed;
    std::cout << command_help(spec);
    return std::nullopt;
}

int report_error(const Error& error, const SourceFiles& sources, std::string_view usage_name) {
    print_error(std::cerr, error, sources);
    if (error.category() == ErrorCategory::Usage) std::cerr << help_hint(usage_name) << "\n";
    return exit_code_for(error.category());
}

int report_current_exception(const SourceFiles& sources, std::string_view usage_name) {
    try {
        throw;
    } catch (const Error& e) {
        return report_error(e, sources, usage_name);
    } catch (const std::bad_alloc&) {
        std::cerr << "error: out of memory\n";
        return kExitOutOfMemory;
    } catch (const std::exception& e) {
        print_error(std::cerr, e);
        return kExitInternalError;
    }
}

void read_task_files(PlanRequest& request, RequestTexts& texts, const std::string& domain,
                     const std::string& problem, SourceFiles& sources, const ReadLimits& limits) {
    texts.domain = read_text_file(domain, limits);
    sources.add(domain, texts.domain);
    texts.problem = read_text_file(problem, limits);
    sources.add(problem, texts.problem);
    request.domain_text = texts.domain;
    request.problem_text = texts.problem;
    request.domain_name = domain;
    request.problem_name = problem;
}

void attach_model(PlanRequest& request, RequestTexts& texts, const std::string& model_option,
                  const std::string& models_dir, const ReadLimits& limits) {
    if (model_option == "none") return;
    if (model_option != "auto") {
        texts.model = read_text_file(model_option, limits);
        request.model_text = texts.model;
        request.model_name = model_option;
        return;
    }
    texts.catalog = read_catalog(models_dir);
    request.catalog = &texts.catalog;
    request.read_catalog_file = [models_dir](const std::string& file) {
        return read_text_file(models_dir + "/" + file);
    };
}

}  // namespace ll::cli
