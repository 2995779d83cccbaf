// --model auto: the manifest is parsed into a catalogue and the model for a
// domain fingerprint is chosen by graph preference, then by the number of
// non-zero weights; blind (all-zero) models are never chosen.
#include <gtest/gtest.h>

#include "core/common/error.hpp"
#include "core/learning/model_catalog.hpp"
#include "core/pipeline.hpp"

namespace ll {
namespace {

const char* kManifest = R"({"models": [
  {"file": "a-ilg.json", "set": "a", "domain": "d", "graph": "ilg", "space": "state",
   "fingerprint": "f1", "non_zero_weights": 6},
  {"file": "b-ilg.json", "set": "b", "domain": "d", "graph": "ilg", "space": "state",
   "fingerprint": "f1", "non_zero_weights": 107},
  {"file": "b-aoag.json", "set": "b", "domain": "d", "graph": "aoag", "space": "partial",
   "fingerprint": "f1", "non_zero_weights": 198},
  {"file": "e-aoag.json", "set": "b", "domain": "e", "graph": "aoag", "space": "partial",
   "fingerprint": "f2", "non_zero_weights": 0},
  {"file": "e-aeg.json", "set": "b", "domain": "e", "graph": "aeg", "space": "partial",
   "fingerprint": "f2"}
]})";

TEST(ModelCatalog, SelectsByPreferenceThenWeights) {
    const auto catalog = parse_model_catalog(kManifest);
    ASSERT_EQ(catalog.size(), 5u);
    EXPECT_EQ(catalog[4].non_zero_weights, -1);  // unknown
    const std::vector<GraphKind> state{GraphKind::Ilg, GraphKind::Aeg, GraphKind::Aoag};
    const std::vector<GraphKind> partial{GraphKind::Aoag, GraphKind::Aeg, GraphKind::Ilg};
    EXPECT_EQ(select_model(catalog, "f1", state)->file, "b-ilg.json");
    EXPECT_EQ(select_model(catalog, "f1", partial)->file, "b-aoag.json");
    // The all-zero AOAG model is skipped for the AEG one.
    EXPECT_EQ(select_model(catalog, "f2", partial)->file, "e-aeg.json");
    EXPECT_FALSE(select_model(catalog, "f3", state).has_value());
}

// A model is chosen for the space its phase runs in: the default's model
// phase names S³, so a task the run would search in PS² gets an S³ model.
TEST(ModelCatalog, ModelSpaceIsTheModelPhases) {
    OptionValues values;
    EXPECT_EQ(model_space(values, SpaceKind::Partial), SpaceKind::State);
    values.config = "paper";  // no space named: the run's
    EXPECT_EQ(model_space(values, SpaceKind::Partial), SpaceKind::Partial);
    values.config = "search=lazy,h=ff;search=eager,h=wl,space=partial";
    EXPECT_EQ(model_space(values, SpaceKind::State), SpaceKind::Partial);
    values.config.reset();
    values.space = "partial";  // an explicit space overrides every phase
    EXPECT_EQ(model_space(values, SpaceKind::Partial), SpaceKind::Partial);
}

TEST(ModelCatalog, BadManifestsAreModelErrors) {
    for (const char* bad : {"[", "{}", R"({"models": [{"graph": "ilg"}]})",
                            R"({"models": [{"file": "x", "graph": "tree"}]})"}) {
        try {
            parse_model_catalog(bad, "m.json");
            FAIL() << bad;
        } catch (const Error& e) {
            EXPECT_EQ(e.category(), ErrorCategory::Model) << bad;
            EXPECT_NE(e.message().find("m.json"), std::string::npos) << e.message();
        }
    }
}

}  // namespace
}  // namespace ll
