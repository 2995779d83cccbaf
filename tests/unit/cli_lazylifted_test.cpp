// End-to-end tests of the `lazylifted` binary: exit codes, messages with
// file:line:column, plan files and the stats JSON. Every test runs the
// binary in its own temporary directory with PDDL written by the test.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/unit/cli_test_support.hpp"

namespace {

namespace fs = std::filesystem;

// A corridor a -> b -> c: the only plan is (move a b) (move b c).
constexpr const char* kDomain = R"((define (domain walk)
  (:requirements :strips :typing)
  (:types place)
  (:predicates (at ?p - place) (connected ?a ?b - place))
  (:action move
    :parameters (?from ?to - place)
    :precondition (and (at ?from) (connected ?from ?to))
    :effect (and (at ?to) (not (at ?from)))))
)";

constexpr const char* kProblem = R"((define (problem walk-3)
  (:domain walk)
  (:objects a b c - place)
  (:init (at a) (connected a b) (connected b c))
  (:goal (at c)))
)";

// c is unreachable.
constexpr const char* kUnsolvableProblem = R"((define (problem walk-cut)
  (:domain walk)
  (:objects a b c - place)
  (:init (at a) (connected a b) (connected b a))
  (:goal (at c)))
)";

// A corridor of 12 places: far more than one expansion is needed.
std::string long_problem() {
    std::string objects, init = "(at p0)";
    for (int i = 0; i < 12; ++i) {
        objects += " p" + std::to_string(i);
        if (i > 0) init += " (connected p" + std::to_string(i - 1) + " p" + std::to_string(i) + ")";
    }
    return "(define (problem walk-long) (:domain walk)\n  (:objects" + objects +
           " - place)\n  (:init " + init + ")\n  (:goal (at p11)))\n";
}

using ll::test::quote;
using ll::test::RunResult;
using ll::test::slurp;

class CliTest : public ::testing::Test {
  protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "ll_cli_test_XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
        write("domain.pddl", kDomain);
        write("problem.pddl", kProblem);
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }

    void write(const std::string& name, const std::string& text) {
        std::ofstream(dir_ / name, std::ios::binary) << text;
    }
    std::string read(const std::string& name) const { return slurp(dir_ / name); }
    bool exists(const std::string& name) const { return fs::exists(dir_ / name); }
    nlohmann::json read_json(const std::string& name) const {
        return nlohmann::json::parse(read(name));
    }

    // Runs `lazylifted ARGS` in the test directory (ARGS is shell text).
    RunResult run(const std::string& args) const {
        return ll::test::run_in(dir_, LL_CLI_PATH, args);
    }

    fs::path dir_;
};

using CliUsage = CliTest;
using CliPlan = CliTest;
using CliErrors = CliTest;
using CliStats = CliTest;
using CliValidate = CliTest;

// ---- usage -----------------------------------------------------------------

TEST_F(CliUsage, HelpListsEveryFlagWithDefaultAndExitCodes) {
    for (const char* args : {"--help", "plan --help"}) {
        RunResult r = run(args);
        EXPECT_EQ(r.code, 0) << args;
        for (const char* flag : {"--space", "--heuristic", "--time-limit", "--memory-limit",
                                 "--max-expansions", "--plan-file", "--stats-json", "--quiet",
                                 "--dead-ends", "--parameter-order", "--model"}) {
            EXPECT_NE(r.out.find(flag), std::string::npos) << args << " lacks " << flag;
        }
        EXPECT_NE(r.out.find("default: ff"), std::string::npos);
        EXPECT_NE(r.out.find("default: state"), std::string::npos);
        EXPECT_NE(r.out.find("default: sas_plan"), std::string::npos);
        for (const char* code : {" 11 ", " 12 ", " 22 ", " 23 ", " 31 ", " 34 ", " 36 "}) {
            EXPECT_NE(r.out.find(code), std::string::npos) << args << " lacks exit code " << code;
        }
    }
    RunResult v = run("validate --help");
    EXPECT_EQ(v.code, 0);
    EXPECT_NE(v.out.find("PLAN"), std::string::npos);
}

TEST_F(CliUsage, Version) {
    RunResult r = run("--version");
    EXPECT_EQ(r.code, 0);
    EXPECT_EQ(r.out.rfind("lazylifted ", 0), 0u) << r.out;
}

