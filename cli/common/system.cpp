// setrlimit wrapper (see system.hpp).
#include "cli/common/system.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cmath>

// ASan reserves terabytes of shadow memory. g++ announces it with
// __SANITIZE_ADDRESS__, clang (the native-asan preset) with __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define LL_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LL_ADDRESS_SANITIZER 1
#endif
#endif

namespace ll::cli {

bool set_memory_safety_net(double limit_mb) {
    if (!std::isfinite(limit_mb) || limit_mb <= 0) return false;
#if defined(LL_ADDRESS_SANITIZER)
    return false;  // no address-space cap under ASan (its shadow memory)
#endif
    // Address space exceeds RSS (shared libraries, allocator slack, and
    // above all vector growth: doubling a vector of X MB maps 3X while the
    // old copy is alive). With a cap of limit + 25 %, a
    // run at 731 MB resident under --memory-limit 1000 hit the cap while
    // doubling a 360 MB vector and reported out of memory far below its
    // limit. 3 x limit leaves room for any growth of a structure below the
    // limit, so the resident-memory check (core/common/budget.hpp) fires
    // first; the cap only stops one allocation larger than about twice the
    // limit before the kernel's OOM killer would.
    double cap_mb = 3.0 * limit_mb + 512.0;
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
