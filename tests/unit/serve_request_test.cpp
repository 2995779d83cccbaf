// The pieces of `lazylifted serve` that need no HTTP (cli/serve): request
// checking (fields, limits a request may only lower, models by catalogue
// name only), the job's JSON for its search process, the in-process answer
// and the response shapes of both APIs. tests/service covers the server.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "cli/serve/plan_job.hpp"
#include "cli/serve/planner_process.hpp"
#include "cli/serve/responses.hpp"
#include "cli/serve/service_error.hpp"
#include "cli/serve/shipped_models.hpp"
#include "test_support.hpp"

namespace ll::cli::serve {
namespace {

const ShippedModels& repo_models() {
    static const ShippedModels models =
        ShippedModels::load(std::string(LL_TEST_DATA_DIR) + "/../../models");
    return models;
}

nlohmann::json task_body(const std::string& problem = "p01") {
    return {{"domain", test::read_file(test::task_path("blocksworld", "domain.pddl"))},
            {"problem", test::read_file(test::task_path("blocksworld", problem + ".pddl"))}};
}

// The code of the ServiceError that checking `body` throws ("" if none).
std::string refusal(const nlohmann::json& body,
                    const std::vector<std::pair<std::string, std::string>>& query = {}) {
    try {
        parse_plan_job(body, query, ServeConfig{}, repo_models());
    } catch (const ServiceError& e) {
        EXPECT_EQ(e.http_status(), 400);
        return e.code();
    }
    return "";
}

TEST(ServeRequest, PathLikeModelNamesAreRecognised) {
    for (const char* name :
         {"/etc/passwd", "../x", "a/b", "a\\b", ".hidden", "~root", "", "x..y"}) {
        EXPECT_TRUE(is_path_like(name)) << name;
    }
    for (const char* name : {"ipc23lt-blocksworld-aoag-partial", "model.json", "auto"}) {
        EXPECT_FALSE(is_path_like(name)) << name;
    }
}

TEST(ServeRequest, FieldsAreCheckedAndNamed) {
    EXPECT_EQ(refusal(nlohmann::json::array()), "wrong-type");
    EXPECT_EQ(refusal({{"domain", "x"}}), "missing-field");
    EXPECT_EQ(refusal({{"domain", 1}, {"problem", "x"}}), "wrong-type");
    nlohmann::json body = task_body();
    EXPECT_EQ(refusal(body), "");
    body["plan-file"] = "/tmp/plan";
    EXPECT_EQ(refusal(body), "unknown-field");
    EXPECT_EQ(refusal(task_body(), {{"trace", "/tmp/t"}}), "unknown-field");
    EXPECT_EQ(refusal(task_body(), {{"config", "no-such-alias"}}), "bad-option");
    body = task_body();
    body["workingDirectory"] = "/etc";  // VS Code PDDL's, never read
    body["is_url"] = false;
    EXPECT_EQ(refusal(body), "");
    body["is_url"] = true;
    EXPECT_EQ(refusal(body), "bad-option");
}

TEST(ServeRequest, ModelsOnlyByCatalogueName) {
    ASSERT_FALSE(repo_models().names().empty());
    nlohmann::json body = task_body();
    for (const char* model : {"/etc/passwd", "../models/manifest.json", "manifest", "nope"}) {
        body["model"] = model;
        EXPECT_EQ(refusal(body), "model-refused") << model;
    }
    body["model"] = "ipc23lt-blocksworld-aoag-partial";
    const PlanJob named = parse_plan_job(body, {}, ServeConfig{}, repo_models());
    EXPECT_TRUE(named.options.has_model);
    body["model"] = "none";
    EXPECT_FALSE(parse_plan_job(body, {}, ServeConfig{}, repo_models()).options.has_model);
}

TEST(ServeRequest, LimitsAreLoweredNeverRaised) {
    ServeConfig config;
    config.time_limit_s = 30;
    config.memory_limit_mb = 1000;
    nlohmann::json body = task_body();
    body["time-limit"] = 5;
    body["memory-limit"] = "8G";
    PlanJob job = parse_plan_job(body, {}, config, repo_models());
    EXPECT_DOUBLE_EQ(job.limits.time_limit_s, 5);
    EXPECT_DOUBLE_EQ(job.limits.memory_limit_mb, 1000);
    job = parse_plan_job(task_body(), {{"time-limit", "1h"}}, config, repo_models());
    EXPECT_DOUBLE_EQ(job.limits.time_limit_s, 30);
    body["time-limit"] = -1;
    EXPECT_EQ(refusal(body), "bad-option");
}

TEST(ServeRequest, JobJsonRoundTrip) {
    nlohmann::json body = task_body();
    body["config"] = "lama";
    body["space"] = "partial";
    body["max-expansions"] = 7;
    PlanJob job = parse_plan_job(body, {}, ServeConfig{}, repo_models());
    job.limits.memory_limit_mb = std::numeric_limits<double>::infinity();
    const PlanJob back = job_from_json(job_to_json(job));
    EXPECT_EQ(back.domain, job.domain);
    EXPECT_EQ(back.problem, job.problem);
    EXPECT_EQ(back.options.config, std::optional<std::string>("lama"));
    EXPECT_EQ(back.options.space, std::optional<std::string>("partial"));
    EXPECT_FALSE(back.options.heuristic.has_value());
    EXPECT_EQ(back.options.has_model, job.options.has_model);
    EXPECT_EQ(back.model, "auto");
    EXPECT_DOUBLE_EQ(back.limits.time_limit_s, job.limits.time_limit_s);
    EXPECT_TRUE(std::isinf(back.limits.memory_limit_mb));
    EXPECT_EQ(back.limits.max_expansions, 7);
}

TEST(ServeAnswer, SolvedJobGivesBothShapes) {
    const PlanJob job = parse_plan_job(task_body(), {}, ServeConfig{}, repo_models());
    const PlanAnswer answer = answer_job(job, repo_models());
    ASSERT_TRUE(answer.solved()) << answer.error;
    EXPECT_EQ(answer.category, "solved");
    ASSERT_FALSE(answer.plan.empty());
    EXPECT_NE(answer.plan_text.find("; cost = "), std::string::npos);
    const nlohmann::json sync = solve_body(answer);
    EXPECT_EQ(sync["status"], "ok");
    EXPECT_EQ(sync["result"]["type"], "full");
    EXPECT_EQ(sync["result"]["length"], answer.plan.size());
    EXPECT_EQ(sync["result"]["plan"][0]["name"], answer.plan[0]);
    const nlohmann::json check = check_body(JobView{JobState::Done, answer});
    EXPECT_EQ(check["result"]["output"]["sas_plan"], answer.plan_text);
    EXPECT_EQ(check["result"]["stderr"], "");
    EXPECT_EQ(check_body(JobView{JobState::Running, {}}), nlohmann::json({{"status", "PENDING"}}));
}

TEST(ServeAnswer, BadPddlNamesItsPositionAndCategory) {
    nlohmann::json body = task_body();
    body["problem"] = "(define (problem p)\n  (:domain blocksworld)\n  (:init (on a))";
    const PlanAnswer answer =
        answer_job(parse_plan_job(body, {}, ServeConfig{}, repo_models()), repo_models());
    EXPECT_EQ(answer.exit_code, 31);
    EXPECT_EQ(answer.category, "syntax");
    EXPECT_EQ(answer.error.rfind("problem.pddl:", 0), 0u) << answer.error;
    const nlohmann::json sync = solve_body(answer);
    EXPECT_EQ(sync["status"], "error");
    EXPECT_EQ(sync["result"]["exit_code"], 31);
    const nlohmann::json check = check_body(JobView{JobState::Done, answer});
    EXPECT_TRUE(check["result"]["output"].empty());
    EXPECT_NE(check["result"]["stderr"].get<std::string>().find("syntax"), std::string::npos);
}

}  // namespace
}  // namespace ll::cli::serve