TEST_F(CliUsage, BadCommandLinesAreUsageErrorsWithHint) {
    for (const char* args : {
             "",
             "frobnicate",
             "plan",
             "plan domain.pddl",
             "plan domain.pddl problem.pddl extra.pddl",
             "plan domain.pddl problem.pddl --frobnicate",
             "plan domain.pddl problem.pddl --time-limit",
             "plan domain.pddl problem.pddl --heuristic lmcut",
             "plan domain.pddl problem.pddl --space lifted",
             "plan domain.pddl problem.pddl --dead-ends maybe",
             "plan domain.pddl problem.pddl --quiet=yes",
             "validate domain.pddl problem.pddl",
         }) {
        RunResult r = run(args);
        EXPECT_EQ(r.code, 36) << "'" << args << "': " << r.err;
        EXPECT_NE(r.err.find("error: "), std::string::npos) << args;
        EXPECT_NE(r.err.find("--help"), std::string::npos) << args;
        EXPECT_FALSE(exists("sas_plan")) << args;
    }
}

TEST_F(CliUsage, ImpossibleLimitsAreUsageErrors) {
    for (const char* limit :
         {"--time-limit -5", "--time-limit 0", "--time-limit abc", "--time-limit 5x",
          "--time-limit 5d", "--time-limit inf", "--time-limit=", "--memory-limit 0",
          "--memory-limit -100", "--memory-limit 8T", "--memory-limit lots", "--max-expansions 0",
          "--max-expansions -1", "--max-expansions 1.5", "--max-expansions ten"}) {
        RunResult r = run(std::string("plan domain.pddl problem.pddl ") + limit);
        EXPECT_EQ(r.code, 36) << limit << ": " << r.err;
        EXPECT_NE(r.err.find("--help"), std::string::npos) << limit;
    }
}

TEST_F(CliUsage, LimitSuffixesAreAccepted) {
    for (const char* limits :
         {"--time-limit 30", "--time-limit 30s", "--time-limit 5m", "--time-limit 1h",
          "--time-limit=2.5", "--memory-limit 8000", "--memory-limit 8G", "--memory-limit 512M",
          "--memory-limit 4000000K", "--max-expansions 1000"}) {
        RunResult r = run(std::string("plan domain.pddl problem.pddl --quiet ") + limits);
        EXPECT_EQ(r.code, 0) << limits << ": " << r.err;
    }
}

// ---- planning outcomes -------------------------------------------------------

TEST_F(CliPlan, SolvesAndWritesIpcPlanFile) {
    RunResult r = run("plan domain.pddl problem.pddl");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(read("sas_plan"), "(move a b)\n(move b c)\n; cost = 2 (unit cost)\n");
    EXPECT_NE(r.out.find("(move a b)\n(move b c)\n"), std::string::npos) << r.out;
    for (const char* line :
         {"Solution found.", "Plan length: 2 step(s).", "Expanded ", "Evaluated ", "Generated ",
          "Dead ends: ", "Search time: ", "Total time: ", "Peak memory: "}) {
        EXPECT_NE(r.out.find(line), std::string::npos) << "missing '" << line << "' in\n" << r.out;
    }
    EXPECT_NE(r.err.find("[t="), std::string::npos) << "no progress line: " << r.err;
    EXPECT_NE(r.err.find("new best h="), std::string::npos) << r.err;
}

TEST_F(CliPlan, EveryHeuristicSolves) {
    for (const char* h : {"ff", "hadd", "hmax", "goal-count"}) {
        RunResult r = run(std::string("plan domain.pddl problem.pddl --quiet --plan-file p_") + h +
                          " --heuristic " + h);
        EXPECT_EQ(r.code, 0) << h << ": " << r.err;
        EXPECT_EQ(read(std::string("p_") + h), "(move a b)\n(move b c)\n; cost = 2 (unit cost)\n");
    }
}

TEST_F(CliPlan, QuietPrintsNothingAndHonoursPlanFile) {
    RunResult r = run("plan domain.pddl problem.pddl --quiet --plan-file out.plan");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "");
    EXPECT_TRUE(exists("out.plan"));
    EXPECT_FALSE(exists("sas_plan"));
}

TEST_F(CliPlan, UnsolvableExits11) {
    write("cut.pddl", kUnsolvableProblem);
    RunResult r = run("plan domain.pddl cut.pddl");
    EXPECT_EQ(r.code, 11) << r.err;
    EXPECT_NE(r.out.find("Search stopped without finding a solution: proven unsolvable"),
              std::string::npos)
        << r.out;
    EXPECT_FALSE(exists("sas_plan"));
}

