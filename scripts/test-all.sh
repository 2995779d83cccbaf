#!/usr/bin/env bash
# The second command for a new user, and what CI runs (.ci/run): installs
# what is missing, builds the web page (npm ci + esbuild) and the native,
# native-asan and wasm presets (each once; native-asan is the clang build
# with ASan + UBSan that holds both the unit suite and the libFuzzer
# targets; of native only the programs and the resource tests), runs the
# ctest presets (native: the tests of resident memory; native-asan: the
# whole unit suite under ASan + UBSan; wasm), the fuzz targets for a fixed
# number of inputs (scripts/fuzz.sh, two at a time), the smoke test over the
# real benchmark domains (scripts/smoke-real-domains.sh, skipped without
# ../shared/benchmarks), the ADL and action-cost ports of benchmarks/adl in
# both spaces at once (benchmarks/adl/run_ports.py), the Slurm executor test
# on a single-node Slurm it starts itself (tests/slurm/run-slurm-test.sh:
# needs root; elsewhere it is skipped with the reason, in CI it always runs),
# the browser end-to-end tests and the clang-format check, and prints the
# wall-clock and CPU time (user + system, of every process it waited for) of
# every phase. Every phase runs (the tests of a preset that failed to build
# are skipped), and the script fails if any phase failed.
#
# The order, on 2 cores: build web, build native, ctest native; then the
# native-asan build at niceness 19 while two chains of phases run in the
# background: the wasm build (niceness 5), then the browser tests that
# assert no tight wall-clock bound (`e2e beside`); the smoke test, the ADL
# ports and the Slurm test. The asan build takes the CPU time they leave
# (the wasm build's one-core link of the trainer, the tests' waiting).
# Then native-asan's ctest, the fuzz targets, ctest wasm, the browser tests
# that bound wall-clock latencies, alone (`e2e`), and clang-format.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

jobs="$(nproc 2>/dev/null || echo 2)"
# A build folder configured here for the first time (always, in CI) uses
# Ninja: it compiles the core's layers side by side (core/layers.cmake),
# where the Makefile generator waits for each target in turn.
# CMake reads this only for a new build folder; existing ones keep theirs.
if [[ -z "${CMAKE_GENERATOR:-}" ]] && command -v ninja >/dev/null 2>&1; then
    export CMAKE_GENERATOR=Ninja
fi
log_dir="$(mktemp -d)"
trap 'rm -rf "$log_dir"' EXIT

phase_names=()
phase_times=()
phase_cpu=()
phase_results=()
failed_phases=()
tests_passed=0
tests_failed=0

now() { date +%s.%N; }

# cpu_seconds: sets $cpu to the user + system time of the children this
# shell has waited for (the second line of `times`, e.g. "12m3.450s
# 0m40.100s"). Called directly, never as $(...): in a subshell the
# children's times start at zero (a phase in the background measures its
# own in its subshell: bg_run).
cpu=0
cpu_seconds() {
    local file="$log_dir/times.$BASHPID"
    times >"$file"
    cpu="$(awk 'NR == 2 {
        total = 0
        for (i = 1; i <= 2; i++) { split($i, t, "m"); sub("s", "", t[2]); total += t[1] * 60 + t[2] }
        printf "%.1f", total
    }' "$file")"
}

# The phases' rows: name, wall, CPU, result, start and end (epoch seconds),
# whether it ran in the background (1) or in the foreground (0), and when
# the shell counted its CPU time (its end; a background phase's: its
# chain's).
phase_start=()
phase_end=()
phase_bg=()
phase_reap=()
add_row() { # add_row NAME START END CPU RESULT BG [REAPED]
    phase_names+=("$1")
    phase_start+=("$2")
    phase_end+=("$3")
    phase_reap+=("${7:-$3}")
    phase_times+=("$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.1f", b - a }')")
    phase_cpu+=("$4")
    phase_results+=("$5")
    phase_bg+=("$6")
}

