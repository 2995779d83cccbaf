// Saving and loading WL-linear models (schema: docs/model-format.md) and the
// domain fingerprint that ties a model to its training domain.
//
// The writer lays the file out by hand (fixed key order, one colour key and
// one weight per line) and formats every value through nlohmann::json, whose
// double formatting is the shortest round-trip form on every platform, so a
// saved model reloads to an identical file.
#include "core/learning/model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/common/error.hpp"
#include "core/learning/graph_support.hpp"

namespace ll {
namespace {

// Insertion-ordered, so "training" keeps the key order it was given.
using Json = nlohmann::ordered_json;

constexpr const char* kFormatName = "lazylifted-wl-model";
constexpr int kMaxIterations = 64;  // refuses absurd files; the paper uses 1-4

// ---------------------------------------------------------------- fingerprint

// FNV-1a, 64 bit: fixed-width arithmetic, identical on native and wasm32.
std::uint64_t fnv1a(const std::string& text) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

// Length-prefixed names, so no two different domains share a string.
void append_name(std::string& out, const std::string& name) {
    out += std::to_string(name.size());
    out += ':';
    out += name;
}

std::string hex64(std::uint64_t v) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 15; i >= 0; --i, v >>= 4)
        s[i] = kDigits[v & 0xf];
    return s;
}

// ---------------------------------------------------------------- writing

