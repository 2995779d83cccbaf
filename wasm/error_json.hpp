// Errors as the JS API reports them, shared by the planner and the trainer
// modules: {category, message, file, line, column}, the position as nulls
// when there is none (wasm/README.md).
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/common/error.hpp"

namespace ll::wasm {

nlohmann::json error_json(std::string_view category, const std::string& message,
                          const SourcePosition& pos = {});
nlohmann::json error_json(const Error& e);
// Called in `catch (...)`: the exception being handled as an error object,
// an ll::Error with its category and position, anything else as internal.
nlohmann::json current_error_json();

}  // namespace ll::wasm
