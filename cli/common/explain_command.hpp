// `lazylifted explain`: h and why, for each state along a plan.
// A thin adapter: reads the files, builds the core's HeuristicSession and
// prints ll::explain()'s result as a table or as JSON (core/explain_json.hpp).
#pragma once

#include <span>
#include <string>

#include "cli/common/args.hpp"

namespace ll::cli {

const CommandSpec& explain_spec();
// `models_dir` holds the catalogue for --model auto. Returns the exit code.
int run_explain(std::span<const std::string> args, const std::string& models_dir);

}  // namespace ll::cli