std::string json_string(const std::string& s) {
    return Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string json_number(double d) {
    return Json(d).dump();
}

std::string name_arity_list(const std::vector<std::pair<std::string, int>>& list) {
    if (list.empty()) return "[]";
    std::string out = "[\n";
    for (std::size_t i = 0; i < list.size(); ++i) {
        out += "      [" + json_string(list[i].first) + ", " + std::to_string(list[i].second) + "]";
        out += i + 1 < list.size() ? ",\n" : "\n";
    }
    return out + "    ]";
}

[[noreturn]] void inconsistent(const std::string& why) {
    throw Error(ErrorCategory::Internal, "cannot save the model: " + why);
}

// ---------------------------------------------------------------- reading

class Reader {
  public:
    explicit Reader(std::string_view source) : source_(source) {}

    [[noreturn]] void fail(const std::string& field, const std::string& why) const {
        throw Error(ErrorCategory::Model,
                    source_ + ": field \"" + field + "\": " + why + " (not a valid model file)");
    }

    const Json& member(const Json& object, const std::string& path, const char* name) const {
        const std::string field = path.empty() ? name : path + "." + name;
        if (!object.is_object()) fail(path.empty() ? "(top level)" : path, "expected an object");
        const auto it = object.find(name);
        if (it == object.end()) fail(field, "missing");
        return *it;
    }

    std::string string(const Json& j, const std::string& field) const {
        if (!j.is_string()) fail(field, "expected a string, got " + describe(j));
        return j.get<std::string>();
    }

    std::int64_t integer(const Json& j, const std::string& field, std::int64_t lo,
                         std::int64_t hi) const {
        if (!j.is_number_integer()) fail(field, "expected an integer, got " + describe(j));
        bool in_range = false;
        std::int64_t v = 0;
        if (j.is_number_unsigned()) {
            const auto u = j.get<std::uint64_t>();
            in_range = u <= static_cast<std::uint64_t>(hi);
            v = in_range ? static_cast<std::int64_t>(u) : 0;
            in_range = in_range && v >= lo;
        } else {
            v = j.get<std::int64_t>();
            in_range = v >= lo && v <= hi;
        }
        if (!in_range)
            fail(field, "integer " + j.dump() + " out of range " + std::to_string(lo) + ".." +
                            std::to_string(hi));
        return v;
    }

    double number(const Json& j, const std::string& field) const {
        if (!j.is_number()) fail(field, "expected a number, got " + describe(j));
        const double d = j.get<double>();
        if (!std::isfinite(d)) fail(field, "the number is not finite");
        return d;
    }

    const Json& array(const Json& j, const std::string& field) const {
        if (!j.is_array()) fail(field, "expected an array, got " + describe(j));
        return j;
    }

    std::vector<std::pair<std::string, int>> name_arity_list(const Json& j,
                                                             const std::string& field) const {
        std::vector<std::pair<std::string, int>> out;
        for (std::size_t i = 0; i < array(j, field).size(); ++i) {
            const std::string at = field + "[" + std::to_string(i) + "]";
            const Json& pair = array(j[i], at);
            if (pair.size() != 2) fail(at, "expected [name, arity]");
            out.emplace_back(string(pair[0], at + "[0]"),
                             static_cast<int>(integer(pair[1], at + "[1]", 0, INT32_MAX)));
        }
        return out;
    }

    const std::string& source() const { return source_; }

  private:
    static std::string describe(const Json& j) {
        std::string text = j.dump(-1, ' ', false, Json::error_handler_t::replace);
        if (text.size() > 40) text = text.substr(0, 37) + "...";
        return std::string(j.type_name()) + " " + text;
    }

    std::string source_;
};

// ---------------------------------------------------------------- mismatch

std::string describe_list_difference(const char* what, const char* one,
                                     const std::vector<std::pair<std::string, int>>& model,
                                     const std::vector<std::pair<std::string, int>>& task) {
    auto item = [](const std::pair<std::string, int>& p) {
        return p.first + "/" + std::to_string(p.second);
    };
    if (model.size() != task.size())
        return std::string("the model's domain has ") + std::to_string(model.size()) + " " + what +
               ", the task's " + std::to_string(task.size());
    for (std::size_t i = 0; i < model.size(); ++i) {
        if (model[i] != task[i])
            return std::string(one) + " " + std::to_string(i + 1) + " is " + item(model[i]) +
                   " in the model but " + item(task[i]) + " in the task";
    }
    return "";
}

// Which predicates are derived, when the model's and the task's sets
// differ (a model file without the field has none); "" when they agree.
std::string describe_derived_difference(const std::vector<std::string>& model, const Task& task) {
    std::vector<std::string> derived;
    for (const Predicate& p : task.predicates)
        if (p.is_derived) derived.push_back(p.name);
    if (derived == model) return "";
    auto names = [](const std::vector<std::string>& list) {
        std::string out;
        for (const std::string& name : list)
            out += (out.empty() ? "" : ", ") + name;
        return out.empty() ? std::string("none") : out;
    };
    return "their derived predicates differ (the model's: " + names(model) +
           "; the task's: " + names(derived) + ")";
}

std::vector<std::pair<std::string, int>> predicate_list(const Task& task) {
    std::vector<std::pair<std::string, int>> out;
    for (const Predicate& p : task.predicates)
        out.emplace_back(p.name, p.arity());
    return out;
}

std::vector<std::pair<std::string, int>> schema_list(const Task& task) {
    std::vector<std::pair<std::string, int>> out;
    for (const ActionSchema& s : task.schemas)
        out.emplace_back(s.name, s.arity());
    return out;
}

}  // namespace

std::string domain_fingerprint(const Task& task) {
    std::string canonical = "lazylifted-domain-v1\ndomain ";
    append_name(canonical, task.domain_name);
    canonical += '\n';
    for (const Predicate& p : task.predicates) {
        canonical += "predicate ";
        append_name(canonical, p.name);
        canonical += ' ' + std::to_string(p.arity()) +
                     (p.is_static    ? " static\n"
                      : p.is_derived ? " derived\n"
                                     : " fluent\n");
    }
    for (const ActionSchema& s : task.schemas) {
        canonical += "schema ";
        append_name(canonical, s.name);
        canonical += ' ' + std::to_string(s.arity()) + '\n';
    }
    return hex64(fnv1a(canonical));
}

void set_model_domain(WlModel& model, const Task& task) {
    model.domain_name = task.domain_name;
    model.domain_fingerprint = domain_fingerprint(task);
    model.domain_predicates = predicate_list(task);
    model.domain_schemas = schema_list(task);
    model.domain_derived.clear();
    for (const Predicate& p : task.predicates)
        if (p.is_derived) model.domain_derived.push_back(p.name);
}

