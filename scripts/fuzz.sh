#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz) of the native-asan preset
# (clang, ASan + UBSan, LL_FUZZ=ON: the build the sanitized unit suite runs
# from), assembles their seed corpora from tests/data, replays the regression
# fixtures (tests/data/fuzz-regressions/TARGET/*), then runs each target for
# a fixed number of inputs, JOBS targets at a time. Fails on any finding
# (crash, sanitizer report, uncaught exception, violated property, timeout,
# memory blow-up); the input that triggered it is left in
# build/native-asan/findings/TARGET/. docs/fuzzing.md explains how to run a
# long fuzzing run and what was found.
#
# usage: scripts/fuzz.sh [--runs N | --seconds N] [--jobs J] [--no-build] [TARGET...]
#   default: the fixed per-target run counts below (about 1 minute in all on
#   2 cores, 2 targets at a time), as scripts/test-all.sh runs it
#   --runs N     every target runs N inputs
#   --seconds N  every target runs for N seconds (a long run: 3600)
#   --jobs J     targets fuzzed at once (default: the number of cores)
#   --no-build   use the binaries already in build/native-asan
#   TARGET       fuzz_pddl fuzz_plan fuzz_model fuzz_request (default: all)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build_dir=build/native-asan
all_targets=(fuzz_pddl fuzz_plan fuzz_model fuzz_request)
# Inputs per target for the test command: 9-17 s each under ASan + UBSan
# on one core of the CI machine, 44 s for the four on two cores with the
# regression fixtures (half the counts of before, which took 70 s: the
# whole test command stays under 20 minutes; docs/fuzzing.md; long runs:
# --seconds).
declare -A default_runs=([fuzz_pddl]=12500 [fuzz_plan]=200000 [fuzz_model]=50000
    [fuzz_request]=25000)
declare -A max_len=([fuzz_pddl]=16384 [fuzz_plan]=4096 [fuzz_model]=16384 [fuzz_request]=16384)
declare -A dict=([fuzz_pddl]=tests/fuzz/pddl.dict [fuzz_plan]=tests/fuzz/pddl.dict
    [fuzz_model]=tests/fuzz/json.dict [fuzz_request]=tests/fuzz/json.dict)

mode=default value=0 build=1 targets=()
jobs="$(nproc 2>/dev/null || echo 2)"
while (($#)); do
    case "$1" in
    --runs | --seconds)
        [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: $1 needs a number" >&2; exit 2; }
        mode="${1#--}" value="$2"
        shift 2
        ;;
    --jobs)
        [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: --jobs needs a number" >&2; exit 2; }
        jobs="$2"
        shift 2
        ;;
    --no-build) build=0; shift ;;
    -h | --help) sed -n '2,20p' "$0"; exit 0 ;;
    fuzz_*) targets+=("$1"); shift ;;
    *) echo "fuzz.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
