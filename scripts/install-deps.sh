#!/usr/bin/env bash
# Installs what LazyLifted needs to build and test, on Debian bookworm, as
# root. Idempotent: asks apt only for the packages that are missing, so a
# second run does nothing and needs no network. The package list lives here
# and nowhere else; scripts/run-example.sh and scripts/test-all.sh source it.
set -euo pipefail

# Debian packages, one place.
LL_APT_PACKAGES=(
    cmake                # 3.25: CMakePresets.json version 4
    make
    ninja-build          # the generator test-all.sh picks for new build folders
    g++
    git                  # scripts list the tracked files for clang-format
    libgtest-dev         # native unit tests
    nlohmann-json3-dev   # JSON (CLI stats, wasm boundary)
    libcpp-httplib-dev   # 0.11.4: HTTP of `lazylifted serve` (docs/service.md)
    libeigen3-dev        # linear algebra for learned models (GP for C tuning)
    coinor-libclp-dev    # the ranking LP of lltrain (native only)
    pkg-config           # finds Clp
    emscripten           # 3.1.6: the wasm preset (pulls clang-14, lld-14, binaryen, node-acorn)
    nodejs               # runs the wasm tests (node:test) and emscripten's JS tools
    python3              # emscripten's driver
    clang-format         # style check in scripts/test-all.sh
    npm                  # the web page's build (esbuild, CodeMirror) from package-lock.json
    clang                # 14: the fuzz targets (scripts/fuzz.sh, docs/fuzzing.md)
    libclang-rt-14-dev   # libFuzzer and the ASan/UBSan runtimes for clang 14
)

# ---- web page and browser tests (ll_install_deps --e2e; ll_install_npm_deps) ----
# Only scripts/test-all.sh needs the browser: the run command does not.
LL_APT_PACKAGES_E2E=(
    chromium             # headless browser for tests/e2e, driven by npm playwright-core
)
# The npm packages (CodeMirror, esbuild, playwright-core) are pinned in
# package-lock.json and installed with `npm ci` by ll_install_npm_deps.

# ---- Slurm executor test (ll_install_deps --slurm; docs/cluster.md) ----
# Only tests/slurm/run-slurm-test.sh needs them: it starts a single-node Slurm
# from a temporary folder to run benchmarks through --executor slurm.
LL_APT_PACKAGES_SLURM=(
    slurm-wlm            # 22.05: slurmctld, slurmd and the client commands (sbatch, squeue, ...)
    munge                # Slurm's authentication daemon (munged) and its key tools
)

ll_missing_apt_packages() {
    local pkg
    for pkg in "$@"; do
        if [[ "$pkg" == nodejs ]] && command -v node >/dev/null 2>&1; then
            continue  # any Node >= 18 will do, wherever it came from
        fi
        if [[ "$pkg" == npm ]] && command -v npm >/dev/null 2>&1; then
            continue  # likewise for npm (Node's own or Debian's)
        fi
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
            printf '%s\n' "$pkg"
        fi
    done
}

# ll_install_deps [--e2e] [--slurm]: the Debian packages (--e2e: also the
# browser for tests/e2e; --slurm: also Slurm and munge for tests/slurm).
ll_install_deps() {
    local missing flag packages=("${LL_APT_PACKAGES[@]}")
    for flag in "$@"; do
        case "$flag" in
            --e2e) packages+=("${LL_APT_PACKAGES_E2E[@]}") ;;
            --slurm) packages+=("${LL_APT_PACKAGES_SLURM[@]}") ;;
            *) echo "install-deps: unknown option $flag" >&2; return 2 ;;
        esac
    done
    mapfile -t missing < <(ll_missing_apt_packages "${packages[@]}")
    if ((${#missing[@]} == 0)); then
        echo "install-deps: all ${#packages[@]} Debian packages present"
    else
        echo "install-deps: installing ${missing[*]}"
        local sudo=()
        if ((EUID != 0)); then
            command -v sudo >/dev/null 2>&1 || {
                echo "install-deps: run as root (or install sudo): missing ${missing[*]}" >&2
                return 1
            }
            sudo=(sudo)
        fi
        export DEBIAN_FRONTEND=noninteractive
        "${sudo[@]}" apt-get update -qq || return
        "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" || return
    fi
    # Emscripten's JS optimiser needs Debian's node modules (acorn) on the path.
    export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
}

# ll_install_npm_deps: `npm ci` from package-lock.json into node_modules/,
# skipped when node_modules was installed from this very lock file (a copy of
# it is kept as node_modules/.ll-package-lock.json), so a second run needs no
# network.
ll_install_npm_deps() {
    local root stamp
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    stamp="$root/node_modules/.ll-package-lock.json"
    if [[ -f "$stamp" ]] && cmp -s "$stamp" "$root/package-lock.json"; then
        echo "install-deps: npm packages present (package-lock.json unchanged)"
        return 0
    fi
    echo "install-deps: npm ci"
    (cd "$root" && npm ci --no-audit --no-fund) || return
    cp "$root/package-lock.json" "$stamp"
}

# Run directly: install (`install-deps.sh --e2e` adds the browser and the
# npm packages, `--slurm` Slurm and munge). Sourced: define the functions and
# the lists only.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    ll_install_deps "$@"
    if [[ " $* " == *" --e2e "* ]]; then
        ll_install_npm_deps
    fi
fi
