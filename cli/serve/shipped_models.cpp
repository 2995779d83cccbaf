// The pretrained models of the service (see shipped_models.hpp).
#include "cli/serve/shipped_models.hpp"

#include <filesystem>

#include "cli/common/files.hpp"

namespace ll::cli::serve {

namespace {

std::string_view without_json(std::string_view name) {
    constexpr std::string_view kSuffix = ".json";
    if (name.size() > kSuffix.size() && name.substr(name.size() - kSuffix.size()) == kSuffix) {
        name.remove_suffix(kSuffix.size());
    }
    return name;
}

}  // namespace

ShippedModels ShippedModels::load(const std::string& dir) {
    ShippedModels models;
    const std::string manifest = dir + "/manifest.json";
    if (!std::filesystem::exists(manifest)) return models;
    const std::string manifest_text = read_text_file(manifest);
    models.catalog_ = parse_model_catalog(manifest_text, manifest);
    for (const CatalogEntry& entry : models.catalog_) {
        if (is_path_like(entry.file)) continue;  // the manifest names files of its folder
        models.texts_[entry.file] = read_text_file(dir + "/" + entry.file);
    }
    models.wire_json_ = nlohmann::json{{"manifest", manifest_text}, {"models", models.texts_}}.dump(
        -1, ' ', false, nlohmann::json::error_handler_t::replace);
    return models;
}

ShippedModels ShippedModels::from_wire_json(const nlohmann::json& json) {
    ShippedModels models;
    if (json.at("manifest").is_null()) return models;
    models.catalog_ = parse_model_catalog(json.at("manifest").get<std::string>());
    models.texts_ = json.at("models").get<std::map<std::string, std::string>>();
    return models;
}

const std::string& ShippedModels::text(const std::string& file) const {
    static const std::string kNone;
    auto it = texts_.find(file);
    return it == texts_.end() ? kNone : it->second;
}

const CatalogEntry* ShippedModels::find(std::string_view name) const {
    if (is_path_like(name)) return nullptr;
    for (const CatalogEntry& entry : catalog_) {
        if (texts_.count(entry.file) != 0 && without_json(entry.file) == without_json(name)) {
            return &entry;
        }
    }
    return nullptr;
}

std::vector<std::string> ShippedModels::names() const {
    std::vector<std::string> out;
    for (const CatalogEntry& entry : catalog_) {
        if (texts_.count(entry.file) != 0) out.emplace_back(without_json(entry.file));
    }
    return out;
}

bool is_path_like(std::string_view name) {
    return name.empty() || name.find('/') != std::string_view::npos ||
           name.find('\\') != std::string_view::npos || name.find("..") != std::string_view::npos ||
           name.front() == '.' || name.front() == '~' || name.find('\0') != std::string_view::npos;
}

}  // namespace ll::cli::serve
