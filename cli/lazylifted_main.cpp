// lazylifted: the command-line planner. `plan` parses a domain and problem,
// runs the planner facade, validates and writes the plan (Fast Downward
// conventions for the plan file, summary and exit codes); `validate` checks
// a plan file. Every failure ends in a message and an exit code, never a crash.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <iostream>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli/common/args.hpp"
#include "cli/common/command.hpp"
#include "cli/common/diagnostics.hpp"
#include "cli/common/exit_codes.hpp"
#include "cli/common/explain_command.hpp"
#include "cli/common/files.hpp"
#include "cli/common/main_guard.hpp"
#include "cli/common/report.hpp"
#include "cli/common/run_report.hpp"
#include "cli/common/stats_json.hpp"
#include "cli/common/system.hpp"
#include "cli/common/version.hpp"
#include "cli/serve/serve_command.hpp"
#include "core/common/budget.hpp"
#include "core/common/error.hpp"
#include "core/common/resources.hpp"
#include "core/optimality.hpp"
#include "core/pddl/parser.hpp"
#include "core/pipeline.hpp"
#include "core/planner.hpp"
#include "core/validation/validator.hpp"

namespace ll::cli {
namespace {

constexpr const char* kDefaultPlanFile = "sas_plan";
constexpr double kProgressIntervalS = 5.0;

std::string alias_names() {
    std::string out;
    for (const SearchAlias& a : search_aliases())
        out += std::string(out.empty() ? "" : ", ") + a.name;
    return out;
}

// "eager: eager greedy best-first search; lazy: ..." from the engine list.
std::string engine_descriptions() {
    std::string out;
    for (const EngineEntry& e : engine_list().entries())
        out += std::string(out.empty() ? "" : "; ") + e.name + ": " + e.description;
    return out;
}

const CommandSpec& plan_spec() {
    static const CommandSpec spec{
        "lazylifted plan",
        {"DOMAIN", "PROBLEM"},
        "Finds a plan for a PDDL domain and problem with greedy best-first search and\n"
        "writes it to the plan file (one \"(action obj ...)\" per line, IPC format).\n"
        "Time limits take plain seconds or a suffix s, m, h (30s, 5m, 1h); memory\n"
        "limits take megabytes or a suffix K, M, G (8000, 8G). The time limit covers\n"
        "the whole run, parsing included.",
        {
            {"--space", space_kind_names().joined(), "auto",
             "search space: state (ground states), partial (partial states) or auto "
             "(partial for tasks of " +
                 std::to_string(kPartialSpaceObjects) + "+ objects)"},
            {"--heuristic", heuristic_list().joined(), "ff (wl with --model)",
             "main heuristic; in the partial space ff means rff (restricted FF)"},
            {"--config", "ALIAS|KEY=VALUE,...", "default",
             "search configuration: an alias (" + alias_names() + ") and/or key=value pairs (" +
                 join_alternatives(search_config_keys(), ", ", ", ") +
                 "); phases of a portfolio separated by ';' (docs/search.md)"},
            {"--search", engine_list().joined(), "from --config",
             "the search engine (" + engine_descriptions() + ")"},
            {"--preferred", "on|off", "from --config",
             "preferred operators (FF's helpful actions) with boosted preferred queues"},
            {"--novelty", "on|off", "from --config", "alternate with a (width-1 novelty, h) queue"},
            {"--model", "FILE|auto|none", "auto",
             "auto: the pretrained model of models/manifest.json (or $LL_MODELS_DIR) whose "
             "domain fingerprint matches, when the heuristic is left open or is wl; "
             "learnt WL model JSON (from lltrain) for --heuristic wl; exit 33 if it is "
             "invalid or was trained for another domain"},
            {"--dead-ends", dead_end_detection_names().joined(), "auto",
             "prune states whose goal is unreachable in the delete relaxation; auto: "
             "only with a wl model whose trainer found such dead ends"},
            {"--parameter-order", "declaration|reverse", "declaration",
             "partial space: the order in which action parameters are bound"},
            {"--time-limit", "SECONDS", "unlimited", "stop with exit 23 after this time"},
            {"--memory-limit", "MB", "unlimited", "stop with exit 22 above this peak memory"},
            {"--max-expansions", "N", "unlimited", "stop with exit 12 after N expansions"},
            {"--plan-file", "FILE", kDefaultPlanFile, "where to write the plan"},
            {"--anytime", "", "with --time-limit",
             "after the first plan, search for cheaper ones until the time limit (weighted "
             "A* restarted with weights 5, 3, 2, 1; docs/search.md), writing each to "
             "FILE.1, FILE.2, ... (FILE: --plan-file) as it is found"},
            {"--first-plan", "", "off", "stop at the first plan (no anytime search)"},
            {"--trace", "FILE", "none",
             "write the search trace as JSON: the first expanded nodes with parents, g, h, "
             "f, expansion order, status, action and state (docs/js-api.md)"},
            {"--trace-limit", "N", "5000", "record trace nodes for the first N expansions"},
            {"--stats-json", "FILE", "none",
             "write search statistics (or the error) as JSON, for every outcome"},
            {"--quiet", "", "off",
             "print nothing on stdout and no progress on stderr; errors are still printed"},
        }};
    return spec;
}

const CommandSpec& validate_spec() {
    static const CommandSpec spec{
        "lazylifted validate",
        {"DOMAIN", "PROBLEM", "PLAN"},
        "Checks that PLAN (IPC \"(action obj ...)\" lines or Powerlifted \"N: (...)\"\n"
        "lines; ';' starts a comment) is applicable from the initial state and reaches\n"
        "the goal. Prints \"Plan valid (N steps)\" and exits 0, or prints the first\n"
        "failing step and precondition (or the unmet goals) and exits 1. Re-deriving\n"
        "derived predicates after each step can take long: the limits stop it.",
        {
            {"--time-limit", "SECONDS", "unlimited", "stop with exit 23 after this time"},
            {"--memory-limit", "MB", "unlimited", "stop with exit 22 above this peak memory"},
        }};
    return spec;
}

std::string top_help() {
    return std::string(
               "usage: lazylifted plan DOMAIN PROBLEM [options]\n"
               "       lazylifted validate DOMAIN PROBLEM PLAN [options]\n"
               "       lazylifted explain DOMAIN PROBLEM [--plan PLAN] [options]\n"
               "       lazylifted serve [--host 127.0.0.1] [--port 5555] [--workers N] [options]\n"
               "       lazylifted --help | --version\n\n"
               "LazyLifted, a lifted classical planner. Run 'lazylifted plan --help',\n"
               "'lazylifted validate --help', 'lazylifted explain --help' or 'lazylifted serve "
               "--help'\n"
               "for details.\n\n") +
           format_help(plan_spec()) + "\n" + format_help(validate_spec()) + "\n" +
           format_help(explain_spec()) + "\n" + format_help(serve::serve_spec()) +
           "\nexit codes:\n" + exit_code_help();
}

// The stats file must not turn one error into another: a failure to write
// it is reported and only changes the exit code of a run that succeeded.
int finish_with_stats(const std::optional<std::string>& path, const nlohmann::json& json,
                      int code) {
    return exit_code_after_stats(code, write_stats_file(path, json, std::cerr));
}

std::string models_directory() {
    if (const char* dir = std::getenv("LL_MODELS_DIR"); dir != nullptr && *dir != '\0') return dir;
#ifdef LL_DEFAULT_MODELS_DIR
    return LL_DEFAULT_MODELS_DIR;
#else
    return "models";
#endif
}

// The command line of `plan`, checked before any file is read so that
// option errors come first.
struct PlanCommandLine {
    PlanRequest request;
    std::string plan_file;
    std::string model_option;
    std::optional<std::string> trace_file;
    bool quiet = false;
};

PlanCommandLine read_plan_command_line(const ParsedArgs& a, RunInfo& run) {
    PlanCommandLine line;
    run.domain = a.positionals[0];
    run.problem = a.positionals[1];
    line.quiet = a.has("--quiet");
    line.plan_file = a.value("--plan-file").value_or(kDefaultPlanFile);
    PlanRequest& request = line.request;
    OptionValues& values = request.options;
    values.space = a.value("--space");
    values.heuristic = a.value("--heuristic");
    values.config = a.value("--config");
    values.search = a.value("--search");
    values.preferred = a.value("--preferred");
    values.novelty = a.value("--novelty");
    values.dead_ends = a.value("--dead-ends");
    values.parameter_order = a.value("--parameter-order");
    if (a.has("--anytime") && a.has("--first-plan")) {
        throw Error(ErrorCategory::Usage, "--anytime and --first-plan exclude each other");
    }
    // Anytime search by default whenever the run has a time limit.
    if (a.has("--time-limit")) values.anytime = "auto";
    if (a.has("--anytime")) values.anytime = "on";
    if (a.has("--first-plan")) values.anytime = "off";
    line.model_option = a.value("--model").value_or("auto");
    const bool model_file = line.model_option != "auto" && line.model_option != "none";
    // --model auto may bring a model for a configuration that asks for wl.
    values.has_model = model_file || (line.model_option == "auto" && accepts_auto_model(values));
    const PlannerOptions options = make_planner_options(values);
    run.space = to_string(options.space);
    run.heuristic = to_string(options.heuristic);
    run.config = describe_search(options);
    if (auto v = a.value("--time-limit")) {
        request.limits.time_limit_s = parse_time_limit_s(*v, "--time-limit");
    }
    if (auto v = a.value("--memory-limit")) {
        request.limits.memory_limit_mb = parse_memory_limit_mb(*v, "--memory-limit");
        set_memory_safety_net(request.limits.memory_limit_mb);
    }
    if (auto v = a.value("--max-expansions")) {
        request.limits.max_expansions = parse_positive_count(*v, "--max-expansions");
    }
    request.progress_interval_s = kProgressIntervalS;
    line.trace_file = a.value("--trace");
    request.trace.enabled = line.trace_file.has_value();
    if (auto v = a.value("--trace-limit")) {
        request.trace.max_expanded = parse_positive_count(*v, "--trace-limit");
    }
    run.limits = request.limits;
    return line;
}

// Reads the task and the model; reading counts against the time limit too
// (a FIFO, /dev/zero), so the request's limit is what is left of it.
void read_plan_inputs(PlanCommandLine& line, const RunInfo& run, const Stopwatch& clock,
                      SourceFiles& sources, RequestTexts& texts) {
    PlanRequest& request = line.request;
    const ReadLimits read_limits{kMaxInputFileBytes, &clock, request.limits.time_limit_s};
    read_task_files(request, texts, run.domain, run.problem, sources, read_limits);
    attach_model(request, texts, line.model_option, models_directory(), read_limits);
    if (std::isfinite(request.limits.time_limit_s)) {
        request.limits.time_limit_s = std::max(request.limits.time_limit_s - clock.seconds(), 1e-3);
    }
}

// Writes and prints the outcome of a search; returns the exit code.
int report_outcome(const PlanOutcome& outcome, const PlanCommandLine& line, RunInfo& run,
                   const Stopwatch& clock, const std::optional<std::string>& stats_path) {
    print_warnings(std::cerr, outcome.task.warnings);
    const SearchResult& result = outcome.result;
    const RunReport report = make_run_report(outcome, run, clock.seconds());
    // Anytime search has written each plan as FILE.N when it was found;
    // FILE holds the final plan either way (scripts read it).
    if (result.status == SearchStatus::Solved) write_text_file(line.plan_file, report.plan_text);
    if (line.trace_file) write_text_file(*line.trace_file, result.trace);
    if (!line.quiet) std::cout << report.stdout_text << std::flush;
    if (line.quiet) {
        std::cerr << quiet_limit_line(result.status, run.limits,
                                      report.stats["total_time_s"].get<double>(),
                                      report.peak_memory_mb);
    }
    return finish_with_stats(stats_path, report.stats, exit_code_for(result.status));
}

int run_plan(std::span<const std::string> args) {
    Stopwatch clock;
    SourceFiles sources;
    RunInfo run;
    run.space = to_string(SpaceKind::State);
    run.heuristic = to_string(HeuristicKind::FF);
    // Known before the command line is checked, so usage errors reach it too.
    std::optional<std::string> stats_path = find_raw_option(args, "--stats-json");
    try {
        std::optional<ParsedArgs> parsed = parse_command_line(plan_spec(), args);
        if (!parsed) return kExitSuccess;
        const ParsedArgs& a = *parsed;
        stats_path = a.value("--stats-json");
        PlanCommandLine line = read_plan_command_line(a, run);
        RequestTexts texts;
        read_plan_inputs(line, run, clock, sources, texts);
        // Plans of an anytime search go to FILE.1, FILE.2, ... as they are
        // found (Fast Downward's numbering), even when quiet.
        ProgressCallback progress = [&line](const Progress& p) {
            if (p.plan != nullptr)
                write_text_file(line.plan_file + "." + std::to_string(p.plan_number), p.plan_text);
            if (!line.quiet) std::cerr << format_progress(p) << std::flush;
        };
        return report_outcome(plan_request(line.request, progress), line, run, clock, stats_path);
    } catch (const LimitReached& limit) {
        // Only reading the input throws this here: the search catches its own.
        SearchResult result;
        result.status = limit.kind() == LimitReached::Kind::Time ? SearchStatus::OutOfTime
                                                                 : SearchStatus::OutOfMemory;
        const double total_time_s = clock.seconds();
        std::cerr << quiet_limit_line(result.status, run.limits, total_time_s, peak_memory_mb());
        return finish_with_stats(stats_path,
                                 search_stats_json(result, run, total_time_s, peak_memory_mb()),
                                 exit_code_for(result.status));
    } catch (const Error& e) {
        int code = report_error(e, sources, "lazylifted plan");
        return finish_with_stats(stats_path, error_stats_json(e, run, clock.seconds(), code), code);
    } catch (const std::bad_alloc&) {
        std::cerr << "error: out of memory\n";
        return finish_with_stats(stats_path,
                                 out_of_memory_stats_json(run, clock.seconds(), peak_memory_mb()),
                                 kExitOutOfMemory);
    } catch (const std::exception& e) {
        print_error(std::cerr, e);
        Error internal(ErrorCategory::Internal, e.what());
        return finish_with_stats(
            stats_path, error_stats_json(internal, run, clock.seconds(), kExitInternalError),
            kExitInternalError);
    }
}

int run_validate(std::span<const std::string> args) {
    Stopwatch clock;
    SourceFiles sources;
    Limits limits;
    try {
        std::optional<ParsedArgs> parsed = parse_command_line(validate_spec(), args);
        if (!parsed) return kExitSuccess;
        const ParsedArgs& a = *parsed;
        const std::string& domain = a.positionals[0];
        const std::string& problem = a.positionals[1];
        const std::string& plan_file = a.positionals[2];
        if (auto v = a.value("--time-limit"))
            limits.time_limit_s = parse_time_limit_s(*v, "--time-limit");
        if (auto v = a.value("--memory-limit")) {
            limits.memory_limit_mb = parse_memory_limit_mb(*v, "--memory-limit");
            set_memory_safety_net(limits.memory_limit_mb);
        }
        std::string domain_text = read_text_file(domain);
        sources.add(domain, domain_text);
        std::string problem_text = read_text_file(problem);
        sources.add(problem, problem_text);
        std::string plan_text = read_text_file(plan_file);
        sources.add(plan_file, plan_text);

        Task task = parse_task(domain_text, problem_text, domain, problem);
        std::vector<GroundAction> plan = parse_plan(task, plan_text, plan_file);
        Budget budget(&clock, limits.time_limit_s, limits.memory_limit_mb);
        ValidationResult result = validate_plan(task, plan, StateObserver{}, &budget);
        if (result.valid) {
            std::cout << "Plan valid (" << plan.size() << (plan.size() == 1 ? " step)" : " steps)")
                      << "\nPlan cost: " << result.plan_cost
                      << (task.has_action_costs ? " (general cost)" : " (unit cost)") << "\n";
            return kExitSuccess;
        }
        std::cout << "Plan invalid: " << result.message << "\n";
        return kExitPlanInvalid;
    } catch (const LimitReached& limit) {
        const SearchStatus status = limit.kind() == LimitReached::Kind::Time
                                        ? SearchStatus::OutOfTime
                                        : SearchStatus::OutOfMemory;
        std::cerr << quiet_limit_line(status, limits, clock.seconds(), peak_memory_mb());
        return exit_code_for(status);
    } catch (const std::exception&) {
        return report_current_exception(sources, "lazylifted validate");
    }
}

int run(const std::vector<std::string>& args) {
    if (args.empty()) {
        return report_error(
            Error(ErrorCategory::Usage, "missing command (plan, validate, explain or serve)"), {},
            "lazylifted");
    }
    const std::string& command = args[0];
    std::span<const std::string> rest(args.data() + 1, args.size() - 1);
    if (command == "-h" || command == "--help" || command == "help") {
        std::cout << top_help();
        return kExitSuccess;
    }
    if (command == "--version" || command == "-V") {
        std::cout << "lazylifted " << kVersion << "\n";
        return kExitSuccess;
    }
    if (command == "plan") return run_plan(rest);
    if (command == "validate") return run_validate(rest);
    if (command == "explain") return run_explain(rest, models_directory());
    if (command == "serve") return serve::run_serve(rest, models_directory());
    return report_error(Error(ErrorCategory::Usage, "unknown command '" + command +
                                                        "' (expected plan, validate or explain)"),
                        {}, "lazylifted");
}

}  // namespace
}  // namespace ll::cli

int main(int argc, char** argv) {
    return ll::cli::guarded_main(argc, argv, ll::cli::run);
}
