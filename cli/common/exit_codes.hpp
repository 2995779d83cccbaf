// Process exit codes of the command-line programs, following Fast Downward's
// driver/returncodes.py, and the mapping from core outcomes and error
// categories to them. Shared by `lazylifted` and `lltrain`.
#pragma once

#include "core/common/error.hpp"
#include "core/search/search_result.hpp"

namespace ll::cli {

enum ExitCode : int {
    kExitSuccess = 0,
    kExitPlanInvalid = 1,  // `validate`: the plan is not a solution
    kExitUnsolvable = 11,
    kExitExpansionLimit = 12,
    kExitOutOfMemory = 22,
    kExitOutOfTime = 23,
    kExitInputError = 31,
    kExitInternalError = 32,
    kExitModelError = 33,
    kExitUnsupported = 34,
    kExitIncompatible = 35,  // optimal search (bfs, ucs, astar) in the partial space
    kExitUsageError = 36,
};

int exit_code_for(ErrorCategory category);
int exit_code_for(SearchStatus status);

// The exit-code table for --help texts, one "  CODE  meaning" line each.
const char* exit_code_help();

}  // namespace ll::cli
