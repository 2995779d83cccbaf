// Process-level helpers for the command-line programs. Clock and peak memory
// come from core/common/resources.hpp; this adds a hard address-space cap as
// a safety net behind the soft memory limit that the search checks itself.
#pragma once

namespace ll::cli {

// Caps the address space at 3 x `limit_mb` + 512 MB, so that a single huge
// allocation that the search's own (RSS-based) memory check cannot see
// coming gets std::bad_alloc (exit 22) instead of taking the machine down,
// while ordinary growth below the limit never hits the cap. Returns false if
// no cap was set.
bool set_memory_safety_net(double limit_mb);

}  // namespace ll::cli