std::string save_model(const WlModel& model) {
    if (model.space != "partial" && model.space != "state")
        inconsistent("space \"" + model.space + "\" is neither \"partial\" nor \"state\"");
    const int num_colours = model.features.num_colours();
    std::vector<std::pair<int, double>> weights;
    for (const auto& [id, w] : model.weights) {
        if (id < 0 || id >= num_colours)
            inconsistent("weight id " + std::to_string(id) + " out of range (" +
                         std::to_string(num_colours) + " colours)");
        if (!std::isfinite(w))
            inconsistent("weight of colour " + std::to_string(id) + " is not finite");
        if (w != 0) weights.emplace_back(id, w);
    }
    std::sort(weights.begin(), weights.end());
    for (std::size_t i = 1; i < weights.size(); ++i) {
        if (weights[i].first == weights[i - 1].first)
            inconsistent("two weights for colour " + std::to_string(weights[i].first));
    }
    Json training;
    try {
        training = Json::parse(model.training_json);
    } catch (const Json::exception& e) {
        inconsistent(std::string("the training metadata is not valid JSON: ") + e.what());
    }
    if (!training.is_object()) inconsistent("the training metadata is not a JSON object");

    const WlOptions& wl = model.features.options();
    std::string out = "{\n";
    out += "  \"format\": " + json_string(kFormatName) + ",\n";
    out += "  \"version\": " + std::to_string(kModelFormatVersion) + ",\n";
    out += "  \"domain\": {\n";
    out += "    \"name\": " + json_string(model.domain_name) + ",\n";
    out += "    \"fingerprint\": " + json_string(model.domain_fingerprint) + ",\n";
    out += "    \"predicates\": " + name_arity_list(model.domain_predicates) + ",\n";
    out += "    \"schemas\": " + name_arity_list(model.domain_schemas);
    if (!model.domain_derived.empty()) {
        out += ",\n    \"derived\": [";
        for (std::size_t i = 0; i < model.domain_derived.size(); ++i)
            out += (i == 0 ? "" : ", ") + json_string(model.domain_derived[i]);
        out += "]";
    }
    out += "\n";
    out += "  },\n";
    out += "  \"graph\": " + json_string(to_string(model.graph)) + ",\n";
    out += "  \"space\": " + json_string(model.space) + ",\n";
    out += "  \"dead_ends\": " + json_string(model.relaxed_dead_ends ? "relaxed" : "none") + ",\n";
    out += "  \"wl\": {\"iterations\": " + std::to_string(wl.iterations) +
           ", \"neighbourhood\": " + json_string(neighbourhood_names().name(wl.neighbourhood)) +
           ", \"variant\": " + json_string(to_string(wl.variant)) + "},\n";
    const auto& keys = model.features.keys();
    out += "  \"colours\": [";
    for (std::size_t id = 0; id < keys.size(); ++id) {
        out += id == 0 ? "\n    [" : ",\n    [";
        for (std::size_t i = 0; i < keys[id].size(); ++i) {
            if (i > 0) out += ", ";
            out += std::to_string(keys[id][i]);
        }
        out += ']';
    }
    out += keys.empty() ? "],\n" : "\n  ],\n";
    out += "  \"weights\": [";
    for (std::size_t i = 0; i < weights.size(); ++i) {
        out += i == 0 ? "\n    [" : ",\n    [";
        out += std::to_string(weights[i].first) + ", " + json_number(weights[i].second) + "]";
    }
    out += weights.empty() ? "],\n" : "\n  ],\n";
    // JSON strings never hold a raw newline, so re-indenting is safe.
    std::string training_text = training.dump(2, ' ', false, Json::error_handler_t::replace);
    std::string indented;
    for (char c : training_text) {
        indented += c;
        if (c == '\n') indented += "  ";
    }
    out += "  \"training\": " + indented + "\n";
    out += "}\n";
    return out;
}

