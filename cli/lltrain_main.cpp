// lltrain: trains a WL-linear heuristic from training problems and their
// plans and writes it as a model JSON file (docs/model-format.md). Problems
// are used smallest first; plans are validated before use, and a problem
// without a usable plan is reported and skipped (or solved first with
// --solve-missing). Errors end in a message and a Fast Downward-style exit
// code, never a crash.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <new>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "cli/common/args.hpp"
#include "cli/common/command.hpp"
#include "cli/common/diagnostics.hpp"
#include "cli/common/exit_codes.hpp"
#include "cli/common/files.hpp"
#include "cli/common/main_guard.hpp"
#include "cli/common/stats_json.hpp"
#include "cli/common/version.hpp"
#include "core/common/error.hpp"
#include "core/common/resources.hpp"
#include "core/generation/problem_generator.hpp"
#include "core/learning/graph_support.hpp"
#include "core/pddl/parser.hpp"
#include "core/pipeline.hpp"
#include "core/planner.hpp"
#include "core/training/bootstrap.hpp"
#include "core/training/ranking_lp.hpp"
#include "core/training/trainer.hpp"
#include "core/validation/validator.hpp"

namespace ll::cli {
namespace {

namespace fs = std::filesystem;

const CommandSpec& train_spec() {
    static const CommandSpec spec{
        "lltrain",
        {},
        "Trains a WL-linear heuristic (paper: ranking LP over WL features of ILG, AOAG\n"
        "or AEG graphs) from the problems in --problems and the plans in --plans\n"
        "(pNN.pddl pairs with pNN.plan, IPC format) and writes it to --out. Plans are\n"
        "validated first; a problem without a valid plan is reported and skipped.\n"
        "Progress goes to stderr, the summary to stdout.",
        {
            {"--domain", "FILE", "", "the domain PDDL file (required)"},
            {"--problems", "DIR", "", "folder of training problems *.pddl (required)"},
            {"--plans", "DIR", "", "folder of plans <problem>.plan (required)"},
            {"--out", "FILE", "", "where to write the model JSON (required)"},
            {"--graph", "aoag|aeg|ilg", "aoag", "graph representation"},
            {"--space", "partial|state", "partial",
             "dataset: partial-space ranking (4 tuple types) or state-space ranking"},
            {"--iterations", "N|A-B|A,B", "1-3 (search), else 2",
             "WL iterations; model selection by search tries each count of a range"},
            {"--selection", "search|loss", "search",
             "pick (iterations, C) by the searches each candidate guides on the "
             "validation problems (solved, then evaluations, then loss), or C by the "
             "validation ranking loss alone (the paper: Bayesian optimisation)"},
            {"--neighbourhood", "set|multiset", "set", "WL neighbourhood aggregation"},
            {"--wl-variant", "wl|iwl", "wl",
             "WL features: plain 1-WL, or individualised (iwl: plus, for every node, the "
             "colours that marking it creates; more expressive, slower)"},
            {"--importances", "LP,LS,SP,SS", "AOAG 0.5,2,0.5,1; AEG 0.5,2,0.5,0.75",
             "tuple importances, or the preset 'warehouse' (2,1.5,2,0.5)"},
            {"--seed", "N", "2024", "seed of the LP sampling, of the C search and of --generate"},
            {"--c", "C", "1",
             "regularisation constant: first point of the search, or the "
             "value used with --no-tune"},
            {"--selection-time-limit", "SECONDS", "150",
             "search selection: start no candidate that would end after this many "
             "seconds of training (the best so far wins); only the largest datasets "
             "reach it"},
            {"--no-tune", "", "off", "use --c as is instead of selecting a model"},
            {"--tune-iterations", "N", "10",
             "--selection loss: guided Bayesian optimisation steps (after 6 "
             "initial points)"},
            {"--max-problems", "N", "all", "use at most the N smallest problems with plans"},
            {"--solve-missing", "", "off",
             "solve problems that have no plan file with the planner (S3 + hFF) first"},
            {"--solve-time-limit", "SECONDS", "60 (bootstrap 10)",
             "time limit per problem for --solve-missing and --bootstrap"},
            {"--bootstrap", "", "off",
             "no plans needed: the planner solves what it can (default configuration), a "
             "model is trained on those plans and helps solve more, round after round, until "
             "a round adds no plan; --plans, if given, supplies plans to start from"},
            {"--time-budget", "SECONDS", "600", "--bootstrap: wall time for all rounds"},
            {"--max-rounds", "N", "8", "--bootstrap: at most this many rounds"},
            {"--save-plans", "DIR", "none", "--bootstrap: write the plans found to DIR"},
            {"--strict", "", "off", "refuse (exit 31) instead of skipping invalid plans"},
            {"--generate", "N", "off",
             "instead of training: write N training problems made from the one problem "
             "file --problems (its object types, fewer or more objects, initial states and "
             "goals from random walks) into the folder --out"},
            {"--scale", "A-B", "0.5-1.5",
             "--generate: object counts from A to B times the given problem's, smallest "
             "first"},
            {"--goals", "problem|any", "problem",
             "--generate: goal atoms of the predicates the given problem's goal names, or "
             "of any fluent predicate"},
            {"--summary-json", "FILE", "none", "write the training summary as JSON"},
            {"--export-lp", "FILE", "none",
             "write the ranking LP of the final fit (all problems, the chosen iterations and "
             "C) in CPLEX LP format, for other LP solvers (docs/training-lp.md)"},
            {"--quiet", "", "off", "no progress and no summary; warnings and errors only"},
        }};
    return spec;
}

std::int64_t parse_count(const ParsedArgs& a, const char* name, std::int64_t fallback) {
    auto v = a.value(name);
    return v ? parse_positive_count(*v, name) : fallback;
}

// Progress on stderr: a self-overwriting line on a terminal, otherwise at
// most one line per second (logs stay readable).
class ProgressBar {
  public:
    explicit ProgressBar(bool enabled) : enabled_(enabled), tty_(isatty(2) != 0) {}
    void update(const std::string& phase, int done, int total, const std::string& detail) {
        if (!enabled_) return;
        const double now = clock_.seconds();
        const bool last = total > 0 && done == total;
        if (!tty_ && !last && now - last_print_ < 1.0) return;
        last_print_ = now;
        std::ostringstream line;
        line << "[" << std::fixed << std::setprecision(1) << now << "s] " << phase << " ";
        if (total > 0) {
            const int width = 24;
            const int filled = static_cast<int>(std::lround(double(done) / total * width));
            line << "[" << std::string(filled, '#') << std::string(width - filled, '.') << "] "
                 << done << "/" << total;
        } else {
            line << "round " << done;
        }
        if (!detail.empty()) line << "  " << detail;
        std::string text = line.str();
        if (tty_) {
            std::cerr << "\r" << text << "\033[K" << (last ? "\n" : "") << std::flush;
        } else {
            std::cerr << text << "\n" << std::flush;
        }
    }
    void finish() {
        if (enabled_ && tty_) std::cerr << "\n";
    }

