// Process-level helpers for the command-line programs. Clock and peak memory
// come from core/common/resources.hpp; this adds a hard address-space cap as
// a safety net behind the soft memory limit that the search checks itself.
#pragma once

namespace ll::cli {

// Caps the address space at `limit_mb` plus a margin, so that a search that
// overshoots its own (RSS-based) memory check gets std::bad_alloc (exit 22)
// instead of taking the machine down. Returns false if no cap was set.
bool set_memory_safety_net(double limit_mb);

}  // namespace ll::cli
