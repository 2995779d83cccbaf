#!/usr/bin/env python3
"""Checks what tests/slurm/run-slurm-test.sh produced in its work folder.

  python3 tests/slurm/check_slurm_results.py WORK

- benchmark: the local and the Slurm run of report.py's S3-FF and PS2-FF give
  the same rows (coverage, status, exit code, validity, plan length, search
  counters) and the same coverage and quality tables; the Slurm run was one
  array job with one task per configuration x problem; its Slurm files were
  removed after the run succeeded.
- cancel: the cancelled task is reported as failed by name, has no row and
  makes the driver exit 3; the rerun with --resume submits that task only and
  leaves the other rows as they were.
- training: the models trained locally and on Slurm are byte for byte the
  same, and so are the manifests but for the training times.

Prints one line per check and `slurm-test: N passed, M failed`; exits 1 if a
check failed. Standard library only.
"""

import csv
import json
import os
import re
import sys

CONFIGS = ["S3-FF", "PS2-FF"]
PROBLEMS = 12
# Columns a run on another machine must reproduce exactly (times and memory vary).
SAME_COLUMNS = ["status", "exit_code", "valid", "plan_length", "expansions", "evaluations",
                "generated"]
CANCELLED = ("wide12", "p01.pddl")


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
            print(f"  ok    {what}")
        else:
            self.failed += 1
            print(f"  FAIL  {what}" + (f": {detail}" if detail else ""))
        return ok


def read_rows(path):
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as f:
        return {(r["domain"], r["problem"]): r for r in csv.DictReader(f)}


def read_text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def exit_code(work, name):
    text = read_text(os.path.join(work, f"{name}.rc")).strip()
    return int(text) if text.lstrip("-").isdigit() else None


def submissions(log_text):
    """(job id, number of runs) of every array job a driver submitted."""
    return [(m.group(1), int(m.group(2))) for m in
            re.finditer(r"^slurm: submitted array job (\d+): (\d+) run", log_text, re.M)]


def table_lines(report_text):
    """The coverage and quality tables of a report (no header prose)."""
    return [line for line in report_text.splitlines() if line.startswith("|")]


def differing_columns(local, slurm):
    return [c for c in SAME_COLUMNS if local.get(c) != slurm.get(c)]


def check_benchmark(checks, work):
    print("benchmark: report.py S3-FF and PS2-FF, local vs --executor slurm")
    checks.check(exit_code(work, "benchmark-local") == 0, "local run exit 0",
                 f"exit {exit_code(work, 'benchmark-local')}, see local.log")
    checks.check(exit_code(work, "benchmark-slurm") == 0, "slurm run exit 0",
                 f"exit {exit_code(work, 'benchmark-slurm')}, see slurm.log")
    for config in CONFIGS:
        local = read_rows(os.path.join(work, "local", f"{config}.csv"))
        slurm = read_rows(os.path.join(work, "slurm", f"{config}.csv"))
        checks.check(len(local) == PROBLEMS and local.keys() == slurm.keys(),
                     f"{config}: {PROBLEMS} rows on both sides",
                     f"local {len(local)}, slurm {len(slurm)}")
        solved = [sum(r["status"] == "solved" for r in rows.values()) for rows in (local, slurm)]
        checks.check(solved[0] == solved[1] and solved[0] > 0,
                     f"{config}: same coverage ({solved[0]} local, {solved[1]} slurm)")
        diffs = {k: differing_columns(local[k], slurm[k]) for k in local if k in slurm}
        diffs = {k: v for k, v in diffs.items() if v}
        checks.check(not diffs, f"{config}: same status, validity, plan length and search "
                     "counters for every problem", "; ".join(
                         f"{d} {p}: {', '.join(cols)}" for (d, p), cols in diffs.items()))
    local_tables = table_lines(read_text(os.path.join(work, "local", "report.md")))
    slurm_tables = table_lines(read_text(os.path.join(work, "slurm", "report.md")))
    checks.check(local_tables and local_tables == slurm_tables,
                 "report.md: same coverage and quality tables")
    jobs = submissions(read_text(os.path.join(work, "slurm.log")))
    checks.check(jobs and len(jobs) == 1 and jobs[0][1] == PROBLEMS * len(CONFIGS),
                 f"one array job of {PROBLEMS * len(CONFIGS)} tasks (configuration x problem)",
                 f"submitted {jobs}")
    checks.check(not os.path.exists(os.path.join(work, "slurm", "tmp")),
                 "Slurm files removed after the successful run")


