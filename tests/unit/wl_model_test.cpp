// The model file: byte-identical save/load round trips, identical features
// after loading, informative Error(Model)s on corrupt files, and refusal of
// a model trained on another domain (or a same-named but different one).
#include <gtest/gtest.h>

#include <limits>

#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/learning/model.hpp"
#include "test_support.hpp"

namespace ll {
namespace {

using Json = nlohmann::ordered_json;

Graph random_model_graph(std::mt19937& rng, int max_nodes) {
    Graph g;
    const int n = std::uniform_int_distribution<int>(1, max_nodes)(rng);
    for (int v = 0; v < n; ++v)
        g.add_node(std::uniform_int_distribution<int>(0, 5)(rng));
    std::uniform_int_distribution<int> node(0, n - 1);
    for (int i = 0; i < n + 2; ++i)
        g.add_edge(node(rng), node(rng), std::uniform_int_distribution<int>(0, 2)(rng));
    return g;
}

WlModel make_model(const Task& task, Neighbourhood mode = Neighbourhood::Set,
                   WlVariant variant = WlVariant::Plain) {
    WlModel model;
    set_model_domain(model, task);
    model.graph = GraphKind::Aeg;
    model.space = "state";
    WlOptions o;
    o.iterations = 2;
    o.neighbourhood = mode;
    o.variant = variant;
    model.features = WlFeatures(o);
    std::mt19937 rng(3);
    SparseVector out;
    for (int i = 0; i < 20; ++i)
        model.features.collect(random_model_graph(rng, 10), out);
    // Awkward doubles on purpose: shortest round-trip formatting must keep
    // every bit.
    model.weights = {{0, 0.1}, {2, -3.25}, {3, 1e-7}, {5, 1.0 / 3.0}, {7, 12345678.875}};
    model.training_json =
        R"({"seed": 2024, "problems": ["p01", "p02"], "C": 0.1, "z": {"b": 1, "a": [1, 2.5]}})";
    return model;
}

struct Domains {
    Task blocksworld = test::load_task("blocksworld", "p01");
    Task blocksworld2 = test::load_task("blocksworld", "p02");
    Task gripper = test::load_task("gripper", "p01");
};

TEST(WlModel, FingerprintIsStableAndDomainSpecific) {
    Domains d;
    const std::string bw = domain_fingerprint(d.blocksworld);
    EXPECT_EQ(bw.size(), 16u);
    EXPECT_EQ(bw, domain_fingerprint(d.blocksworld2));  // problem-independent
    EXPECT_NE(bw, domain_fingerprint(d.gripper));
    // Pinned: the digest must not change between builds or platforms
    // (FNV-1a 64 over a canonical text; no std::hash). Checked against an
    // independent Python computation of the same canonical text.
    EXPECT_EQ(bw, "3fa6a959f54d7b5d");
    Task renamed = d.blocksworld;
    renamed.predicates[0].name = "over";
    EXPECT_NE(domain_fingerprint(renamed), bw);
    Task flipped = d.blocksworld;
    flipped.predicates[0].is_static = !flipped.predicates[0].is_static;
    EXPECT_NE(domain_fingerprint(flipped), bw);
}

TEST(WlModel, SaveLoadSaveIsByteIdentical) {
    Domains d;
    for (auto [mode, variant] : {std::pair{Neighbourhood::Set, WlVariant::Plain},
                                 std::pair{Neighbourhood::Multiset, WlVariant::Plain},
                                 std::pair{Neighbourhood::Set, WlVariant::Individualised},
                                 std::pair{Neighbourhood::Multiset, WlVariant::Individualised}}) {
        const WlModel model = make_model(d.blocksworld, mode, variant);
        const std::string text = save_model(model);
        const WlModel loaded = load_model(text, "m.json");
        EXPECT_EQ(save_model(loaded), text);
        EXPECT_EQ(loaded.domain_name, "blocksworld");
        EXPECT_EQ(loaded.domain_fingerprint, model.domain_fingerprint);
        EXPECT_EQ(loaded.domain_predicates, model.domain_predicates);
        EXPECT_EQ(loaded.domain_schemas, model.domain_schemas);
        EXPECT_EQ(loaded.graph, GraphKind::Aeg);
        EXPECT_EQ(loaded.space, "state");
        EXPECT_EQ(loaded.features.options().iterations, 2);
        EXPECT_EQ(loaded.features.options().neighbourhood, mode);
        EXPECT_EQ(loaded.features.options().variant, variant);
        EXPECT_EQ(loaded.features.keys(), model.features.keys());
        EXPECT_EQ(loaded.weights, model.weights);  // exact doubles
        EXPECT_EQ(Json::parse(loaded.training_json), Json::parse(model.training_json));
        // Training metadata keeps its key order.
        EXPECT_LT(loaded.training_json.find("\"seed\""), loaded.training_json.find("\"C\""));
        EXPECT_LT(loaded.training_json.find("\"b\""), loaded.training_json.find("\"a\""));
    }
}

TEST(WlModel, SavedLayoutFollowsTheDocumentedSchema) {
    Domains d;
    const std::string text = save_model(make_model(d.blocksworld));
    EXPECT_EQ(text.rfind("{\n  \"format\": \"lazylifted-wl-model\",\n  \"version\": 1,\n", 0), 0u)
        << text.substr(0, 80);
    const Json j = Json::parse(text);
    std::vector<std::string> keys;
    for (const auto& [k, v] : j.items())
        keys.push_back(k);
    EXPECT_EQ(keys,
              (std::vector<std::string>{"format", "version", "domain", "graph", "space",
                                        "dead_ends", "wl", "colours", "weights", "training"}));
    EXPECT_EQ(j["dead_ends"], "none");
    EXPECT_EQ(j["domain"]["predicates"][0], Json::parse(R"(["on", 2])"));
    EXPECT_EQ(j["domain"]["schemas"][2], Json::parse(R"(["stack", 2])"));
    EXPECT_EQ(j["wl"],
              Json::parse(R"({"iterations": 2, "neighbourhood": "set", "variant": "wl"})"));
    EXPECT_EQ(j["graph"], "aeg");
    EXPECT_EQ(j["colours"][0], Json::parse("[-1, 0, 0]"));
    EXPECT_EQ(j["weights"][1], Json::parse("[2, -3.25]"));
    // One colour key per line.
    EXPECT_NE(text.find("\n    [-1, 0, 0],\n"), std::string::npos);
}

TEST(WlModel, DeadEndFlagRoundTripsAndDefaultsToNone) {
    Domains d;
    WlModel model = make_model(d.blocksworld);
    model.relaxed_dead_ends = true;
    const std::string text = save_model(model);
    EXPECT_NE(text.find("\n  \"dead_ends\": \"relaxed\",\n"), std::string::npos);
    EXPECT_TRUE(load_model(text, "m.json").relaxed_dead_ends);
    Json j = Json::parse(text);
    j.erase("dead_ends");  // a file from before the flag existed
    EXPECT_FALSE(load_model(j.dump(), "m.json").relaxed_dead_ends);
    j["dead_ends"] = "maybe";
    try {
        load_model(j.dump(), "m.json");
        ADD_FAILURE() << "a bad dead_ends value was accepted";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Model);
        EXPECT_NE(std::string(e.what()).find("dead_ends"), std::string::npos) << e.what();
    }
}

// The WL variant: "iwl" round-trips with its marked keys; a file without
// "variant" (written before it existed, like every shipped model) is plain
// WL; another value, or marked keys in a plain model, is a Model error
// naming the field.
TEST(WlModel, WlVariantRoundTripsAndDefaultsToPlain) {
    Domains d;
    const WlModel iwl = make_model(d.blocksworld, Neighbourhood::Set, WlVariant::Individualised);
    const std::string text = save_model(iwl);
    EXPECT_NE(text.find("\n  \"wl\": {\"iterations\": 2, \"neighbourhood\": \"set\", \"variant\": "
                        "\"iwl\"},\n"),
              std::string::npos)
        << text.substr(0, 600);
    EXPECT_NE(text.find("\n    [-2, "), std::string::npos);  // marked base keys
    const WlModel loaded = load_model(text, "iwl.json");
    EXPECT_EQ(loaded.features.options().variant, WlVariant::Individualised);
    EXPECT_EQ(loaded.features.keys(), iwl.features.keys());

    Json old = Json::parse(save_model(make_model(d.blocksworld)));
    old["wl"].erase("variant");
    const WlModel plain = load_model(old.dump(), "old.json");
    EXPECT_EQ(plain.features.options().variant, WlVariant::Plain);
    EXPECT_EQ(plain.features.keys(), make_model(d.blocksworld).features.keys());

    const WlModel shipped =
        load_model(test::read_file(std::string(LL_TEST_DATA_DIR) + "/models/blocksworld-aoag.json"),
                   "blocksworld-aoag.json");
    EXPECT_EQ(shipped.features.options().variant, WlVariant::Plain);

    auto expect_error = [](const std::string& text, std::vector<std::string> needles) {
        try {
            load_model(text, "bad.json");
            ADD_FAILURE() << "accepted: " << needles[0];
        } catch (const Error& e) {
            EXPECT_EQ(e.category(), ErrorCategory::Model);
            for (const auto& n : needles)
                EXPECT_NE(std::string(e.what()).find(n), std::string::npos) << e.what();
        }
    };
    Json bad = Json::parse(text);
    bad["wl"]["variant"] = "2-wl";
    expect_error(bad.dump(), {"\"wl.variant\"", "2-wl", "\"iwl\""});
    bad["wl"]["variant"] = 1;
    expect_error(bad.dump(), {"\"wl.variant\"", "expected a string"});
    bad["wl"]["variant"] = "wl";  // iwl keys in a plain model
    expect_error(bad.dump(), {"\"colours\"", "marked base key"});
}

TEST(WlModel, DocumentedExampleIsExactlyWhatSaveWrites) {
    const std::string doc =
        test::read_file(std::string(LL_TEST_DATA_DIR) + "/../../docs/model-format.md");
    const auto begin = doc.find("```json\n");
    ASSERT_NE(begin, std::string::npos);
    const auto end = doc.find("```", begin + 8);
    const std::string example = doc.substr(begin + 8, end - begin - 8);
    const WlModel model = load_model(example, "model-format.md");
    EXPECT_EQ(save_model(model), example);
    Domains d;
    EXPECT_NO_THROW(check_model_matches(model, d.blocksworld));
    EXPECT_EQ(model.features.num_colours(), 5);
    EXPECT_EQ(model.weights, (std::vector<std::pair<int, double>>{{1, 0.5}, {4, -1.25}}));
}

TEST(WlModel, SaveDropsZeroWeightsAndSorts) {
    Domains d;
    WlModel model = make_model(d.blocksworld);
    model.weights = {{5, 2.0}, {1, 0.0}, {0, -1.5}};
    const WlModel loaded = load_model(save_model(model));
    EXPECT_EQ(loaded.weights, (std::vector<std::pair<int, double>>{{0, -1.5}, {5, 2.0}}));
    model.weights.clear();
    model.training_json = "{}";
    const std::string empty = save_model(model);
    EXPECT_NE(empty.find("\"weights\": [],"), std::string::npos);
    EXPECT_EQ(save_model(load_model(empty)), empty);
}

TEST(WlModel, EmptyDictionaryRoundTrips) {
    WlModel model;
    model.domain_name = "d";
    model.domain_fingerprint = "0";
    const std::string text = save_model(model);
    const WlModel loaded = load_model(text);
    EXPECT_EQ(loaded.features.num_colours(), 0);
    EXPECT_EQ(save_model(loaded), text);
}

void expect_internal(const WlModel& model, const std::string& needle) {
    try {
        save_model(model);
        ADD_FAILURE() << "expected an error containing '" << needle << "'";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Internal);
        EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
}

TEST(WlModel, SavingAnInconsistentModelIsAnInternalError) {
    Domains d;
    WlModel model = make_model(d.blocksworld);
    model.training_json = "{not json";
    expect_internal(model, "training metadata is not valid JSON");
    model.training_json = "[1]";
    expect_internal(model, "not a JSON object");
    model = make_model(d.blocksworld);
    model.weights.emplace_back(model.features.num_colours(), 1.0);
    expect_internal(model, "out of range");
    model = make_model(d.blocksworld);
    model.weights.emplace_back(0, 2.0);
    expect_internal(model, "two weights for colour 0");
    model = make_model(d.blocksworld);
    model.space = "both";
    expect_internal(model, "space");
}

TEST(WlModel, LoadedModelGivesIdenticalFeatures) {
    Domains d;
    WlModel model = make_model(d.blocksworld, Neighbourhood::Multiset);
    WlModel loaded = load_model(save_model(model));
    std::mt19937 rng(99);
    for (int i = 0; i < 50; ++i) {
        const Graph g = random_model_graph(rng, 15);
        SparseVector a, b;
        model.features.embed(g, a);
        loaded.features.embed(g, b);
        ASSERT_EQ(a, b);
    }
    EXPECT_EQ(loaded.features.miss_statistics().unseen, model.features.miss_statistics().unseen);
    EXPECT_GT(loaded.features.miss_statistics().unseen, 0);
}

// Loads `text` expecting Error(Model) whose message names the source and
// contains every needle.
void expect_model_error(const std::string& text, std::vector<std::string> needles) {
    try {
        load_model(text, "bad.json");
        ADD_FAILURE() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Model);
        const std::string what = e.what();
        needles.push_back("bad.json");
        for (const auto& n : needles)
            EXPECT_NE(what.find(n), std::string::npos) << "'" << n << "' not in: " << what;
    }
}

