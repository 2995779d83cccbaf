// Routes and request checks of the service (see http_service.hpp).
#include "cli/serve/http_service.hpp"

#include <httplib.h>
#include <sys/socket.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <exception>
#include <vector>

#include "cli/common/version.hpp"
#include "cli/serve/job_board.hpp"
#include "cli/serve/plan_job.hpp"
#include "cli/serve/responses.hpp"
#include "cli/serve/service_error.hpp"

namespace ll::cli::serve {

namespace {

// How often a sync /solve writes a space (JSON allows leading whitespace)
// while its search runs: the write that fails is how a disconnected client
// is noticed, so its search stops within two of these.
constexpr std::chrono::milliseconds kHeartbeat{200};
constexpr const char* kJson = "application/json";
// Not compressed by httplib (exact-match list), so every heartbeat reaches
// the socket at once.
constexpr const char* kJsonStream = "application/json; charset=utf-8";
constexpr const char* kEditorAdaptor = "planning_editor_adaptor";
// A client that sends nothing for this long gets 400 bad-request; a client
// that reads nothing for this long is dropped.
constexpr int kReadTimeoutS = 5;

std::string dump(const nlohmann::json& json) {
    return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void send_json(httplib::Response& res, int status, const nlohmann::json& body) {
    res.status = status;
    res.set_content(dump(body), kJson);
}

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

// The body as a JSON object: application/json (any parameters) or refused.
nlohmann::json read_json_body(const httplib::Request& req) {
    const std::string type = lower(req.get_header_value("Content-Type"));
    if (type.rfind("application/json", 0) != 0) {
        throw ServiceError(415, "wrong-content-type",
                           "the body must be JSON sent as Content-Type: application/json (got '" +
                               req.get_header_value("Content-Type") + "')");
    }
    try {
        return nlohmann::json::parse(req.body);
    } catch (const nlohmann::json::parse_error& e) {
        throw ServiceError(400, "malformed-json", e.what());
    }
}

std::vector<std::pair<std::string, std::string>> query_options(const httplib::Request& req) {
    return {req.params.begin(), req.params.end()};
}

const char* code_for_status(int status) {
    switch (status) {
        case 400:
            return "bad-request";
        case 404:
            return "not-found";
        case 405:
            return "method-not-allowed";
        case 413:
            return "body-too-large";
        case 414:
            return "uri-too-long";
        default:
            return status >= 500 ? "internal" : "http-error";
    }
}

}  // namespace

struct HttpService::Impl {
    const ServeConfig& config;
    const ShippedModels& models;
    JobBoard board;
    httplib::Server server;
    int listen_fd = -1;  // the listening socket, once bound

    Impl(const ServeConfig& c, const ShippedModels& m) : config(c), models(m), board(c, m) {}

    using Route = std::function<void(const httplib::Request&, httplib::Response&)>;
    // Every route's errors become the documented JSON error.
    httplib::Server::Handler guarded(Route route) {
        return [route = std::move(route)](const httplib::Request& req, httplib::Response& res) {
            try {
                route(req, res);
            } catch (const ServiceError& e) {
                send_json(res, e.http_status(), error_body(e.code(), e.what()));
            } catch (const std::exception& e) {
                send_json(res, 500, error_body("internal", e.what()));
            }
        };
    }

    std::string submit(PlanJob job) {
        std::optional<std::string> id = board.submit(std::move(job));
        if (!id) {
            throw ServiceError(429, "queue-full",
                               "all " + std::to_string(config.workers) + " workers are busy and " +
                                   std::to_string(config.queue) +
                                   " requests are waiting; try again later");
        }
        return *id;
    }

    void solve(const httplib::Request& req, httplib::Response& res) {
        const std::string id =
            submit(parse_plan_job(read_json_body(req), query_options(req), config, models));
        res.set_chunked_content_provider(
            kJsonStream,
            [this, id](std::size_t, httplib::DataSink& sink) {
                const std::optional<JobView> view = board.wait(id, kHeartbeat);
                if (view && view->state != JobState::Done) {
                    if (sink.write(" ", 1)) return true;
                    board.forget(id);  // the client has gone: stop its search
                    return false;
                }
                const std::string body =
                    view ? dump(solve_body(view->answer))
                         : dump(error_body("internal", "the job's record was lost"));
                board.forget(id);
                sink.write(body.data(), body.size());
                sink.done();
                return true;
            },
            [this, id](bool) { board.forget(id); });
    }

