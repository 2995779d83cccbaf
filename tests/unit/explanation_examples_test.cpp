// The explanation's acceptance check on the page's bundled examples (web/examples)
// with every pretrained model of their domain (models/): the explanation of
// the initial state gives exactly the h the search used for its root
// (SearchStatistics::initial_h of a run with that model), round(rawValue)
// is that h, and the top feature texts are readable (no raw colour ids).
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/explain.hpp"
#include "core/heuristic_session.hpp"
#include "core/pipeline.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

namespace fs = std::filesystem;

const fs::path kRepo = fs::path(LL_TEST_DATA_DIR) / ".." / "..";

TEST(ExplanationExamples, InitialHEqualsTheSearchRootsHForEveryBundledModel) {
    const auto index = nlohmann::json::parse(
        test::read_file((kRepo / "web" / "examples" / "index.json").string()));
    int checked = 0;
    for (const auto& example : index["examples"]) {
        if (example.value("models", true) == false) continue;  // ADL/costs: no learned models
        const std::string domain = test::read_file(
            (kRepo / "web" / "examples" / example["domainFile"].get<std::string>()).string());
        const std::string problem = test::read_file(
            (kRepo / "web" / "examples" / example["problemFile"].get<std::string>()).string());
        const std::string stem =
            example["set"].get<std::string>() + "-" + example["domain"].get<std::string>() + "-";
        for (const char* kind : {"ilg-state", "aoag-partial", "aeg-partial"}) {
            const fs::path model_path = kRepo / "models" / (stem + kind + ".json");
            if (!fs::exists(model_path)) continue;
            const std::string model = test::read_file(model_path.string());
            const std::string space = std::string(kind).substr(std::string(kind).find('-') + 1);
            PlanRequest request;
            request.domain_text = domain;
            request.problem_text = problem;
            request.model_text = model;
            request.options.space = space;
            request.options.heuristic = "wl";
            request.options.config = "paper";
            request.limits.max_expansions = 1;
            const PlanOutcome searched = plan_request(request);

            HeuristicSession session(request, std::nullopt);
            const Explanation e = explain(session, {0, {}, 5});
            const std::string what = example["id"].get<std::string>() + " " + kind;
            ASSERT_EQ(e.steps.size(), 1u) << what;
            ASSERT_TRUE(e.steps[0].wl) << what;
            EXPECT_EQ(e.steps[0].h, searched.result.stats.initial_h) << what;
            EXPECT_EQ(e.steps[0].h, std::round(e.steps[0].wl->raw_value)) << what;
            for (const WlTerm& t : e.steps[0].wl->terms) {
                if (t.text.empty()) break;
                EXPECT_FALSE(test::has_raw_number(t.text)) << what << ": " << t.text;
            }
            ++checked;
        }
    }
    EXPECT_GE(checked, 10);
}

}  // namespace
}  // namespace ll
