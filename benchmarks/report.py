#!/usr/bin/env python3
"""The benchmark report: seven configurations on a fixed sample.

Runs `lazylifted` with S3-FF, PS2-FF (rFF), S3-ILG, S3-AOAG, S3-AEG, PS2-AOAG
and PS2-AEG on benchmarks/lists/report-sample.txt (one time limit, 8 GB, at
most 2 problems in parallel) through run_benchmark.py, which resumes where an
interrupted run stopped, then writes:

  benchmarks/results/report/<config>.{csv,md}   every run, plans validated
  docs/benchmark-report.md                      coverage and quality tables
  docs/report/*.svg                             PS2 vs S3 scatter plots

Quality score per problem: C*/C, C* the cheapest plan any configuration
found, 0 if unsolved (the IPC score, as in the paper's Tables 1-2). Plots need
matplotlib (Debian python3-matplotlib); without it the tables are still made.

With --executor slurm every configuration x problem still to run is one task
of one Slurm array job (docs/cluster.md); the CSVs are the same as local ones.
The report is not written while runs failed on the cluster.

  python3 benchmarks/report.py --planner build/native/cli/lazylifted [--time-limit 30] [--jobs 2]
"""
import argparse
import csv
import os
import shlex
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import executors  # noqa: E402  (the executor seam)
import run_benchmark  # noqa: E402  (runs the configurations in-process)

# name -> (space, heuristic, model file pattern or None)
CONFIGS = [
    ("S3-FF", "state", "ff", None),
    ("PS2-FF", "partial", "rff", None),
    ("S3-ILG", "state", "wl", "models/{domain}-ilg-state.json"),
    ("S3-AOAG", "state", "wl", "models/{domain}-aoag-partial.json"),
    ("S3-AEG", "state", "wl", "models/{domain}-aeg-partial.json"),
    ("PS2-AOAG", "partial", "wl", "models/{domain}-aoag-partial.json"),
    ("PS2-AEG", "partial", "wl", "models/{domain}-aeg-partial.json"),
]
PAIRS = [("S3-FF", "PS2-FF"), ("S3-AOAG", "PS2-AOAG"), ("S3-AEG", "PS2-AEG")]


def load(path):
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return {(r["domain"], r["problem"]): r for r in csv.DictReader(f)}


def number(row, key):
    try:
        return float(row[key])
    except (KeyError, ValueError, TypeError):
        return None


def config_argv(args, out_dir, space, heuristic, model, name):
    """run_benchmark.py's arguments for one configuration."""
    argv = ["--planner", args.planner, "--list", args.list, "--shared", args.shared,
            "--time-limit", str(args.time_limit), "--memory-limit", str(args.memory_limit),
            "--jobs", str(args.jobs), "--space", space, "--heuristic", heuristic,
            "--out", os.path.join(out_dir, f"{name}.csv"), "--resume"]
    if model:
        argv += ["--model", os.path.join(REPO, model)]
    if args.keep_tmp:
        argv.append("--keep-tmp")
    return argv


def run_configs(args, out_dir):
    """Runs the missing problems of the chosen configurations through one
    executor; returns run_benchmark's exit code (3: runs failed on the cluster)."""
    benchmarks = []
    for name, space, heuristic, model in CONFIGS:
        if args.configs and name not in args.configs:
            continue
        argv = config_argv(args, out_dir, space, heuristic, model, name)
        # The command that makes this CSV on its own (it is written into <name>.md).
        command = shlex.join([os.path.basename(sys.executable),
                              os.path.join(HERE, "run_benchmark.py")] + argv)
        print(f"== {name}: {command}", flush=True)
        benchmarks.append(run_benchmark.Benchmark(run_benchmark.parse_args(argv), command))
    if not benchmarks:
        return 0
    return run_benchmark.run_benchmarks(benchmarks, run_benchmark.make_executor(args, benchmarks))


