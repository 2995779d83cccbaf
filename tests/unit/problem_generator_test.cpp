// The problem generator (core/generation): every generated problem parses,
// is solved by the walk that made it (checked by the independent
// validator), the set is the same for the same seed, sizes follow the
// scale, and objects are removed or cloned only into states of the domain.
#include "core/generation/problem_generator.hpp"

#include <gtest/gtest.h>

#include "core/pddl/parser.hpp"
#include "core/validation/validator.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

using test::read_file;
using test::task_path;

std::vector<GeneratedProblem> generate(const std::string& task, const std::string& problem,
                                       int count, std::uint64_t seed) {
    ProblemGeneratorOptions options;
    options.count = count;
    options.seed = seed;
    return generate_problems(read_file(task_path(task, "domain.pddl")),
                             read_file(task_path(task, problem + ".pddl")), options);
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines)
        text += line + "\n";
    return text;
}

struct Source {
    const char* task;
    const char* problem;
};

class GeneratorOnTask : public ::testing::TestWithParam<Source> {};

TEST_P(GeneratorOnTask, ProblemsParseAndTheirWalksSolveThem) {
    const Source source = GetParam();
    const std::string domain = read_file(task_path(source.task, "domain.pddl"));
    const std::vector<GeneratedProblem> problems = generate(source.task, source.problem, 6, 7);
    ASSERT_EQ(problems.size(), 6u);
    std::set<std::string> names;
    for (const GeneratedProblem& problem : problems) {
        SCOPED_TRACE(problem.name + "\n" + problem.text);
        EXPECT_TRUE(names.insert(problem.name).second);
        const Task task = parse_task(domain, problem.text, "domain.pddl", problem.name);
        EXPECT_EQ(task.num_objects(), problem.num_objects);
        EXPECT_EQ(static_cast<int>(task.goal_positive.size()), problem.num_goals);
        EXPECT_GE(problem.num_goals, 1);
        const std::vector<GroundAction> plan = parse_plan(task, joined(problem.witness));
        const ValidationResult result = validate_plan(task, plan);
        EXPECT_TRUE(result.valid) << result.message;
        // The goal is not already true: the walk made it true.
        EXPECT_FALSE(validate_plan(task, {}).valid);
    }
}

INSTANTIATE_TEST_SUITE_P(TestTasks, GeneratorOnTask,
                         ::testing::Values(Source{"blocksworld", "p03"}, Source{"ferry", "p02"},
                                           Source{"gripper", "p02"}, Source{"grid-costs", "p01"},
                                           Source{"roads", "p03"}, Source{"briefcase", "p01"},
                                           Source{"constants-equality", "p01"},
                                           Source{"graph-statics", "p02"}, Source{"pairs", "p01"},
                                           Source{"painter", "p01"}),
                         [](const auto& info) {
                             std::string name = info.param.task;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

TEST(ProblemGenerator, SameSeedSameProblemsOtherSeedOthers) {
    const auto first = generate("blocksworld", "p03", 4, 11);
    const auto again = generate("blocksworld", "p03", 4, 11);
    const auto other = generate("blocksworld", "p03", 4, 12);
    ASSERT_EQ(first.size(), again.size());
    bool differs = false;
    for (std::size_t i = 0; i < first.size(); ++i) {
        EXPECT_EQ(first[i].text, again[i].text);
        EXPECT_EQ(first[i].witness, again[i].witness);
        differs = differs || first[i].text != other[i].text;
    }
    EXPECT_TRUE(differs);
}

TEST(ProblemGenerator, SizesGrowFromHalfToOneAndAHalf) {
    // Six blocks: 3 blocks at scale 0.5, 9 at scale 1.5.
    const auto problems = generate("blocksworld", "p03", 5, 3);
    EXPECT_EQ(problems.front().num_objects, 3);
    EXPECT_EQ(problems.back().num_objects, 9);
    for (std::size_t i = 1; i < problems.size(); ++i)
        EXPECT_LE(problems[i - 1].num_objects, problems[i].num_objects);
}

// Every block is on exactly one thing (a block, the table or the hand), at
// most one block is on each block, and clear means nothing is on it.
void expect_blocksworld_state(const Task& task) {
    std::map<std::string, int> supports, above;
    std::set<std::string> clear, held;
    bool hand_empty = false;
    for (const GroundAtom& atom : task.initial_state) {
        const std::string p = task.predicates[atom.predicate].name;
        auto name = [&](int i) { return task.objects[atom.arguments[i]].name; };
        if (p == "on") ++supports[name(0)], ++above[name(1)];
        if (p == "ontable") ++supports[name(0)];
        if (p == "holding") ++supports[name(0)], held.insert(name(0));
        if (p == "clear") clear.insert(name(0));
        if (p == "handempty") hand_empty = true;
    }
    EXPECT_EQ(held.size() + (hand_empty ? 1 : 0), 1u);
    for (const Object& block : task.objects) {
        EXPECT_EQ(supports[block.name], 1) << block.name;
        EXPECT_LE(above[block.name], 1) << block.name;
        const bool free = above[block.name] == 0 && !held.contains(block.name);
        EXPECT_EQ(clear.contains(block.name), free) << block.name;
    }
}

TEST(ProblemGenerator, RemovedAndClonedBlocksLeaveBlocksworldStates) {
    const std::string domain = read_file(task_path("blocksworld", "domain.pddl"));
    for (std::uint64_t seed : {1, 2, 3}) {
        for (const GeneratedProblem& problem : generate("blocksworld", "p03", 5, seed)) {
            SCOPED_TRACE(problem.text);
            expect_blocksworld_state(parse_task(domain, problem.text));
        }
    }
}

// A goal of `on` atoms only (a student's towers): by default goal atoms are
// `on` atoms (others only where a walk made none true); with
// goals_of_any_predicate other fluent predicates (clear, ontable, ...) are
// drawn as well, and the walks still solve the problems.
TEST(ProblemGenerator, GoalsOfAnyPredicateGoBeyondTheProblemsGoalPredicates) {
    const std::string domain = read_file(task_path("blocksworld", "domain.pddl"));
    const std::string problem = R"((define (problem towers) (:domain blocksworld)
        (:objects a b c d e f - block)
        (:init (handempty) (ontable a) (on b a) (on c b) (clear c)
               (ontable d) (on e d) (on f e) (clear f))
        (:goal (and (on a f) (on d c) (on b e)))))";
    auto other_goal_atoms = [&](bool any) {
        ProblemGeneratorOptions options;
        options.count = 6;
        options.seed = 3;
        options.goals_of_any_predicate = any;
        int others = 0, total = 0;
        for (const GeneratedProblem& p : generate_problems(domain, problem, options)) {
            const Task task = parse_task(domain, p.text);
            EXPECT_TRUE(validate_plan(task, parse_plan(task, joined(p.witness))).valid) << p.text;
            for (const GroundAtom& atom : task.goal_positive)
                others += task.predicates[atom.predicate].name != "on", ++total;
        }
        return static_cast<double>(others) / total;
    };
    const double given = other_goal_atoms(false), any = other_goal_atoms(true);
    EXPECT_LT(given, 0.25);
    EXPECT_GT(any, given + 0.25);
}

