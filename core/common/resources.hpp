// Process resources the search limits are checked against: memory and time.
#pragma once

#include <chrono>

namespace ll {

// Resident set size in MB of 2^20 bytes (native: /proc/self/statm, the same
// figure as VmRSS; wasm: the linear memory size, which never shrinks). This
// is what the memory limit is checked against, at most every 10 ms inside a
// search step (core/common/budget.hpp).
double current_memory_mb();
// Peak resident set size in MB (2^20 bytes) since process start (VmHWM).
double peak_memory_mb();

class Stopwatch {
  public:
    Stopwatch() : start_(std::chrono::steady_clock::now()) {}
    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

  private:
    std::chrono::steady_clock::time_point start_;
};

}  // namespace ll
