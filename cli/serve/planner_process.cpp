// One job in a search process of its own (see planner_process.hpp).
#include "cli/serve/planner_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <exception>
#include <new>
#include <sstream>

#include "cli/common/diagnostics.hpp"
#include "cli/common/exit_codes.hpp"
#include "cli/common/report.hpp"
#include "cli/common/run_report.hpp"
#include "cli/common/system.hpp"
#include "core/common/budget.hpp"
#include "core/common/error.hpp"
#include "core/common/resources.hpp"
#include "core/pipeline.hpp"

namespace ll::cli::serve {

namespace {

constexpr const char* kDomainName = "domain.pddl";
constexpr const char* kProblemName = "problem.pddl";
// The child stops itself at the time limit; this much later it is killed.
constexpr double kKillGraceS = 5.0;
constexpr int kPollMs = 20;
// A cancelled job has no exit code of `plan`: the service stopped it.
constexpr int kNoExitCode = -1;

PlanAnswer failure(int exit_code, std::string category, std::string error) {
    PlanAnswer answer;
    answer.exit_code = exit_code;
    answer.category = std::move(category);
    answer.error = std::move(error);
    return answer;
}

PlanRequest make_request(const PlanJob& job, const ShippedModels& models) {
    PlanRequest request;
    request.domain_text = job.domain;
    request.problem_text = job.problem;
    request.domain_name = kDomainName;
    request.problem_name = kProblemName;
    request.options = job.options;
    request.limits = job.limits;
    if (job.model == "auto") {
        request.catalog = &models.catalog();
        request.read_catalog_file = [&models](const std::string& file) {
            return models.text(file);
        };
    } else if (job.model != "none") {
        if (const CatalogEntry* entry = models.find(job.model)) {
            request.model_text = models.text(entry->file);
            request.model_name = entry->file;
        }
    }
    return request;
}

PlanAnswer solved_or_failed(const PlanOutcome& outcome, RunInfo& run, double total_time_s,
                            std::string progress) {
    const RunReport report = make_run_report(outcome, run, total_time_s);
    const SearchResult& result = outcome.result;
    PlanAnswer answer;
    answer.exit_code = exit_code_for(result.status);
    answer.category = to_string(result.status);
    answer.plan_text = report.plan_text;
    for (const GroundAction& step : result.plan) {
        std::string line = ll::format_plan(outcome.task, std::span(&step, 1));
        answer.plan.push_back(line.substr(0, line.find('\n')));
    }
    if (answer.solved()) answer.cost = static_cast<double>(result.plan_cost);
    std::ostringstream warnings;
    print_warnings(warnings, outcome.task.warnings);
    answer.output = warnings.str() + progress + report.stdout_text;
    if (!answer.solved()) answer.error = describe_failure(result.status);
    answer.stats = report.stats;
    return answer;
}

// The error report the CLI prints on stderr, with the source excerpt.
std::string error_report(const Error& error, const PlanJob& job) {
    SourceFiles sources;
    sources.add(kDomainName, job.domain);
    sources.add(kProblemName, job.problem);
    std::ostringstream out;
    print_error(out, error, sources);
    return out.str();
}

void write_all(int fd, const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        done += static_cast<std::size_t>(n);
    }
}

// Reads everything from `fd` until end of file.
std::string read_all(int fd) {
    std::string text;
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n > 0) {
            text.append(buffer, static_cast<std::size_t>(n));
        } else if (n == 0 || errno != EINTR) {
            return text;
        }
    }
}

// `lazylifted serve --job` in a new process: a fresh program (fork + exec,
// through posix_spawn), so no lock another thread of the server held can
// be inherited. Its stdin and stdout are `to_child` and `from_child`; every
// other descriptor of the server (sockets, other jobs' pipes) is closed.
pid_t spawn_job_process(int to_child, int from_child) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child, STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, from_child, STDOUT_FILENO);
    posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
    char program[] = "lazylifted", command[] = "serve", option[] = "--job";
    char* argv[] = {program, command, option, nullptr};
    pid_t pid = -1;
    if (posix_spawn(&pid, "/proc/self/exe", &actions, nullptr, argv, environ) != 0) pid = -1;
    posix_spawn_file_actions_destroy(&actions);
    return pid;
}

PlanAnswer answer_from_child(const std::string& data, int status) {
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        try {
            return plan_answer_from_json(nlohmann::json::parse(data));
        } catch (const std::exception& e) {
            return failure(kExitInternalError, "internal",
                           std::string("unreadable answer of the search process: ") + e.what());
        }
    }
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
        // Not ours: the kernel's out-of-memory killer.
        return failure(kExitOutOfMemory, "out-of-memory", "the search process was killed");
    }
    const std::string how = WIFSIGNALED(status)
                                ? std::string("signal ") + strsignal(WTERMSIG(status))
                                : "exit " + std::to_string(WEXITSTATUS(status));
    return failure(kExitInternalError, "internal", "the search process ended with " + how);
}

}  // namespace

