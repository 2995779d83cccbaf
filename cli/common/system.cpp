// setrlimit wrapper (see system.hpp).
#include "cli/common/system.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cmath>

namespace ll::cli {

bool set_memory_safety_net(double limit_mb) {
    if (!std::isfinite(limit_mb) || limit_mb <= 0) return false;
#if defined(__SANITIZE_ADDRESS__)
    return false;  // ASan reserves terabytes of shadow memory: no cap there
#endif
    // Address space exceeds RSS (shared libraries, allocator slack, vector
    // growth), so leave room: the search's own check should fire first.
    double cap_mb = limit_mb + std::max(512.0, 0.25 * limit_mb);
    struct rlimit limit {};
    if (getrlimit(RLIMIT_AS, &limit) != 0) return false;
    double cap_bytes = cap_mb * 1024.0 * 1024.0;
    rlim_t cap = cap_bytes >= static_cast<double>(RLIM_INFINITY) ? RLIM_INFINITY
                                                                 : static_cast<rlim_t>(cap_bytes);
    if (limit.rlim_max != RLIM_INFINITY) cap = std::min(cap, limit.rlim_max);
    limit.rlim_cur = cap;
    return setrlimit(RLIMIT_AS, &limit) == 0;
}

}  // namespace ll::cli
