#!/usr/bin/env bash
# The first command for a new user (root, fresh Debian bookworm): installs
# what is missing, builds the native preset and solves a bundled blocksworld
# problem, printing the plan. Extra arguments go to `lazylifted plan`
# (e.g. --heuristic hadd --space partial).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

source scripts/install-deps.sh
ll_install_deps

jobs="$(nproc 2>/dev/null || echo 2)"
cmake --preset native
cmake --build --preset native --target lazylifted -j "$jobs"

domain=tests/data/tasks/blocksworld/domain.pddl
problem=tests/data/tasks/blocksworld/p02.pddl
echo
cmd=(build/native/cli/lazylifted plan "$domain" "$problem" --plan-file build/example.plan "$@")
echo "== ${cmd[*]}"
status=0
"${cmd[@]}" || status=$?
if ((status != 0)); then
    echo "run-example: lazylifted exited with $status (see the exit codes in README.md)" >&2
    exit "$status"
fi

# Later: build the wasm preset and the web page, then serve it on localhost
# and print its address here.