TEST(WlModel, CorruptFilesAreModelErrors) {
    Domains d;
    const std::string good = save_model(make_model(d.blocksworld));
    auto edited = [&](auto&& edit) {
        Json j = Json::parse(good);
        edit(j);
        return j.dump();
    };
    expect_model_error(good.substr(0, good.size() / 2), {"not JSON", "byte"});
    expect_model_error("", {"not JSON"});
    expect_model_error("[1, 2]", {"top level", "object"});
    expect_model_error(edited([](Json& j) { j["format"] = "wlplan"; }),
                       {"\"format\"", "wlplan", "lazylifted-wl-model"});
    expect_model_error(edited([](Json& j) { j.erase("format"); }), {"\"format\"", "missing"});
    expect_model_error(edited([](Json& j) { j["version"] = 99; }),
                       {"\"version\"", "unsupported", "99"});
    expect_model_error(edited([](Json& j) { j["version"] = "1"; }),
                       {"\"version\"", "expected an integer"});
    expect_model_error(edited([](Json& j) { j.erase("colours"); }), {"\"colours\"", "missing"});
    expect_model_error(edited([](Json& j) { j["colours"] = 3; }),
                       {"\"colours\"", "expected an array"});
    expect_model_error(edited([](Json& j) { j["colours"][1] = Json::parse("[-1, 0]"); }),
                       {"\"colours\"", "colour 1", "3 entries"});
    expect_model_error(edited([](Json& j) { j["colours"][2][0] = 1.5; }),
                       {"\"colours[2][0]\"", "expected an integer"});
    expect_model_error(edited([](Json& j) { j["colours"][2][0] = 4294967296LL; }),
                       {"\"colours[2][0]\"", "out of range"});
    expect_model_error(edited([](Json& j) { j["weights"][0][0] = 100000; }),
                       {"\"weights[0][0]\"", "weight id 100000 is out of range"});
    expect_model_error(edited([](Json& j) { j["weights"][0][0] = -1; }),
                       {"\"weights[0][0]\"", "out of range"});
    expect_model_error(edited([](Json& j) { j["weights"][0][1] = "heavy"; }),
                       {"\"weights[0][1]\"", "expected a number", "heavy"});
    expect_model_error(edited([](Json& j) { j["weights"][1][0] = 0; }),
                       {"\"weights[1][0]\"", "strictly increasing"});
    expect_model_error(edited([](Json& j) { j["weights"][0] = Json::parse("[1]"); }),
                       {"\"weights[0]\"", "[colour id, weight]"});
    expect_model_error(edited([](Json& j) { j["graph"] = "gnn"; }), {"\"graph\"", "gnn"});
    expect_model_error(edited([](Json& j) { j["space"] = 1; }), {"\"space\"", "expected a string"});
    expect_model_error(edited([](Json& j) { j["wl"]["neighbourhood"] = "bag"; }),
                       {"\"wl.neighbourhood\"", "bag"});
    expect_model_error(edited([](Json& j) { j["wl"]["iterations"] = 1000; }),
                       {"\"wl.iterations\"", "out of range"});
    expect_model_error(edited([](Json& j) { j["wl"]["iterations"] = 1; }),
                       {"\"colours\"", "round 2"});  // keys of round 2 exist
    expect_model_error(edited([](Json& j) { j["domain"].erase("fingerprint"); }),
                       {"\"domain.fingerprint\"", "missing"});
    expect_model_error(edited([](Json& j) { j["domain"]["predicates"][1][1] = "one"; }),
                       {"\"domain.predicates[1][1]\"", "expected an integer"});
    expect_model_error(edited([](Json& j) { j["training"] = "none"; }),
                       {"\"training\"", "expected an object"});
}

