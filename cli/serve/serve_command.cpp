// The `serve` command: options, signals, start and stop (see serve_command.hpp).
#include "cli/serve/serve_command.hpp"

#include <pthread.h>
#include <signal.h>

#include <cmath>
#include <iostream>
#include <thread>

#include "cli/common/command.hpp"
#include "cli/common/exit_codes.hpp"
#include "cli/serve/http_service.hpp"
#include "cli/serve/planner_process.hpp"
#include "cli/serve/serve_config.hpp"
#include "cli/serve/shipped_models.hpp"
#include "core/common/error.hpp"

namespace ll::cli::serve {

namespace {

int parse_count(const ParsedArgs& a, const char* name, int fallback, int minimum) {
    const auto v = a.value(name);
    if (!v) return fallback;
    if (*v == "0" && minimum == 0) return 0;
    const std::int64_t n = parse_positive_count(*v, name);
    if (n > 65535) throw Error(ErrorCategory::Usage, std::string(name) + ": at most 65535");
    return static_cast<int>(n);
}

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        std::string item = text.substr(start, comma - start);
        if (!item.empty()) out.push_back(item);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

ServeConfig read_config(const ParsedArgs& a, const std::string& default_models_dir) {
    ServeConfig config;
    config.host = a.value("--host").value_or(config.host);
    config.port = parse_count(a, "--port", config.port, 0);
    config.workers = parse_count(a, "--workers", config.workers, 1);
    config.queue = parse_count(a, "--queue", config.queue, 0);
    if (auto v = a.value("--time-limit"))
        config.time_limit_s = parse_time_limit_s(*v, "--time-limit");
    if (auto v = a.value("--memory-limit")) {
        config.memory_limit_mb = parse_memory_limit_mb(*v, "--memory-limit");
    }
    if (auto v = a.value("--max-body")) {
        config.max_body_bytes =
            static_cast<std::size_t>(parse_memory_limit_mb(*v, "--max-body") * 1048576.0);
    }
    if (auto v = a.value("--result-ttl"))
        config.result_ttl_s = parse_time_limit_s(*v, "--result-ttl");
    if (auto v = a.value("--allow-origin")) config.allow_origins = split_commas(*v);
    config.models_dir = a.value("--models").value_or(default_models_dir);
    return config;
}

sigset_t stop_signals() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    return set;
}

}  // namespace

const CommandSpec& serve_spec() {
    static const CommandSpec spec{
        "lazylifted serve",
        {},
        "Serves the planner over HTTP: planning.domains' POST /solve and the\n"
        "planning-as-a-service package API (GET /package, POST /package/lazylifted/solve,\n"
        "GET|POST|DELETE /check/<id>), every answer JSON (docs/service.md). Each request\n"
        "runs `plan` in a process of its own with the server's limits (a request may\n"
        "lower them); a request never names a file of this machine. Stops on Ctrl+C.",
        {
            {"--host", "ADDRESS", "127.0.0.1",
             "address to listen on; only this machine can connect unless you name another"},
            {"--port", "PORT", "5555", "port to listen on; 0 picks a free one (printed)"},
            {"--workers", "N", "1", "searches running at once"},
            {"--queue", "N", "16", "requests waiting beyond those; more get 429 queue-full"},
            {"--time-limit", "SECONDS", "60", "per request, parsing included"},
            {"--memory-limit", "MB", "2048", "per request (its search process)"},
            {"--max-body", "MB", "10", "request bodies above this get 413 body-too-large"},
            {"--result-ttl", "SECONDS", "600", "how long a finished /check result is kept"},
            {"--allow-origin", "ORIGIN,...", "none",
             "web origins allowed to call it from a browser (CORS), e.g. http://localhost:8000"},
            {"--models", "DIR", "models/", "pretrained models (DIR/manifest.json) for --model"},
            {"--job", "", "",
             "internal: be one search process of a server (a job as JSON on stdin, the "
             "answer as JSON on stdout)"},
        }};
    return spec;
}

int run_serve(std::span<const std::string> args, const std::string& default_models_dir) {
    ServeConfig config;
    ShippedModels models;
    try {
        std::optional<ParsedArgs> parsed = parse_command_line(serve_spec(), args);
        if (!parsed) return kExitSuccess;
        if (parsed->has("--job")) return run_job_stdio();
        config = read_config(*parsed, default_models_dir);
        models = ShippedModels::load(config.models_dir);
    } catch (const std::exception&) {
        return report_current_exception({}, "lazylifted serve");
    }
    // Signals go to the one thread that waits for them; writes to a closed
    // socket fail with EPIPE instead of ending the process.
    signal(SIGPIPE, SIG_IGN);
    const sigset_t signals = stop_signals();
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    HttpService service(config, models);
    std::string error;
    const int port = service.bind(error);
    if (port < 0) {
        std::cerr << "error: " << error << "\n";
        return kExitInputError;
    }
    std::cout << "lazylifted serve: listening on http://" << config.host << ":" << port << "/ ("
              << config.workers << (config.workers == 1 ? " worker" : " workers") << ", "
              << models.names().size() << " models)" << std::endl;
    std::thread waiter([&service, signals] {
        int signal_number = 0;
        sigwait(&signals, &signal_number);
        service.stop();
    });
    const bool served = service.serve();
    pthread_kill(waiter.native_handle(), SIGTERM);  // wakes it if serve() ended by itself
    waiter.join();
    std::cout << "lazylifted serve: stopped" << std::endl;
    return served ? kExitSuccess : kExitInternalError;
}

}  // namespace ll::cli::serve
