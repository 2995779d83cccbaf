// The job queue and its runners (see job_board.hpp).
#include "cli/serve/job_board.hpp"

#include <algorithm>
#include <cstdio>
#include <random>

#include "cli/serve/planner_process.hpp"

namespace ll::cli::serve {

using Clock = std::chrono::steady_clock;

struct JobBoard::Record {
    std::string id;
    PlanJob job;
    std::atomic<bool> cancel{false};
    JobState state = JobState::Pending;
    PlanAnswer answer;
    Clock::time_point finished;
    bool forgotten = false;  // nobody will ask for the result
};

namespace {

PlanAnswer cancelled_answer() {
    PlanAnswer answer;
    answer.exit_code = -1;
    answer.category = "cancelled";
    answer.error = "the search was cancelled";
    return answer;
}

}  // namespace

JobBoard::JobBoard(const ServeConfig& config, const ShippedModels& models)
    : config_(config), models_(models) {
    for (int i = 0; i < config.workers; ++i)
        runners_.emplace_back([this] { runner(); });
}

JobBoard::~JobBoard() {
    shutdown();
}

// 128 bits from the system's random source for every id (not a seeded
// generator, whose next outputs a client could compute from its own ids).
std::string JobBoard::new_id() {
    std::random_device source;
    char text[33];
    for (int i = 0; i < 4; ++i) {
        std::snprintf(text + 8 * i, 9, "%08x", static_cast<unsigned>(source()));
    }
    return text;
}

std::optional<std::string> JobBoard::submit(PlanJob job) {
    auto record = std::make_shared<Record>();
    record->id = new_id();
    record->job = std::move(job);
    {
        std::lock_guard<std::mutex> lock(mutex_);
        // Room for --queue waiting jobs beyond one for each idle runner, so
        // that workers + queue are admitted however fast the runners start.
        const int idle = std::max(config_.workers - running_.load(), 0);
        if (stopping_ || waiting_.size() >= static_cast<std::size_t>(config_.queue + idle)) {
            return std::nullopt;
        }
        expire_locked();
        waiting_.push_back(record);
        records_[record->id] = record;
    }
    work_ready_.notify_one();
    return record->id;
}

std::optional<JobView> JobBoard::view(const std::string& id) {
    std::lock_guard<std::mutex> lock(mutex_);
    expire_locked();
    auto it = records_.find(id);
    if (it == records_.end()) return std::nullopt;
    return JobView{it->second->state, it->second->answer};
}

std::optional<JobView> JobBoard::wait(const std::string& id, std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mutex_);
    auto it = records_.find(id);
    if (it == records_.end()) return std::nullopt;
    std::shared_ptr<Record> record = it->second;
    job_done_.wait_for(lock, timeout, [&] { return record->state == JobState::Done; });
    return JobView{record->state, record->answer};
}

bool JobBoard::cancel(const std::string& id) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = records_.find(id);
    if (it == records_.end()) return false;
    Record& record = *it->second;
    record.cancel = true;
    if (record.state == JobState::Pending) {
        waiting_.erase(std::remove(waiting_.begin(), waiting_.end(), it->second), waiting_.end());
        record.state = JobState::Done;
        record.answer = cancelled_answer();
        record.finished = Clock::now();
        job_done_.notify_all();
    }
    return true;
}

void JobBoard::forget(const std::string& id) {
    cancel(id);
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = records_.find(id);
    if (it == records_.end()) return;
    // A running job's record is dropped by its runner once the child is gone.
    it->second->forgotten = true;
    if (it->second->state == JobState::Done) records_.erase(it);
}

void JobBoard::shutdown() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
        for (auto& [id, record] : records_) {
            record->cancel = true;
            if (record->state != JobState::Pending) continue;
            record->state = JobState::Done;  // never runs: its waiter gets an answer
            record->answer = cancelled_answer();
            record->finished = Clock::now();
        }
        waiting_.clear();
    }
    work_ready_.notify_all();
    job_done_.notify_all();
    for (std::thread& runner : runners_) {
        if (runner.joinable()) runner.join();
    }
    runners_.clear();
}

void JobBoard::runner() {
    for (;;) {
        std::shared_ptr<Record> record;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            work_ready_.wait(lock, [&] { return stopping_ || !waiting_.empty(); });
            if (stopping_) return;
            record = waiting_.front();
            waiting_.pop_front();
            record->state = JobState::Running;
            ++running_;
        }
        PlanAnswer answer = run_job_process(record->job, models_, record->cancel);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            --running_;
            record->answer = std::move(answer);
            record->state = JobState::Done;
            record->finished = Clock::now();
            record->job = PlanJob{};  // the task's text is not kept with the result
            if (record->forgotten) records_.erase(record->id);
        }
        job_done_.notify_all();
    }
}

// Drops finished results older than result_ttl_s, then the oldest finished
// ones beyond max_results.
void JobBoard::expire_locked() {
    const auto now = Clock::now();
    const auto ttl = std::chrono::duration<double>(config_.result_ttl_s);
    std::vector<std::pair<Clock::time_point, std::string>> done;
    for (auto it = records_.begin(); it != records_.end();) {
        const Record& record = *it->second;
        if (record.state == JobState::Done && now - record.finished > ttl) {
            it = records_.erase(it);
            continue;
        }
        if (record.state == JobState::Done) done.emplace_back(record.finished, record.id);
        ++it;
    }
    if (done.size() <= config_.max_results) return;
    std::sort(done.begin(), done.end());
    for (std::size_t i = 0; i + config_.max_results < done.size(); ++i) {
        records_.erase(done[i].second);
    }
}

}  // namespace ll::cli::serve
