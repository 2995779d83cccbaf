// Process resources the search limits are checked against: memory and time.
#pragma once

#include <chrono>

#if defined(__EMSCRIPTEN__)
// The monotonic clock in ms: performance.now() (core/common/resources.cpp).
extern "C" double ll_clock_ms();
#endif

namespace ll {

// Resident set size in MB of 2^20 bytes (native: /proc/self/statm, the same
// figure as VmRSS; wasm: the linear memory size, which never shrinks). This
// is what the memory limit is checked against, at most every 10 ms inside a
// search step (core/common/budget.hpp).
double current_memory_mb();
// Peak resident set size in MB (2^20 bytes) since process start (VmHWM).
double peak_memory_mb();
// A generous estimate of the seconds that freeing `resident_mb` of search
// stores takes once a search stops: glibc's frees and the kernel's unmapping
// of every page, measured at 0.15 s per GB for large blocks and 0.47 s per
// GB for a million small ones, and 0.8 s per GB for a search's stores on
// a loaded 2-core VM (2026-11-27); a lazy search of
// 5.9 GB ended 2.6 s past its time limit without this reserve.
inline double release_seconds(double resident_mb) {
    return resident_mb * (0.8 / 1024.0);
}

// Seconds since construction, on the monotonic clock. In wasm every clock
// read is a call into JS: steady_clock goes through libc's clock_gettime (a JS
// function that writes a timespec into the heap, then calls
// emscripten_get_now), ll_clock_ms is performance.now(), one call.
class Stopwatch {
  public:
    Stopwatch() : start_s_(now_s()) {}
    double seconds() const { return now_s() - start_s_; }

  private:
    static double now_s() {
#if defined(__EMSCRIPTEN__)
        return ll_clock_ms() / 1000.0;
#else
        return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
            .count();
#endif
    }
    double start_s_;
};

}  // namespace ll