    void package_solve(const httplib::Request& req, httplib::Response& res) {
        if (req.matches[1] != kPackageName) {
            throw ServiceError(404, "unknown-package",
                               "this server has one package, '" + std::string(kPackageName) + "'");
        }
        const std::string id =
            submit(parse_plan_job(read_json_body(req), query_options(req), config, models));
        send_json(res, 200, {{"result", "/check/" + id}});
    }

    JobView find_job(const httplib::Request& req) {
        std::optional<JobView> view = board.view(req.matches[1]);
        if (!view) {
            throw ServiceError(404, "unknown-job",
                               "no job '" + std::string(req.matches[1]) +
                                   "' (never started, or its result expired after " +
                                   std::to_string(static_cast<long>(config.result_ttl_s)) + " s)");
        }
        return *view;
    }

    void check(const httplib::Request& req, httplib::Response& res) {
        const JobView view = find_job(req);
        if (req.method == "POST" && !req.body.empty()) {
            const nlohmann::json body = read_json_body(req);
            if (!body.is_object())
                throw ServiceError(400, "wrong-type", "the body must be an object");
            for (const auto& [name, value] : body.items()) {
                if (name != "adaptor")
                    throw ServiceError(400, "unknown-field", "unknown field '" + name + "'");
                if (value != kEditorAdaptor) {
                    throw ServiceError(
                        400, "bad-option",
                        "unknown adaptor (expected " + std::string(kEditorAdaptor) + ")");
                }
            }
            if (body.contains("adaptor")) return send_json(res, 200, editor_adaptor_body(view));
        }
        send_json(res, 200, check_body(view));
    }

    void cancel(const httplib::Request& req, httplib::Response& res) {
        find_job(req);
        board.cancel(req.matches[1]);
        send_json(res, 200, {{"status", "ok"}, {"result", "cancelled"}});
    }

    bool origin_allowed(const std::string& origin) const {
        const auto& allowed = config.allow_origins;
        return !origin.empty() &&
               (std::find(allowed.begin(), allowed.end(), origin) != allowed.end() ||
                std::find(allowed.begin(), allowed.end(), "*") != allowed.end());
    }

    void add_cors(const httplib::Request& req, httplib::Response& res) const {
        const std::string origin = req.get_header_value("Origin");
        if (!origin_allowed(origin)) return;
        res.set_header("Access-Control-Allow-Origin", origin);
        res.set_header("Vary", "Origin");
    }

    void preflight(const httplib::Request& req, httplib::Response& res) {
        if (!origin_allowed(req.get_header_value("Origin"))) {
            throw ServiceError(403, "origin-refused",
                               "cross-origin requests are refused unless the server is started "
                               "with --allow-origin naming the origin");
        }
        res.status = 204;
        res.set_header("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS");
        res.set_header("Access-Control-Allow-Headers", "Content-Type");
        res.set_header("Access-Control-Max-Age", "600");
        // Chrome's Private Network Access: a public page (the planning.domains
        // editor) may call a service on this machine once the origin is allowed.
        if (req.has_header("Access-Control-Request-Private-Network")) {
            res.set_header("Access-Control-Allow-Private-Network", "true");
        }
    }

    void about(const httplib::Request&, httplib::Response& res) {
        send_json(res, 200,
                  {{"name", "lazylifted serve"},
                   {"version", kVersion},
                   {"apis",
                    {"POST /solve", "GET /package", "POST /package/lazylifted/solve",
                     "GET|POST|DELETE /check/<id>"}},
                   {"workers", config.workers},
                   {"queue", config.queue},
                   {"running", board.running()},
                   {"time_limit_s", config.time_limit_s},
                   {"memory_limit_mb", config.memory_limit_mb},
                   {"max_body_bytes", config.max_body_bytes}});
    }

