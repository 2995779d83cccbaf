// The bounded queue of planning jobs and their runners: --workers threads
// each run one job at a time (in a search process of its own,
// planner_process.hpp); at most --queue jobs wait; beyond that submit()
// refuses (429 queue-full).
// Finished results are kept for /check until they expire (result_ttl_s,
// max_results), so memory stays bounded however many requests come.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/serve/plan_answer.hpp"
#include "cli/serve/plan_job.hpp"
#include "cli/serve/serve_config.hpp"
#include "cli/serve/shipped_models.hpp"

namespace ll::cli::serve {

enum class JobState { Pending, Running, Done };

struct JobView {
    JobState state = JobState::Pending;
    PlanAnswer answer;  // when Done
};

class JobBoard {
  public:
    JobBoard(const ServeConfig& config, const ShippedModels& models);
    ~JobBoard();
    JobBoard(const JobBoard&) = delete;
    JobBoard& operator=(const JobBoard&) = delete;

    // The new job's id (128 random bits, hex), or nullopt when the queue is full.
    std::optional<std::string> submit(PlanJob job);
    // The job's state, or nullopt for an unknown or expired id.
    std::optional<JobView> view(const std::string& id);
    // Waits up to `timeout` for the job to finish; its view (nullopt: unknown).
    std::optional<JobView> wait(const std::string& id, std::chrono::milliseconds timeout);
    // Stops the job (a waiting one never starts, a running one is killed);
    // false for an unknown id. Its result stays readable as "cancelled".
    bool cancel(const std::string& id);
    // Drops the job's record (a sync /solve answered): cancels it if unfinished.
    void forget(const std::string& id);
    // Cancels everything and joins the runners; submit() refuses afterwards.
    void shutdown();

    int running() const { return running_.load(); }

  private:
    struct Record;
    void runner();
    void expire_locked();
    std::string new_id();

    const ServeConfig& config_;
    const ShippedModels& models_;
    std::mutex mutex_;
    std::condition_variable work_ready_, job_done_;
    std::deque<std::shared_ptr<Record>> waiting_;
    std::map<std::string, std::shared_ptr<Record>> records_;
    std::vector<std::thread> runners_;
    std::atomic<int> running_{0};
    bool stopping_ = false;
};

}  // namespace ll::cli::serve
