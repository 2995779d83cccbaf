#!/usr/bin/env bash
# Installs what LazyLifted needs to build and test, on Debian bookworm, as
# root. Idempotent: asks apt only for the packages that are missing, so a
# second run does nothing and needs no network. The package list lives here
# and nowhere else; scripts/run-example.sh and scripts/test-all.sh source it.
set -euo pipefail

# Debian packages, one place. (Later: chromium for the browser tests.)
LL_APT_PACKAGES=(
    cmake                # 3.25: CMakePresets.json version 4
    make
    g++
    git                  # scripts list the tracked files for clang-format
    libgtest-dev         # native unit tests
    nlohmann-json3-dev   # JSON (CLI stats, wasm boundary)
    libeigen3-dev        # linear algebra for learned models (GP for C tuning)
    coinor-libclp-dev    # the ranking LP of lltrain (native only)
    pkg-config           # finds Clp
    emscripten           # 3.1.6: the wasm preset (pulls clang-14, lld-14, binaryen, node-acorn)
    nodejs               # runs the wasm tests (node:test) and emscripten's JS tools
    python3              # emscripten's driver
    clang-format         # style check in scripts/test-all.sh
)

# npm packages for the web page and its browser tests go here too (a later
# step installs them from a lock file); the wasm tests need none.

ll_missing_apt_packages() {
    local pkg
    for pkg in "${LL_APT_PACKAGES[@]}"; do
        if [[ "$pkg" == nodejs ]] && command -v node >/dev/null 2>&1; then
            continue  # any Node >= 18 will do, wherever it came from
        fi
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
            printf '%s\n' "$pkg"
        fi
    done
}

ll_install_deps() {
    local missing
    mapfile -t missing < <(ll_missing_apt_packages)
    if ((${#missing[@]} == 0)); then
        echo "install-deps: all ${#LL_APT_PACKAGES[@]} Debian packages present"
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

# Run directly: install. Sourced: define the functions and the lists only.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    ll_install_deps
fi
