// Statistics as JSON (see header).
#include "core/search/statistics_json.hpp"

#include <cmath>

namespace ll {
namespace {
nlohmann::json finite_or_null(double value) {
    return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}
}  // namespace

nlohmann::json statistics_json(const Statistics& s) {
    nlohmann::json j;
    const bool learnt = s.wl_lookups() > 0;
    for (const StatisticField& f : statistics_fields()) {
        if (f.learnt_only && !learnt) continue;
        j[f.name] =
            f.count != nullptr ? nlohmann::json(s.*f.count) : finite_or_null(field_value(s, f));
    }
    return j;
}

}  // namespace ll
