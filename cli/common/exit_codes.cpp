// Exit-code mapping (see exit_codes.hpp).
#include "cli/common/exit_codes.hpp"

namespace ll::cli {

int exit_code_for(ErrorCategory category) {
    switch (category) {
        case ErrorCategory::Syntax:
        case ErrorCategory::Input:
            return kExitInputError;
        case ErrorCategory::Unsupported:
            return kExitUnsupported;
        case ErrorCategory::Usage:
            return kExitUsageError;
        case ErrorCategory::Incompatible:
            return kExitIncompatible;
        case ErrorCategory::Model:
            return kExitModelError;
        case ErrorCategory::Internal:
            return kExitInternalError;
    }
    return kExitInternalError;
}

int exit_code_for(SearchStatus status) {
    switch (status) {
        case SearchStatus::Solved:
            return kExitSuccess;
        case SearchStatus::Unsolvable:
            return kExitUnsolvable;
        case SearchStatus::ExpansionLimit:
            return kExitExpansionLimit;
        case SearchStatus::OutOfMemory:
            return kExitOutOfMemory;
        case SearchStatus::OutOfTime:
            return kExitOutOfTime;
    }
    return kExitInternalError;
}

const char* exit_code_help() {
    return "  0   plan found (validate: plan valid)\n"
           "  1   validate: plan invalid\n"
           "  11  proven unsolvable\n"
           "  12  no plan within the expansion limit\n"
           "  22  out of memory\n"
           "  23  out of time\n"
           "  31  input error (unreadable file, PDDL syntax or semantic error)\n"
           "  32  internal error\n"
           "  33  model error (corrupt or mismatched model file)\n"
           "  34  unsupported PDDL feature or option combination\n"
           "  35  search engine incompatible with the space (bfs, ucs, astar in PS²)\n"
           "  36  usage error (bad command line)\n";
}

}  // namespace ll::cli
