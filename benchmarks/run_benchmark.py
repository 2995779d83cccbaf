#!/usr/bin/env python3
"""Runs `lazylifted plan` on a list of benchmark problems and validates every plan.

One CSV row per problem (in list order), a per-domain summary table on stdout
and the same table as Markdown next to the CSV. The runs happen on this
machine (--executor local, the default) or as one Slurm array job
(--executor slurm, executors.py, docs/cluster.md); the rows are the same.
Standard library only; see benchmarks/README.md for the columns.
"""

import argparse
import csv
import json
import os
import platform
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import OrderedDict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import executors  # noqa: E402  (the executor seam, next to this file)

COLUMNS = [
    "domain", "problem", "status", "exit_code", "valid", "wall_time_s", "search_time_s",
    "plan_length", "expansions", "evaluations", "generated", "average_branching_factor",
    "peak_memory_mb", "note", "plan_cost", "plans_found", "final_plan", "first_plan_cost",
    "first_plan_time_s",
]

# Fast Downward exit codes used by lazylifted, for runs that left no stats file.
EXIT_STATUS = {
    0: "solved", 11: "unsolvable", 12: "expansion-limit", 22: "out-of-memory",
    23: "out-of-time", 31: "error", 32: "error", 33: "error", 34: "error", 36: "error",
}

# The wall-clock kill comes this long after the planner's own time limit.
KILL_MARGIN_S = 10.0
VALIDATE_TIMEOUT_S = 300.0
# A Slurm task gets the planner's limits plus these margins (start-up, the
# validator, Python), so that the planner's own limits are what ends a run, as
# locally; Slurm only stops a task that overruns them.
SLURM_TIME_MARGIN_S = KILL_MARGIN_S + 60.0
SLURM_MEMORY_MARGIN_MB = 512.0


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--planner", required=True, help="path to the lazylifted binary")
    p.add_argument("--list", required=True,
                   help="problem list: lines 'DOMAIN_DIR PROBLEM' (DOMAIN_DIR relative to "
                        "--shared, PROBLEM relative to DOMAIN_DIR); '#' starts a comment")
    p.add_argument("--shared", default="/work/shared/benchmarks",
                   help="root of the benchmark sets (default: %(default)s)")
    p.add_argument("--time-limit", type=float, default=60.0,
                   help="planner time limit in seconds (default: %(default)s)")
    p.add_argument("--memory-limit", type=float, default=8000.0,
                   help="planner memory limit in MB (default: %(default)s)")
    p.add_argument("--jobs", type=int, default=1,
                   help="problems run in parallel (default: %(default)s)")
    p.add_argument("--space", help="--space for the planner (default: not passed, the "
                   "planner's own default)")
    p.add_argument("--heuristic", help="--heuristic for the planner (default: not passed, the "
                   "planner's own default)")
    p.add_argument("--model", help="--model for the planner (a model JSON; implies --heuristic wl); "
                   "a path containing {domain} gets the domain folder with '/' replaced by '-'")
    p.add_argument("--planner-args", default="",
                   help="more planner arguments, split like a shell command line and appended to "
                        "the plan command (e.g. \"--config lama --model auto\"); {set} and {domain} "
                        "are replaced per problem by the set and domain names of the domain folder "
                        "(ipc23lt/blocksworld: ipc23lt, blocksworld); relative paths (the value of "
                        "--model, and any argument containing '/' that exists) are made absolute; "
                        "write --planner-args=\"...\" when the value is a single option")
    p.add_argument("--out", required=True, help="CSV file to write; the table goes to <name>.md")
    p.add_argument("--resume", action="store_true",
                   help="keep the rows already in --out and run only the missing problems")
    p.add_argument("--keep-tmp", action="store_true",
                   help="keep each problem's work directory (plan, stats, stdout, stderr)")
    executors.add_arguments(
        p, f"--time-limit + {SLURM_TIME_MARGIN_S:g} s", f"--memory-limit + "
        f"{SLURM_MEMORY_MARGIN_MB:g} MB; --jobs is for local runs only")
    args = p.parse_args(argv)
    executors.check_arguments(p, args)
    if args.jobs < 1:
        p.error("--jobs must be at least 1")
    if args.time_limit <= 0 or args.memory_limit <= 0:
        p.error("limits must be positive")
    try:
        shlex.split(args.planner_args)
    except ValueError as e:
        p.error(f"--planner-args: {e}")
    return args


