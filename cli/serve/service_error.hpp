// The documented errors of the service (docs/service.md, "Errors"): an HTTP
// status, a stable code and a message. Every error response has the one
// JSON shape error_body() builds, whatever went wrong.
#pragma once

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace ll::cli::serve {

class ServiceError : public std::runtime_error {
  public:
    ServiceError(int http_status, std::string code, const std::string& message)
        : std::runtime_error(message), http_status_(http_status), code_(std::move(code)) {}
    int http_status() const { return http_status_; }
    const std::string& code() const { return code_; }

  private:
    int http_status_;
    std::string code_;
};

// {"status": "error", "code": CODE, "message": MESSAGE,
//  "result": {"error": "CODE: MESSAGE", "output": ""}}: the planning.domains
// clients read result.error, the others code and message.
inline nlohmann::json error_body(const std::string& code, const std::string& message) {
    return {{"status", "error"},
            {"code", code},
            {"message", message},
            {"result", {{"error", code + ": " + message}, {"output", ""}}}};
}

}  // namespace ll::cli::serve