// Adversarial weights. A number beyond a double (1e999) or a
// weight pair of the wrong length is a model error naming the field; huge
// and tiny finite weights load exactly (the heuristic sums them robustly:
// wl_heuristic_test.cpp, WlHeuristic.OverflowingWeightsNeverGiveADeadEnd).
TEST(WlModel, AdversarialWeights) {
    Domains d;
    const std::string good = save_model(make_model(d.blocksworld));
    auto with_weights = [&](const std::string& weights) {
        const std::size_t at = good.find("\"weights\": [");
        const std::size_t end = good.find("],\n  \"training\"", at);
        return good.substr(0, at) + "\"weights\": [" + weights + good.substr(end);
    };
    expect_model_error(with_weights("[0, 1e999]"), {"out of the range of a double", "1e999"});
    expect_model_error(with_weights("[0, -1e999]"), {"out of the range of a double"});
    expect_model_error(with_weights("[0, NaN]"), {"not JSON"});
    expect_model_error(with_weights("[0, Infinity]"), {"not JSON"});
    expect_model_error(with_weights("[0, 1.0, 2.0]"), {"\"weights[0]\"", "[colour id, weight]"});
    expect_model_error(with_weights("[0]"), {"\"weights[0]\"", "[colour id, weight]"});
    expect_model_error(with_weights("[]"), {"\"weights[0]\"", "[colour id, weight]"});
    expect_model_error(with_weights("[0, 1], [1, 2], 3"), {"\"weights[2]\"", "expected an array"});

    const WlModel huge = load_model(with_weights("[0, 1e308], [1, -1.7976931348623157e308]"));
    ASSERT_EQ(huge.weights.size(), 2u);
    EXPECT_EQ(huge.weights[0].second, 1e308);
    EXPECT_EQ(huge.weights[1].second, -std::numeric_limits<double>::max());
    const WlModel tiny = load_model(with_weights("[0, 5e-324], [1, 1e-310]"));
    EXPECT_EQ(tiny.weights[0].second, std::numeric_limits<double>::denorm_min());
}

