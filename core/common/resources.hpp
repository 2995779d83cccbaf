// Process resources the search limits are checked against: memory and time.
#pragma once

#include <chrono>

namespace ll {

// Resident memory in MB (native: /proc/self/status; wasm: linear memory size).
double current_memory_mb();
// Peak resident memory in MB since process start.
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