PlanAnswer answer_job(const PlanJob& job, const ShippedModels& models) {
    Stopwatch clock;
    RunInfo run;
    run.domain = kDomainName;
    run.problem = kProblemName;
    run.limits = job.limits;
    std::string progress;
    try {
        const PlanRequest request = make_request(job, models);
        const ProgressCallback on_progress = [&progress](const Progress& p) {
            progress += format_progress(p);
        };
        const PlanOutcome outcome = plan_request(request, on_progress);
        return solved_or_failed(outcome, run, clock.seconds(), std::move(progress));
    } catch (const LimitReached& limit) {
        const bool time = limit.kind() == LimitReached::Kind::Time;
        return failure(time ? kExitOutOfTime : kExitOutOfMemory,
                       time ? "out-of-time" : "out-of-memory", limit.what());
    } catch (const Error& e) {
        PlanAnswer answer = failure(exit_code_for(e.category()), to_string(e.category()), e.what());
        answer.output = progress + error_report(e, job);
        answer.stats = error_stats_json(e, run, clock.seconds(), answer.exit_code);
        return answer;
    } catch (const std::bad_alloc&) {
        return failure(kExitOutOfMemory, "out-of-memory", "out of memory");
    } catch (const std::exception& e) {
        return failure(kExitInternalError, "internal", e.what());
    }
}

int run_job_stdio() {
    std::string text;
    try {
        const nlohmann::json input = nlohmann::json::parse(read_all(STDIN_FILENO));
        const PlanJob job = job_from_json(input.at("job"));
        const ShippedModels models = ShippedModels::from_wire_json(input.at("models"));
        set_memory_safety_net(job.limits.memory_limit_mb);
        text = to_json(answer_job(job, models))
                   .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    } catch (const std::exception& e) {
        text = to_json(failure(kExitInternalError, "internal",
                               std::string("bad job for the search process: ") + e.what()))
                   .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    }
    write_all(STDOUT_FILENO, text);
    return 0;
}

// One poll loop feeds the job in, reads the answer out and watches the
// cancel flag and the deadline.
PlanAnswer run_job_process(const PlanJob& job, const ShippedModels& models,
                           const std::atomic<bool>& cancel) {
    int in[2], out[2];
    if (::pipe2(in, O_CLOEXEC) != 0) return failure(kExitInternalError, "internal", "no pipe");
    if (::pipe2(out, O_CLOEXEC) != 0) {
        ::close(in[0]);
        ::close(in[1]);
        return failure(kExitInternalError, "internal", "no pipe");
    }
    const pid_t pid = spawn_job_process(in[0], out[1]);
    ::close(in[0]);
    ::close(out[1]);
    if (pid < 0) {
        ::close(in[1]);
        ::close(out[0]);
        return failure(kExitInternalError, "internal", "cannot start a search process");
    }
    const std::string input =
        R"({"job":)" +
        job_to_json(job).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) +
        R"(,"models":)" + models.wire_json() + "}";
    ::fcntl(in[1], F_SETFL, O_NONBLOCK);
    std::size_t written = 0;
    int to_child = in[1];
    std::string data;
    bool cancelled = false, timed_out = false;
    const Stopwatch clock;
    for (;;) {
        pollfd fds[2] = {{out[0], POLLIN, 0}, {to_child, POLLOUT, 0}};
        const int ready = ::poll(fds, to_child >= 0 ? 2 : 1, kPollMs);
        if (ready > 0 && to_child >= 0 && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
            const ssize_t n = ::write(to_child, input.data() + written, input.size() - written);
            if (n > 0) written += static_cast<std::size_t>(n);
            if (written == input.size() || (n < 0 && errno != EAGAIN && errno != EINTR)) {
                ::close(to_child);  // end of the job: the child parses it
                to_child = -1;
            }
        }
        if (ready > 0 && (fds[0].revents & (POLLIN | POLLERR | POLLHUP))) {
            char buffer[1 << 16];
            const ssize_t n = ::read(out[0], buffer, sizeof buffer);
            if (n > 0) {
                data.append(buffer, static_cast<std::size_t>(n));
                continue;
            }
            if (n == 0 || errno != EINTR) break;  // end of the answer
        }
        if (ready < 0 && errno != EINTR) break;
        cancelled = cancel.load();
        timed_out = clock.seconds() > job.limits.time_limit_s + kKillGraceS;
        if (cancelled || timed_out) {
            ::kill(pid, SIGKILL);
            break;
        }
    }
    if (to_child >= 0) ::close(to_child);
    ::close(out[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (cancelled) return failure(kNoExitCode, "cancelled", "the search was cancelled");
    if (timed_out) return failure(kExitOutOfTime, "out-of-time", "time limit reached");
    return answer_from_child(data, status);
}

}  // namespace ll::cli::serve
