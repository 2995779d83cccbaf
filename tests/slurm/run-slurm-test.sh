#!/usr/bin/env bash
# The Slurm executor against a real Slurm (docs/cluster.md).
#
# Installs slurm-wlm and munge if missing (scripts/install-deps.sh --slurm),
# starts a single-node cluster in a temporary folder
# (tests/slurm/single-node-slurm.sh) and, with the native binaries:
#   1. runs the benchmark report's S3-FF and PS2-FF configurations on 12
#      problems of tests/data/tasks locally and with --executor slurm (one
#      array job of 24 tasks);
#   2. cancels one array task midway (wide12 p01 runs until its 6 s limit),
#      expects it to be reported as failed by name, then reruns with --resume,
#      which must submit that task only;
#   3. trains the three models of a small blocksworld domain (the plans of
#      tests/data/tasks/blocksworld) locally and with --executor slurm;
# then tests/slurm/check_slurm_results.py compares the results (coverage,
# statuses, plan lengths, search counters, models byte for byte) and prints
# `slurm-test: N passed, M failed`. The daemons are stopped on exit.
#
# Exit 0: passed; 1: failed; 77: skipped because Slurm cannot be started here
# (not root, packages not installable, daemons not starting), with the reason
# on a `slurm-test: SKIPPED:` line. With CI set, what would be a skip fails.
# LL_KEEP_SLURM_TEST=1 keeps the temporary folder.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
repo="$(pwd)"

PLANNER="$repo/build/native/cli/lazylifted"
LLTRAIN="$repo/build/native/cli/lltrain"
TASKS="tests/data/tasks"
CONFIGS=(S3-FF PS2-FF)
KILLED_TASK=2  # index of wide12 p01 in the list of the cancel test

say() { echo "slurm-test: $*"; }

cannot_run() {
    if [[ -n "${CI:-}" ]]; then
        say "FAILED: Slurm cannot be started: $1 (CI must run this test)"
        exit 1
    fi
    say "SKIPPED: $1"
    exit 77
}

ensure_slurm() {
    ((EUID == 0)) || cannot_run "needs root (it starts munged, slurmctld and slurmd)"
    # shellcheck source=scripts/install-deps.sh
    source scripts/install-deps.sh
    ll_install_deps --slurm ||
        cannot_run "could not install slurm-wlm and munge (scripts/install-deps.sh --slurm)"
    local tool
    for tool in munged slurmctld slurmd sbatch squeue scancel sinfo; do
        command -v "$tool" >/dev/null || cannot_run "$tool is not on PATH after the install"
    done
}

ensure_binaries() {
    if [[ -x "$PLANNER" && -x "$LLTRAIN" ]]; then
        return 0
    fi
    say "building lazylifted and lltrain (build/native)"
    [[ -f build/native/CMakeCache.txt ]] || cmake --preset native >/dev/null
    cmake --build build/native -j1 --target lazylifted lltrain
}

write_inputs() {
    cat >"$work/problems.txt" <<'EOF'
# 12 small problems of tests/data/tasks (tests/slurm/run-slurm-test.sh)
blocksworld p01.pddl
blocksworld p02.pddl
blocksworld p03.pddl
gripper p01.pddl
gripper p02.pddl
ferry p01.pddl
ferry p02.pddl
graph-statics p01.pddl
graph-statics p02.pddl
constants-equality p01.pddl
painter p01.pddl
unsolvable p01.pddl
EOF
    cat >"$work/cancel.txt" <<'EOF'
# wide12 p01 (task 2) searches until its time limit: it is cancelled midway.
blocksworld p01.pddl
gripper p01.pddl
wide12 p01.pddl
ferry p01.pddl
EOF
    # A training domain laid out as the benchmark sets are (SET/DOMAIN/training...).
    local domain="$work/train-sets/test/blocksworld"
    mkdir -p "$domain/training" "$domain/training_plans" "$work/models-local" "$work/models-slurm"
    cp "$TASKS/blocksworld/domain.pddl" "$domain/"
    cp "$TASKS"/blocksworld/p0?.pddl "$domain/training/"
    cp "$TASKS"/blocksworld/p0?.plan "$domain/training_plans/"
}

SLURM_OPTIONS=(--executor slurm --max-parallel 2 --poll-interval 1)

