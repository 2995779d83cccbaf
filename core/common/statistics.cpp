// The text summary of the statistics (see statistics.hpp).
#include "core/common/statistics.hpp"

#include <cmath>
#include <cstdio>

namespace ll {

namespace {

std::string printf_string(const char* format, double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, value);
    return buffer;
}

// The text after a field's label.
std::string shown_value(const Statistics& s, const StatisticField& f) {
    const double value = field_value(s, f);
    switch (f.shown) {
        case Shown::Never:
            return "";
        case Shown::States:
            return std::to_string(s.*f.count) + " state(s).";
        case Shown::Count:
            return std::to_string(s.*f.count);
        case Shown::H:
            return format_h(value);
        case Shown::Ratio:
            return printf_string("%.2f", value);
        case Shown::Seconds:
            return printf_string("%.4f", value) + " s";
        case Shown::MissRate:
            return printf_string("%.2f", 100.0 * value) + "% of " + std::to_string(s.wl_lookups()) +
                   " lookups";
    }
    return "";
}

}  // namespace

std::string format_h(double h) {
    if (!std::isfinite(h)) return "inf";
    if (h == std::floor(h) && std::fabs(h) < 1e15) {
        return std::to_string(static_cast<long long>(h));
    }
    return printf_string("%g", h);
}

std::string format_statistics(const Statistics& s) {
    const bool learnt = s.wl_lookups() > 0;
    std::string out;
    for (const StatisticField& f : statistics_fields()) {
        if (f.shown == Shown::Never || (f.learnt_only && !learnt)) continue;
        if (!f.shown_if_zero && field_value(s, f) == 0) continue;
        out += std::string(f.label) + " " + shown_value(s, f) + "\n";
    }
    return out;
}

}  // namespace ll
