// Manifest parsing and automatic model choice (see header).
#include "core/learning/model_catalog.hpp"

#include <nlohmann/json.hpp>

#include "core/common/error.hpp"

namespace ll {

std::vector<CatalogEntry> parse_model_catalog(std::string_view manifest_json,
                                              std::string_view source) {
    const auto fail = [&](const std::string& what) {
        return Error(ErrorCategory::Model, std::string(source) + ": " + what);
    };
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(manifest_json);
    } catch (const nlohmann::json::exception& e) {
        throw fail(std::string("not JSON: ") + e.what());
    }
    if (!j.is_object() || !j.contains("models") || !j["models"].is_array()) {
        throw fail("expected an object with a \"models\" array");
    }
    std::vector<CatalogEntry> out;
    for (const auto& m : j["models"]) {
        CatalogEntry e;
        try {
            e.file = m.at("file").get<std::string>();
            e.set = m.value("set", "");
            e.domain = m.value("domain", "");
            e.space = m.value("space", "");
            e.fingerprint = m.value("fingerprint", "");
            e.graph = parse_graph_kind(m.at("graph").get<std::string>());
            if (m.contains("non_zero_weights") && m["non_zero_weights"].is_number_integer()) {
                e.non_zero_weights = m["non_zero_weights"].get<int>();
            }
        } catch (const nlohmann::json::exception& ex) {
            throw fail(std::string("bad model entry: ") + ex.what());
        } catch (const Error& ex) {
            throw fail("bad model entry: " + ex.message());
        }
        out.push_back(std::move(e));
    }
    return out;
}

std::optional<CatalogEntry> select_model(const std::vector<CatalogEntry>& catalog,
                                         std::string_view fingerprint,
                                         const std::vector<GraphKind>& preference) {
    for (GraphKind kind : preference) {
        const CatalogEntry* best = nullptr;
        for (const CatalogEntry& e : catalog) {
            if (e.graph != kind || e.fingerprint != fingerprint || e.non_zero_weights == 0)
                continue;
            if (best == nullptr || e.non_zero_weights > best->non_zero_weights) best = &e;
        }
        if (best != nullptr) return *best;
    }
    return std::nullopt;
}

}  // namespace ll
