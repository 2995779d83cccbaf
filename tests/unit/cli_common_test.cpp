// The CLI reliability helpers, tested directly: source excerpts that stay
// short and printable on huge or binary input, warnings in gcc style, the
// input-size cap and time check of read_text_file, the --quiet limit line
// and the exit code of a run whose --stats-json cannot be written; the text
// summary that format_statistics() builds from the statistics table.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/common/diagnostics.hpp"
#include "cli/common/exit_codes.hpp"
#include "cli/common/files.hpp"
#include "cli/common/report.hpp"
#include "cli/common/stats_json.hpp"
#include "core/common/budget.hpp"
#include "core/common/statistics.hpp"
#include "core/search/statistics_json.hpp"

namespace ll::cli {
namespace {

bool printable_only(const std::string& text) {
    for (unsigned char c : text) {
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return false;
    }
    return true;
}

TEST(CliDiagnostics, ExcerptOfAShortLineIsUnchanged) {
    EXPECT_EQ(source_excerpt("(define\n  (domain d))", 2, 4), " 2 |   (domain d))\n   |    ^\n");
    EXPECT_EQ(source_excerpt("a\tb", 1, 3), " 1 | a\tb\n   |  \t^\n");
    EXPECT_EQ(source_excerpt("one line", 2, 1), "");
}

TEST(CliDiagnostics, ExcerptFollowsEveryLineEnd) {
    // CR-only, CRLF and LF, and a byte-order mark that is not part of line 1.
    EXPECT_EQ(source_excerpt("a\rbc\r\nd", 2, 2), " 2 | bc\n   |  ^\n");
    EXPECT_EQ(source_excerpt("a\rbc\r\nd", 3, 1), " 3 | d\n   | ^\n");
    EXPECT_EQ(source_excerpt("\xEF\xBB\xBFxy", 1, 2), " 1 | xy\n   |  ^\n");
}

TEST(CliDiagnostics, ExcerptOfAHugeLineIsAWindowAroundTheColumn) {
    std::string line(10'000'000, 'x');
    line[5'000'000] = '!';
    const std::string excerpt = source_excerpt(line, 1, 5'000'001);
    EXPECT_LT(excerpt.size(), 2 * kExcerptWidth + 40);
    const std::size_t first = excerpt.find('\n');
    ASSERT_NE(first, std::string::npos);
    const std::string shown = excerpt.substr(0, first);
    const std::string caret = excerpt.substr(first + 1);
    EXPECT_EQ(shown.substr(0, 8), " 1 | ...");
    EXPECT_EQ(shown.substr(shown.size() - 3), "...");
    // The caret is under the '!'.
    EXPECT_EQ(caret.find('^'), shown.find('!')) << excerpt;
    // At the start and the end of the line.
    EXPECT_LT(source_excerpt(line, 1, 1).size(), 2 * kExcerptWidth + 40);
    EXPECT_LT(source_excerpt(line, 1, 10'000'000).size(), 2 * kExcerptWidth + 40);
}

TEST(CliDiagnostics, ControlBytesAreEscaped) {
    const std::string binary("a\0b\x1b[2J\x7f\xff)", 10);
    const std::string excerpt = source_excerpt(binary, 1, 10);
    EXPECT_TRUE(printable_only(excerpt)) << excerpt;
    EXPECT_EQ(excerpt, " 1 | a\\x00b\\x1b[2J\\x7f\\xff)\n   | " + std::string(21, ' ') + "^\n");
    std::ostringstream out;
    print_error(out,
                Error(ErrorCategory::Syntax, std::string("bad \0 byte", 10),
                      SourcePosition{"f.pddl", 1, 9}),
                SourceFiles{});
    EXPECT_EQ(out.str(), "error: f.pddl:1:9: bad \\x00 byte\n");
    // Messages are cut.
    std::ostringstream longer;
    print_error(longer, Error(ErrorCategory::Input, std::string(5'000'000, 'm')), SourceFiles{});
    EXPECT_LT(longer.str().size(), kMaxMessageBytes + 100);
}

TEST(CliDiagnostics, WarningsAreGccStyle) {
    EXPECT_EQ(format_warning(Warning{"sloppy", SourcePosition{"d.pddl", 3, 7}}),
              "d.pddl:3:7: warning: sloppy\n");
    EXPECT_EQ(format_warning(Warning{"no position", SourcePosition{"d.pddl", 0, 0}}),
              "d.pddl: warning: no position\n");
    std::ostringstream out;
    print_warnings(out, {Warning{"one", {"a", 1, 1}}, Warning{"two", {"b", 2, 2}}});
    EXPECT_EQ(out.str(), "a:1:1: warning: one\nb:2:2: warning: two\n");
}

class CliFiles : public ::testing::Test {
  protected:
    void SetUp() override {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "ll_cli_common_XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
    }
    void TearDown() override {
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }
    std::filesystem::path dir_;
};

TEST_F(CliFiles, InputsAreCapped) {
    const std::string path = (dir_ / "f.pddl").string();
    std::ofstream(path) << std::string(200'000, 'x');
    EXPECT_EQ(read_text_file(path).size(), 200'000u);
    ReadLimits small;
    small.max_bytes = 100'000;
    try {
        read_text_file(path, small);
        FAIL() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Input);
        EXPECT_EQ(e.position().file, path);
        EXPECT_NE(e.message().find("file too large"), std::string::npos) << e.message();
    }
    // A device without end.
    try {
        read_text_file("/dev/zero", small);
        FAIL() << "no error";
    } catch (const Error& e) {
        EXPECT_NE(e.message().find("file too large"), std::string::npos) << e.message();
    }
    EXPECT_EQ(kMaxInputFileBytes, std::size_t(256) << 20);
}

TEST_F(CliFiles, ReadingChecksTheTimeLimit) {
    Stopwatch clock;
    ReadLimits limits;
    limits.clock = &clock;
    limits.time_limit_s = -1;  // already passed
    EXPECT_THROW(read_text_file("/dev/zero", limits), LimitReached);
    limits.time_limit_s = 1e9;
    const std::string path = (dir_ / "g.pddl").string();
    std::ofstream(path) << "(define)";
    EXPECT_EQ(read_text_file(path, limits), "(define)");
}

TEST_F(CliFiles, UnwritableStatsFileFailsTheRun) {
    std::ostringstream err;
    const nlohmann::json j = {{"status", "solved"}};
    EXPECT_TRUE(write_stats_file(std::nullopt, j, err));
    EXPECT_TRUE(write_stats_file((dir_ / "s.json").string(), j, err));
    EXPECT_TRUE(err.str().empty());
    EXPECT_FALSE(write_stats_file((dir_ / "no" / "s.json").string(), j, err));
    EXPECT_NE(err.str().find("cannot write file"), std::string::npos) << err.str();
    EXPECT_EQ(exit_code_after_stats(kExitSuccess, true), kExitSuccess);
    EXPECT_EQ(exit_code_after_stats(kExitSuccess, false), kExitInputError);
    EXPECT_EQ(exit_code_after_stats(kExitOutOfTime, false), kExitOutOfTime);
}

TEST(CliReport, QuietLimitLine) {
    Limits limits;
    limits.time_limit_s = 2;
    limits.memory_limit_mb = 100;
    EXPECT_EQ(quiet_limit_line(SearchStatus::OutOfTime, limits, 2.004, 50),
              "lazylifted: out of time (time limit 2 s, 2.00 s elapsed)\n");
    EXPECT_EQ(quiet_limit_line(SearchStatus::OutOfMemory, limits, 1, 104.25),
              "lazylifted: out of memory (memory limit 100 MB, peak 104.2 MB)\n");
    EXPECT_EQ(quiet_limit_line(SearchStatus::Solved, limits, 1, 1), "");
    EXPECT_EQ(quiet_limit_line(SearchStatus::Unsolvable, limits, 1, 1), "");
}

// The summary's exact text: scripts and editors read these lines.
TEST(CliReport, SummaryText) {
    SearchResult result;
    result.status = SearchStatus::Solved;
    result.plan.resize(2);
    result.plan_cost = 2;
    Statistics& s = result.stats;
    s.expansions = 3;
    s.evaluations = 5;
    s.generated = 6;
    s.generated_transitions = 9;
    s.dead_ends = 1;
    s.initial_h = 2;
    s.best_h = 0;
    s.search_time_s = 0.01234;
    EXPECT_EQ(format_summary(result, 0.5, 12.34),
              "Solution found.\n"
              "Plan length: 2 step(s).\n"
              "Plan cost: 2\n"
              "Initial heuristic value: 2\n"
              "Expanded 3 state(s).\n"
              "Evaluated 5 state(s).\n"
              "Generated 6 state(s).\n"
              "Dead ends: 1 state(s).\n"
              "Average branching factor: 3.00\n"
              "Search time: 0.0123 s\n"
              "Total time: 0.5000 s\n"
              "Peak memory: 12.3 MB\n");
    // Learnt-heuristic lines and the counts shown only when not 0.
    s.wl_colours_seen = 150;
    s.wl_colours_unseen = 50;
    s.symmetric_pruned = 4;
    s.skipped_evaluations = 7;
    s.initial_h = 2.5;
    EXPECT_EQ(format_statistics(s),
              "Initial heuristic value: 2.5\n"
              "Expanded 3 state(s).\n"
              "Evaluated 5 state(s).\n"
              "Generated 6 state(s).\n"
              "Dead ends: 1 state(s).\n"
              "WL colours unseen in training: 25.00% of 200 lookups\n"
              "Symmetric actions pruned: 4\n"
              "Skipped evaluations: 7\n"
              "Average branching factor: 3.00\n"
              "Search time: 0.0123 s\n");
}

// Every field of the table is in the JSON, and every labelled one in the text.
TEST(CliReport, StatisticsTableReachesEveryReport) {
    Statistics s;
    s.wl_colours_seen = 1;
    s.symmetric_pruned = 1;
    s.skipped_evaluations = 1;
    s.stored_states = s.stored_bytes = s.open_entries = s.open_bytes = 1;
    s.landmarks = s.landmark_orderings = s.landmarks_goal_only = s.landmarks_lifted = 1;
    s.lookahead_states = s.lookahead_actions = s.lookahead_repairs = 1;
    s.relaxation_groundings = 1;
    s.goal_orders = s.goal_order_dead_ends = 1;
    s.counting_dead_ends = 1;
    const nlohmann::json json = statistics_json(s);
    const std::string text = format_statistics(s);
    for (const StatisticField& f : statistics_fields()) {
        EXPECT_TRUE(json.contains(f.name)) << f.name;
        EXPECT_EQ(f.label != nullptr, f.shown != Shown::Never) << f.name;
        if (f.label != nullptr) {
            EXPECT_NE(text.find(std::string(f.label) + " "), std::string::npos) << f.name;
        }
    }
    EXPECT_EQ(json.size(), statistics_fields().size());
}

}  // namespace
}  // namespace ll::cli
