// End-to-end tests of the `lltrain` binary and of its models in `lazylifted`:
// training on the project's small blocksworld tasks, plans from the learnt
// heuristic validated in both spaces, determinism of the model file, and
// the errors (usage, invalid plans, models for another domain).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/unit/cli_test_support.hpp"

namespace {

namespace fs = std::filesystem;

using ll::test::RunResult;
using ll::test::slurp;

class LltrainTest : public ::testing::Test {
  protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "ll_lltrain_test_XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
        // Problems and plans side by side, with the domain, as in tests/data.
        const fs::path source = fs::path(LL_TEST_DATA_DIR) / "tasks" / "blocksworld";
        fs::create_directory(dir_ / "bw");
        for (const auto& entry : fs::directory_iterator(source))
            fs::copy_file(entry.path(), dir_ / "bw" / entry.path().filename());
        fs::create_directory(dir_ / "gripper");
        for (const auto& entry :
             fs::directory_iterator(fs::path(LL_TEST_DATA_DIR) / "tasks" / "gripper"))
            fs::copy_file(entry.path(), dir_ / "gripper" / entry.path().filename());
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    std::string read(const std::string& name) const { return slurp(dir_ / name); }
    void write(const std::string& name, const std::string& text) {
        std::ofstream(dir_ / name, std::ios::binary) << text;
    }

    RunResult run(const char* binary, const std::string& args) const {
        return ll::test::run_in(dir_, binary, args);
    }
    RunResult lltrain(const std::string& args) const { return run(LL_LLTRAIN_PATH, args); }
    RunResult lazylifted(const std::string& args) const { return run(LL_CLI_PATH, args); }

    // Trains on the three blocksworld tasks (few tuning steps: tiny data).
    RunResult train(const std::string& extra, const std::string& out = "model.json") const {
        return lltrain(
            "--domain bw/domain.pddl --problems bw --plans bw --tune-iterations 2 "
            "--out " +
            out + " " + extra);
    }