def tables(runs, problems):
    names = [c[0] for c in CONFIGS if c[0] in runs]
    domains = sorted({d for d, _ in problems}, key=lambda d: (not d.startswith("ipc"), d))
    best = {}
    for key in problems:
        costs = [number(runs[n].get(key, {}), "plan_length") for n in names
                 if runs[n].get(key, {}).get("status") == "solved"]
        best[key] = min(costs) if costs else None
    coverage = {n: {} for n in names}
    quality = {n: {} for n in names}
    invalid = 0
    for n in names:
        for key in problems:
            row = runs[n].get(key)
            d = key[0]
            coverage[n].setdefault(d, 0)
            quality[n].setdefault(d, 0.0)
            if row and row["status"] == "solved":
                if row.get("valid") != "yes":
                    invalid += 1
                    continue
                coverage[n][d] += 1
                cost = number(row, "plan_length")
                quality[n][d] += (best[key] / cost) if cost else 1.0
    counts = {d: sum(1 for k in problems if k[0] == d) for d in domains}

    def table(title, values, fmt):
        lines = [f"### {title}", "", "| domain | n | " + " | ".join(names) + " |",
                 "|---|---:|" + "---:|" * len(names)]
        for d in domains:
            row = [values[n][d] for n in names]
            top = max(row)
            cells = [(f"**{fmt(v)}**" if v == top and top > 0 else fmt(v)) for v in row]
            lines.append(f"| {d} | {counts[d]} | " + " | ".join(cells) + " |")
        totals = [sum(values[n].values()) for n in names]
        top = max(totals)
        cells = [(f"**{fmt(v)}**" if v == top else fmt(v)) for v in totals]
        lines.append(f"| **total** | {len(problems)} | " + " | ".join(cells) + " |")
        return lines + [""]

    lines = table("Coverage (problems solved)", coverage, lambda v: f"{v:d}")
    lines += table("Quality score (sum of C*/C)", quality, lambda v: f"{v:.2f}")
    return lines, invalid, {n: sum(coverage[n].values()) for n in names}


def pair_summary(runs, problems):
    lines = ["### PS² versus S³ (problems both solved)", "",
             "| pair | both solved | median evaluations S³ → PS² | median expansions S³ → PS² "
             "| median branching factor S³ → PS² |", "|---|---:|---|---|---|"]
    for s3, ps2 in PAIRS:
        if s3 not in runs or ps2 not in runs:
            continue
        both = [k for k in problems if runs[s3].get(k, {}).get("status") == "solved"
                and runs[ps2].get(k, {}).get("status") == "solved"]
        if not both:
            continue

        def med(run, col):
            values = [number(runs[run][k], col) for k in both]
            values = [v for v in values if v is not None]
            return statistics.median(values) if values else float("nan")
        lines.append(f"| {s3} vs {ps2} | {len(both)} | {med(s3, 'evaluations'):g} → "
                     f"{med(ps2, 'evaluations'):g} | {med(s3, 'expansions'):g} → "
                     f"{med(ps2, 'expansions'):g} | {med(s3, 'average_branching_factor'):.2f} → "
                     f"{med(ps2, 'average_branching_factor'):.2f} |")
    return lines + [""]


