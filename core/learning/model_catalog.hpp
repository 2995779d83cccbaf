// The pretrained models' catalogue (models/manifest.json) and the choice of
// `--model auto`: the model whose domain fingerprint matches the task's,
// among the graph kinds in order of preference. No file access here: the
// caller reads the manifest and the chosen file.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/learning/graph_builder.hpp"

namespace ll {

struct CatalogEntry {
    std::string file;  // relative to the manifest's folder
    std::string set, domain, space, fingerprint;
    GraphKind graph = GraphKind::Aoag;
    int non_zero_weights = -1;  // -1: unknown
};

// Throws ll::Error(Model) if the manifest is not the expected JSON.
std::vector<CatalogEntry> parse_model_catalog(std::string_view manifest_json,
                                              std::string_view source = "manifest.json");

// An entry trained on a domain with this fingerprint, by graph kind in
// `preference` order; among several of one kind (IPC and HBF blocksworld
// share a domain), the one with the most non-zero weights, then the first in
// manifest order. Entries with no non-zero weight are never chosen (an
// all-zero model is blind search, worse than none).
std::optional<CatalogEntry> select_model(const std::vector<CatalogEntry>& catalog,
                                         std::string_view fingerprint,
                                         const std::vector<GraphKind>& preference);

}  // namespace ll
