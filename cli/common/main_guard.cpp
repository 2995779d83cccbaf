// The outermost frame of the command-line programs: see main_guard.hpp.
#include "cli/common/main_guard.hpp"

#include <exception>
#include <iostream>

#include "cli/common/exit_codes.hpp"

namespace ll::cli {

int guarded_main(int argc, char** argv, ProgramRun run) {
    try {
        const std::vector<std::string> args(argv + 1, argv + argc);
        return run(args);
    } catch (const std::exception& e) {
        std::cerr << "error: internal error: " << e.what() << "\n";
    } catch (...) {
        std::cerr << "error: internal error: unknown exception\n";
    }
    return kExitInternalError;
}

}  // namespace ll::cli