  private:
    bool enabled_;
    bool tty_;
    Stopwatch clock_;
    double last_print_ = -1e9;
};

struct Candidate {
    fs::path problem;
    std::string name;  // file stem
    Task task;
    std::size_t size_key = 0;
};

// WL iterations: "N", "A-B" or "A,B,...", each in 0..8; sorted, distinct.
std::vector<int> parse_iterations(const std::string& text) {
    auto bad = [&]() {
        return Error(ErrorCategory::Usage,
                     "--iterations: expected N, A-B or A,B,... with "
                     "counts in 0..8, got '" +
                         text + "'");
    };
    auto number = [&](const std::string& part) {
        if (part.empty() || part.size() > 1 || part[0] < '0' || part[0] > '8') throw bad();
        return part[0] - '0';
    };
    std::vector<int> out;
    if (const auto dash = text.find('-'); dash != std::string::npos) {
        const int from = number(text.substr(0, dash)), to = number(text.substr(dash + 1));
        if (from > to) throw bad();
        for (int l = from; l <= to; ++l)
            out.push_back(l);
    } else {
        std::stringstream parts(text);
        for (std::string part; std::getline(parts, part, ',');)
            out.push_back(number(part));
        if (out.empty()) throw bad();
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::uint64_t parse_seed(const ParsedArgs& a, std::uint64_t fallback) {
    const auto v = a.value("--seed");
    if (!v) return fallback;
    return *v == "0" ? 0 : static_cast<std::uint64_t>(parse_positive_count(*v, "--seed"));
}

DatasetOptions dataset_options(const ParsedArgs& a) {
    DatasetOptions dataset;
    dataset.graph = parse_graph_kind(a.value("--graph").value_or("aoag"));
    const std::string space = a.value("--space").value_or("partial");
    if (space == "partial") {
        dataset.space = DatasetSpace::Partial;
    } else if (space == "state") {
        dataset.space = DatasetSpace::State;
    } else {
        throw Error(ErrorCategory::Usage,
                    "--space: unknown value '" + space + "' (expected partial or state)");
    }
    if (dataset.space == DatasetSpace::Partial && dataset.graph == GraphKind::Ilg) {
        throw Error(ErrorCategory::Usage,
                    "--graph ilg ignores partial actions, so it cannot rank them: use "
                    "--space state for ILG (the WL-GOOSE baseline), or aoag/aeg");
    }
    dataset.importances = a.value("--importances") ? parse_importances(*a.value("--importances"))
                                                   : default_importances(dataset.graph);
    return dataset;
}

// --c: a number in [0.001, 100].
double parse_regularisation(const std::string& text) {
    double c = 0;
    try {
        std::size_t used = 0;
        c = std::stod(text, &used);
        if (used != text.size()) c = -1;
    } catch (const std::exception&) {
        c = -1;
    }
    if (!(c >= 1e-3 && c <= 100)) {
        throw Error(ErrorCategory::Usage,
                    "--c: expected a number in [0.001, 100], got '" + text + "'");
    }
    return c;
}

TrainerOptions trainer_options(const ParsedArgs& a) {
    TrainerOptions options;
    options.dataset = dataset_options(a);
    options.tune = !a.has("--no-tune");
    if (auto v = a.value("--selection"))
        options.selection = option_value(model_selection_names(), "--selection", *v);
    // Search selection tries every count of the range; the others use one.
    const bool several = options.tune && options.selection == ModelSelection::Search;
    const auto iterations = a.value("--iterations");
    options.iteration_candidates =
        iterations ? parse_iterations(*iterations) : default_iteration_candidates(several);
    if (!several && options.iteration_candidates.size() > 1) {
        throw Error(ErrorCategory::Usage,
                    "--iterations: a range needs --selection search (and tuning)");
    }
    options.wl.iterations = options.iteration_candidates.back();
    options.wl.neighbourhood = option_value(neighbourhood_names(), "--neighbourhood",
                                            a.value("--neighbourhood").value_or("set"));
    options.wl.variant =
        option_value(wl_variant_names(), "--wl-variant", a.value("--wl-variant").value_or("wl"));
    options.seed = parse_seed(a, options.seed);
    if (auto v = a.value("--c")) options.c = parse_regularisation(*v);
    if (auto v = a.value("--selection-time-limit")) {
        options.selection_time_limit_s = parse_time_limit_s(*v, "--selection-time-limit");
    }
    options.tune_iterations = static_cast<int>(parse_count(a, "--tune-iterations", 10));
    if (auto path = a.value("--export-lp")) {
        // With --bootstrap every round's fit overwrites it: the last one stays.
        options.on_refit_lp = [path = *path](const FeatureMatrix& rows,
                                             std::span<const RankingTuple> tuples, double c) {
            write_text_file(path, ranking_lp_text(rows, tuples, c));
        };
    }
    return options;
}

// Every problem of the folder, parsed, ordered by size (objects, initial
// atoms, name): the smallest are trained on and solved first.
std::vector<Candidate> load_problems(const std::string& domain_file, const fs::path& problems_dir,
                                     SourceFiles& sources) {
    if (!fs::is_directory(problems_dir)) {
        throw Error(ErrorCategory::Input,
                    "--problems: '" + problems_dir.string() + "' is not a folder");
    }
    const std::string domain_text = read_text_file(domain_file);
    sources.add(domain_file, domain_text);
    // The domain file may sit next to the problems (a common layout).
    std::error_code ec;
    const fs::path domain_canonical = fs::weakly_canonical(domain_file, ec);
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(problems_dir)) {
        if (!entry.is_regular_file() || entry.path().extension() != ".pddl") continue;
        if (entry.path().stem() == "domain" ||
            fs::weakly_canonical(entry.path(), ec) == domain_canonical)
            continue;
        files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        throw Error(ErrorCategory::Input,
                    "--problems: no *.pddl files in '" + problems_dir.string() + "'");
    }
    std::vector<Candidate> candidates;
    for (const auto& file : files) {
        const std::string text = read_text_file(file.string());
        sources.add(file.string(), text);
        Task task = parse_task(domain_text, text, domain_file, file.string());
        require_graph_encodable(task, "lltrain: learned models");
        const std::size_t size_key = training_size_key(task);
        candidates.push_back({file, file.stem().string(), std::move(task), size_key});
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const auto& x, const auto& y) { return x.size_key < y.size_key; });
    return candidates;
}

struct PlanRules {
    bool strict = false;         // refuse instead of skipping an invalid plan
    bool solve_missing = false;  // solve a problem without a plan file
    double solve_time_limit_s = 60;
    bool quiet = false;
};

// The plan of `c` from `plans_dir` (validated), solved if missing and
// allowed; nullopt, with a warning, when it has none.
std::optional<std::vector<GroundAction>> plan_for(const Candidate& c, const fs::path& plans_dir,
                                                  const PlanRules& rules, int& skipped,
                                                  std::vector<std::string>& without_plan,
                                                  int& solved_here) {
    auto skip = [&](const std::string& why) -> std::optional<std::vector<GroundAction>> {
        if (rules.strict) throw Error(ErrorCategory::Input, c.name + ": " + why);
        std::cerr << "warning: skipping " << c.name << ": " << why << "\n";
        ++skipped;
        return std::nullopt;
    };
    const fs::path plan_path = plans_dir / (c.name + ".plan");
    std::vector<GroundAction> plan;
    if (!plans_dir.empty() && fs::is_regular_file(plan_path)) {
        const std::string text = read_text_file(plan_path.string());
        try {
            plan = parse_plan(c.task, text, plan_path.string());
        } catch (const Error& e) {
            return skip("plan file " + plan_path.string() + " does not parse: " + e.what());
        }
        const ValidationResult check = validate_plan(c.task, plan);
        if (!check.valid)
            return skip("plan " + plan_path.string() + " is not valid: " + check.message);
    } else if (rules.solve_missing) {
        PlannerOptions planner;
        planner.limits.time_limit_s = rules.solve_time_limit_s;
        if (!rules.quiet) std::cerr << "solving " << c.name << " (no plan file)...\n";
        SearchResult result = solve(c.task, planner);
        if (result.status != SearchStatus::Solved || !validate_plan(c.task, result.plan).valid) {
            return skip(std::string("no plan file and the planner found no plan (") +
                        to_string(result.status) + ")");
        }
        plan = std::move(result.plan);
        ++solved_here;
    } else {
        without_plan.push_back(c.name);
        ++skipped;
        return std::nullopt;
    }
    if (plan.empty())
        return skip("the plan is empty (the initial state is a goal state): nothing to rank");
    return plan;
}

struct Collected {
    std::vector<TrainingProblem> problems;
    int skipped = 0;
    int solved_here = 0;
};

Collected collect_plans(std::vector<Candidate>& candidates, const fs::path& plans_dir,
                        const PlanRules& rules, std::int64_t max_problems) {
    Collected out;
    std::vector<std::string> without_plan;
    for (auto& c : candidates) {
        if (static_cast<std::int64_t>(out.problems.size()) >= max_problems) break;
        auto plan = plan_for(c, plans_dir, rules, out.skipped, without_plan, out.solved_here);
        if (plan) out.problems.push_back({c.name, std::move(c.task), std::move(*plan)});
    }
    if (!without_plan.empty() && !rules.quiet) {
        // One line, not one per problem: training sets often have plans
        // for only some problems.
        std::cerr << "note: " << without_plan.size() << " problem(s) without a plan file in "
                  << plans_dir.string() << " skipped (";
        for (std::size_t i = 0; i < without_plan.size() && i < 5; ++i)
            std::cerr << (i ? ", " : "") << without_plan[i];
        std::cerr << (without_plan.size() > 5 ? ", ..." : "")
                  << "); --solve-missing solves them first, --bootstrap learns to\n";
    }
    if (out.problems.empty()) {
        throw Error(ErrorCategory::Input,
                    "no training problem has a valid plan (looked for <problem>.plan in '" +
                        plans_dir.string() + "')");
    }
    return out;
}

const char* phase_name(TrainerProgress::Phase phase) {
    return phase == TrainerProgress::Phase::Dataset  ? "dataset"
           : phase == TrainerProgress::Phase::Tuning ? "model selection"
                                                     : "final LP";
}

// --bootstrap: the planner finds the plans, round after round.
struct BootstrapOutcome {
    TrainerResult trained;
    std::vector<BootstrapRound> rounds;
    int problems_with_plans = 0;
    int solved_here = 0;
};

BootstrapOutcome run_bootstrap(const ParsedArgs& a, std::vector<Candidate>& candidates,
                               const fs::path& plans_dir, const TrainerOptions& trainer, bool quiet,
                               const Stopwatch& clock) {
    BootstrapOptions options;
    options.trainer = trainer;
    if (auto v = a.value("--solve-time-limit"))
        options.time_limit_per_problem_s = parse_time_limit_s(*v, "--solve-time-limit");
    if (auto v = a.value("--time-budget"))
        options.time_budget_s = parse_time_limit_s(*v, "--time-budget");
    options.max_rounds = static_cast<int>(parse_count(a, "--max-rounds", 8));
    const std::int64_t max_problems = parse_count(a, "--max-problems", 1 << 30);
    std::vector<BootstrapProblem> problems;
    for (auto& c : candidates) {
        if (static_cast<std::int64_t>(problems.size()) >= max_problems) break;
        BootstrapProblem p{c.name, std::move(c.task), {}, false};
        const fs::path plan_path = plans_dir / (c.name + ".plan");
        if (!plans_dir.empty() && fs::is_regular_file(plan_path)) {
            // A given plan is used when it is valid; otherwise the problem
            // is solved like one without a plan (and the user told why).
            std::string why;
            try {
                const std::string text = read_text_file(plan_path.string());
                why = use_given_plan(p, text, plan_path.string());
            } catch (const Error& e) {
                why = std::string("the plan file does not parse: ") + e.what();
            }
            if (!why.empty() && !quiet) {
                std::cerr << "warning: " << c.name << ": " << why << "; solving it instead\n";
            }
        }
        problems.push_back(std::move(p));
    }
    const int given = static_cast<int>(
        std::count_if(problems.begin(), problems.end(), [](const auto& p) { return p.has_plan; }));
    ProgressBar bar(!quiet);
    BootstrapResult result = bootstrap(
        std::move(problems), options, [&] { return clock.seconds(); },
        [&](const BootstrapProgress& p) {
            const std::string phase = "round " + std::to_string(p.round);
            if (p.problem.empty()) {
                bar.update(phase + " " + phase_name(p.training.phase), p.training.done,
                           p.training.total, p.training.detail);
            } else {
                bar.update(phase + " solving", p.done, p.total,
                           p.problem + (p.solved ? " solved" : " not solved"));
            }
        });
    bar.finish();
    if (!result.trained) {
        throw Error(ErrorCategory::Input,
                    "--bootstrap: the planner solved none of the problems within " +
                        std::to_string(options.time_limit_per_problem_s) +
                        " s each; give easier problems, plans, or a longer --solve-time-limit");
    }
    if (auto dir = a.value("--save-plans")) {
        fs::create_directories(*dir);
        for (const auto& p : result.problems) {
            if (!p.has_plan) continue;
            write_text_file((fs::path(*dir) / (p.name + ".plan")).string(),
                            format_plan(p.task, p.plan));
        }
    }
    BootstrapOutcome out{std::move(*result.trained), std::move(result.rounds), 0, 0};
    for (const auto& p : result.problems)
        out.problems_with_plans += p.has_plan;
    out.solved_here = out.problems_with_plans - given;
    return out;
}

void print_rounds(std::ostream& out, const std::vector<BootstrapRound>& rounds) {
    for (const auto& r : rounds) {
        out << "Round " << r.round << ": " << r.solved << " plan(s) added of " << r.attempted
            << " attempted ("
            << (r.round == 0 ? "default configuration, no model"
                             : "default configuration with the model")
            << "), " << r.with_plans << " problem(s) with plans"
            << (r.trained ? ", model retrained" : "") << "\n";
    }
}

nlohmann::ordered_json summary_json(const TrainerSummary& s, const TrainerOptions& options,
                                    const WlModel& model) {
    nlohmann::ordered_json summary;
    summary["domain"] = model.domain_name;
    summary["graph"] = to_string(options.dataset.graph);
    summary["space"] = model.space;
    summary["wl_iterations"] = s.chosen_iterations;
    summary["wl_variant"] = to_string(options.wl.variant);
    summary["importances"] = to_string(options.dataset.importances);
    summary["problems_used"] = s.problems;
    summary["train_problems"] = s.train_problems;
    summary["validation_problems"] = s.validation_problems;
    summary["tuples"] = tuple_counts_json(s.counts);
    summary["tuples_total"] = s.counts.total();
    summary["identical_pairs_dropped"] = s.counts.identical_dropped;
    summary["merged_tuples"] = s.merged_tuples;
    summary["state_space_equivalent_tuples"] = s.counts.state_space_equivalent;
    summary["graphs"] = s.counts.graphs;
    summary["features"] = s.features;
    summary["non_zero_weights"] = s.non_zero_weights;
    summary["dead_end_checks"] = s.dead_end_checks;
    summary["relaxed_dead_ends"] = !s.dead_ends_found.empty();
    summary["C"] = s.chosen_c;
    summary["selection"] = s.chosen >= 0 ? to_string(options.selection) : "none";
    summary["candidates"] = s.candidates.size();
    if (s.chosen >= 0 && options.selection == ModelSelection::Search) {
        const SearchScore& score = s.candidates[s.chosen].search;
        summary["validation_solved"] = score.solved;
        summary["validation_searched"] = score.attempted;
        summary["validation_evaluations"] = score.evaluations;
        // Searches ended by the time guard instead of the evaluation limit:
        // then a rerun may choose another model.
        summary["validation_timeouts"] = score.timeouts;
    }
    summary["selection_cut"] = s.selection_cut;
    summary["model_colours"] = s.model_colours;
    summary["validation_loss"] = s.validation_loss;
    summary["training_loss"] = s.training_loss;
    summary["lp_rounds"] = s.lp_rounds;
    return summary;
}

std::string summary_text(const TrainerSummary& s, const TrainerOptions& options,
                         const std::string& out_file, std::size_t bytes, int skipped,
                         double seconds) {
    std::ostringstream out;
    out << std::setprecision(4);
    out << "Model written to " << out_file << " (" << bytes << " bytes)\n";
    out << "Problems: " << s.problems << " used (" << s.train_problems << " train, "
        << s.validation_problems << " validation), " << skipped << " skipped\n";
    out << "Tuples:";
    for (int t = 0; t < kNumTupleTypes; ++t) {
        if (s.counts.tuples[t] > 0)
            out << " " << to_string(static_cast<TupleType>(t)) << "=" << s.counts.tuples[t];
    }
    out << " (total " << s.counts.total() << ", " << s.counts.identical_dropped
        << " identical pairs dropped, " << s.merged_tuples << " distinct LP rows)\n";
    if (options.dataset.space == DatasetSpace::Partial && s.counts.state_space_equivalent) {
        out << "Ratio to the state-space dataset of the same plans: "
            << double(s.counts.total()) / double(s.counts.state_space_equivalent) << "x\n";
    }
    out << "Features: " << s.features << " colours, " << s.non_zero_weights << " non-zero weights, "
        << s.model_colours << " colours kept in the model\n";
    if (!s.dead_ends_found.empty()) {
        out << "Dead ends: found among the successors of " << s.dead_ends_found
            << "'s plan states; the planner prunes them with this model\n";
    } else {
        out << "Dead ends: none among " << s.dead_end_checks
            << " successor states checked; the planner does not look for them\n";
    }
    out << "Selected: " << s.chosen_iterations
        << (options.wl.variant == WlVariant::Plain ? " WL" : " iWL")
        << " iterations, C = " << s.chosen_c;
    if (s.chosen < 0) {
        out << " (fixed)";
    } else if (options.selection == ModelSelection::Search) {
        const SearchScore& score = s.candidates[s.chosen].search;
        out << " (by search: " << score.solved << "/" << score.attempted
            << " validation problems solved, " << score.evaluations << " evaluations; "
            << s.candidates.size() << " candidates)";
    } else {
        out << " (by validation loss; " << s.candidates.size() << " candidates)";
    }
    out << "\nLoss: validation " << s.validation_loss << ", training " << s.training_loss << "\n";
    out << "Wall time: " << std::fixed << std::setprecision(2) << seconds << " s\n";
    return out.str();
}

// Required options and the ones that need (or exclude) --bootstrap,
// checked before any file is read.
void check_option_combinations(const ParsedArgs& a, bool bootstrapping) {
    for (const char* required : {"--domain", "--problems", "--plans", "--out"}) {
        if (!a.value(required) && !(bootstrapping && std::string(required) == "--plans")) {
            throw Error(ErrorCategory::Usage, std::string("missing required option ") + required);
        }
    }
    for (const char* option : {"--time-budget", "--max-rounds", "--save-plans"}) {
        if (a.value(option) && !bootstrapping) {
            throw Error(ErrorCategory::Usage, std::string(option) + " needs --bootstrap");
        }
    }
    if (bootstrapping && a.has("--solve-missing")) {
        throw Error(ErrorCategory::Usage,
                    "--bootstrap already solves the problems without plans: drop "
                    "--solve-missing");
    }
}

PlanRules plan_rules(const ParsedArgs& a) {
    PlanRules rules;
    rules.quiet = a.has("--quiet");
    rules.strict = a.has("--strict");
    rules.solve_missing = a.has("--solve-missing");
    if (auto v = a.value("--solve-time-limit")) {
        rules.solve_time_limit_s = parse_time_limit_s(*v, "--solve-time-limit");
    }
    return rules;
}

// A trained model with what it took: bootstrap rounds, problems skipped
// and problems the planner solved for training.
struct Training {
    TrainerResult result;
    std::vector<BootstrapRound> rounds;
    int skipped = 0;
    int solved_here = 0;
};

Training train(const ParsedArgs& a, std::vector<Candidate>& candidates, const fs::path& plans_dir,
               const TrainerOptions& options, const PlanRules& rules, bool bootstrapping,
               const Stopwatch& clock) {
    Training out;
    if (bootstrapping) {
        BootstrapOutcome outcome =
            run_bootstrap(a, candidates, plans_dir, options, rules.quiet, clock);
        out.result = std::move(outcome.trained);
        out.rounds = std::move(outcome.rounds);
        out.solved_here = outcome.solved_here;
        out.skipped = static_cast<int>(candidates.size()) - outcome.problems_with_plans;
        return out;
    }
    Collected collected =
        collect_plans(candidates, plans_dir, rules, parse_count(a, "--max-problems", 1 << 30));
    out.skipped = collected.skipped;
    out.solved_here = collected.solved_here;
    ProgressBar bar(!rules.quiet);
    out.result = train_model(collected.problems, options, [&](const TrainerProgress& p) {
        bar.update(phase_name(p.phase), p.done, p.total, p.detail);
    });
    bar.finish();
    return out;
}

// summary_json() with the run's own fields (--summary-json).
nlohmann::ordered_json run_summary_json(const Training& t, const TrainerOptions& options,
                                        const std::string& out_file, bool bootstrapping,
                                        double seconds, std::size_t bytes) {
    nlohmann::ordered_json summary = summary_json(t.result.summary, options, t.result.model);
    summary["model"] = out_file;
    summary["problems_skipped"] = t.skipped;
    summary["problems_solved_for_training"] = t.solved_here;
    if (bootstrapping) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const auto& r : t.rounds)
            list.push_back({{"round", r.round},
                            {"attempted", r.attempted},
                            {"plans_added", r.solved},
                            {"with_plans", r.with_plans},
                            {"trained", r.trained}});
        summary["bootstrap_rounds"] = list;
    }
    summary["training_time_s"] = seconds;
    summary["peak_memory_mb"] = peak_memory_mb();
    summary["bytes"] = bytes;
    return summary;
}

