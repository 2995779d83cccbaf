#include "wasm/error_json.hpp"

#include <exception>
#include <new>

namespace ll::wasm {

using json = nlohmann::json;

json error_json(std::string_view category, const std::string& message, const SourcePosition& pos) {
    return {{"category", category},
            {"message", message},
            {"file", pos.file.empty() ? json(nullptr) : json(pos.file)},
            {"line", pos.line > 0 ? json(pos.line) : json(nullptr)},
            {"column", pos.line > 0 && pos.column > 0 ? json(pos.column) : json(nullptr)}};
}

json error_json(const Error& e) {
    return error_json(to_string(e.category()), e.message(), e.position());
}

json current_error_json() {
    try {
        throw;
    } catch (const Error& e) {
        return error_json(e);
    } catch (const std::bad_alloc&) {
        return error_json("internal", "out of memory");
    } catch (const std::exception& e) {
        return error_json("internal", e.what());
    } catch (...) {
        return error_json("internal", "unknown exception");
    }
}

}  // namespace ll::wasm
