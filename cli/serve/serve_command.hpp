// `lazylifted serve`: the planner as a local planning service speaking the
// planning.domains /solve API and the planning-as-a-service package API
// (docs/service.md).
#pragma once

#include <span>
#include <string>

#include "cli/common/args.hpp"

namespace ll::cli::serve {

const CommandSpec& serve_spec();

// Runs the service until SIGINT or SIGTERM; returns the exit code (0 after
// a clean stop, 36 for a bad command line, 31 when it cannot listen or read
// the models).
int run_serve(std::span<const std::string> args, const std::string& default_models_dir);

}  // namespace ll::cli::serve
