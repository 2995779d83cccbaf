// PlanAnswer <-> JSON: how a search process hands its answer back.
#include "cli/serve/plan_answer.hpp"

namespace ll::cli::serve {

nlohmann::json to_json(const PlanAnswer& answer) {
    return {{"exit_code", answer.exit_code}, {"category", answer.category},
            {"plan", answer.plan},           {"plan_text", answer.plan_text},
            {"cost", answer.cost},           {"output", answer.output},
            {"error", answer.error},         {"stats", answer.stats}};
}

PlanAnswer plan_answer_from_json(const nlohmann::json& json) {
    PlanAnswer answer;
    answer.exit_code = json.at("exit_code").get<int>();
    answer.category = json.at("category").get<std::string>();
    answer.plan = json.at("plan").get<std::vector<std::string>>();
    answer.plan_text = json.at("plan_text").get<std::string>();
    answer.cost = json.at("cost").get<double>();
    answer.output = json.at("output").get<std::string>();
    answer.error = json.at("error").get<std::string>();
    answer.stats = json.at("stats");
    return answer;
}

}  // namespace ll::cli::serve