    fs::path dir_;
};

TEST_F(LltrainTest, HelpListsTheOptions) {
    RunResult r = lltrain("--help");
    EXPECT_EQ(r.code, 0);
    for (const char* flag :
         {"--domain", "--problems", "--plans", "--graph", "--space", "--iterations",
          "--importances", "--seed", "--out", "--solve-missing", "--wl-variant"})
        EXPECT_NE(r.out.find(flag), std::string::npos) << flag;
}

TEST_F(LltrainTest, UsageErrors) {
    RunResult r = lltrain("--domain bw/domain.pddl --problems bw --plans bw");
    EXPECT_EQ(r.code, 36);
    EXPECT_NE(r.err.find("--out"), std::string::npos) << r.err;
    r = train("--graph ilg --space partial");
    EXPECT_EQ(r.code, 36);
    EXPECT_NE(r.err.find("--space state"), std::string::npos) << r.err;
    r = train("--graph gnn");
    EXPECT_EQ(r.code, 36);
    r = train("--importances 1,2,3");
    EXPECT_EQ(r.code, 36);
    for (const auto& [bad, needle] : std::vector<std::pair<std::string, std::string>>{
             {"--iterations 3-1", "--iterations"},
             {"--iterations 9", "--iterations"},
             {"--iterations 1,x", "--iterations"},
             {"--selection best", "--selection"},
             {"--selection loss --iterations 1-3", "--selection search"},
             {"--no-tune --iterations 1,2", "--iterations"},
             {"--wl-variant 2wl", "--wl-variant: unknown value '2wl' (expected wl or iwl)"}}) {
        r = train(bad);
        EXPECT_EQ(r.code, 36) << bad;
        EXPECT_NE(r.err.find(needle), std::string::npos) << bad << ": " << r.err;
    }
    r = lltrain("--domain bw/domain.pddl --problems nowhere --plans bw --out m.json");
    EXPECT_EQ(r.code, 31);
    EXPECT_NE(r.err.find("nowhere"), std::string::npos) << r.err;
}

TEST_F(LltrainTest, TrainsModelsThatSolveInBothSpaces) {
    struct Config {
        const char* args;
        const char* graph;
    };
    for (const Config& config : {Config{"--graph aoag", "aoag"}, Config{"--graph aeg", "aeg"},
                                 Config{"--graph ilg --space state", "ilg"}}) {
        SCOPED_TRACE(config.args);
        RunResult r = train(std::string(config.args) + " --summary-json summary.json");
        ASSERT_EQ(r.code, 0) << r.err;
        EXPECT_NE(r.out.find("Tuples:"), std::string::npos) << r.out;
        const auto summary = nlohmann::json::parse(read("summary.json"));
        EXPECT_EQ(summary["problems_used"], 3);
        EXPECT_EQ(summary["graph"], config.graph);
        EXPECT_GT(summary["features"].get<int>(), 0);
        EXPECT_GT(summary["tuples_total"].get<int>(), 0);
        // Model selection by search over 1-3 WL iterations × 4 values of C.
        EXPECT_EQ(summary["selection"], "search");
        // (fewer when a larger C or count ranks below the one before it):
        // the summary counts exactly the candidates the model records.
        EXPECT_GE(summary["candidates"].get<int>(), 2);
        EXPECT_LE(summary["candidates"].get<int>(), 12);
        EXPECT_EQ(summary["validation_timeouts"], 0);
        EXPECT_EQ(summary["validation_searched"], 1);
        EXPECT_EQ(summary["validation_solved"], 1);
        EXPECT_GE(summary["wl_iterations"].get<int>(), 1);
        EXPECT_LE(summary["wl_iterations"].get<int>(), 3);
        EXPECT_LE(summary["model_colours"].get<int>(), summary["features"].get<int>());
        const auto model = nlohmann::json::parse(read("model.json"));
        EXPECT_EQ(model["graph"], config.graph);
        EXPECT_EQ(model["training"]["candidates"].size(), summary["candidates"].get<std::size_t>());
        EXPECT_EQ(model["training"]["candidates"][model["training"]["chosen_candidate"].get<int>()]
                       ["solved"],
                  summary["validation_solved"]);
        for (const char* space : {"state", "partial"}) {
            for (const char* problem : {"p01", "p02", "p03"}) {
                SCOPED_TRACE(std::string(space) + " " + problem);
                RunResult plan = lazylifted("plan bw/domain.pddl bw/" + std::string(problem) +
                                            ".pddl --model model.json --space " + space +
                                            " --time-limit 60 --plan-file plan.txt");
                ASSERT_EQ(plan.code, 0) << plan.err;
                RunResult check = lazylifted("validate bw/domain.pddl bw/" + std::string(problem) +
                                             ".pddl plan.txt");
                EXPECT_EQ(check.code, 0) << check.out;
            }
        }
    }
}

// A tiny C makes every weight zero: legal, but the user is warned that the
// model is blind; a normal run has no such warning.
TEST_F(LltrainTest, AllZeroWeightsAreWarnedAbout) {
    RunResult blind = train("--graph aoag --no-tune --c 0.001 --summary-json s.json");
    ASSERT_EQ(blind.code, 0) << blind.err;
    EXPECT_EQ(nlohmann::json::parse(read("s.json"))["non_zero_weights"], 0);
    EXPECT_NE(blind.err.find("warning: every weight is zero"), std::string::npos) << blind.err;
    RunResult normal = train("--graph aoag --no-tune --c 1");
    ASSERT_EQ(normal.code, 0) << normal.err;
    EXPECT_EQ(normal.err.find("every weight is zero"), std::string::npos) << normal.err;
}

// The dead-end probe: painter has relaxed dead ends (the model says so, and
// the planner then prunes them by default), blocksworld has none.
TEST_F(LltrainTest, ModelRecordsWhetherTheDomainHasDeadEnds) {
    fs::create_directory(dir_ / "painter");
    for (const auto& entry :
         fs::directory_iterator(fs::path(LL_TEST_DATA_DIR) / "tasks" / "painter"))
        fs::copy_file(entry.path(), dir_ / "painter" / entry.path().filename());
    RunResult painter = lltrain(
        "--domain painter/domain.pddl --problems painter --plans painter --no-tune "
        "--out painter.json --summary-json p.json");
    ASSERT_EQ(painter.code, 0) << painter.err;
    EXPECT_EQ(nlohmann::json::parse(read("p.json"))["relaxed_dead_ends"], true);
    EXPECT_EQ(nlohmann::json::parse(read("painter.json"))["dead_ends"], "relaxed");
    EXPECT_NE(painter.out.find("Dead ends: found"), std::string::npos) << painter.out;
    RunResult plan = lazylifted(
        "plan painter/domain.pddl painter/p01.pddl --model painter.json --space partial "
        "--stats-json s.json --plan-file plan.txt");
    ASSERT_EQ(plan.code, 0) << plan.err;
    EXPECT_EQ(lazylifted("validate painter/domain.pddl painter/p01.pddl plan.txt").code, 0);

    RunResult blocks = train("--graph aoag --no-tune --summary-json b.json");
    ASSERT_EQ(blocks.code, 0) << blocks.err;
    EXPECT_EQ(nlohmann::json::parse(read("b.json"))["relaxed_dead_ends"], false);
    // Below the budget (166 a problem): every successor of every plan state.
    EXPECT_EQ(nlohmann::json::parse(read("b.json"))["dead_end_checks"], 80);
    EXPECT_EQ(nlohmann::json::parse(read("model.json"))["dead_ends"], "none");
}

TEST_F(LltrainTest, SameInputsGiveAByteIdenticalModel) {
    ASSERT_EQ(train("--graph aoag", "a.json").code, 0);
    ASSERT_EQ(train("--graph aoag", "b.json").code, 0);
    EXPECT_EQ(read("a.json"), read("b.json"));
    ASSERT_EQ(train("--graph aoag --seed 7", "c.json").code, 0);
    const auto c = nlohmann::json::parse(read("c.json"));
    EXPECT_EQ(c["training"]["seed"], 7);
}

// Individualised WL end to end: lltrain --wl-variant iwl writes an "iwl"
// model (marked base keys among its colours) that guides the planner to
// valid plans, and the same inputs give the same bytes.
TEST_F(LltrainTest, IndividualisedModelTrainsPlansAndIsDeterministic) {
    RunResult r =
        train("--graph ilg --space state --wl-variant iwl --summary-json s.json", "a.json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find(" iWL iterations"), std::string::npos) << r.out;
    EXPECT_EQ(nlohmann::json::parse(read("s.json"))["wl_variant"], "iwl");
    const auto model = nlohmann::json::parse(read("a.json"));
    EXPECT_EQ(model["wl"]["variant"], "iwl");
    bool marked = false;
    for (const auto& key : model["colours"])
        marked = marked || key[0] == -2;
    EXPECT_TRUE(marked);
    for (const char* problem : {"p01", "p02", "p03"}) {
        SCOPED_TRACE(problem);
        RunResult plan = lazylifted("plan bw/domain.pddl bw/" + std::string(problem) +
                                    ".pddl --model a.json --space state --time-limit 60 "
                                    "--plan-file plan.txt");
        ASSERT_EQ(plan.code, 0) << plan.err;
        EXPECT_EQ(
            lazylifted("validate bw/domain.pddl bw/" + std::string(problem) + ".pddl plan.txt")
                .code,
            0);
    }
    ASSERT_EQ(train("--graph ilg --space state --wl-variant iwl", "b.json").code, 0);
    EXPECT_EQ(read("a.json"), read("b.json"));
    // The default is plain WL, and says so.
    ASSERT_EQ(train("--graph ilg --space state", "c.json").code, 0);
    EXPECT_EQ(nlohmann::json::parse(read("c.json"))["wl"]["variant"], "wl");
}

TEST_F(LltrainTest, InvalidPlansAreSkippedOrRefused) {
    // p02's plan with its first step removed no longer validates.
    std::string plan = read("bw/p02.plan");
    plan = plan.substr(plan.find('\n') + 1);
    write("bw/p02.plan", plan);
    RunResult r = train("--summary-json summary.json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("skipping p02"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("not valid"), std::string::npos) << r.err;
    EXPECT_EQ(nlohmann::json::parse(read("summary.json"))["problems_used"], 2);
    r = train("--strict");
    EXPECT_EQ(r.code, 31);
    EXPECT_NE(r.err.find("p02"), std::string::npos) << r.err;
    // A plan naming an unknown action does not parse: also skipped.
    write("bw/p03.plan", "(fly b1 b2)\n");
    r = train("--summary-json summary.json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("skipping p03"), std::string::npos) << r.err;
    EXPECT_EQ(nlohmann::json::parse(read("summary.json"))["problems_used"], 1);
}

// --bootstrap needs no plans: the planner solves the problems it can,
// the model is trained on those plans; a given plan is used as it is.
TEST_F(LltrainTest, BootstrapFindsItsOwnPlans) {
    fs::remove(dir_ / "bw" / "p02.plan");
    write("bw/p03.plan", "(pick-up a)\n");  // invalid: warned about, then solved
    RunResult r = lltrain(
        "--bootstrap --domain bw/domain.pddl --problems bw --plans bw --out model.json "
        "--summary-json summary.json --save-plans found");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("warning: p03: the plan is not valid"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("Round 0: 2 plan(s) added of 2 attempted"), std::string::npos) << r.out;
    const auto summary = nlohmann::json::parse(read("summary.json"));
    EXPECT_EQ(summary["problems_used"], 3);
    EXPECT_EQ(summary["problems_solved_for_training"], 2);
    ASSERT_EQ(summary["bootstrap_rounds"].size(), 1u);
    EXPECT_EQ(summary["bootstrap_rounds"][0]["plans_added"], 2);
    EXPECT_EQ(summary["bootstrap_rounds"][0]["with_plans"], 3);
    EXPECT_TRUE(summary["bootstrap_rounds"][0]["trained"].get<bool>());
    for (const char* problem : {"p01", "p02", "p03"}) {
        SCOPED_TRACE(problem);
        RunResult check = lazylifted("validate bw/domain.pddl bw/" + std::string(problem) +
                                     ".pddl found/" + problem + ".plan");
        EXPECT_EQ(check.code, 0) << check.out << check.err;
        RunResult plan = lazylifted("plan bw/domain.pddl bw/" + std::string(problem) +
                                    ".pddl --model model.json --time-limit 60");
        EXPECT_EQ(plan.code, 0) << plan.err;
    }

    // Nothing solvable: a clear error, no model.
    fs::create_directory(dir_ / "none");
    for (const auto& entry :
         fs::directory_iterator(fs::path(LL_TEST_DATA_DIR) / "tasks" / "unsolvable"))
        fs::copy_file(entry.path(), dir_ / "none" / entry.path().filename());
    r = lltrain("--bootstrap --domain none/domain.pddl --problems none --out none.json");
    EXPECT_EQ(r.code, 31);
    EXPECT_NE(r.err.find("solved none of the problems"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir_ / "none.json"));

    // Bootstrap options without --bootstrap, and both ways of solving.
    for (const char* bad : {"--time-budget 5", "--max-rounds 2", "--save-plans x"}) {
        r = train(bad);
        EXPECT_EQ(r.code, 36) << bad;
        EXPECT_NE(r.err.find("needs --bootstrap"), std::string::npos) << r.err;
    }
    r = train("--bootstrap --solve-missing");
    EXPECT_EQ(r.code, 36);
}

TEST_F(LltrainTest, GeneratedProblemsTrainAModelFromOneProblem) {
    RunResult r =
        lltrain("--generate 6 --seed 5 --domain bw/domain.pddl --problems bw/p03.pddl --out gen");
    ASSERT_EQ(r.code, 0) << r.err;
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(dir_ / "gen"))
        files.push_back(entry.path().filename().string());
    std::sort(files.begin(), files.end());
    ASSERT_EQ(files.size(), 6u);
    EXPECT_EQ(files.front(), "bw-p03-g01.pddl");
    EXPECT_NE(r.out.find("gen/bw-p03-g06.pddl: 9 objects"), std::string::npos) << r.out;
    // The same seed writes the same files; the problems are solvable.
    const std::string first = read("gen/bw-p03-g03.pddl");
    r = lltrain(
        "--generate 6 --seed 5 --domain bw/domain.pddl --problems bw/p03.pddl --out "
        "again --quiet");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(read("again/bw-p03-g03.pddl"), first);
    r = lltrain(
        "--bootstrap --domain bw/domain.pddl --problems gen --out gen.json "
        "--time-budget 120");
    ASSERT_EQ(r.code, 0) << r.err;
    RunResult plan = lazylifted("plan bw/domain.pddl bw/p03.pddl --model gen.json --time-limit 60");
    EXPECT_EQ(plan.code, 0) << plan.err;

    for (const auto& [bad, needle] : std::vector<std::pair<std::string, std::string>>{
             {"--generate 0", "--generate"},
             {"--generate 3 --scale 2-1", "--scale"},
             {"--generate 3 --scale x", "--scale"},
             {"--scale 1-2", "--scale needs --generate"}}) {
        r = lltrain(bad + " --domain bw/domain.pddl --problems bw/p03.pddl --out gen2");
        EXPECT_EQ(r.code, 36) << bad << r.err;
        EXPECT_NE(r.err.find(needle), std::string::npos) << bad << ": " << r.err;
    }
    write("broken.pddl", "(define (problem b) (:domain blocksworld) (:objects a - bloc))");
    r = lltrain("--generate 2 --domain bw/domain.pddl --problems broken.pddl --out gen3");
    EXPECT_EQ(r.code, 31);
    EXPECT_NE(r.err.find("broken.pddl:1:"), std::string::npos) << r.err;
}

TEST_F(LltrainTest, BootstrapTrainsOnGivenPlansWhenNothingIsLeftToSolve) {
    RunResult r = lltrain(
        "--bootstrap --domain bw/domain.pddl --problems bw --plans bw --out model.json "
        "--summary-json summary.json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("Round 0: 0 plan(s) added of 0 attempted"), std::string::npos) << r.out;
    const auto summary = nlohmann::json::parse(read("summary.json"));
    EXPECT_EQ(summary["problems_used"], 3);
    EXPECT_TRUE(summary["bootstrap_rounds"][0]["trained"].get<bool>());
}

TEST_F(LltrainTest, MissingPlansAreSolvedOnRequest) {
    fs::remove(dir_ / "bw" / "p03.plan");
    RunResult r = train("--summary-json summary.json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("--solve-missing"), std::string::npos) << r.err;
    EXPECT_EQ(nlohmann::json::parse(read("summary.json"))["problems_used"], 2);
    r = train("--solve-missing --summary-json summary.json");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto summary = nlohmann::json::parse(read("summary.json"));
    EXPECT_EQ(summary["problems_used"], 3);
    EXPECT_EQ(summary["problems_solved_for_training"], 1);
    fs::remove(dir_ / "bw" / "p01.plan");
    fs::remove(dir_ / "bw" / "p02.plan");
    r = train("");
    EXPECT_EQ(r.code, 31);
    EXPECT_NE(r.err.find("no training problem has a valid plan"), std::string::npos) << r.err;
}

// A domain with derived predicates (tests/data/derived/blocksworld-derived):
// lltrain solves three small problems itself and trains on them, the model
// records the derived predicates, guides both spaces to valid plans of a
// held-out problem, and is refused for a domain of the same name in which
// `clear` is a basic predicate.
TEST_F(LltrainTest, TrainsOnADomainWithDerivedPredicates) {
    const fs::path source = fs::path(LL_TEST_DATA_DIR) / "derived" / "blocksworld-derived";
    fs::create_directories(dir_ / "bwd" / "train");
    fs::copy_file(source / "domain.pddl", dir_ / "bwd" / "domain.pddl");
    fs::copy_file(source / "p02.pddl", dir_ / "bwd" / "held-out.pddl");
    const char* problems[] = {
        "(:objects a b c - block) (:init (on a b) (ontable b) (ontable c) (handempty))\n"
        " (:goal (and (above b c) (ontable a)))",
        "(:objects a b c - block) (:init (on a b) (on b c) (ontable c) (handempty))\n"
        " (:goal (and (above c a) (ontable a)))",
        "(:objects a b c d - block)\n"
        " (:init (on b a) (ontable a) (on c d) (ontable d) (handempty))\n"
        " (:goal (and (above d a) (above b c)))",
    };
    for (int i = 0; i < 3; ++i) {
        const std::string name = "t" + std::to_string(i + 1);
        write("bwd/train/" + name + ".pddl", "(define (problem " + name +
                                                 ") (:domain blocksworld-derived)\n " +
                                                 problems[i] + ")\n");
    }
    RunResult r = lltrain(
        "--domain bwd/domain.pddl --problems bwd/train --plans bwd/train --solve-missing "
        "--tune-iterations 2 --out model.json --summary-json summary.json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(read("summary.json"))["problems_used"], 3);
    const auto model = nlohmann::json::parse(read("model.json"));
    EXPECT_EQ(model["domain"]["derived"], nlohmann::json::array({"clear", "above"}));
    for (const char* space : {"state", "partial"}) {
        SCOPED_TRACE(space);
        RunResult plan = lazylifted(
            "plan bwd/domain.pddl bwd/held-out.pddl --model model.json --heuristic wl --space " +
            std::string(space) + " --time-limit 60 --plan-file plan.txt");
        ASSERT_EQ(plan.code, 0) << plan.err;
        EXPECT_NE(plan.out.find("wl"), std::string::npos) << plan.out;
        EXPECT_EQ(lazylifted("validate bwd/domain.pddl bwd/held-out.pddl plan.txt").code, 0);
    }
    // The same domain with `clear` given in :init instead of derived.
    std::string basic = slurp(source / "domain.pddl");
    const std::size_t clear = basic.find("(:derived (clear");
    basic.erase(clear, basic.find("(:derived (above") - clear);
    write("bwd/basic.pddl", basic);
    write("bwd/basic-p01.pddl",
          "(define (problem b) (:domain blocksworld-derived) (:objects a b - block)\n"
          " (:init (on a b) (ontable b) (clear a) (handempty)) (:goal (above b a)))\n");
    r = lazylifted("plan bwd/basic.pddl bwd/basic-p01.pddl --model model.json");
    EXPECT_EQ(r.code, 33) << r.err;
    EXPECT_NE(r.err.find("derived predicates differ (the model's: clear, above; the task's: "
                         "above)"),
              std::string::npos)
        << r.err;
}

TEST_F(LltrainTest, ModelsForAnotherDomainOrCorruptAreRefused) {
    ASSERT_EQ(train("--graph aoag").code, 0);
    RunResult r = lazylifted("plan gripper/domain.pddl gripper/p01.pddl --model model.json");
    EXPECT_EQ(r.code, 33);
    EXPECT_NE(r.err.find("domain"), std::string::npos) << r.err;
    write("broken.json", read("model.json").substr(0, 200));
    r = lazylifted("plan bw/domain.pddl bw/p01.pddl --model broken.json");
    EXPECT_EQ(r.code, 33);
    EXPECT_NE(r.err.find("broken.json"), std::string::npos) << r.err;
    r = lazylifted("plan bw/domain.pddl bw/p01.pddl --heuristic wl");
    EXPECT_EQ(r.code, 36);
    r = lazylifted("plan bw/domain.pddl bw/p01.pddl --heuristic ff --model model.json");
    EXPECT_EQ(r.code, 36);
}

}  // namespace