run_report() {  # run_report local|slurm [executor options]
    local name="$1"
    shift
    python3 benchmarks/report.py --planner "$PLANNER" --list "$work/problems.txt" \
        --shared "$TASKS" --time-limit 20 --memory-limit 1000 --jobs 1 \
        --configs "${CONFIGS[@]}" --out-dir "$work/$name" --doc "$work/$name/report.md" \
        "$@" >"$work/$name.log" 2>&1
}

run_cancel_benchmark() {  # run_cancel_benchmark LOG [--resume]
    local log="$1"
    shift
    python3 benchmarks/run_benchmark.py --planner "$PLANNER" --list "$work/cancel.txt" \
        --shared "$TASKS" --time-limit 6 --memory-limit 1000 \
        --out "$work/cancel/cancel.csv" "${SLURM_OPTIONS[@]}" "$@" >"$log" 2>&1
}

# wait_until_running LOG TASK: the job id from the driver's log once task TASK
# of its array job runs (60 s at most).
wait_until_running() {
    local log="$1" task="$2" job="" i
    for ((i = 0; i < 120; i++)); do
        job="$(sed -nE 's/^slurm: submitted array job ([0-9]+):.*/\1/p' "$log" | head -n 1)"
        if [[ -n "$job" && "$(squeue -h -j "${job}_$task" -o %T 2>/dev/null)" == RUNNING ]]; then
            echo "$job"
            return 0
        fi
        sleep 0.5
    done
    return 1
}

cancel_test() {
    mkdir -p "$work/cancel"
    local status=0 job
    run_cancel_benchmark "$work/cancel-first.log" &
    local driver=$!
    if job="$(wait_until_running "$work/cancel-first.log" "$KILLED_TASK")"; then
        sleep 1  # midway through its 6 s search
        say "cancelling array task ${job}_$KILLED_TASK (wide12 p01)"
        scancel "${job}_$KILLED_TASK"
    else
        say "task $KILLED_TASK of the cancel test never ran"
    fi
    wait "$driver" || status=$?
    echo "$status" >"$work/cancel-first.rc"
    cp "$work/cancel/cancel.csv" "$work/cancel-first.csv" 2>/dev/null || true
    status=0
    run_cancel_benchmark "$work/cancel-rerun.log" --resume || status=$?
    echo "$status" >"$work/cancel-rerun.rc"
}

run_training() {  # run_training local|slurm [executor options]
    local name="$1"
    shift
    python3 models/train_models.py --lltrain "$LLTRAIN" --shared "$work/train-sets" \
        --domains test/blocksworld --models "$work/models-$name" "$@" \
        >"$work/train-$name.log" 2>&1
}

# step NAME COMMAND...: runs it, keeps its exit code in NAME.rc for the
# checker and prints its time; never fails.
step() {
    local name="$1" start status=0
    shift
    start="$(date +%s.%N)"
    "$@" || status=$?
    echo "$status" >"$work/$name.rc"
    say "$(printf '%-16s' "$name") exit $status, $(awk -v a="$start" -v b="$(date +%s.%N)" \
        'BEGIN { printf "%.1f s", b - a }')"
}

cleanup() {
    local status=$?
    if [[ -n "${work:-}" ]]; then
        ll_slurm_stop "$work/cluster"
        if ((status != 0)) || [[ -n "${LL_KEEP_SLURM_TEST:-}" ]]; then
            say "kept $work (logs: *.log, cluster/log/)"
        else
            rm -rf "$work"
        fi
    fi
}

main() {
    ensure_slurm
    ensure_binaries
    # shellcheck source=tests/slurm/single-node-slurm.sh
    source tests/slurm/single-node-slurm.sh
    work="$(mktemp -d /tmp/ll-slurm-test.XXXXXX)"
    trap cleanup EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    mkdir -p "$work/cluster"
    if ! ll_slurm_start "$work/cluster"; then
        tail -n 5 "$work/cluster/log/"*.log "$work/cluster/munge/munged.log" 2>/dev/null || true
        ll_slurm_stop "$work/cluster"
        cannot_run "the single-node cluster did not come up (logs above)"
    fi
    export SLURM_CONF="$work/cluster/slurm.conf"
    say "single-node Slurm up: $(sinfo -h -N -o '%N %T, %c CPUs, %m MB')"
    write_inputs
    step benchmark-local run_report local
    step benchmark-slurm run_report slurm "${SLURM_OPTIONS[@]}"
    step cancel cancel_test
    step training-local run_training local
    step training-slurm run_training slurm "${SLURM_OPTIONS[@]}" --time-limit 600 \
        --memory-limit 2000
    python3 tests/slurm/check_slurm_results.py "$work"
}

main "$@"
