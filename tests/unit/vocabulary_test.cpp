// The name tables (core/common/vocabulary.hpp): every name round-trips,
// names and aliases are unique, every alias parses to its entry, unknown
// names are usage errors naming the accepted values; every engine and
// heuristic is named once and can be built; every configuration key and
// key alias is accepted.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/common/error.hpp"
#include "core/common/vocabulary.hpp"
#include "core/learning/dataset.hpp"
#include "core/learning/graph_builder.hpp"
#include "core/learning/wl_features.hpp"
#include "core/learning/wl_heuristic.hpp"
#include "core/planner.hpp"
#include "core/search/engine_list.hpp"
#include "core/search/search_config.hpp"

namespace ll {
namespace {

// Checks one table; returns its canonical names.
template <class Entry>
std::vector<std::string> check_table(const Vocabulary<Entry>& table) {
    SCOPED_TRACE(table.what());
    std::set<std::string> spellings;
    std::vector<std::string> names;
    EXPECT_FALSE(table.entries().empty());
    for (const Entry& e : table.entries()) {
        EXPECT_TRUE(spellings.insert(e.name).second) << "named twice: " << e.name;
        names.push_back(e.name);
        EXPECT_EQ(table.parse(e.name), e.value) << e.name;
        EXPECT_STREQ(table.name(e.value), e.name);
        EXPECT_EQ(&table.entry(e.value), &e) << "two entries for the value of " << e.name;
        if constexpr (requires { e.aliases; }) {
            std::string_view aliases = e.aliases;
            while (!aliases.empty()) {
                const auto end = aliases.find(' ');
                const std::string alias(aliases.substr(0, end));
                EXPECT_TRUE(spellings.insert(alias).second) << "named twice: " << alias;
                EXPECT_EQ(table.parse(alias), e.value) << alias;
                aliases.remove_prefix(end == std::string_view::npos ? aliases.size() : end + 1);
            }
        }
    }
    try {
        table.parse("no-such-name");
        ADD_FAILURE() << "an unknown name parsed";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Usage);
        EXPECT_EQ(e.message(), std::string("unknown ") + table.what() +
                                   " 'no-such-name' (expected " + table.expected() + ")");
        for (const std::string& name : names)
            EXPECT_NE(e.message().find(name), std::string::npos) << e.message();
    }
    return names;
}

TEST(Vocabulary, EveryTableRoundTrips) {
    check_table(cost_type_names());
    check_table(relaxation_grounding_names());
    check_table(graph_kind_names());
    check_table(wl_variant_names());
    check_table(tuple_type_names());
    check_table(space_kind_names());
    check_table(tie_breaking_names());
    check_table(search_status_names());
    check_table(dead_end_detection_names());
    check_table(engine_list());
    check_table(heuristic_list());
}

TEST(Vocabulary, ExpectedListsNamesInOrder) {
    EXPECT_EQ(space_kind_names().expected(), "auto, state or partial");
    EXPECT_EQ(search_status_names().name(SearchStatus::ExpansionLimit),
              std::string("expansion-limit"));
    EXPECT_EQ(parse_heuristic_kind("rff"), HeuristicKind::FF);
    EXPECT_EQ(parse_heuristic_kind("goalcount"), HeuristicKind::GoalCount);
    EXPECT_FALSE(wl_variant_names().find("2wl").has_value());
}

TEST(Vocabulary, EveryEngineIsBuiltByItsEntry) {
    for (const EngineEntry& e : engine_list().entries()) {
        EXPECT_NE(e.make, nullptr) << e.name;
        EXPECT_NE(std::string(e.description), "") << e.name;
    }
}

TEST(Vocabulary, EveryHeuristicHasOneFactory) {
    for (const HeuristicEntry& h : heuristic_list().entries()) {
        int builders = 0;
        for (const HeuristicBuilder& b : learnt_heuristic_list())
            builders += b.kind == h.value ? 1 : 0;
        EXPECT_EQ((h.make != nullptr ? 1 : 0) + builders, 1) << h.name;
        // Only heuristics of a higher layer (needing a model) are built there.
        EXPECT_EQ(builders == 1, h.needs_model) << h.name;
        EXPECT_NE(std::string(h.description), "") << h.name;
    }
}

TEST(Vocabulary, EveryConfigurationKeyAndAliasIsAccepted) {
    const std::vector<std::string_view> keys = search_config_keys();
    EXPECT_EQ(std::set<std::string_view>(keys.begin(), keys.end()).size(), keys.size());
    const struct {
        const char* text;
        bool (*check)(const ParsedSearchConfig&);
    } cases[] = {
        {"search=lazy",
         [](const ParsedSearchConfig& p) { return p.config.engine == EngineKind::Lazy; }},
        {"engine=lazy",
         [](const ParsedSearchConfig& p) { return p.config.engine == EngineKind::Lazy; }},
        {"h=hadd+hmax",
         [](const ParsedSearchConfig& p) {
             return p.heuristic == HeuristicKind::Add && p.config.extra_heuristics.size() == 1;
         }},
        {"heuristics=goalcount",
         [](const ParsedSearchConfig& p) { return p.heuristic == HeuristicKind::GoalCount; }},
        {"preferred=on", [](const ParsedSearchConfig& p) { return p.config.preferred; }},
        {"novelty=yes", [](const ParsedSearchConfig& p) { return p.config.novelty; }},
        {"boost=7", [](const ParsedSearchConfig& p) { return p.config.boost == 7; }},
        {"tie=lifo",
         [](const ParsedSearchConfig& p) { return p.config.ties == TieBreaking::Lifo; }},
        {"ties=lifo",
         [](const ParsedSearchConfig& p) { return p.config.ties == TieBreaking::Lifo; }},
        {"symmetry=on", [](const ParsedSearchConfig& p) { return p.config.symmetry; }},
        {"space=partial",
         [](const ParsedSearchConfig& p) { return p.config.space == SpaceKind::Partial; }},
        {"relax=ground",
         [](const ParsedSearchConfig& p) {
             return p.config.relaxation == RelaxationGrounding::Ground;
         }},
        {"relaxation=lifted",
         [](const ParsedSearchConfig& p) {
             return p.config.relaxation == RelaxationGrounding::Lifted;
         }},
        {"cost-type=plusone",
         [](const ParsedSearchConfig& p) { return p.config.cost_type == CostType::PlusOne; }},
        {"cost_type=normal",
         [](const ParsedSearchConfig& p) { return p.config.cost_type == CostType::Normal; }},
        {"time=0.5", [](const ParsedSearchConfig& p) { return p.config.time_fraction == 0.5; }},
        {"time-partial=0.25",
         [](const ParsedSearchConfig& p) { return p.config.time_fraction_partial == 0.25; }},
        {"stall=3", [](const ParsedSearchConfig& p) { return p.config.stall_s == 3; }},
        {"after-stall=on", [](const ParsedSearchConfig& p) { return p.config.after_stall; }},
        {"branching=500",
         [](const ParsedSearchConfig& p) { return p.config.max_branching == 500; }},
        {"landmarks=on", [](const ParsedSearchConfig& p) { return p.config.landmarks; }},
        {"orders=off", [](const ParsedSearchConfig& p) { return !p.config.goal_orders; }},
        {"counting=off", [](const ParsedSearchConfig& p) { return !p.config.counting; }},
        {"anytime=on",
         [](const ParsedSearchConfig& p) { return p.config.anytime == AnytimeMode::On; }},
        {"lookahead=on,search=lazy",
         [](const ParsedSearchConfig& p) { return p.config.lookahead; }},
    };
    std::set<std::string> covered;
    for (const auto& c : cases) {
        EXPECT_TRUE(c.check(parse_search_config(c.text))) << c.text;
        const std::string text = c.text;
        covered.insert(text.substr(0, text.find('=')));
    }
    for (std::string_view key : keys)
        EXPECT_TRUE(covered.count(std::string(key))) << "key without a case: " << key;
    EXPECT_THROW(parse_search_config("speed=3"), Error);
}

TEST(Vocabulary, CanonicalConfigurationTextParsesBack) {
    for (const SearchAlias& alias : search_aliases()) {
        for (const ParsedSearchConfig& phase : parse_search_phases(alias.name)) {
            const ParsedSearchConfig again =
                parse_search_config(to_string(phase.config, phase.heuristic));
            EXPECT_EQ(again.config, phase.config) << alias.name;
            EXPECT_EQ(again.heuristic, phase.heuristic) << alias.name;
        }
    }
}

}  // namespace
}  // namespace ll
