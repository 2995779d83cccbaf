// The learnt WL-linear model: what lltrain writes and the CLI and the wasm
// module read. One JSON file, schema documented in docs/model-format.md.
// Loading checks the format, the version and the domain fingerprint, and
// throws ll::Error(Model) with a clear message on any mismatch.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/learning/graph_builder.hpp"
#include "core/learning/wl_features.hpp"
#include "core/task/task.hpp"

namespace ll {

inline constexpr int kModelFormatVersion = 1;

struct WlModel {
    std::string domain_name;
    std::string domain_fingerprint;  // domain_fingerprint(task) of the training domain
    // (name, arity) of the training domain's predicates and schemas, in
    // declaration order: only used to explain a fingerprint mismatch (empty
    // if unknown). set_model_domain fills them with the two fields above.
    std::vector<std::pair<std::string, int>> domain_predicates;
    std::vector<std::pair<std::string, int>> domain_schemas;
    // The names of the training domain's derived predicates (:derived, or
    // auxiliary ones of compiled conditions), in declaration order: the WL
    // graphs show their atoms like any other. Saved as "domain.derived" only
    // when non-empty (absent: none).
    std::vector<std::string> domain_derived;
    GraphKind graph = GraphKind::Aoag;
    std::string space = "partial";  // "partial" | "state": the space it was trained for
    // Whether the trainer found states among the training states' successors
    // from which the goal is unreachable in the delete relaxation. The
    // planner's automatic dead-end detection is on only for such models: the
    // check is cheap in floortile and ruinous in large blocksworld, where
    // there are no dead ends to find. Saved as "dead_ends": "relaxed"|"none"
    // (absent in older files: "none").
    bool relaxed_dead_ends = false;
    WlFeatures features;  // options + colour dictionary
    // Non-zero weights only, sorted by colour id.
    std::vector<std::pair<int, double>> weights;
    // Free-form training metadata (a JSON object as text, "{}" if none):
    // problems, tuples per type, C, validation loss, seed, importances...
    // Never wall-clock times, so a retrain gives a byte-identical file.
    std::string training_json = "{}";
};

// A stable hex digest of the domain's name, predicates (name, arity, static
// flag) and schemas (name, arity) in declaration order: the colour codes of
// the graphs depend on exactly these indices.
std::string domain_fingerprint(const Task& task);
// Sets the model's domain name, fingerprint, predicates and schemas from a
// task of the training domain.
void set_model_domain(WlModel& model, const Task& task);

// Serialises deterministically (fixed key order, fixed number formatting,
// zero weights dropped): save_model(load_model(save_model(m))) ==
// save_model(m). Throws ll::Error(Internal) on an inconsistent model (weight
// id out of range or repeated, non-finite weight, training_json not a JSON
// object, unknown space).
std::string save_model(const WlModel& model);
// `source` names the file in error messages. Throws ll::Error(Model) naming
// the offending field on any problem (not JSON, wrong format or version,
// missing or ill-typed field, malformed colour key, weight id out of range).
WlModel load_model(std::string_view json_text, std::string_view source = "model");
// Throws ll::Error(Model) if the model was trained on another domain.
void check_model_matches(const WlModel& model, const Task& task, std::string_view source = "model");

}  // namespace ll
