// What one planning job produced, in the terms of `lazylifted plan`: its
// exit code and the name of its category (the search status or the error
// category), the validated plan, and the text the CLI would have printed.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ll::cli::serve {

struct PlanAnswer {
    int exit_code = 0;              // cli/common/exit_codes.hpp
    std::string category;           // "solved", "unsolvable", "out-of-time", "syntax", ...
    std::vector<std::string> plan;  // "(action obj ...)" per step, when solved
    std::string plan_text;          // the IPC plan file text, when solved
    double cost = 0;
    std::string output;    // the CLI's stdout: progress, plan, configuration, summary
    std::string error;     // "file:line:col: message" or the reason; "" when solved
    nlohmann::json stats;  // the --stats-json object of the run

    bool solved() const { return exit_code == 0; }
};

nlohmann::json to_json(const PlanAnswer& answer);
PlanAnswer plan_answer_from_json(const nlohmann::json& json);

}  // namespace ll::cli::serve
