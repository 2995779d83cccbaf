// File I/O with errno-based messages (see files.hpp).
#include "cli/common/files.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "core/common/budget.hpp"
#include "core/common/error.hpp"

namespace ll::cli {

namespace {

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

[[noreturn]] void file_error(const std::string& path, const std::string& what, int err) {
    throw Error(ErrorCategory::Input, what + ": " + std::strerror(err), SourcePosition{path, 0, 0});
}

std::string describe_size(std::size_t bytes) {
    if (bytes % (std::size_t(1) << 20) == 0) return std::to_string(bytes >> 20) + " MB";
    return std::to_string(bytes) + " bytes";
}

}  // namespace

std::string read_text_file(const std::string& path, const ReadLimits& limits) {
    std::error_code ec;
    // fopen succeeds on a directory on Linux; say what is wrong instead.
    if (std::filesystem::is_directory(path, ec)) file_error(path, "cannot read file", EISDIR);
    std::unique_ptr<std::FILE, FileCloser> f(std::fopen(path.c_str(), "rb"));
    if (!f) file_error(path, "cannot read file", errno);
    std::string text;
    char buffer[1 << 16];
    std::size_t n;
    // Devices and pipes (/dev/zero) have no size: the cap is checked as the
    // text grows, and the time limit between chunks.
    while ((n = std::fread(buffer, 1, sizeof buffer, f.get())) > 0) {
        if (text.size() + n > limits.max_bytes) {
            throw Error(
                ErrorCategory::Input,
                "file too large: input files are limited to " + describe_size(limits.max_bytes),
                SourcePosition{path, 0, 0});
        }
        text.append(buffer, n);
        if (limits.clock != nullptr && limits.clock->seconds() >= limits.time_limit_s) {
            throw LimitReached(LimitReached::Kind::Time);
        }
    }
    if (std::ferror(f.get())) file_error(path, "cannot read file", errno);
    return text;
}

void write_text_file(const std::string& path, std::string_view text) {
    std::unique_ptr<std::FILE, FileCloser> f(std::fopen(path.c_str(), "wb"));
    if (!f) file_error(path, "cannot write file", errno);
    if (std::fwrite(text.data(), 1, text.size(), f.get()) != text.size()) {
        file_error(path, "cannot write file", errno);
    }
    if (std::fclose(f.release()) != 0) file_error(path, "cannot write file", errno);
}

}  // namespace ll::cli
