// Memory measurement, per platform.
#include "core/common/resources.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#if defined(__EMSCRIPTEN__)
#include <emscripten/emscripten.h>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

#if defined(__EMSCRIPTEN__)
// performance.now() exists in browsers, workers and Node 16+. Emscripten's
// emscripten_get_now() calls process.hrtime() in Node, which allocates an
// array per read.
EM_JS(double, ll_clock_ms, (), { return performance.now(); });
#endif

namespace ll {

#if defined(__EMSCRIPTEN__)
double current_memory_mb() {
    return double(__builtin_wasm_memory_size(0)) * 65536.0 / 1048576.0;
}
double peak_memory_mb() {
    return current_memory_mb();
}  // wasm memory never shrinks
#else
namespace {

// Resident pages from /proc/self/statm (second field), read with one read()
// call: a few microseconds, several times cheaper than /proc/self/status
// through stdio, so the limit can be checked often. The same quantity as
// VmRSS in /proc/self/status (RssAnon + RssFile + RssShmem).
double read_statm_resident_mb() {
    const int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char buffer[128];
    const ssize_t n = ::read(fd, buffer, sizeof buffer - 1);
    ::close(fd);
    if (n <= 0) return 0;
    buffer[n] = '\0';
    char* end = nullptr;
    std::strtoull(buffer, &end, 10);  // total program size, skipped
    const unsigned long long pages = std::strtoull(end, nullptr, 10);
    static const double page_mb = double(::sysconf(_SC_PAGESIZE)) / 1048576.0;
    return double(pages) * page_mb;
}

double read_status_kb(const char* key) {
    std::FILE* f = std::fopen("/proc/self/status", "r");
    if (!f) return 0;
    char line[256];
    double kb = 0;
    const std::size_t n = std::strlen(key);
    while (std::fgets(line, sizeof line, f)) {
        if (std::strncmp(line, key, n) == 0) {
            kb = std::atof(line + n);
            break;
        }
    }
    std::fclose(f);
    return kb;
}

}  // namespace

double current_memory_mb() {
    return read_statm_resident_mb();
}
double peak_memory_mb() {
    // VmHWM is the high-water mark of VmRSS in kB (KiB): both in MiB here.
    return std::max(read_status_kb("VmHWM:") / 1024.0, current_memory_mb());
}
#endif

}  // namespace ll
