// The pretrained models the service may use: the catalogue of --models DIR
// (models/manifest.json) and every model text it lists, read once at start.
// A request names a model only by its catalogue name; no request reads a
// file.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/learning/model_catalog.hpp"

namespace ll::cli::serve {

class ShippedModels {
  public:
    ShippedModels() = default;
    // Reads DIR/manifest.json and the files it lists (none without a
    // manifest). Throws ll::Error(Input/Model) for a broken catalogue.
    static ShippedModels load(const std::string& dir);
    // What load() read, as JSON ({"manifest": TEXT, "models": {FILE: TEXT}}):
    // how the service hands the models to its search processes.
    const std::string& wire_json() const { return wire_json_; }
    static ShippedModels from_wire_json(const nlohmann::json& json);

    const std::vector<CatalogEntry>& catalog() const { return catalog_; }
    // The model text of a catalogue file ("" when unknown).
    const std::string& text(const std::string& file) const;
    // The catalogue entry named `name` (its file, with or without .json),
    // or null. Path-like names are never looked up: see check_model_name.
    const CatalogEntry* find(std::string_view name) const;
    // Every model name, as find() accepts it.
    std::vector<std::string> names() const;

  private:
    std::vector<CatalogEntry> catalog_;
    std::map<std::string, std::string> texts_;  // by catalogue file
    std::string wire_json_ = R"({"manifest":null,"models":{}})";
};

// Whether a --model value looks like a path (separators, "..", a leading
// '.' or '~'): refused before any lookup.
bool is_path_like(std::string_view name);

}  // namespace ll::cli::serve
