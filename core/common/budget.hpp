// Cooperative limits for long computations deep inside one search step.
// One expansion (a 12-parameter schema), one relaxed exploration or one WL
// embedding can take seconds; the engine cannot check its limits until they
// return. A Budget is handed down to them and polled in their inner loops:
// poll() is a counter decrement almost always, and every `stride` calls it
// reads the clock (and, at most every 10 ms, the resident memory). When a
// limit has passed it throws LimitReached, which only the search engine
// catches (and turns into OutOfTime / OutOfMemory). A null Budget* means no
// limits: every user keeps working without one. Stores whose growth is one
// large allocation ask check_allocation() first, so that the growth itself
// cannot carry the process past its memory limit. Freeing a search's
// stores takes time too, so the time limit is met with a reserve for it.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>

#include "core/common/resources.hpp"

namespace ll {

class LimitReached : public std::exception {
  public:
    enum class Kind { Time, Memory };
    explicit LimitReached(Kind kind) : kind_(kind) {}
    Kind kind() const { return kind_; }
    const char* what() const noexcept override {
        return kind_ == Kind::Time ? "time limit reached" : "memory limit reached";
    }

  private:
    Kind kind_;
};

class Budget {
  public:
    Budget() = default;
    // `clock` must outlive the budget; limits in seconds since the clock
    // started and in MB of resident memory (infinity: none).
    Budget(const Stopwatch* clock, double time_limit_s, double memory_limit_mb)
        : clock_(clock), time_limit_s_(time_limit_s), memory_limit_mb_(memory_limit_mb) {}

    // A resumed search's new end (seconds on the same clock).
    void set_time_limit(double time_limit_s) { time_limit_s_ = time_limit_s; }
    const Stopwatch* clock() const { return clock_; }

    bool has_limits() const {
        return std::isfinite(time_limit_s_) || std::isfinite(memory_limit_mb_);
    }

    // Cheap; throws LimitReached when a limit has passed.
    void poll() {
        if (--countdown_ > 0) return;
        countdown_ = kStride;
        check();
    }

    // Reads the clock (and the memory, rate-limited) now.
    void check() {
        if (clock_ == nullptr) return;
        check_at(clock_->seconds());
    }
    // The same with this budget's clock just read by the caller (`now`:
    // clock()->seconds()), which saves a read per expansion in the engine.
    void check_at(double now) {
        if (clock_ == nullptr) return;
        if (now - last_memory_check_s_ >= kMemoryPeriodS && has_limits()) {
            last_memory_check_s_ = now;
            const double resident_mb = current_memory_mb();
            release_reserve_s_ = release_seconds(resident_mb);
            if (resident_mb > memory_limit_mb_) throw LimitReached(LimitReached::Kind::Memory);
        }
        if (now + release_reserve_s_ >= time_limit_s_) throw LimitReached(LimitReached::Kind::Time);
    }

    // The time kept free before the time limit for releasing what the run
    // holds once it stops (release_seconds of the resident memory last
    // read): a limit covers the whole run, teardown included.
    double release_reserve_s() const { return release_reserve_s_; }

    // Before an allocation that becomes resident at once, where no poll can
    // run (a hash table's rehash fills its new block while the old one is
    // still live): throws LimitReached(Memory) when `bytes` more would take
    // the resident memory past the limit. Reads the memory now; meant for
    // rare, large growths.
    void check_allocation(std::size_t bytes) const {
        if (!std::isfinite(memory_limit_mb_)) return;
        if (current_memory_mb() + double(bytes) / 1048576.0 > memory_limit_mb_) {
            throw LimitReached(LimitReached::Kind::Memory);
        }
    }

    // Before a growth that copies and fills `bytes` of fresh memory in one
    // step, where no poll can run (a vector of a million actions doubling):
    // throws LimitReached when the memory would pass its limit, or when the
    // copy, at a conservative kFillBytesPerSecond, would end past the time
    // limit. Meant for rare, large growths.
    void check_growth(std::size_t bytes) const {
        check_allocation(bytes);
        if (clock_ != nullptr &&
            clock_->seconds() + double(bytes) / kFillBytesPerSecond >= time_limit_s_) {
            throw LimitReached(LimitReached::Kind::Time);
        }
    }

    // Without throwing: whether the time limit has passed.
    bool time_passed() const {
        return clock_ != nullptr && clock_->seconds() + release_reserve_s_ >= time_limit_s_;
    }

  private:
    // ~1 µs of inner-loop work per poll in the slowest users: a clock read
    // (~20 ns) every 1024 polls costs nothing measurable.
    static constexpr std::int32_t kStride = 1024;
    static constexpr double kMemoryPeriodS = 0.01;
    // Fresh pages filled per second by a copy or memset, page faults
    // included (measured 1.5-3 GB/s on wide12; taken low so a limit holds).
    static constexpr double kFillBytesPerSecond = 1e9;

    const Stopwatch* clock_ = nullptr;
    double time_limit_s_ = std::numeric_limits<double>::infinity();
    double memory_limit_mb_ = std::numeric_limits<double>::infinity();
    double last_memory_check_s_ = -1;
    double release_reserve_s_ = 0;
    std::int32_t countdown_ = kStride;
};

}  // namespace ll