def check_cancel(checks, work):
    print("cancel: one array task cancelled midway, then a rerun with --resume")
    first_log = read_text(os.path.join(work, "cancel-first.log"))
    name = f"cancel: {CANCELLED[0]} {CANCELLED[1]}"
    checks.check(exit_code(work, "cancel-first") == 3, "first run exits 3 (runs failed)",
                 f"exit {exit_code(work, 'cancel-first')}")
    checks.check(re.search(rf"FAILED {re.escape(name)}: CANCELLED", first_log) is not None,
                 f"the cancelled task is reported by name ({name}: CANCELLED)")
    checks.check(re.search(r"failed on the cluster and have no row.*\n  " + re.escape(name),
                           first_log) is not None, "listed among the failed runs at the end")
    first = read_rows(os.path.join(work, "cancel-first.csv"))
    checks.check(len(first) == 3 and CANCELLED not in first,
                 "no row for it (not counted as unsolved), 3 rows for the others",
                 f"{len(first)} rows")
    rerun_log = read_text(os.path.join(work, "cancel-rerun.log"))
    checks.check(exit_code(work, "cancel-rerun") == 0, "rerun exit 0",
                 f"exit {exit_code(work, 'cancel-rerun')}")
    checks.check("4 problems, 3 already done, 1 to run" in rerun_log and
                 [n for _, n in submissions(rerun_log)] == [1],
                 "the rerun submits the cancelled task only", f"{submissions(rerun_log)}")
    final = read_rows(os.path.join(work, "cancel", "cancel.csv"))
    checks.check(len(final) == 4 and final.get(CANCELLED, {}).get("status") in (
                     "out-of-time", "out-of-memory"),
                 "after the rerun: 4 rows, wide12 p01 stopped by the planner's own limit",
                 f"{len(final)} rows, wide12: {final.get(CANCELLED, {}).get('status')}")
    checks.check(all(final.get(k) == row for k, row in first.items()),
                 "the rows of the first run are unchanged")


def read_manifest(models_dir):
    try:
        with open(os.path.join(models_dir, "manifest.json")) as f:
            models = json.load(f)["models"]
    except (OSError, ValueError, KeyError):
        return {}
    return {m["file"]: {k: v for k, v in m.items() if k != "training_time_s"} for m in models}


def read_bytes(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def check_training(checks, work):
    print("training: train_models.py on a small blocksworld set, local vs --executor slurm")
    for side in ("local", "slurm"):
        checks.check(exit_code(work, f"training-{side}") == 0, f"{side} training exit 0",
                     f"exit {exit_code(work, f'training-{side}')}, see train-{side}.log")
    local_dir, slurm_dir = (os.path.join(work, f"models-{s}") for s in ("local", "slurm"))
    local, slurm = read_manifest(local_dir), read_manifest(slurm_dir)
    checks.check(len(local) == 3 and local == slurm,
                 "3 models, same manifest entries (training time aside)",
                 f"local {sorted(local)}, slurm {sorted(slurm)}")
    different = [name for name in local if read_bytes(os.path.join(local_dir, name))
                 != read_bytes(os.path.join(slurm_dir, name))]
    checks.check(local and not different, "model files identical byte for byte",
                 ", ".join(different))
    jobs = submissions(read_text(os.path.join(work, "train-slurm.log")))
    checks.check([n for _, n in jobs] == [3], "one array job of 3 tasks (one per model)",
                 f"{jobs}")


def main(argv):
    if len(argv) != 1:
        sys.exit(__doc__)
    work = argv[0]
    checks = Checks()
    check_benchmark(checks, work)
    check_cancel(checks, work)
    check_training(checks, work)
    print(f"slurm-test: {checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