((${#targets[@]})) || targets=("${all_targets[@]}")

if ((build)); then
    command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ is missing (scripts/install-deps.sh)" >&2; exit 1; }
    cmake --preset native-asan >/dev/null
    cmake --build --preset native-asan -j "$(nproc 2>/dev/null || echo 2)" --target "${targets[@]}"
fi

# ---- seed corpora from tests/data (rebuilt every run; never in the repo) ----
seeds="$build_dir/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"/{fuzz_pddl,fuzz_plan,fuzz_model,fuzz_request}
# The wasm requests (JSON) are written by one python3 process for all seeds
# (one per seed took ~15 s of the test command's fuzz phase: python3 starts
# in 0.2-0.9 s here). Its input: one line per seed, tab-separated.
requests="$seeds/requests.tsv"
: >"$requests"
n=0
for domain in tests/data/tasks/*/domain.pddl tests/data/derived/*/domain.pddl \
    tests/data/errors/*/domain.pddl; do
    dir="$(dirname "$domain")"
    for problem in "$dir"/*.pddl; do
        [[ "$problem" == "$domain" ]] && continue
        n=$((n + 1))
        { cat "$domain"; printf '\0'; cat "$problem"; } >"$seeds/fuzz_pddl/seed-$n"
        # The same task as a wasm request, with one of five settings.
        printf 'task\t%s\t%s\t%s\t%s\n' "$domain" "$problem" "$seeds/fuzz_request/seed-$n" "$n" >>"$requests"
    done
done
# Plans: the first byte picks the task of fuzz_plan.cpp's list.
plan_tasks=(blocksworld/p02 constants-equality/p01 ferry/p02 nullary/p01 repeated-vars/p01 gripper/p01)
for i in "${!plan_tasks[@]}"; do
    plan="tests/data/tasks/${plan_tasks[$i]}.plan"
    [[ -f "$plan" ]] || continue
    { printf "\\x$(printf %02x "$i")"; cat "$plan"; } >"$seeds/fuzz_plan/seed-$i"
done
{ printf '\x00'; cat tests/data/errors/plan-unknown-action/plan.plan; } >"$seeds/fuzz_plan/seed-error"
for model in tests/data/models/*.json; do
    cp "$model" "$seeds/fuzz_model/"
    # The blocksworld task with the model, in PS².
    printf 'model\t%s\t%s\t%s\t%s\n' tests/data/tasks/blocksworld/domain.pddl \
        tests/data/tasks/blocksworld/p01.pddl "$seeds/fuzz_request/model-$(basename "$model")" "$model" \
        >>"$requests"
done
python3 - "$requests" <<'EOF'
import json, sys
settings = [{}, {"space": "partial"}, {"heuristic": "hadd", "search": "eager"},
            {"config": "lama"}, {"heuristic": "goal-count", "novelty": True}]
for line in open(sys.argv[1]):
    kind, domain, problem, out, extra = line.rstrip("\n").split("\t")
    request = {"domain": open(domain).read(), "problem": open(problem).read()}
    if kind == "task":
        request.update(settings[int(extra) % 5])
    else:
        request.update({"model": json.load(open(extra)), "space": "partial"})
    with open(out, "w") as f:
        f.write(json.dumps(request))
EOF
rm "$requests"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

now() { date +%s.%N; }

# fuzz_target TARGET: replay its fixtures, then fuzz it; prints its report
# lines (to a file of its own when run in the background) and returns 1 on a
# finding.
fuzz_target() {
    local target="$1" binary findings corpus fixtures limit start status took execs cov
    binary="$build_dir/tests/fuzz/$target"
    [[ -x "$binary" ]] || { echo "fuzz.sh: $binary is missing (build failed?)"; return 1; }
    findings="$build_dir/findings/$target"
    corpus="$build_dir/corpus/$target"
    mkdir -p "$findings" "$corpus"

    # 1. Every fixture of an earlier finding must now pass.
    fixtures=(tests/data/fuzz-regressions/"$target"/*)
    if [[ -e "${fixtures[0]}" ]]; then
        if ! "$binary" -rss_limit_mb=4096 -timeout=30 "${fixtures[@]}" >"$findings/replay.log" 2>&1; then
            echo "fuzz.sh: $target: a regression fixture fails again (tests/data/fuzz-regressions/$target):"
            tail -n 30 "$findings/replay.log"
            return 1
        fi
        echo "fuzz.sh: $target: ${#fixtures[@]} regression fixture(s) pass"
    fi

    # 2. Fuzz: new inputs go to the corpus (kept between runs), findings to $findings.
    case "$mode" in
    default) limit=(-runs="${default_runs[$target]}") ;;
    runs) limit=(-runs="$value") ;;
    seconds) limit=(-max_total_time="$value") ;;
    esac
    start="$(now)"
    status=0
    "$binary" "$corpus" "$seeds/$target" "${limit[@]}" -max_len="${max_len[$target]}" \
        -dict="${dict[$target]}" -timeout=10 -rss_limit_mb=3072 -print_final_stats=1 \
        -artifact_prefix="$findings/" >"$findings/fuzz.log" 2>&1 || status=$?
    took="$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')"
    execs="$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$findings/fuzz.log" | tail -n 1)"
    cov="$(grep -oE 'cov: [0-9]+' "$findings/fuzz.log" | tail -n 1 || true)"
    if ((status != 0)); then
        echo "fuzz.sh: $target: FINDING after ${took}s (exit $status); input(s) in $findings/:"
        ls "$findings" | grep -vE '^(fuzz|replay)\.log$' | sed 's/^/    /' || true
        grep -E 'ERROR|SUMMARY|property violated|==[0-9]+==|deadly signal|uncaught|terminate' \
            "$findings/fuzz.log" | head -n 20 || true
        echo "    reproduce: $binary $findings/<file>; once fixed, copy the file to"
        echo "    tests/data/fuzz-regressions/$target/ (the script replays it every run)"
        return 1
    fi
    printf 'fuzz.sh: %-13s ok  %8s inputs in %6ss  %s\n' "$target" "${execs:-?}" "$took" "$cov"
}

# Up to $jobs targets at once, each writing its report to its own file; the
# reports are printed in target order once each target has finished.
reports="$build_dir/findings/reports"
rm -rf "$reports"
mkdir -p "$reports"
declare -A pid_of=()
failed=()
running=0
for target in "${targets[@]}"; do
    if ((running >= jobs)); then
        wait -n || true
        running=$((running - 1))
    fi
    (
        status=0
        fuzz_target "$target" >"$reports/$target.txt" 2>&1 || status=1
        echo "$status" >"$reports/$target.status"
    ) &
    pid_of[$target]=$!
    running=$((running + 1))
done
for target in "${targets[@]}"; do
    wait "${pid_of[$target]}" || true
    cat "$reports/$target.txt"
    [[ "$(cat "$reports/$target.status" 2>/dev/null)" == 0 ]] || failed+=("$target")
done

if ((${#failed[@]})); then
    echo "fuzz.sh: FAILED: ${failed[*]}"
    exit 1
fi
echo "fuzz.sh: ${#targets[@]} target(s) passed"