namespace {

// nlohmann's message without its "[json.exception.parse_error.101] " tag.
std::string without_exception_tag(const Json::exception& e) {
    std::string what = e.what();
    if (const auto end = what.find("] "); end != std::string::npos) what = what.substr(end + 2);
    return what;
}

Json parse_model_json(std::string_view json_text, const Reader& r) {
    try {
        return Json::parse(json_text.begin(), json_text.end());
    } catch (const Json::parse_error& e) {
        throw Error(ErrorCategory::Model, r.source() + ": not a valid model file: not JSON (byte " +
                                              std::to_string(e.byte) +
                                              "): " + without_exception_tag(e));
    } catch (const Json::out_of_range& e) {
        // A number beyond the range of a double (1e999): say so plainly.
        throw Error(ErrorCategory::Model, r.source() +
                                              ": not a valid model file: a number is out of the "
                                              "range of a double (" +
                                              without_exception_tag(e) + ")");
    } catch (const Json::exception& e) {
        throw Error(ErrorCategory::Model,
                    r.source() + ": not a valid model file: not JSON: " + e.what());
    }
}

void check_format(const Reader& r, const Json& root) {
    if (!root.is_object()) r.fail("(top level)", "expected a JSON object");
    const std::string format = r.string(r.member(root, "", "format"), "format");
    if (format != kFormatName)
        r.fail("format", "\"" + format + "\" is not \"" + kFormatName + "\"");
    const auto version = r.integer(r.member(root, "", "version"), "version", INT32_MIN, INT32_MAX);
    if (version != kModelFormatVersion)
        throw Error(ErrorCategory::Model,
                    r.source() + ": field \"version\": unsupported model format version " +
                        std::to_string(version) + " (this build reads version " +
                        std::to_string(kModelFormatVersion) + ")");
}

// The domain, graph, space and dead-end fields.
void read_description(const Reader& r, const Json& root, WlModel& model) {
    const Json& domain = r.member(root, "", "domain");
    model.domain_name = r.string(r.member(domain, "domain", "name"), "domain.name");
    model.domain_fingerprint =
        r.string(r.member(domain, "domain", "fingerprint"), "domain.fingerprint");
    model.domain_predicates =
        r.name_arity_list(r.member(domain, "domain", "predicates"), "domain.predicates");
    model.domain_schemas =
        r.name_arity_list(r.member(domain, "domain", "schemas"), "domain.schemas");
    model.domain_derived.clear();
    if (domain.contains("derived")) {
        const Json& derived = domain["derived"];
        if (!derived.is_array()) r.fail("domain.derived", "expected an array of names");
        for (std::size_t i = 0; i < derived.size(); ++i)
            model.domain_derived.push_back(
                r.string(derived[i], "domain.derived[" + std::to_string(i) + "]"));
    }

    const std::string graph = r.string(r.member(root, "", "graph"), "graph");
    const std::optional<GraphKind> kind = graph_kind_names().find(graph);
    if (!kind) r.fail("graph", "\"" + graph + "\" is not one of \"ilg\", \"aoag\", \"aeg\"");
    model.graph = *kind;

    model.space = r.string(r.member(root, "", "space"), "space");
    if (model.space != "partial" && model.space != "state")
        r.fail("space", "\"" + model.space + "\" is neither \"partial\" nor \"state\"");
    if (root.contains("dead_ends")) {
        const std::string dead_ends = r.string(root["dead_ends"], "dead_ends");
        if (dead_ends != "relaxed" && dead_ends != "none")
            r.fail("dead_ends", "\"" + dead_ends + "\" is neither \"relaxed\" nor \"none\"");
        model.relaxed_dead_ends = dead_ends == "relaxed";
    }
}

WlOptions read_wl_options(const Reader& r, const Json& root) {
    const Json& wl = r.member(root, "", "wl");
    WlOptions options;
    options.iterations = static_cast<int>(
        r.integer(r.member(wl, "wl", "iterations"), "wl.iterations", 0, kMaxIterations));
    const std::string neighbourhood =
        r.string(r.member(wl, "wl", "neighbourhood"), "wl.neighbourhood");
    if (const auto parsed = neighbourhood_names().find(neighbourhood))
        options.neighbourhood = *parsed;
    else
        r.fail("wl.neighbourhood", "\"" + neighbourhood + "\" is neither \"set\" nor \"multiset\"");
    // Absent in files written before the individualised variant existed.
    if (wl.contains("variant")) {
        const std::string variant = r.string(wl.at("variant"), "wl.variant");
        const std::optional<WlVariant> parsed = parse_wl_variant(variant);
        if (!parsed) r.fail("wl.variant", "\"" + variant + "\" is neither \"wl\" nor \"iwl\"");
        options.variant = *parsed;
    }
    return options;
}

WlFeatures read_colours(const Reader& r, const Json& root, const WlOptions& options) {
    const Json& colours = r.array(r.member(root, "", "colours"), "colours");
    std::vector<std::vector<std::int32_t>> keys(colours.size());
    for (std::size_t id = 0; id < colours.size(); ++id) {
        const std::string at = "colours[" + std::to_string(id) + "]";
        const Json& key = r.array(colours[id], at);
        keys[id].reserve(key.size());
        for (std::size_t i = 0; i < key.size(); ++i) {
            keys[id].push_back(static_cast<std::int32_t>(
                r.integer(key[i], at + "[" + std::to_string(i) + "]", INT32_MIN, INT32_MAX)));
        }
    }
    try {
        return WlFeatures::from_keys(options, std::move(keys));
    } catch (const Error& e) {
        r.fail("colours", e.message());
    }
}

void read_weights(const Reader& r, const Json& root, WlModel& model) {
    const Json& weights = r.array(r.member(root, "", "weights"), "weights");
    const int num_colours = model.features.num_colours();
    for (std::size_t i = 0; i < weights.size(); ++i) {
        const std::string at = "weights[" + std::to_string(i) + "]";
        const Json& pair = r.array(weights[i], at);
        if (pair.size() != 2) r.fail(at, "expected [colour id, weight]");
        const auto id = static_cast<int>(r.integer(pair[0], at + "[0]", INT32_MIN, INT32_MAX));
        if (id < 0 || id >= num_colours)
            r.fail(at + "[0]", "weight id " + std::to_string(id) +
                                   " is out of range (the model has " +
                                   std::to_string(num_colours) + " colours)");
        if (!model.weights.empty() && id <= model.weights.back().first)
            r.fail(at + "[0]", "weight ids are not strictly increasing");
        model.weights.emplace_back(id, r.number(pair[1], at + "[1]"));
    }
}

}  // namespace