// Warnings about the model chosen, printed even with --quiet.
void print_model_warnings(const TrainerSummary& s) {
    if (s.selection_cut) {
        std::cerr << "note: --selection-time-limit stopped the model selection after "
                  << s.candidates.size()
                  << " candidates (the best of them is the model); a rerun may stop "
                     "elsewhere\n";
    }
    if (s.non_zero_weights == 0) {
        // Possible only when no candidate with weights solves as many
        // validation problems (or with --no-tune / --selection loss).
        std::cerr << "warning: every weight is zero (C = " << s.chosen_c
                  << "): the model's heuristic is h = 0 everywhere; try another --graph, "
                     "more training problems, or --c\n";
    }
}

int run_training(const ParsedArgs& a, const Stopwatch& clock, SourceFiles& sources) {
    const bool bootstrapping = a.has("--bootstrap");
    check_option_combinations(a, bootstrapping);
    const std::string domain_file = *a.value("--domain");
    const fs::path plans_dir = a.value("--plans").value_or("");
    const std::string out_file = *a.value("--out");
    const PlanRules rules = plan_rules(a);
    const TrainerOptions options = trainer_options(a);
    if (!plans_dir.empty() && !fs::is_directory(plans_dir) && !rules.solve_missing &&
        !bootstrapping) {
        throw Error(ErrorCategory::Input, "--plans: '" + plans_dir.string() + "' is not a folder");
    }
    std::vector<Candidate> candidates = load_problems(domain_file, *a.value("--problems"), sources);
    const Training t = train(a, candidates, plans_dir, options, rules, bootstrapping, clock);
    const std::string model_text = save_model(t.result.model);
    write_text_file(out_file, model_text);
    const double seconds = clock.seconds();
    if (auto path = a.value("--summary-json")) {
        const auto summary =
            run_summary_json(t, options, out_file, bootstrapping, seconds, model_text.size());
        write_text_file(*path, summary.dump(2) + "\n");
    }
    print_model_warnings(t.result.summary);
    if (!rules.quiet) {
        std::ostringstream out;
        if (bootstrapping) print_rounds(out, t.rounds);
        out << summary_text(t.result.summary, options, out_file, model_text.size(), t.skipped,
                            seconds);
        std::cout << out.str() << std::flush;
    }
    return kExitSuccess;
}