TEST_F(CliPlan, ExpansionLimitExits12) {
    write("long.pddl", long_problem());
    RunResult r = run("plan domain.pddl long.pddl --max-expansions 1");
    EXPECT_EQ(r.code, 12) << r.err;
    EXPECT_NE(r.out.find("expansion limit"), std::string::npos) << r.out;
    EXPECT_FALSE(exists("sas_plan"));
    // Without the limit the same task is solved in 11 steps.
    RunResult ok = run("plan domain.pddl long.pddl --quiet");
    EXPECT_EQ(ok.code, 0) << ok.err;
}

TEST_F(CliPlan, PartialSpaceIsReportedAsUnsupportedOrSolves) {
    // The partial-state space is refused (34) until it lands; it must never crash.
    RunResult r = run("plan domain.pddl problem.pddl --space partial --quiet");
    EXPECT_TRUE(r.code == 34 || r.code == 0) << r.code << ": " << r.err;
    if (r.code == 34) {
        EXPECT_NE(r.err.find("error: "), std::string::npos);
    }
}

// ---- input errors -------------------------------------------------------------

TEST_F(CliErrors, UnreadableFileNamesTheFile) {
    RunResult r = run("plan domain.pddl missing-problem.pddl");
    EXPECT_EQ(r.code, 31);
    EXPECT_NE(r.err.find("missing-problem.pddl"), std::string::npos) << r.err;
    fs::create_directory(dir_ / "adir");
    RunResult d = run("plan adir problem.pddl");
    EXPECT_EQ(d.code, 31);
    EXPECT_NE(d.err.find("adir"), std::string::npos) << d.err;
}