def plots(runs, problems, plot_dir, doc_dir):
    try:
        import matplotlib
        matplotlib.use("Agg")
        # Fixed element ids and no date: the same data gives the same SVG.
        matplotlib.rcParams["svg.hashsalt"] = "lazylifted-report"
        import matplotlib.pyplot as plt
    except ImportError:
        return ["(plots skipped: matplotlib is not installed; apt-get install python3-matplotlib)", ""]
    os.makedirs(plot_dir, exist_ok=True)
    lines = []
    for column, label in [("expansions", "expansions"), ("evaluations", "evaluations"),
                          ("average_branching_factor", "average branching factor")]:
        fig, axes = plt.subplots(1, len(PAIRS), figsize=(4.2 * len(PAIRS), 4.2))
        for ax, (s3, ps2) in zip(axes, PAIRS):
            xs, ys = [], []
            for k in problems:
                a, b = runs.get(s3, {}).get(k), runs.get(ps2, {}).get(k)
                if not a or not b or a["status"] != "solved" or b["status"] != "solved":
                    continue
                x, y = number(a, column), number(b, column)
                if x and y and x > 0 and y > 0:
                    xs.append(x)
                    ys.append(y)
            ax.scatter(xs, ys, s=12, alpha=0.7)
            if xs:  # log axes need data (a configuration may not have run yet)
                lo, hi = min(xs + ys), max(xs + ys)
                ax.plot([lo, hi], [lo, hi], color="grey", linewidth=0.8)
                ax.set_xscale("log")
                ax.set_yscale("log")
            ax.set_xlabel(f"{s3} {label}")
            ax.set_ylabel(f"{ps2} {label}")
            ax.set_title(f"{len(xs)} problems solved by both", fontsize=9)
        fig.tight_layout()
        path = os.path.join(plot_dir, f"scatter-{column}.svg")
        fig.savefig(path, metadata={"Date": None})
        plt.close(fig)
        rel = os.path.relpath(path, doc_dir)
        lines += [f"![PS² vs S³ {label}]({rel})", ""]
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--planner", default=os.path.join(REPO, "build/native/cli/lazylifted"))
    parser.add_argument("--list", default=os.path.join(HERE, "lists/report-sample.txt"))
    parser.add_argument("--shared", default="/work/shared/benchmarks")
    parser.add_argument("--time-limit", type=float, default=30)
    parser.add_argument("--memory-limit", type=float, default=8000)
    parser.add_argument("--jobs", type=int, default=2, choices=[1, 2])
    parser.add_argument("--configs", nargs="*", help="run only these configurations")
    parser.add_argument("--no-run", action="store_true", help="only rebuild the report")
    parser.add_argument("--out-dir", default=os.path.join(HERE, "results/report"))
    parser.add_argument("--doc", default=os.path.join(REPO, "docs/benchmark-report.md"),
                        help="the report; the plots go to report/ next to it")
    parser.add_argument("--keep-tmp", action="store_true",
                        help="keep the runs' work folders (and the Slurm files)")
    executors.add_arguments(
        parser, f"--time-limit + {run_benchmark.SLURM_TIME_MARGIN_S:g} s",
        f"--memory-limit + {run_benchmark.SLURM_MEMORY_MARGIN_MB:g} MB; --jobs is for local "
        "runs only")
    args = parser.parse_args()
    executors.check_arguments(parser, args)

    os.makedirs(args.out_dir, exist_ok=True)
    if not args.no_run:
        code = run_configs(args, args.out_dir)
        if code != 0:
            print(f"report: not written, the runs did not all finish (exit {code})",
                  file=sys.stderr)
            return code
    runs = {n: load(os.path.join(args.out_dir, f"{n}.csv")) for n, *_ in CONFIGS}
    runs = {n: r for n, r in runs.items() if r}
    problems = []
    with open(args.list) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if line:
                domain, problem = line.split()
                problems.append((domain, problem))

    if args.executor == "local":
        where = f"{args.jobs} job(s) in parallel on this 2-core machine"
    else:
        where = (f"run as Slurm array tasks, at most "
                 f"{args.max_parallel or executors.DEFAULT_MAX_PARALLEL} at a time")
    lines = ["# Benchmark report", "",
             "Generated by `python3 benchmarks/report.py` (see its --help). "
             f"Sample: `{os.path.relpath(args.list, REPO)}` ({len(problems)} problems); "
             f"time limit {args.time_limit:g} s, memory {args.memory_limit:g} MB, {where}. "
             "Models: `models/` (see `models/manifest.json`). Per-run CSVs and tables: "
             f"`{os.path.relpath(args.out_dir, REPO)}/`.", ""]
    table_lines, invalid, totals = tables(runs, problems)
    lines += table_lines
    lines.append(f"Every plan was validated by `lazylifted validate`: "
                 f"{'all valid' if invalid == 0 else f'{invalid} INVALID'}.")
    lines.append("")
    lines += pair_summary(runs, problems)
    doc_dir = os.path.dirname(os.path.abspath(args.doc))
    lines += plots(runs, problems, os.path.join(doc_dir, "report"), doc_dir)
    with open(args.doc, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    print(f"wrote {args.doc}")
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main())
