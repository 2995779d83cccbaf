// What `lazylifted serve` is started with: where it listens, how many
// searches run at once and the limits of one request (which a request may
// lower, never raise). docs/service.md describes every value.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace ll::cli::serve {

struct ServeConfig {
    std::string host = "127.0.0.1";  // loopback only unless --host says otherwise
    int port = 5555;                 // 0: a free port, printed at start
    int workers = 1;                 // searches running at once
    int queue = 16;                  // requests waiting beyond the running ones
    double time_limit_s = 60;        // per request, parsing included
    double memory_limit_mb = 2048;   // per request (its search process)
    std::size_t max_body_bytes = std::size_t(10) << 20;
    double result_ttl_s = 600;               // finished /check results are kept this long
    std::size_t max_results = 256;           // and at most this many of them
    std::vector<std::string> allow_origins;  // CORS: none unless listed
    std::string models_dir;
};

}  // namespace ll::cli::serve
