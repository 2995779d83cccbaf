// Memory measurement, per platform.
#include "core/common/resources.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

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
    return read_status_kb("VmRSS:") / 1024.0;
}
double peak_memory_mb() {
    return read_status_kb("VmHWM:") / 1024.0;
}
#endif

}  // namespace ll
