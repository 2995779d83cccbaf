// The vocabulary of anytime search (see header).
#include "core/search/anytime.hpp"

namespace ll {

const NameTable<AnytimeMode>& anytime_mode_names() {
    static constexpr Named<AnytimeMode> kNames[]{
        {AnytimeMode::Off, "off"}, {AnytimeMode::Auto, "auto"}, {AnytimeMode::On, "on"}};
    static constexpr NameTable<AnytimeMode> kTable{"anytime mode", kNames};
    return kTable;
}

std::span<const ConfigKey<AnytimeSettings>> anytime_config_keys() {
    static constexpr ConfigKey<AnytimeSettings> kKeys[]{
        {"anytime", "",
         [](AnytimeSettings& s, std::string_view v) { s.anytime = anytime_mode_names().parse(v); }},
    };
    return kKeys;
}

const NameTable<FinalPlanReason>& final_plan_reason_names() {
    static constexpr Named<FinalPlanReason> kNames[]{
        {FinalPlanReason::None, "none"},
        {FinalPlanReason::FirstPlan, "first-plan"},
        {FinalPlanReason::TimeLimit, "time-limit"},
        {FinalPlanReason::ProvedOptimal, "proved-optimal"},
        {FinalPlanReason::Exhausted, "exhausted"},
        {FinalPlanReason::OtherLimit, "limit"},
    };
    static constexpr NameTable<FinalPlanReason> kTable{"final plan reason", kNames};
    return kTable;
}

const char* to_string(FinalPlanReason reason) {
    return final_plan_reason_names().name(reason);
}

}  // namespace ll