TEST(ProblemGenerator, FerryHasOneFerryPositionInEveryProblem) {
    const std::string domain = read_file(task_path("ferry", "domain.pddl"));
    for (const GeneratedProblem& problem : generate("ferry", "p02", 6, 5)) {
        const Task task = parse_task(domain, problem.text);
        int positions = 0;
        for (const GroundAtom& atom : task.initial_state)
            positions += task.predicates[atom.predicate].name == "at-ferry";
        EXPECT_EQ(positions, 1) << problem.text;
    }
}

TEST(ProblemGenerator, ActionCostProblemsKeepTheirMetricAndFunctions) {
    const std::string domain = read_file(task_path("roads", "domain.pddl"));
    for (const GeneratedProblem& problem : generate("roads", "p03", 3, 9)) {
        const Task task = parse_task(domain, problem.text);
        EXPECT_TRUE(task.has_action_costs) << problem.text;
        EXPECT_NE(problem.text.find("(:metric minimize (total-cost))"), std::string::npos);
    }
}

TEST(ProblemGenerator, BadInputIsAnErrorWithAPosition) {
    ProblemGeneratorOptions options;
    const std::string domain = read_file(task_path("blocksworld", "domain.pddl"));
    try {
        generate_problems(domain, "(define (problem x) (:domain blocksworld) (:objects a - blok))",
                          options, nullptr, "domain.pddl", "mine.pddl");
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(e.position().file, "mine.pddl");
        EXPECT_GT(e.position().line, 0);
    }
    options.min_scale = 0;
    EXPECT_THROW(
        generate_problems(domain, read_file(task_path("blocksworld", "p01.pddl")), options), Error);
}

TEST(ProblemGenerator, AProblemWithoutMovesIsRefused) {
    // Nothing is ever applicable: no walk makes a goal atom true.
    const std::string domain =
        "(define (domain stuck) (:predicates (p) (q))"
        " (:action go :parameters () :precondition (p) :effect (q)))";
    const std::string problem = "(define (problem s) (:domain stuck) (:init) (:goal (q)))";
    ProblemGeneratorOptions options;
    options.count = 1;
    try {
        generate_problems(domain, problem, options, nullptr, "d.pddl", "s.pddl");
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Input);
        EXPECT_NE(std::string(e.what()).find("s.pddl"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace ll