WlModel load_model(std::string_view json_text, std::string_view source) {
    const Reader r(source);
    const Json root = parse_model_json(json_text, r);
    check_format(r, root);
    WlModel model;
    read_description(r, root, model);
    const WlOptions options = read_wl_options(r, root);
    model.features = read_colours(r, root, options);
    read_weights(r, root, model);
    const Json& training = r.member(root, "", "training");
    if (!training.is_object()) r.fail("training", "expected an object");
    model.training_json = training.dump(-1, ' ', false, Json::error_handler_t::replace);
    return model;
}

void check_model_matches(const WlModel& model, const Task& task, std::string_view source) {
    require_graph_encodable(task, "learned models");
    const std::string fingerprint = domain_fingerprint(task);
    if (model.domain_fingerprint == fingerprint) return;
    std::string message = std::string(source) + ": the model was trained for domain \"" +
                          model.domain_name + "\" (fingerprint " + model.domain_fingerprint +
                          ") but the task's domain is \"" + task.domain_name + "\" (fingerprint " +
                          fingerprint + ")";
    if (model.domain_name == task.domain_name) {
        std::string why;
        if (!model.domain_predicates.empty() || !model.domain_schemas.empty()) {
            why = describe_list_difference("predicates", "predicate", model.domain_predicates,
                                           predicate_list(task));
            if (why.empty())
                why = describe_list_difference("schemas", "schema", model.domain_schemas,
                                               schema_list(task));
            if (why.empty()) why = describe_derived_difference(model.domain_derived, task);
            if (why.empty())
                why =
                    "the predicates and schemas agree, so their static flags (which predicates "
                    "some action changes) differ";
        } else {
            why = "their predicates (names, arities, static flags) or action schemas differ";
        }
        message += "; the domains have the same name but " + why;
    }
    throw Error(ErrorCategory::Model, message);
}

}  // namespace ll