TEST_F(CliErrors, UnknownPredicateIsPositionedWithCaret) {
    // Line 4: "  (:init (at a) (conected a b) (connected b c))"; the bad atom
    // starts at column 18.
    std::string bad = kProblem;
    bad.replace(bad.find("(connected a b)"), 15, "(conected a b)");
    write("bad.pddl", bad);
    RunResult r = run("plan domain.pddl bad.pddl");
    EXPECT_EQ(r.code, 31) << r.err;
    EXPECT_EQ(r.err.rfind("error: bad.pddl:4:18: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("conected"), std::string::npos) << r.err;
    // The offending line is echoed with a caret under column 18.
    EXPECT_NE(r.err.find("\n 4 |   (:init (at a) (conected a b) (connected b c))\n"
                         "   |                  ^\n"),
              std::string::npos)
        << r.err;
}

TEST_F(CliErrors, UnbalancedParenthesisIsASyntaxError) {
    std::string bad = kDomain;
    bad.replace(bad.find("(at ?from) (connected"), 10, "(at ?from");  // drop a ')'
    write("bad-domain.pddl", bad);
    RunResult r = run("plan bad-domain.pddl problem.pddl");
    EXPECT_EQ(r.code, 31) << r.err;
    // Reported at the '(' that is never closed: "(define" at 1:1.
    EXPECT_EQ(r.err.rfind("error: bad-domain.pddl:1:1: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(" 1 | (define (domain walk)\n   | ^\n"), std::string::npos) << r.err;
}

TEST_F(CliErrors, UnsupportedRequirementExits34WithPosition) {
    std::string bad = kDomain;
    bad.replace(bad.find(":strips :typing"), 15, ":strips :conditional-effects");
    write("cond.pddl", bad);
    RunResult r = run("plan cond.pddl problem.pddl");
    EXPECT_EQ(r.code, 34) << r.err;
    // Line 2: "  (:requirements :strips :conditional-effects)", the flag at column 26.
    EXPECT_EQ(r.err.rfind("error: cond.pddl:2:26: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("conditional-effects"), std::string::npos) << r.err;
}

// ---- stats json ---------------------------------------------------------------

TEST_F(CliStats, SolvedRunHasAllFields) {
    RunResult r = run("plan domain.pddl problem.pddl --quiet --stats-json s.json");
    ASSERT_EQ(r.code, 0) << r.err;
    nlohmann::json j = read_json("s.json");
    EXPECT_EQ(j["status"], "solved");
    EXPECT_EQ(j["plan_length"], 2);
    for (const char* key : {"expansions", "evaluations", "generated", "dead_ends",
                            "skipped_evaluations", "average_branching_factor", "initial_h",
                            "search_time_s", "total_time_s", "peak_memory_mb"}) {
        ASSERT_TRUE(j.contains(key)) << key;
        EXPECT_TRUE(j[key].is_number()) << key << ": " << j[key];
    }
    EXPECT_GE(j["expansions"].get<long>(), 1);
    EXPECT_GE(j["evaluations"].get<long>(), 1);
    EXPECT_GT(j["peak_memory_mb"].get<double>(), 0.0);
    EXPECT_EQ(j["space"], "state");
    EXPECT_EQ(j["heuristic"], "ff");
    EXPECT_EQ(j["domain"], "domain.pddl");
    EXPECT_EQ(j["problem"], "problem.pddl");
}

TEST_F(CliStats, UnsolvedRunHasNullPlanLength) {
    write("cut.pddl", kUnsolvableProblem);
    RunResult r = run("plan domain.pddl cut.pddl --quiet --stats-json s.json");
    ASSERT_EQ(r.code, 11) << r.err;
    nlohmann::json j = read_json("s.json");
    EXPECT_EQ(j["status"], "unsolvable");
    EXPECT_TRUE(j["plan_length"].is_null());

    write("long.pddl", long_problem());
    r = run("plan domain.pddl long.pddl --quiet --max-expansions 1 --stats-json l.json");
    ASSERT_EQ(r.code, 12) << r.err;
    EXPECT_EQ(read_json("l.json")["status"], "expansion-limit");
}

TEST_F(CliStats, ErrorsAreWrittenToo) {
    std::string bad = kProblem;
    bad.replace(bad.find("(connected a b)"), 15, "(conected a b)");
    write("bad.pddl", bad);
    RunResult r = run("plan domain.pddl bad.pddl --stats-json s.json");
    ASSERT_EQ(r.code, 31) << r.err;
    nlohmann::json j = read_json("s.json");
    EXPECT_EQ(j["status"], "error");
    EXPECT_EQ(j["error"]["file"], "bad.pddl");
    EXPECT_EQ(j["error"]["line"], 4);
    EXPECT_TRUE(j["error"]["column"].is_number());
    EXPECT_TRUE(j["error"]["category"] == "input" || j["error"]["category"] == "syntax");
    EXPECT_TRUE(j["plan_length"].is_null());

    // Even a malformed command line reaches the stats file when it names one.
    r = run("plan domain.pddl problem.pddl --time-limit never --stats-json u.json");
    ASSERT_EQ(r.code, 36);
    nlohmann::json u = read_json("u.json");
    EXPECT_EQ(u["status"], "error");
    EXPECT_EQ(u["error"]["category"], "usage");
}

// ---- validate -----------------------------------------------------------------

TEST_F(CliValidate, AcceptsIpcAndPowerliftedPlans) {
    write("ipc.plan", "(move a b)\n(MOVE B C)\n; cost = 2 (unit cost)\n");
    RunResult r = run("validate domain.pddl problem.pddl ipc.plan");
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("Plan valid (2 steps)"), std::string::npos) << r.out;

    write("pl.plan", "0: (move a b ) ;[created objects: ]\n1: (move b c )\n; cost = 2\n");
    r = run("validate domain.pddl problem.pddl pl.plan");
    EXPECT_EQ(r.code, 0) << r.out << r.err;
}

TEST_F(CliValidate, ValidatesThePlannersOwnPlan) {
    ASSERT_EQ(run("plan domain.pddl problem.pddl --quiet").code, 0);
    RunResult r = run("validate domain.pddl problem.pddl sas_plan");
    EXPECT_EQ(r.code, 0) << r.out << r.err;
}

TEST_F(CliValidate, InvalidPlansExit1WithReason) {
    write("order.plan", "(move b c)\n(move a b)\n");
    RunResult r = run("validate domain.pddl problem.pddl order.plan");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("step 1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("(at b)"), std::string::npos) << r.out;

    write("short.plan", "(move a b)\n");
    r = run("validate domain.pddl problem.pddl short.plan");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("(at c)"), std::string::npos) << r.out;
}

TEST_F(CliValidate, MalformedPlanIsAnInputError) {
    write("bad.plan", "(move a b)\n(fly b c)\n");
    RunResult r = run("validate domain.pddl problem.pddl bad.plan");
    EXPECT_EQ(r.code, 31) << r.out << r.err;
    EXPECT_NE(r.err.find("error: bad.plan:2:"), std::string::npos) << r.err;

    RunResult m = run("validate domain.pddl problem.pddl nothing.plan");
    EXPECT_EQ(m.code, 31);
    EXPECT_NE(m.err.find("nothing.plan"), std::string::npos) << m.err;
}

// ---- time and memory limits ---------------------------------------------------

// 30 independent switches and a contradictory goal: relaxed-reachable (so no
// heuristic detects it) but unreachable, with 2^30 states to explore.
constexpr const char* kTogglesDomain = R"((define (domain toggles)
  (:requirements :strips :typing)
  (:types bit)
  (:predicates (on ?b - bit) (off ?b - bit))
  (:action set :parameters (?b - bit) :precondition (off ?b)
    :effect (and (on ?b) (not (off ?b))))
  (:action reset :parameters (?b - bit) :precondition (on ?b)
    :effect (and (off ?b) (not (on ?b)))))
)";

std::string toggles_problem() {
    std::string objects, init;
    for (int i = 0; i < 30; ++i) {
        objects += " b" + std::to_string(i);
        init += " (off b" + std::to_string(i) + ")";
    }
    return "(define (problem toggles-30) (:domain toggles)\n  (:objects" + objects +
           " - bit)\n  (:init" + init + ")\n  (:goal (and (on b0) (off b0))))\n";
}

using CliLimits = CliTest;

TEST_F(CliLimits, TimeLimitExits23) {
    write("tog.pddl", kTogglesDomain);
    write("tp.pddl", toggles_problem());
    auto start = std::chrono::steady_clock::now();
    RunResult r = run("plan tog.pddl tp.pddl --time-limit 0.5 --stats-json s.json");
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.code, 23) << r.err;
    EXPECT_LT(wall, 10.0);
    EXPECT_NE(r.out.find("Search stopped without finding a solution: out of time"),
              std::string::npos)
        << r.out;
    nlohmann::json j = read_json("s.json");
    EXPECT_EQ(j["status"], "out-of-time");
    EXPECT_TRUE(j["plan_length"].is_null());
    EXPECT_GT(j["expansions"].get<long>(), 0);
    EXPECT_DOUBLE_EQ(j["time_limit_s"].get<double>(), 0.5);
}

TEST_F(CliLimits, MemoryLimitExits22) {
    write("tog.pddl", kTogglesDomain);
    write("tp.pddl", toggles_problem());
    RunResult r =
        run("plan tog.pddl tp.pddl --quiet --memory-limit 40M --time-limit 2m --stats-json s.json");
    EXPECT_EQ(r.code, 22) << r.err;
    nlohmann::json j = read_json("s.json");
    EXPECT_EQ(j["status"], "out-of-memory");
    EXPECT_DOUBLE_EQ(j["memory_limit_mb"].get<double>(), 40.0);
}

// ---- the shared test tasks ------------------------------------------------------

using CliTasks = CliTest;

std::string task_path(const std::string& relative) {
    return quote(std::string(LL_TEST_DATA_DIR) + "/tasks/" + relative);
}

TEST_F(CliTasks, SolvesEverySolvableTaskWithAValidPlan) {
    for (const char* task : {"blocksworld/p01", "blocksworld/p02", "blocksworld/p03", "gripper/p01",
                             "gripper/p02", "ferry/p01", "ferry/p02", "constants-equality/p01",
                             "nullary/p01", "repeated-vars/p01", "trivial/p01"}) {
        std::string t = task;
        std::string folder = t.substr(0, t.find('/'));
        std::string domain = task_path(folder + "/domain.pddl");
        std::string problem = task_path(t + ".pddl");
        RunResult r = run("plan " + domain + " " + problem + " --quiet --stats-json s.json");
        ASSERT_EQ(r.code, 0) << task << ": " << r.err;
        EXPECT_EQ(read_json("s.json")["status"], "solved") << task;
        RunResult v = run("validate " + domain + " " + problem + " sas_plan");
        EXPECT_EQ(v.code, 0) << task << ": " << v.out << v.err;
        // The reference plans validate too.
        RunResult ref = run("validate " + domain + " " + problem + " " + task_path(t + ".plan"));
        EXPECT_EQ(ref.code, 0) << task << ": " << ref.out << ref.err;
    }
}

TEST_F(CliTasks, TrivialTaskHasEmptyPlan) {
    RunResult r =
        run("plan " + task_path("trivial/domain.pddl") + " " + task_path("trivial/p01.pddl"));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(read("sas_plan"), "; cost = 0 (unit cost)\n");
    EXPECT_NE(r.out.find("Plan length: 0 step(s)."), std::string::npos) << r.out;
}

TEST_F(CliTasks, UnsolvableTasksExit11) {
    for (const char* p : {"unsolvable/p01.pddl", "unsolvable/p02.pddl"}) {
        RunResult r = run("plan " + task_path("unsolvable/domain.pddl") + " " + task_path(p) +
                          " --stats-json s.json");
        EXPECT_EQ(r.code, 11) << p << ": " << r.err;
        EXPECT_EQ(read_json("s.json")["status"], "unsolvable") << p;
        EXPECT_FALSE(exists("sas_plan")) << p;
    }
}

}  // namespace
