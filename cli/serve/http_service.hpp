// The HTTP side of `lazylifted serve` (cpp-httplib, docs/service.md): the
// routes of both APIs over one JobBoard, request checks (content type, body
// size, JSON, fields), CORS for the listed origins only, and one JSON shape
// for every error.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "cli/serve/serve_config.hpp"
#include "cli/serve/shipped_models.hpp"

namespace ll::cli::serve {

class HttpService {
  public:
    HttpService(const ServeConfig& config, const ShippedModels& models);
    ~HttpService();

    // Binds host:port (port 0: a free one); returns the port, or -1 (with
    // `error` set) when it cannot listen there.
    int bind(std::string& error);
    // Serves until stop(); false if the server failed.
    bool serve();
    // From another thread: stop accepting, cancel every job, return from serve().
    void stop();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace ll::cli::serve