def planner_args_for(text, domain_dir):
    """--planner-args for one problem: split, placeholders filled, relative paths absolute."""
    parts = domain_dir.strip("/").split("/")
    set_name, domain_name = parts[0], parts[-1]
    out = []
    after_model = False
    for token in shlex.split(text):
        token = token.replace("{set}", set_name).replace("{domain}", domain_name)
        if after_model:
            if token not in ("auto", "none"):
                token = os.path.abspath(token)
            after_model = False
        elif token == "--model":
            after_model = True
        elif token.startswith("--model="):
            value = token[len("--model="):]
            if value not in ("auto", "none"):
                token = "--model=" + os.path.abspath(value)
        elif not token.startswith("-") and os.sep in token and os.path.exists(token):
            token = os.path.abspath(token)
        out.append(token)
    return out


def read_list(path):
    problems = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            if len(parts) != 2:
                sys.exit(f"{path}:{number}: expected 'DOMAIN_DIR PROBLEM', got {line!r}")
            problems.append((parts[0], parts[1]))
    return problems


def read_existing(path):
    rows = OrderedDict()
    if not os.path.exists(path):
        return rows
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            rows[(row["domain"], row["problem"])] = {c: row.get(c, "") for c in COLUMNS}
    return rows


def fmt(value, digits=None):
    if value is None:
        return ""
    if isinstance(value, float) and digits is not None:
        return f"{value:.{digits}f}"
    return str(value)


def first_error_line(text):
    for line in text.splitlines():
        if line.startswith("error:"):
            return line[len("error:"):].strip()[:200]
    return ""


def planner_options(args, domain_dir):
    """The plan command's options for one problem: (before, after) the work-folder
    options (--plan-file, --stats-json, --quiet)."""
    before = []
    if args.space:
        before += ["--space", args.space]
    if args.heuristic:
        before += ["--heuristic", args.heuristic]
    before += ["--time-limit", f"{args.time_limit:g}", "--memory-limit", f"{args.memory_limit:g}"]
    after = []
    if args.model:
        model = args.model.replace("{domain}", domain_dir.replace("/", "-"))
        after += ["--model", os.path.abspath(model)]
    after += planner_args_for(args.planner_args, domain_dir)
    return before, after


def run_payload(args, domain_dir, problem, tmp_root):
    """Everything run_one needs for one problem, as JSON (absolute paths: the Slurm
    executor runs it on another machine)."""
    before, after = planner_options(args, domain_dir)
    return {
        "planner": args.planner, "domain_dir": domain_dir, "problem": problem,
        "domain_file": os.path.join(args.shared, domain_dir, "domain.pddl"),
        "problem_file": os.path.join(args.shared, domain_dir, problem),
        "options": before, "extra_options": after, "time_limit": args.time_limit,
        "tmp_root": tmp_root, "keep_tmp": args.keep_tmp,
    }