# run_phase NAME COMMAND...: time it, record the result; a failing phase does
# not stop the script (the caller decides).
run_phase() {
    local name="$1"
    shift
    echo
    echo "==== $name"
    local start cpu_start status=0
    start="$(now)"
    cpu_seconds
    cpu_start="$cpu"
    "$@" || status=$?
    cpu_seconds
    add_row "$name" "$start" "$(now)" "$(awk -v a="$cpu_start" -v b="$cpu" 'BEGIN { printf "%.1f", b - a }')" \
        "$( ((status == 0)) && echo ok || echo "FAILED ($status)")" 0
    ((status == 0)) || failed_phases+=("$name")
    return "$status"
}

# The rows in the order the phases started. A background phase ("+") ran
# beside the foreground ones it overlaps: its wall time is its own, from its
# start to its end, and its CPU time is its own, which the shell counts in the
# foreground phase during which it ended: the table subtracts it there.
print_timings() {
    echo
    echo "==== timings (wall, CPU = user + system of the phase's processes; + ran in the background)"
    local i j own
    cpu_seconds
    printf '  %-14s %9s %9s  %s\n' phase wall CPU result
    for i in $(for j in "${!phase_names[@]}"; do echo "${phase_start[$j]} $j"; done | sort -n -k1,1 -k2,2 |
        awk '{ print $2 }'); do
        own="${phase_cpu[$i]}"
        if [[ "${phase_bg[$i]}" == 0 && "$own" != - ]]; then
            for j in "${!phase_names[@]}"; do
                [[ "${phase_bg[$j]}" == 1 && "${phase_cpu[$j]}" != - ]] || continue
                own="$(awk -v own="$own" -v c="${phase_cpu[$j]}" -v e="${phase_reap[$j]}" \
                    -v a="${phase_start[$i]}" -v b="${phase_end[$i]}" \
                    'BEGIN { if (e >= a && e <= b) own -= c; printf "%.1f", own }')"
            done
        fi
        printf '%s %-14s %9s %9s  %s\n' "$( ((phase_bg[i])) && echo + || echo ' ')" "${phase_names[$i]}" \
            "$([[ "${phase_times[$i]}" == - ]] && echo - || echo "${phase_times[$i]}s")" \
            "$([[ "$own" == - ]] && echo - || echo "${own}s")" "${phase_results[$i]}"
    done
    printf '  %-14s %9s %9s\n' total "$(awk -v a="$script_start" -v b="$(now)" \
        'BEGIN { printf "%.1fs", b - a }')" "${cpu}s"
}

# Counts ctest's closing line ("N% tests passed, F tests failed out of T").
count_ctest() {
    local line total failed
    line="$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$1" | tail -n 1 || true)"
    [[ -n "$line" ]] || return 0
    failed="$(sed -E 's/.* ([0-9]+) tests? failed out of.*/\1/' <<<"$line")"
    total="$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$line")"
    tests_failed=$((tests_failed + failed))
    tests_passed=$((tests_passed + total - failed))
}

# The unit suite in ctest shards (LL_UNIT_TEST_SHARDS, tests/CMakeLists.txt)
# counts as the tests in the shards' GoogleTest XML reports, not as one test
# per shard; a shard that ended without its report (a crash) counts as one
# failure.
count_unit_shards() {
    local log="$1" reports="$2" shard result report counts total failures disabled errors
    while read -r shard result; do
        if [[ "$result" == Passed ]]; then
            tests_passed=$((tests_passed - 1))
        else
            tests_failed=$((tests_failed - 1))
        fi
        report="$reports/$shard.xml"
        counts="$(sed -nE 's/^<testsuites tests="([0-9]+)" failures="([0-9]+)" disabled="([0-9]+)" errors="([0-9]+)".*/\1 \2 \3 \4/p' \
            "$report" 2>/dev/null || true)"
        if [[ -z "$counts" ]]; then
            tests_failed=$((tests_failed + 1))
            continue
        fi
        read -r total failures disabled errors <<<"$counts"
        tests_passed=$((tests_passed + total - failures - errors - disabled))
        tests_failed=$((tests_failed + failures + errors))
    done < <(sed -nE 's/.*Test +#[0-9]+: ll_unit_tests\.(shard_[0-9]+) \.+ *(\*\*\*)?([A-Za-z]+).*/\1 \3/p' "$log")
}