// "A-B": two positive scales, A <= B.
std::pair<double, double> parse_scale(const std::string& text) {
    const auto dash = text.find('-');
    try {
        if (dash != std::string::npos) {
            std::size_t used_a = 0, used_b = 0;
            const std::string a = text.substr(0, dash), b = text.substr(dash + 1);
            const double lo = std::stod(a, &used_a), hi = std::stod(b, &used_b);
            if (used_a == a.size() && used_b == b.size() && lo > 0 && lo <= hi && hi <= 100)
                return {lo, hi};
        }
    } catch (const std::exception&) {
    }
    throw Error(ErrorCategory::Usage,
                "--scale: expected A-B with 0 < A <= B <= 100, got '" + text + "'");
}

// lltrain --generate: problems from one problem, written to a folder.
int run_generation(const ParsedArgs& a, SourceFiles& sources) {
    for (const char* required : {"--domain", "--problems", "--out"})
        if (!a.value(required))
            throw Error(ErrorCategory::Usage, std::string("missing required option ") + required);
    ProblemGeneratorOptions options;
    options.count = static_cast<int>(parse_count(a, "--generate", 10));
    if (options.count > 10'000) throw Error(ErrorCategory::Usage, "--generate: at most 10000");
    options.seed = parse_seed(a, 2024);
    std::tie(options.min_scale, options.max_scale) =
        parse_scale(a.value("--scale").value_or("0.5-1.5"));
    const std::string goals = a.value("--goals").value_or("problem");
    if (goals != "problem" && goals != "any")
        throw Error(ErrorCategory::Usage, "--goals: expected problem or any, got '" + goals + "'");
    options.goals_of_any_predicate = goals == "any";
    const std::string domain_file = *a.value("--domain"), problem_file = *a.value("--problems");
    const fs::path out_dir = *a.value("--out");
    if (fs::exists(out_dir) && !fs::is_directory(out_dir))
        throw Error(ErrorCategory::Usage, "--out: '" + out_dir.string() + "' is not a folder");
    std::string domain_text = read_text_file(domain_file);
    sources.add(domain_file, domain_text);
    std::string problem_text = read_text_file(problem_file);
    sources.add(problem_file, problem_text);
    const std::vector<GeneratedProblem> problems =
        generate_problems(domain_text, problem_text, options, nullptr, domain_file, problem_file);
    fs::create_directories(out_dir);
    for (const GeneratedProblem& problem : problems) {
        const fs::path path = out_dir / (problem.name + ".pddl");
        write_text_file(path.string(), problem.text);
        if (!a.has("--quiet"))
            std::cout << path.string() << ": " << problem.num_objects << " objects, "
                      << problem.num_goals << " goal atoms, made by a walk of "
                      << problem.witness.size() << " steps\n";
    }
    return kExitSuccess;
}

int run(const std::vector<std::string>& args) {
    Stopwatch clock;
    SourceFiles sources;
    try {
        std::optional<ParsedArgs> parsed = parse_command_line(train_spec(), args);
        if (!parsed) return kExitSuccess;
        const ParsedArgs& a = *parsed;
        if (a.value("--generate")) return run_generation(a, sources);
        for (const char* option : {"--scale", "--goals"})
            if (a.value(option))
                throw Error(ErrorCategory::Usage, std::string(option) + " needs --generate");
        return run_training(a, clock, sources);
    } catch (const std::exception&) {
        return report_current_exception(sources, "lltrain");
    }
}

}  // namespace
}  // namespace ll::cli

int main(int argc, char** argv) {
    return ll::cli::guarded_main(argc, argv, [](const std::vector<std::string>& args) {
        if (args.size() == 1 && (args[0] == "--version" || args[0] == "-V")) {
            std::cout << "lltrain " << ll::cli::kVersion << "\n";
            return static_cast<int>(ll::cli::kExitSuccess);
        }
        return ll::cli::run(args);
    });
}