def validate(planner, domain_file, problem_file, plan_file):
    """('yes' or 'no', the plan's cost or '', why it was rejected or '') of one plan file."""
    try:
        check = subprocess.run([planner, "validate", domain_file, problem_file, plan_file],
                               capture_output=True, text=True, timeout=VALIDATE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return "no", "", "validation timed out"
    if check.returncode != 0:
        return "no", "", (check.stdout.strip() or first_error_line(check.stderr))[:200]
    cost = ""
    for line in check.stdout.splitlines():
        if line.startswith("Plan cost:"):
            cost = line.split(":", 1)[1].split()[0]
    return "yes", cost, ""


def run_one(run):
    """Plans and validates one problem (a run_payload); returns its CSV row."""
    planner, domain_dir, problem = run["planner"], run["domain_dir"], run["problem"]
    domain_file, problem_file = run["domain_file"], run["problem_file"]
    work = tempfile.mkdtemp(prefix=os.path.basename(domain_dir) + "-", dir=run["tmp_root"])
    plan_file = os.path.join(work, "plan")
    stats_file = os.path.join(work, "stats.json")
    cmd = ([planner, "plan", domain_file, problem_file] + run["options"]
           + ["--plan-file", plan_file, "--stats-json", stats_file, "--quiet"]
           + run["extra_options"])
    row = {c: "" for c in COLUMNS}
    row.update(domain=domain_dir, problem=problem, valid="-")

    start = time.monotonic()
    started_at = time.time()  # for the plan files' modification times
    try:
        # subprocess.run kills the child when the timeout expires.
        proc = subprocess.run(cmd, cwd=work, capture_output=True, text=True,
                              timeout=run["time_limit"] + KILL_MARGIN_S)
        exit_code, stdout, stderr = proc.returncode, proc.stdout, proc.stderr
    except subprocess.TimeoutExpired as e:
        exit_code, stdout = None, ""
        stderr = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
    wall = time.monotonic() - start
    row["wall_time_s"] = fmt(wall, 3)

    stats = None
    if os.path.exists(stats_file):
        try:
            with open(stats_file) as f:
                stats = json.load(f)
        except (OSError, ValueError):
            stats = None

    if exit_code is None:
        row["status"], row["exit_code"] = "killed", ""
        row["note"] = f"killed after {wall:.0f}s wall clock"
    else:
        row["exit_code"] = str(exit_code)
        if stats is not None and "status" in stats:
            row["status"] = stats["status"]
        elif exit_code < 0:
            row["status"] = "crashed"
            row["note"] = f"signal {-exit_code}"
        else:
            row["status"] = EXIT_STATUS.get(exit_code, "error")
    if stats is not None:
        for key in ("search_time_s", "peak_memory_mb", "average_branching_factor"):
            if isinstance(stats.get(key), (int, float)):
                value = float(stats[key])
                # Full precision for times: evals/s is computed from them.
                row[key] = f"{value:.6g}" if key == "search_time_s" else fmt(value, 2)
        for key in ("plan_length", "expansions", "evaluations", "generated"):
            if isinstance(stats.get(key), int):
                row[key] = str(stats[key])
        if stats.get("status") == "error" and isinstance(stats.get("error"), dict):
            row["note"] = str(stats["error"].get("message", ""))[:200]
    if not row["note"] and exit_code not in (0, 11, 12, 22, 23):
        row["note"] = first_error_line(stderr)

    if stats is not None:
        if isinstance(stats.get("plans_found"), int):
            row["plans_found"] = str(stats["plans_found"])
        if isinstance(stats.get("final_plan"), str):
            row["final_plan"] = stats["final_plan"]
    if exit_code == 0:
        if os.path.exists(plan_file):
            row["valid"], row["plan_cost"], row["note"] = validate(
                planner, domain_file, problem_file, plan_file)
            # Anytime search: plan.1 is the first plan (the final one is `plan`).
            first_file = plan_file + ".1"
            if row["valid"] == "yes" and os.path.exists(first_file):
                first_valid, row["first_plan_cost"], note = validate(
                    planner, domain_file, problem_file, first_file)
                row["first_plan_time_s"] = fmt(os.path.getmtime(first_file) - started_at, 3)
                if first_valid != "yes":
                    row["valid"], row["note"] = "no", "first plan: " + note
            elif row["valid"] == "yes":
                row["first_plan_cost"] = row["plan_cost"]
        else:
            row["valid"], row["note"] = "no", "exit 0 but no plan file"

    if run["keep_tmp"]:
        with open(os.path.join(work, "stdout.txt"), "w") as f:
            f.write(stdout)
        with open(os.path.join(work, "stderr.txt"), "w") as f:
            f.write(stderr)
    else:
        shutil.rmtree(work, ignore_errors=True)
    return row


def write_csv(path, rows):
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        for row in rows:
            writer.writerow(row)
    os.replace(tmp, path)


def as_float(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def summarize(rows):
    """Per-domain summary lines (dicts), in order of first appearance, plus a total."""
    groups = OrderedDict()
    for row in rows:
        groups.setdefault(row["domain"], []).append(row)
    groups["total"] = list(rows)
    summary = []
    for domain, group in groups.items():
        solved = [r for r in group if r["status"] == "solved"]
        search_times = [as_float(r["search_time_s"]) for r in group]
        total_search = sum(t for t in search_times if t is not None)
        # Throughput over finished searches (solved or not) that report a time.
        evals = secs = 0.0
        for r in group:
            t, e = as_float(r["search_time_s"]), as_float(r["evaluations"])
            if r["status"] != "error" and t is not None and t > 0 and e is not None:
                evals += e
                secs += t
        lengths = [as_float(r["plan_length"]) for r in solved]
        lengths = [x for x in lengths if x is not None]
        others = OrderedDict()
        for r in group:
            if r["status"] != "solved":
                others[r["status"]] = others.get(r["status"], 0) + 1
        if not solved:
            valid = "-"
        else:
            valid = "yes" if all(r["valid"] == "yes" for r in solved) else "NO"
        summary.append({
            "domain": domain,
            "solved": f"{len(solved)}/{len(group)}",
            "valid": valid,
            "search_time_s": f"{total_search:.3f}",
            "evals_per_s": f"{evals / secs:.0f}" if secs > 0 else "-",
            "mean_plan_length": f"{sum(lengths) / len(lengths):.1f}" if lengths else "-",
            "other": ", ".join(f"{k} {v}" for k, v in others.items()) or "-",
        })
    return summary


TABLE_HEADER = ["domain", "solved", "all valid", "search time (s)", "evals/s",
                "mean plan length", "not solved"]
TABLE_KEYS = ["domain", "solved", "valid", "search_time_s", "evals_per_s", "mean_plan_length",
              "other"]


def text_table(summary):
    cells = [TABLE_HEADER] + [[s[k] for k in TABLE_KEYS] for s in summary]
    widths = [max(len(row[i]) for row in cells) for i in range(len(TABLE_HEADER))]
    lines = []
    for n, row in enumerate(cells):
        if n == len(cells) - 1:
            lines.append("  ".join("-" * w for w in widths))
        lines.append("  ".join(c.ljust(w) if i == 0 or i == 6 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(row, widths))))
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def markdown_table(summary):
    lines = ["| " + " | ".join(TABLE_HEADER) + " |",
             "|" + "|".join(["---"] + ["---:"] * 5 + ["---"]) + "|"]
    for s in summary:
        cells = [s[k] for k in TABLE_KEYS]
        if s["domain"] == "total":
            cells = [f"**{c}**" for c in cells]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def planner_version(planner):
    try:
        out = subprocess.run([planner, "--version"], capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def git_revision(path):
    try:
        out = subprocess.run(["git", "-C", path, "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or "none"
    except (OSError, subprocess.TimeoutExpired):
        return "none"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def write_markdown(path, args, summary, command_line, started, where, failures):
    """The summary table as Markdown with the command, planner, limits and machine.
    where: the executor's description; failures: names of runs without a row."""
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    text = [
        f"# Benchmark: {os.path.splitext(os.path.basename(args.out))[0]}",
        "",
        "Command:",
        "",
        "```",
        command_line,
        "```",
        "",
        f"- planner: `{args.planner}` ({planner_version(args.planner)}), "
        f"repository revision {git_revision(repo)}",
        f"- list: `{args.list}`; space `{args.space or 'planner default'}`, heuristic "
        f"`{args.heuristic or 'planner default'}`"
        + (f", model `{args.model}`" if args.model else "")
        + (f", planner arguments `{args.planner_args}`" if args.planner_args else ""),
        f"- limits: {args.time_limit:g} s, {args.memory_limit:g} MB; {where}",
        f"- machine: {cpu_model()}, {os.cpu_count()} CPUs; started {started}",
        f"- rows: `{os.path.basename(args.out)}`",
    ]
    if failures:
        text.append(f"- **{len(failures)} run(s) failed on the cluster and have no row** "
                    "(rerun with `--resume`): " + "; ".join(failures))
    text += [
        "",
        markdown_table(summary),
        "",
        "`search time` sums search_time_s over all runs; `evals/s` is the sum of evaluations "
        "divided by the sum of search_time_s over runs (solved or not) with search_time_s > 0; "
        "`mean plan length` is over solved problems; `all valid` says whether every plan was "
        "accepted by `lazylifted validate`.",
        "",
    ]
    with open(path, "w") as f:
        f.write("\n".join(text))


def check_inputs(args, problems):
    """Exits when a problem, domain or model file is missing (it would fail every run)."""
    if not os.access(args.planner, os.X_OK):
        sys.exit(f"error: planner {args.planner} is not executable")
    for domain_dir, problem in problems:
        for path in (os.path.join(args.shared, domain_dir, "domain.pddl"),
                     os.path.join(args.shared, domain_dir, problem)):
            if not os.path.isfile(path):
                sys.exit(f"error: {path} does not exist")
        extra = planner_args_for(args.planner_args, domain_dir)
        for i, token in enumerate(extra):
            model = (extra[i + 1] if token == "--model" and i + 1 < len(extra) else
                     token[len("--model="):] if token.startswith("--model=") else None)
            if model and model not in ("auto", "none") and not os.path.isfile(model):
                sys.exit(f"error: model {model} (for {domain_dir}) does not exist")


def file_safe(text):
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in text)


class Benchmark:
    """One configuration on one problem list: its rows (--out), the problems done
    and the runs still to do."""

    def __init__(self, args, command_line):
        self.args = args
        self.command_line = command_line
        self.started = time.strftime("%Y-%m-%d %H:%M:%S")
        args.planner = os.path.abspath(args.planner)
        args.shared = os.path.abspath(args.shared)
        self.name = os.path.splitext(os.path.basename(args.out))[0]
        self.problems = read_list(args.list)
        check_inputs(args, self.problems)
        self.out_dir = os.path.dirname(os.path.abspath(args.out))
        self.tmp_root = os.path.join(self.out_dir, "tmp")
        os.makedirs(self.tmp_root, exist_ok=True)
        if not args.resume and os.path.exists(args.out):
            print(f"note: overwriting {args.out} (use --resume to keep its rows)",
                  file=sys.stderr)
        self.done = read_existing(args.out) if args.resume else OrderedDict()
        self.order = {p: i for i, p in enumerate(self.problems)}
        self.todo = [p for p in self.problems if p not in self.done]
        self.failures = []

    def runs(self):
        """One executors.Run per problem to do; context: (benchmark, problem key)."""
        return [executors.Run(
            id=f"{file_safe(self.name)}/{file_safe(d)}--{file_safe(p)}",
            name=f"{self.name}: {d} {p}",
            payload=run_payload(self.args, d, p, self.tmp_root),
            context=(self, (d, p))) for d, p in self.todo]

    def ordered_rows(self):
        # List order first; rows of an older list that are not in this one last.
        known = sorted((r for k, r in self.done.items() if k in self.order),
                       key=lambda r: self.order[(r["domain"], r["problem"])])
        return known + [r for k, r in self.done.items() if k not in self.order]

    def record(self, key, row):
        """Stores a finished run's row (the CSV is rewritten: an interruption loses nothing)."""
        self.done[key] = row
        write_csv(self.args.out, self.ordered_rows())

    def finish(self, where, heading):
        """Writes the CSV and the Markdown table, prints the summary."""
        rows = [r for r in self.ordered_rows() if (r["domain"], r["problem"]) in self.order]
        write_csv(self.args.out, self.ordered_rows())
        summary = summarize(rows)
        if heading:
            print(f"== {self.name}")
        print(text_table(summary))
        md_path = os.path.splitext(self.args.out)[0] + ".md"
        # A resumed run with nothing left to do keeps the table of the run that
        # made the rows (its command, revision and start time).
        if self.todo or not os.path.exists(md_path):
            write_markdown(md_path, self.args, summary, self.command_line, self.started, where,
                           self.failures)
        print(f"rows: {self.args.out}\ntable: {md_path}", file=sys.stderr)

    def remove_empty_tmp(self):
        try:
            os.rmdir(self.tmp_root)  # only if empty
        except OSError:
            pass


def slurm_task_limits(time_limit, memory_limit):
    """(seconds, MB) Slurm gives one run with these planner limits."""
    return time_limit + SLURM_TIME_MARGIN_S, memory_limit + SLURM_MEMORY_MARGIN_MB


def make_executor(args, benchmarks):
    """The executor of args (executors.add_arguments' options) for these benchmarks;
    Slurm files go to the first benchmark's <out dir>/tmp/slurm."""
    task_time_s, task_memory_mb = slurm_task_limits(args.time_limit, args.memory_limit)
    job_name = "ll-" + (benchmarks[0].name if len(benchmarks) == 1 else "benchmarks")
    return executors.make_executor(
        args, jobs=args.jobs, task_time_s=task_time_s, task_memory_mb=task_memory_mb,
        default_work_dir=os.path.join(benchmarks[0].tmp_root, "slurm"), job_name=job_name,
        keep_files=args.keep_tmp)


def progress_line(count, total, run, row, labelled):
    label = f"{run.context[0].name}: " if labelled else ""
    domain, problem = run.context[1]
    note = " " + row["note"] if row["note"] else ""
    return (f"[{count}/{total}] {label}{domain} {problem}: {row['status']} "
            f"(exit {row['exit_code'] or '-'}, valid {row['valid']}, "
            f"{row['wall_time_s']} s){note}")


def run_benchmarks(benchmarks, executor):
    """Runs the missing problems of every benchmark through one executor (so one
    Slurm array job holds every configuration x problem), stores the rows and
    writes the tables. Returns the exit code: 0, 3 if runs failed on the
    cluster (named on stderr, no row), 130 if interrupted."""
    runs = [run for benchmark in benchmarks for run in benchmark.runs()]
    for b in benchmarks:
        print(f"{b.name + ': ' if len(benchmarks) > 1 else ''}{len(b.problems)} problems, "
              f"{len(b.problems) - len(b.todo)} already done, {len(b.todo)} to run with "
              f"{executor.description}", file=sys.stderr)
    executor.discard_results([r for r in runs if not r.context[0].args.resume])
    labelled = len(benchmarks) > 1
    finished = 0
    try:
        for outcome in executor.run(runs, run_one):
            finished += 1
            benchmark, key = outcome.run.context
            if outcome.failure:
                benchmark.failures.append(outcome.run.name)
                print(f"[{finished}/{len(runs)}] FAILED {outcome.run.name}: {outcome.failure}",
                      file=sys.stderr)
                continue
            benchmark.record(key, outcome.result)
            print(progress_line(finished, len(runs), outcome.run, outcome.result, labelled),
                  file=sys.stderr)
    except KeyboardInterrupt:
        # Ctrl-C also reached the running planners (same process group).
        print("interrupted: finished rows are in the CSV; rerun with --resume"
              + executor.interrupted_note(), file=sys.stderr)
        return 130
    except executors.ExecutorError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for benchmark in benchmarks:
        benchmark.finish(executor.description, heading=labelled)
    failures = [name for b in benchmarks for name in b.failures]
    executor.finish(succeeded=not failures)
    for benchmark in benchmarks:
        benchmark.remove_empty_tmp()
    if failures:
        print(f"{len(failures)} run(s) failed on the cluster and have no row (not counted as "
              "unsolved); rerun with --resume to run only these:", file=sys.stderr)
        for name in failures:
            print(f"  {name}", file=sys.stderr)
        return 3
    return 0


def main(argv):
    args = parse_args(argv)
    command_line = shlex.join([os.path.basename(sys.executable), sys.argv[0]] + argv)
    benchmark = Benchmark(args, command_line)
    return run_benchmarks([benchmark], make_executor(args, [benchmark]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
