// Runs one job through the planning pipeline in a process of its own
// (`lazylifted serve --job`, started with posix_spawn: a fresh program, so
// no lock of the server's other threads is inherited). The process enforces the job's time and
// memory limits with the planner's budget (core/common/budget.hpp) on its own resident memory,
// exactly as `lazylifted plan --time-limit --memory-limit` does; the server kills it at once when
// the job is cancelled (DELETE /check/<id>, a client that disconnects, shutdown), and no job's task
// or allocation can reach another's.
#pragma once

#include <atomic>

#include "cli/serve/plan_answer.hpp"
#include "cli/serve/plan_job.hpp"
#include "cli/serve/shipped_models.hpp"

namespace ll::cli::serve {

// The job in this process: parse, model, solve, validate (core/pipeline.hpp),
// as `lazylifted plan` does. Never throws: errors are answers.
PlanAnswer answer_job(const PlanJob& job, const ShippedModels& models);

// answer_job in a search process of its own (`lazylifted serve --job`). A cancelled job answers
// category "cancelled" (the child killed); a child that dies otherwise answers an internal error
// naming its signal.
PlanAnswer run_job_process(const PlanJob& job, const ShippedModels& models,
                           const std::atomic<bool>& cancel);

// The search process's side (`lazylifted serve --job`): reads the job and
// the models as JSON on stdin, writes the answer as JSON on stdout.
int run_job_stdio();

}  // namespace ll::cli::serve