# run_ctest PRESET [CTEST ARGS...]
run_ctest() {
    local preset="$1" status=0 reports="build/$1/tests/unit-shards"
    shift
    rm -rf "$reports"
    ctest --preset "$preset" --output-on-failure -j "$jobs" "$@" 2>&1 |
        tee "$log_dir/ctest-$preset.log" || status=$?
    count_ctest "$log_dir/ctest-$preset.log"
    count_unit_shards "$log_dir/ctest-$preset.log" "$reports"
    return "$status"
}

# build_preset PRESET [TARGET...]: configure and build the preset (only the
# targets given, if any). The compilers run with the niceness in
# $build_nice (0 unless set).
build_nice=0
build_preset() {
    local preset="$1" targets=()
    shift
    (($# == 0)) || targets=(--target "$@")
    cmake --preset "$preset" &&
        nice -n "$build_nice" cmake --build --preset "$preset" -j "$jobs" "${targets[@]}"
}

# A native folder configured here for the first time (always, in CI)
# compiles in unity batches, as native-asan and wasm do: 116 s of wall
# instead of 247 s on 2 cores. An existing folder keeps its setting.
build_native() {
    if [[ ! -f build/native/CMakeCache.txt ]]; then
        cmake --preset native -DLL_UNITY_BUILD=ON >/dev/null || return
    fi
    build_preset native lazylifted lltrain ll_resource_tests
}

clang_format_check() {
    local files=()
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        # Tracked files, plus new ones not yet added (in CI: the same set).
        mapfile -t files < <(git ls-files --cached --others --exclude-standard -- '*.cpp' '*.hpp' |
            sort -u | while read -r f; do [[ -f "$f" ]] && echo "$f"; done)
    else
        mapfile -t files < <(find . -path ./build -prune -o -path ./node_modules -prune -o \
            -type f \( -name '*.cpp' -o -name '*.hpp' \) -print | sort)
    fi
    echo "clang-format --dry-run --Werror over ${#files[@]} files"
    ((${#files[@]} == 0)) || clang-format --dry-run --Werror "${files[@]}"
}

finish() {
    print_timings
    echo
    if ((${#failed_phases[@]} > 0)); then
        echo "test-all: FAILED: ${failed_phases[*]}"
        echo "test-all: $tests_passed passed, $tests_failed failed"
        exit 1
    fi
    echo "test-all: $tests_passed passed, $tests_failed failed"
}

skip_phase() {
    local at
    at="$(now)"
    phase_names+=("$1")
    phase_start+=("$at")
    phase_end+=("$at")
    phase_reap+=("$at")
    phase_times+=("-")
    phase_cpu+=("-")
    phase_results+=("skipped: $2")
    phase_bg+=(0)
    failed_phases+=("$1")
}

# ---- phases in the background ----
# A phase that mostly waits (the Slurm test, the browser tests beside the
# asan build), or that takes the CPU time another leaves (the asan build
# beside the wasm build), runs beside another. A chain of such phases runs
# in a background subshell (start_chain NAME FUNCTION), which calls bg_run
# for each phase: its output goes to a log of its own, its status, start,
# end and CPU time to a file. wait_chain NAME waits for the subshell;
# record_bg NAME then prints a phase's log and adds its row. The shell counts
# a chain's CPU time in the foreground phase during which the chain ended
# (when it reaps the subshell): the table subtracts it there (phase_reap).
declare -A chain_pid=()
bg_file() { echo "$log_dir/bg-${1// /_}"; }
bg_run() { # bg_run NAME COMMAND...
    local file start cpu_start status=0
    file="$(bg_file "$1")"
    shift
    start="$(now)"
    cpu_seconds
    cpu_start="$cpu"
    "$@" >"$file.log" 2>&1 || status=$?
    cpu_seconds
    echo "$status $start $(now) $(awk -v a="$cpu_start" -v b="$cpu" 'BEGIN { printf "%.1f", b - a }')" \
        >"$file.result"
    return "$status"
}
start_chain() { # start_chain NAME FUNCTION
    { "$2" || true; now >"$log_dir/chain-$1.end"; } &
    chain_pid[$1]=$!
}
chain_end="" # the end of the chain whose phases record_bg records
wait_chain() { # wait_chain NAME
    wait "${chain_pid[$1]}" || true
    chain_end="$(cat "$log_dir/chain-$1.end" 2>/dev/null || now)"
}
# record_bg NAME: prints its log, adds its row; returns its status (1 if it
# left no result).
record_bg() {
    local name="$1" file status start end cpu_used
    file="$(bg_file "$name")"
    echo
    echo "==== $name (ran in the background)"
    [[ -f "$file.log" ]] && cat "$file.log"
    if [[ ! -f "$file.result" ]]; then
        skip_phase "$name" "it did not run"
        return 1
    fi
    read -r status start end cpu_used <"$file.result"
    echo "$name: ran in the background from $(awk -v a="$script_start" -v b="$start" \
        'BEGIN { printf "%.0f s", b - a }') to $(awk -v a="$script_start" -v b="$end" \
        'BEGIN { printf "%.0f s", b - a }') after the start"
    add_row "$name" "$start" "$end" "$cpu_used" \
        "$( ((status == 0)) && echo ok || echo "FAILED ($status)")" 1 "$chain_end"
    ((status == 0)) || failed_phases+=("$name")
    return "$status"
}

# ---- reliability phases (docs/reliability.md, docs/fuzzing.md) ----
# The fuzz targets of the native-asan build for their fixed iteration
# counts, two at a time: one test per target for the counts.
run_fuzz() {
    local status=0 passed failed
    bash scripts/fuzz.sh --no-build --jobs "$jobs" 2>&1 | tee "$log_dir/fuzz.log" || status=$?
    passed="$(grep -cE '^fuzz.sh: fuzz_[a-z]+ +ok ' "$log_dir/fuzz.log" || true)"
    failed="$(grep -cE '^fuzz.sh: fuzz_[a-z]+: (FINDING|a regression fixture)' "$log_dir/fuzz.log" || true)"
    if ((status != 0 && failed == 0)); then failed=1; fi
    tests_passed=$((tests_passed + passed))
    tests_failed=$((tests_failed + failed))
    return "$status"
}

# The smoke test, the ADL ports and the Slurm test need the native programs
# only. They run one after the other in the background (native_chain) while
# the asan build compiles, at the niceness of the test command, above the
# wasm build's (5) and the asan build's (19).

# The first testing/easy problem of every real domain, solved and validated.
run_smoke() {
    bash scripts/smoke-real-domains.sh build/native/cli/lazylifted
}
count_smoke() { # count_smoke LOG
    local line
    line="$(grep -E '^smoke: [0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1 || true)"
    if [[ -n "$line" ]]; then
        tests_passed=$((tests_passed + $(sed -E 's/^smoke: ([0-9]+) passed.*/\1/' <<<"$line")))
        tests_failed=$((tests_failed + $(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")))
    fi
}

# The hand-written ADL and action-cost ports (benchmarks/adl) in both
# spaces, the two spaces at once: every problem solved, the plan valid, the
# planner's cost the validator's, nothing refused. --first-plan: with a time
# limit the planner would otherwise improve each plan until the limit.
run_adl_ports() {
    local status=0 space pids=()
    for space in state partial; do
        python3 benchmarks/adl/run_ports.py --planner build/native/cli/lazylifted \
            --time-limit 30 --space "$space" -- --first-plan >"$log_dir/adl-ports-$space.log" 2>&1 &
        pids+=($!)
    done
    for space in state partial; do
        wait "${pids[0]}" || status=1
        pids=("${pids[@]:1}")
        echo "---- $space space"
        cat "$log_dir/adl-ports-$space.log"
    done
    return "$status"
}
count_adl_ports() { # count_adl_ports: from the two spaces' logs
    local space line total solved
    for space in state partial; do
        line="$(grep -E '^[0-9]+ problems, [0-9]+ solved' "$log_dir/adl-ports-$space.log" 2>/dev/null || true)"
        if [[ -n "$line" ]]; then
            total="$(sed -E 's/^([0-9]+) problems.*/\1/' <<<"$line")"
            solved="$(sed -E 's/^[0-9]+ problems, ([0-9]+) solved.*/\1/' <<<"$line")"
            tests_passed=$((tests_passed + solved))
            tests_failed=$((tests_failed + total - solved))
        else
            tests_failed=$((tests_failed + 1))
        fi
    done
}

# ---- Slurm executor (docs/cluster.md) ----
# A single-node Slurm (slurm-wlm + munge, installed here if missing) started
# from a temporary folder runs a small benchmark, a cancelled-and-resumed
# array task and a small training through --executor slurm and compares them
# with local runs. Exit 77: Slurm cannot be started on this machine (its
# "slurm-test: SKIPPED:" line says why); recorded as skipped, not as a failure
# (with CI set the script fails instead). It mostly waits for Slurm's daemons
# and its queue.
count_slurm() { # count_slurm LOG
    local line
    line="$(grep -E '^slurm-test: [0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1 || true)"
    if [[ -n "$line" ]]; then
        tests_passed=$((tests_passed + $(sed -E 's/^slurm-test: ([0-9]+) passed.*/\1/' <<<"$line")))
        tests_failed=$((tests_failed + $(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")))
    fi
}

native_chain() { # in the background
    bg_run "smoke" run_smoke || true
    bg_run "adl ports" run_adl_ports || true
    bg_run "slurm" bash tests/slurm/run-slurm-test.sh || true
}

# record_native_chain: the rows and counts of native_chain's phases; a skip
# of the Slurm test (exit 77) is not a failure.
record_native_chain() {
    local status reason file
    record_bg "smoke" || true
    count_smoke "$(bg_file smoke).log"
    record_bg "adl ports" || true
    count_adl_ports
    status=0
    record_bg "slurm" || status=$?
    file="$(bg_file slurm).log"
    count_slurm "$file"
    if ((status == 77)); then
        reason="$(sed -nE 's/^slurm-test: SKIPPED: //p' "$file" | tail -n 1)"
        phase_results[-1]="SKIPPED: ${reason:-Slurm cannot be started here}"
        unset 'failed_phases[-1]'
        echo "==== slurm: SKIPPED: ${reason:-Slurm cannot be started here}"
    fi
}

# ---- web page and browser tests (docs/web.md) ----
# web/dist must exist before the wasm build, which copies it into build/wasm/site.
build_web() {
    ll_install_npm_deps && npm run --silent build:web
}

# Browser end-to-end tests (tests/e2e, node:test + playwright-core + chromium)
# against build/wasm/site; screenshots and numbers in build/e2e-artifacts/.
# They mostly wait (their CPU time is under half their wall time), so the
# files that assert no wall-clock bound a busy machine can break
# (E2E_BESIDE) run in the background while the asan build compiles at
# niceness 19, right after the wasm build (wasm_chain: the `e2e beside`
# phase): their time bounds are on a main-thread task's CPU time (a
# task's wall time also counts the other processes that ran meanwhile) or
# are coarse (a task within 2 s, a cancelled search gone within 2 s,
# a training of a 10-s budget within 40 s). The others run alone at the end
# (the `e2e` phase), one file at a time: page (the first plan within 2 s of
# page load, Stop within 1 s, the event loop's largest gap) and picture (each
# step of a 507-block plan drawn within 200 ms, no long task over 100 ms),
# which a busy machine exceeded. A new test file runs alone unless it is
# added to E2E_BESIDE.
E2E_BESIDE=(compare examples layout learn planning-service search-view views widget)
e2e_files() { # e2e_files beside|alone: the test files of that group
    local file name beside
    for file in tests/e2e/*.test.mjs; do
        name="$(basename "$file" .test.mjs)"
        beside=0
        [[ " ${E2E_BESIDE[*]} " == *" $name "* ]] && beside=1
        if [[ "$1" == beside && $beside == 1 || "$1" == alone && $beside == 0 ]]; then echo "$file"; fi
    done
}

# count_e2e LOG: the pass/fail counts of node --test's closing lines.
count_e2e() {
    local passed failed
    [[ -f "$1" ]] || { tests_failed=$((tests_failed + 1)); return 0; }
    passed="$(sed -nE 's/^ℹ pass ([0-9]+)$/\1/p' "$1" | tail -n 1)"
    failed="$(sed -nE 's/^ℹ fail ([0-9]+)$/\1/p' "$1" | tail -n 1)"
    tests_passed=$((tests_passed + ${passed:-0}))
    tests_failed=$((tests_failed + ${failed:-0}))
    # No summary at all (node did not run): a failure.
    [[ -n "$passed" ]] || tests_failed=$((tests_failed + 1))
}

run_e2e_files() { # run_e2e_files beside|alone
    local files
    mapfile -t files < <(e2e_files "$1")
    node --test --test-reporter=spec --test-concurrency=1 "${files[@]}"
}

run_e2e() {
    local status=0
    run_e2e_files alone 2>&1 | tee "$log_dir/e2e.log" || status=$?
    count_e2e "$log_dir/e2e.log"
    return "$status"
}

# The wasm build in the background at niceness 5, then the browser tests
# beside the asan build. Its one-core stretches (the trainer's link, with
# wasm-opt -O3: 60-90 s) leave the other core to the asan build.
wasm_chain() { # in the background
    build_nice=5
    bg_run "build wasm" build_preset wasm || return 0
    if ((web_built)); then bg_run "e2e beside" run_e2e_files beside || true; fi
}

script_start="$(now)"
source scripts/install-deps.sh
run_phase "install deps" ll_install_deps --e2e || finish
native_built=0 wasm_built=0 web_built=0 native_asan_built=0
run_phase "build web" build_web && web_built=1
# The native (release) build gives the programs the smoke, ADL, Slurm and
# wasm-against-native tests run, and the tests that measure resident memory
# (label `resources`: they skip under sanitizers). The unit suite itself runs
# once, under ASan + UBSan (native-asan): building it twice cost ~95 s.
run_phase "build native" build_native && native_built=1
if ((native_built)); then
    run_phase "ctest native" run_ctest native -L resources || true
else
    skip_phase "ctest native" "the native build failed"
fi
# Then the asan build, with the wasm build and the tests that need one
# built program in the background, above its niceness: each build keeps
# the two cores busy until its last steps, where one program is linked and
# the other core waits; the three builds one after the other left it idle
# for minutes, and at the same niceness (6 jobs on 2 cores) they took 661 s
# of wall and 1303 s of CPU, the cores' caches shared three ways. At
# niceness 19 the asan build takes the CPU time the others leave; the tests
# beside it, at 0, keep theirs (at the same niceness a test file's site
# server once took over 10 s to start, its limit).
start_chain wasm wasm_chain
if ((native_built)); then start_chain native native_chain; fi
build_nice=19
run_phase "build asan" build_preset native-asan && native_asan_built=1
build_nice=0
# Collected before anything else runs: the phases after it are timed.
wait_chain wasm
record_bg "build wasm" && wasm_built=1
if ((wasm_built && web_built)); then
    record_bg "e2e beside" || true
    count_e2e "$(bg_file "e2e beside").log"
else
    skip_phase "e2e beside" "the web or wasm build failed"
fi
if ((native_built)); then
    wait_chain native
    record_native_chain
else
    skip_phase "smoke" "the native build failed"
    skip_phase "adl ports" "the native build failed"
    skip_phase "slurm" "the native build failed"
fi
if ((native_asan_built)); then
    run_phase "native-asan" run_ctest native-asan || true
    run_phase "fuzz" run_fuzz || true
else
    skip_phase "native-asan" "the native-asan build failed"
    skip_phase "fuzz" "the native-asan build failed"
fi
if ((wasm_built)); then
    run_phase "ctest wasm" run_ctest wasm || true
else
    skip_phase "ctest wasm" "the wasm build failed"
fi
if ((wasm_built && web_built)); then
    run_phase "e2e" run_e2e || true
else
    skip_phase "e2e" "the web or wasm build failed"
fi
run_phase "clang-format" clang_format_check || true
finish
