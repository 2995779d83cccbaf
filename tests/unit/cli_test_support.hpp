// Shared helpers of the end-to-end tests of the command-line programs:
// running a binary in a directory with shell-quoted arguments and capturing
// its exit code, stdout and stderr.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace ll::test {

struct RunResult {
    int code = -1;
    std::string out;
    std::string err;
};

inline std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Single-quoted for the shell.
inline std::string quote(const std::string& s) {
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// Runs `BINARY ARGS` (ARGS is shell text) in `dir`; stdout and stderr go to
// stdout.txt and stderr.txt there and are returned.
inline RunResult run_in(const std::filesystem::path& dir, const std::string& binary,
                        const std::string& args) {
    const std::string command = "cd " + quote(dir.string()) + " && " + quote(binary) + " " + args +
                                " >stdout.txt 2>stderr.txt";
    const int status = std::system(command.c_str());
    RunResult r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + status;
    r.out = slurp(dir / "stdout.txt");
    r.err = slurp(dir / "stderr.txt");
    return r;
}

}  // namespace ll::test