    void routes();
};

void HttpService::Impl::routes() {
    auto route = [this](void (Impl::*method)(const httplib::Request&, httplib::Response&)) {
        return guarded([this, method](const httplib::Request& req, httplib::Response& res) {
            (this->*method)(req, res);
        });
    };
    server.Get("/", route(&Impl::about));
    server.Post("/solve", route(&Impl::solve));
    server.Get("/package", guarded([this](const httplib::Request&, httplib::Response& res) {
                   send_json(res, 200, package_list_body(config, models));
               }));
    server.Get("/package/([^/]+)(?:/solve)?",
               guarded([this](const httplib::Request& req, httplib::Response& res) {
                   if (req.matches[1] != kPackageName) {
                       throw ServiceError(404, "unknown-package",
                                          "no package '" + std::string(req.matches[1]) + "'");
                   }
                   send_json(res, 200, package_list_body(config, models)[kPackageName]);
               }));
    server.Post("/package/([^/]+)/solve", route(&Impl::package_solve));
    server.Get("/check/([0-9a-f]+)", route(&Impl::check));
    server.Post("/check/([0-9a-f]+)", route(&Impl::check));
    server.Delete("/check/([0-9a-f]+)", route(&Impl::cancel));
    server.Options(".*", route(&Impl::preflight));
    server.set_post_routing_handler(
        [this](const httplib::Request& req, httplib::Response& res) { add_cors(req, res); });
    // What httplib itself refuses (unknown route, body over the cap, a bad
    // request line) gets the same JSON shape.
    server.set_error_handler([this](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return;
        std::string message = "HTTP " + std::to_string(res.status);
        if (res.status == 400) {
            message = "the request could not be read: malformed HTTP, or sent too slowly (" +
                      std::to_string(kReadTimeoutS) + " s without data)";
        }
        if (res.status == 404) message = "no route " + req.method + " " + req.path;
        if (res.status == 413) {
            message = "the body is larger than the server's cap of " +
                      std::to_string(config.max_body_bytes) + " bytes";
        }
        res.set_content(dump(error_body(code_for_status(res.status), message)), kJson);
        add_cors(req, res);
    });
    server.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
            send_json(res, 500, error_body("internal", "unexpected error"));
        });
}

HttpService::HttpService(const ServeConfig& config, const ShippedModels& models)
    : impl_(std::make_unique<Impl>(config, models)) {
    httplib::Server& server = impl_->server;
    // A sync /solve holds a thread while its job waits or runs: enough
    // threads for every admitted job plus a few for quick requests.
    const std::size_t threads = static_cast<std::size_t>(config.workers + config.queue + 8);
    server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    server.set_payload_max_length(config.max_body_bytes);
    server.set_read_timeout(kReadTimeoutS);
    server.set_write_timeout(kReadTimeoutS);
    server.set_keep_alive_timeout(2);
    // Our own socket options (the library's default adds SO_REUSEPORT, which
    // would let another process listen on the same port); and the socket,
    // whose backlog bind() raises.
    server.set_socket_options([impl = impl_.get()](socket_t sock) {
        const int yes = 1;
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        impl->listen_fd = sock;
    });
    impl_->routes();
}

HttpService::~HttpService() = default;

int HttpService::bind(std::string& error) {
    const ServeConfig& config = impl_->config;
    int port = config.port;
    if (port == 0) {
        port = impl_->server.bind_to_any_port(config.host);
    } else if (!impl_->server.bind_to_port(config.host, port)) {
        port = -1;
    }
    if (port <= 0) {
        error = "cannot listen on " + config.host + ":" + std::to_string(config.port);
        return -1;
    }
    // The library listens with a backlog of 5: a burst of connections beyond
    // it waits for SYN retransmissions (1 s, 3 s, ...) or is lost. Listening
    // again on the bound socket only raises the backlog.
    if (impl_->listen_fd >= 0) ::listen(impl_->listen_fd, SOMAXCONN);
    return port;
}

bool HttpService::serve() {
    return impl_->server.listen_after_bind();
}

void HttpService::stop() {
    impl_->server.stop();
    impl_->board.shutdown();
}

}  // namespace ll::cli::serve
