#!/usr/bin/env bash
# The first command for a new user (root, fresh Debian bookworm): installs
# what is missing, builds the native preset and solves a bundled blocksworld
# problem, printing the plan; then builds the web page (npm ci + esbuild) and
# the wasm preset, and serves the site build/wasm/site/ on localhost,
# printing its URL (Ctrl+C stops the server). Extra arguments go to
# `lazylifted plan` (e.g. --heuristic hadd --space partial).
# Environment: LL_PORT (default 8000; a busy port falls back to a free one),
# LL_NO_SERVE=1 (build the site but do not serve it).
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

# ---- the web page: editor + planner in the browser ----
# web/dist (npm + esbuild) first: the wasm build copies it into the site.
echo
echo "== building the web page (npm ci, esbuild) and the wasm preset"
ll_install_npm_deps
npm run --silent build:web
cmake --preset wasm
cmake --build --preset wasm -j "$jobs"
if [[ ! -f build/wasm/site/index.html ]]; then
    echo "run-example: build/wasm/site/index.html is missing after the wasm build" >&2
    exit 1
fi
if [[ "${LL_NO_SERVE:-0}" == 1 ]]; then
    echo "run-example: site built in build/wasm/site/ (LL_NO_SERVE=1: not serving it)"
    exit 0
fi
echo
echo "== serving build/wasm/site/ (Ctrl+C stops the server)"
python3 scripts/serve-site.py --port "${LL_PORT:-8000}" --quiet | {
    read -r url
    echo
    echo "    Open the LazyLifted editor:  $url"
    echo "    Embeddable widget demo:      ${url}widget-demo.html"
    echo
    cat
}