void expect_mismatch(const WlModel& model, const Task& task, std::vector<std::string> needles) {
    try {
        check_model_matches(model, task, "m.json");
        ADD_FAILURE() << "expected a mismatch";
    } catch (const Error& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Model);
        const std::string what = e.what();
        needles.push_back("m.json");
        for (const auto& n : needles)
            EXPECT_NE(what.find(n), std::string::npos) << "'" << n << "' not in: " << what;
    }
}

TEST(WlModel, ModelForAnotherDomainIsRefused) {
    Domains d;
    const WlModel gripper = load_model(save_model(make_model(d.gripper)));
    EXPECT_NO_THROW(check_model_matches(gripper, d.gripper));
    expect_mismatch(gripper, d.blocksworld,
                    {"trained for domain \"gripper\"", "task's domain is \"blocksworld\"",
                     domain_fingerprint(d.gripper), domain_fingerprint(d.blocksworld)});
    const WlModel bw = make_model(d.blocksworld);
    EXPECT_NO_THROW(check_model_matches(bw, d.blocksworld2));  // another problem, same domain
}

TEST(WlModel, SameNameDifferentDomainExplainsTheDifference) {
    Domains d;
    const WlModel model = make_model(d.blocksworld);
    Task arity = d.blocksworld;
    arity.predicates[1].argument_types.push_back(0);
    expect_mismatch(
        model, arity,
        {"same name", "predicate 2 is ontable/1 in the model but ontable/2 in the task"});
    Task more = d.blocksworld;
    more.schemas.pop_back();
    expect_mismatch(model, more, {"same name", "4 schemas, the task's 3"});
    Task flipped = d.blocksworld;
    flipped.predicates[0].is_static = true;
    expect_mismatch(model, flipped, {"same name", "static flags"});
    // A model that does not record its predicates still says why it failed.
    WlModel bare = model;
    bare.domain_predicates.clear();
    bare.domain_schemas.clear();
    expect_mismatch(bare, arity, {"same name", "predicates"});
}

}  // namespace
}  // namespace ll
