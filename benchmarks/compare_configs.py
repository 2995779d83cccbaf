#!/usr/bin/env python3
"""Search configurations side by side with the anchors LAMA-first and Powerlifted.

Runs every configuration (NAME=PLANNER ARGUMENTS) on the anchor samples of
/work/shared/baselines/anchors-60s.csv through run_benchmark.py (one CSV per
configuration and sample, every plan validated; all runs through one
executor: here, or one Slurm array job with --executor slurm, docs/cluster.md),
then prints and writes a Markdown report: coverage per domain with
LAMA-first's and Powerlifted's results beside ours (and the paper's 30-minute
coverage, Table 1), a totals table per sample (coverage, invalid plans,
median time, expansions and evaluations over solved problems, plan length
relative to LAMA-first), the IPC quality score of our first and final
(anytime) plans against the anchors' and the targets.

  python3 benchmarks/compare_configs.py --sample both --time-limit 60 --jobs 2 --resume \\
      --configs default="" paper-s3-ff="--config paper" \\
                paper-ps2-aoag="--config paper --space partial --model models/{set}-{domain}-aoag-partial.json"

In the arguments of a configuration, {set} and {domain} are replaced per
problem (ipc23lt/blocksworld: ipc23lt, blocksworld), and relative paths are
relative to the repository root. Standard library only.
"""

import argparse
import csv
import json
import os
import re
import shlex
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import executors  # noqa: E402  (the executor seam, next to this file)
import run_benchmark  # noqa: E402  (runs the configurations in-process)
from run_benchmark import as_float as number, planner_version  # noqa: E402  (one implementation)
import time
from collections import OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SAMPLES = ("medium", "easy", "hard")
SAMPLE_CHOICES = {"medium": ["medium"], "easy": ["easy"], "hard": ["hard"],
                  "both": ["medium", "easy"], "all": list(SAMPLES)}
ANCHORS = [("lama-first", "LAMA-first"), ("powerlifted-gbfs-ff", "Powerlifted")]
LAMA = "lama-first"
# The reference setting: default configuration, 60 s, 2 parallel runs (hard:
# 13 of 20 at 60 s, 16 at 300 s).
TARGETS = {"medium": 36, "easy": 112, "hard": 13}
TARGETS_300S = {"hard": 16}
QUALITY_FACTOR = 1.1
# The paper's Table 1 (coverage of 90 problems per domain at 30 minutes): the
# columns shown beside ours, as the table names them.
PAPER_COLUMNS = [("LAMA", "LAMA"), ("S3-FF", "S³-FF"), ("S3-AOAG", "S³-AOAG"),
                 ("PS2-AOAG", "PS²-AOAG")]


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--configs", nargs="+", metavar="NAME=ARGS",
                   help="configurations: a name (letters, digits, . _ + -) and the planner "
                        "arguments, e.g. default=\"\" lama=\"--config lama --model auto\"")
    p.add_argument("--sample", choices=list(SAMPLE_CHOICES), default="both",
                   help="medium: IPC23 LT testing/medium p01, p08, p15, p22 (40); easy: IPC23 LT "
                        "and HBF testing/easy p01, p05, ..., p29 (120); hard: IPC23 LT "
                        "testing/hard p08 and p22 (20, LAMA-first only); both: medium and easy; "
                        "all: the three (default: %(default)s)")
    p.add_argument("--list", metavar="FILE",
                   help="instead of --sample, the problems of FILE (lines 'DOMAIN_DIR PROBLEM', "
                        "as benchmarks/lists/*.txt), a sample named after the file: e.g. every "
                        "testing problem for the paper's Table 1 (docs/cluster.md)")
    p.add_argument("--domains",
                   help="only these domains, comma-separated: a domain name (blocksworld: every "
                        "set) or a folder (hbf/blocksworld); for tests")
    p.add_argument("--time-limit", type=float, default=60.0,
                   help="seconds per problem (default: %(default)s, as the anchors)")
    p.add_argument("--memory-limit", type=float, default=8000.0,
                   help="MB per problem (default: %(default)s)")
    p.add_argument("--jobs", type=int, default=2,
                   help="problems run in parallel (default: %(default)s, as the anchors)")
    p.add_argument("--planner", default=os.path.join(REPO, "build/native/cli/lazylifted"),
                   help="the lazylifted binary (default: build/native/cli/lazylifted)")
    p.add_argument("--shared", default="/work/shared/benchmarks",
                   help="root of the benchmark sets (default: %(default)s)")
    p.add_argument("--anchors", default="/work/shared/baselines/anchors-60s.csv",
                   help="the anchors' per-problem results (default: %(default)s)")
    p.add_argument("--out-dir", default=os.path.join(REPO, "benchmarks/results/configs"),
                   help="where the CSVs go: <config>-<sample>.csv (default: "
                        "benchmarks/results/configs)")
    p.add_argument("--report", default=os.path.join(REPO, "benchmarks/results/configs/report.md"),
                   help="the Markdown report (default: benchmarks/results/configs/report.md; "
                        "docs/search-benchmarks.md gathers the measured samples' sections)")
    p.add_argument("--resume", action="store_true",
                   help="keep the rows already in the CSVs and run only the missing problems "
                        "(refused if a configuration's arguments or limits changed)")
    p.add_argument("--report-only", action="store_true",
                   help="run nothing: make the report from the CSVs already in --out-dir")
    p.add_argument("--note", help="a paragraph put at the top of the report")
    p.add_argument("--paper", default="/work/shared/reference/paper.tex",
                   help="the paper, for its Table 1 (30-minute coverage) beside ours; "
                        "skipped when missing (default: %(default)s)")
    p.add_argument("--keep-tmp", action="store_true",
                   help="keep each run's work folder (and the Slurm files)")
    executors.add_arguments(
        p, f"--time-limit + {run_benchmark.SLURM_TIME_MARGIN_S:g} s",
        f"--memory-limit + {run_benchmark.SLURM_MEMORY_MARGIN_MB:g} MB; --jobs is for local "
        "runs only")
    args = p.parse_args(argv)
    executors.check_arguments(p, args)
    if not args.configs:
        p.error("--configs is required")
    if args.jobs < 1:
        p.error("--jobs must be at least 1")
    if args.time_limit <= 0 or args.memory_limit <= 0:
        p.error("limits must be positive")
    configs = OrderedDict()
    for spec in args.configs:
        name, sep, planner_args = spec.partition("=")
        if not sep or not re.fullmatch(r"[A-Za-z0-9._+-]+", name):
            p.error(f"--configs: expected NAME=ARGS with NAME of letters, digits, . _ + -; "
                    f"got {spec!r}")
        if name in configs:
            p.error(f"--configs: {name} given twice")
        try:
            shlex.split(planner_args)
        except ValueError as e:
            p.error(f"--configs {name}: {e}")
        configs[name] = planner_args.strip()
    args.configs = configs
    args.samples = list(SAMPLE_CHOICES[args.sample])
    args.sample_lists = {s: os.path.join(HERE, "lists", f"anchors-{s}.txt") for s in args.samples}
    if args.list:
        name = os.path.splitext(os.path.basename(args.list))[0]
        if not re.fullmatch(r"[A-Za-z0-9._+-]+", name):
            p.error(f"--list: the file name {name!r} must be letters, digits, . _ + -")
        args.samples = [name]
        args.sample_lists = {name: os.path.abspath(args.list)}
    for attr in ("planner", "shared", "anchors", "out_dir", "report", "paper"):
        setattr(args, attr, os.path.abspath(getattr(args, attr)))
    return args


def read_list(path):
    problems = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                domain_dir, problem = line.split()
                problems.append((domain_dir, problem))
    return problems


def select_domains(problems_by_sample, domains):
    """Keeps the problems of the --domains entries; exits if an entry matches nothing."""
    if not domains:
        return problems_by_sample
    wanted = [d.strip().strip("/") for d in domains.split(",") if d.strip()]

    def keep(domain_dir, entry):
        return entry == domain_dir or entry == domain_dir.split("/")[-1]

    for entry in wanted:
        if not any(keep(d, entry) for ps in problems_by_sample.values() for d, _ in ps):
            sys.exit(f"error: --domains: {entry} is in none of the samples")
    return {s: [(d, p) for d, p in ps if any(keep(d, e) for e in wanted)]
            for s, ps in problems_by_sample.items()}


def read_rows(path):
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as f:
        return {(r["domain"], r["problem"]): r for r in csv.DictReader(f)}


def read_anchors(path):
    """planner -> (domain folder, problem path) -> {solved, time, plan_length, evaluations}."""
    anchors = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            key = (f"{r['set']}/{r['domain']}", f"testing/{r['level']}/{r['problem']}.pddl")
            anchors.setdefault(r["planner"], {})[key] = {
                "solved": r["solved"].strip() == "1",
                "valid": True,
                "time": number(r["time_s"]),
                "plan_length": number(r["plan_len"]),
                "expansions": number(r["expansions"]),
                "evaluations": number(r["evaluations"]),
                # The samples' tasks have unit costs: a plan's cost is its length.
                "cost": number(r["plan_len"]),
                "first_cost": number(r["plan_len"]),
            }
    return anchors


def our_results(rows):
    """run_benchmark rows -> the same shape as the anchors, plus status and validity."""
    out = {}
    for key, r in rows.items():
        solved = r.get("status") == "solved"
        out[key] = {
            "solved": solved and r.get("valid") == "yes",
            "invalid": solved and r.get("valid") != "yes",
            "status": r.get("status", ""),
            "time": number(r.get("wall_time_s")),
            "plan_length": number(r.get("plan_length")),
            "expansions": number(r.get("expansions")),
            "evaluations": number(r.get("evaluations")),
            # Rows written before run_benchmark recorded costs: the length
            # (every task of the samples has unit costs).
            "cost": number(r.get("plan_cost")) or number(r.get("plan_length")),
            "first_cost": (number(r.get("first_plan_cost")) or number(r.get("plan_cost"))
                           or number(r.get("plan_length"))),
            "first_time": number(r.get("first_plan_time_s")),
            "plans_found": number(r.get("plans_found")),
        }
    return out


def settings_path(args, name, sample):
    return os.path.join(args.out_dir, f"{name}-{sample}.json")


def settings(args, name):
    return {"planner_args": args.configs[name], "time_limit": args.time_limit,
            "memory_limit": args.memory_limit}


def run(args, problems_by_sample):
    """Runs the missing problems of every configuration and sample through one
    executor (locally --jobs at a time, or one Slurm array job); exits with
    run_benchmark's code when runs failed or were interrupted."""
    # From the repository root: relative paths in the arguments are relative to it.
    os.chdir(REPO)
    lists_dir = os.path.join(args.out_dir, "lists")
    os.makedirs(lists_dir, exist_ok=True)
    benchmarks = []
    for sample in args.samples:
        problems = problems_by_sample[sample]
        list_file = os.path.join(lists_dir, f"anchors-{sample}.txt")
        with open(list_file, "w") as f:
            f.write(f"# written by compare_configs.py: sample {sample}"
                    + (f", domains {args.domains}" if args.domains else "") + "\n")
            f.writelines(f"{d} {p}\n" for d, p in problems)
        for name, planner_args in args.configs.items():
            out = os.path.join(args.out_dir, f"{name}-{sample}.csv")
            side = settings_path(args, name, sample)
            if args.resume and os.path.exists(out) and os.path.exists(side):
                with open(side) as f:
                    before = json.load(f)
                if before != settings(args, name):
                    sys.exit(f"error: --resume: {out} was made with {before}, not "
                             f"{settings(args, name)}; use another name or drop --resume")
            with open(side, "w") as f:
                json.dump(settings(args, name), f)
                f.write("\n")
            argv = ["--planner", args.planner, "--list", list_file, "--shared", args.shared,
                    "--time-limit", f"{args.time_limit:g}", "--memory-limit",
                    f"{args.memory_limit:g}", "--jobs", str(args.jobs), "--out", out,
                    f"--planner-args={planner_args}"]
            argv += ["--resume"] if args.resume else []
            argv += ["--keep-tmp"] if args.keep_tmp else []
            # The command that makes this CSV on its own (written into <name>-<sample>.md).
            command = shlex.join([os.path.basename(sys.executable),
                                  os.path.join(HERE, "run_benchmark.py")] + argv)
            print(f"== {name} on {sample}: {command}", file=sys.stderr, flush=True)
            benchmarks.append(run_benchmark.Benchmark(run_benchmark.parse_args(argv), command))
    code = run_benchmark.run_benchmarks(benchmarks, run_benchmark.make_executor(args, benchmarks))
    if code != 0:
        print(f"error: runs did not all finish, report not written (run_benchmark exit {code})"
              + ("; rerun with --resume" if code in (3, 130) else ""), file=sys.stderr)
        sys.exit(code)


# --- report ---------------------------------------------------------------------------------

def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt_time(v):
    return "-" if v is None else f"{v:.2f}"


def fmt_count(v):
    return "-" if v is None else f"{v:,.0f}".replace(",", " ")


def bold_best(values, fmt, higher=True):
    present = [v for v in values if v is not None]
    if not present:
        return [fmt(v) for v in values]
    best = max(present) if higher else min(present)
    return [f"**{fmt(v)}**" if v is not None and v == best and (best > 0 or not higher)
            else fmt(v) for v in values]


def column_stats(results, problems, lama):
    """Totals of one column (a configuration or an anchor) over the problems."""
    got = [results.get(k) for k in problems]
    solved = [k for k in problems if results.get(k, {}).get("solved")]
    ratios = []
    for k in solved:
        mine, theirs = results[k]["plan_length"], lama.get(k, {})
        if theirs.get("solved") and mine and theirs.get("plan_length"):
            ratios.append(mine / theirs["plan_length"])
    others = OrderedDict()
    for r in got:
        if r is None:
            others["not run"] = others.get("not run", 0) + 1
        elif not r["solved"] and "status" in r and not r.get("invalid"):
            others[r["status"]] = others.get(r["status"], 0) + 1
    return {
        "solved": len(solved),
        "missing": sum(1 for r in got if r is None),
        "invalid": sum(1 for r in got if r is not None and r.get("invalid")),
        "time": median(results[k]["time"] for k in solved),
        "expansions": median(results[k].get("expansions") for k in solved),
        "evaluations": median(results[k]["evaluations"] for k in solved),
        "ratio": median(ratios),
        "ratio_n": len(ratios),
        "others": others,
    }


def measured(results, problems):
    """Whether a column has results on these problems (Powerlifted: not on hard)."""
    return any(k in results for k in problems)


NOT_MEASURED = "n/a"


def bold_present(values, present, fmt):
    """bold_best over the columns present; NOT_MEASURED for the others."""
    shown = bold_best([v for v, p in zip(values, present) if p], fmt)
    return [shown.pop(0) if p else NOT_MEASURED for p in present]


def sample_section(sample, problems, columns, lama):
    """columns: [(label, results, is_ours)]; an anchor without rows for this
    sample shows NOT_MEASURED. Returns Markdown lines."""
    present = [c[2] or measured(c[1], problems) for c in columns]
    labels = [c[0] for c in columns]
    domains = list(OrderedDict.fromkeys(d for d, _ in problems))
    sets = list(OrderedDict.fromkeys(d.split("/")[0] for d in domains))
    lines = [f"## Sample `{sample}` ({len(problems)} problems)", "",
             "### Coverage per domain (solved with a valid plan)", "",
             "| domain | n | " + " | ".join(labels) + " |",
             "|---|---:|" + "---:|" * len(labels)]

    def coverage_row(title, keys):
        values = [sum(1 for k in keys if res.get(k, {}).get("solved")) for _, res, _ in columns]
        return f"| {title} | {len(keys)} | " + " | ".join(bold_present(values, present, str)) \
            + " |"

    for d in domains:
        lines.append(coverage_row(d, [k for k in problems if k[0] == d]))
    if len(sets) > 1:
        for s in sets:
            lines.append(coverage_row(f"*total {s}*",
                                      [k for k in problems if k[0].split("/")[0] == s]))
    lines.append(coverage_row("**total**", problems))

    stats = [column_stats(res, problems, lama) for _, res, _ in columns]
    solved_cells = bold_present([s["solved"] for s in stats], present, str)
    lines += ["", "### Totals", "",
              "| | solved | invalid plans | median time (s) | median expansions "
              "| median evaluations | plan length / LAMA-first (median, n) | not solved |",
              "|---|---:|---:|---:|---:|---:|---:|---|"]
    for (label, _, ours), s, solved, shown in zip(columns, stats, solved_cells, present):
        if not shown:
            lines.append(f"| {label} | {NOT_MEASURED} | - | - | - | - | - | not measured on "
                         "this sample |")
            continue
        invalid = (f"**{s['invalid']} (must be 0)**" if s["invalid"] else "0") if ours else "-"
        ratio = "-" if s["ratio"] is None else f"{s['ratio']:.3f} ({s['ratio_n']})"
        others = ", ".join(f"{k} {v}" for k, v in s["others"].items()) if ours else "-"
        lines.append(f"| {label} | {solved}/{len(problems)} | {invalid} | {fmt_time(s['time'])} "
                     f"| {fmt_count(s['expansions'])} | {fmt_count(s['evaluations'])} | {ratio} "
                     f"| {others or '-'} |")
    lines.append("")
    lines += quality_section(problems, columns, present, lama)
    return lines, {label: st for (label, _, _), st in zip(columns, stats)}


def best_costs(problems, columns):
    """C* per problem: the cheapest valid plan any column found (first or final)."""
    best = {}
    for k in problems:
        costs = [c for _, res, _ in columns if res.get(k, {}).get("solved")
                 for c in (res[k].get("cost"), res[k].get("first_cost")) if c]
        if costs:
            best[k] = min(costs)
    return best


def quality(results, keys, best, which):
    """The IPC quality score (sum of C*/C, 0 when unsolved) of `which` plans
    ("first_cost" or "cost") over keys."""
    total = 0.0
    for k in keys:
        r = results.get(k, {})
        if r.get("solved") and r.get(which) and k in best:
            total += best[k] / r[which]
    return total


def quality_section(problems, columns, present, lama):
    """The IPC quality score per domain of our first and final plans and the
    anchors', and ours against LAMA-first's on the problems both solve."""
    best = best_costs(problems, columns)
    heads, cells, shown = [], [], []  # per score column: label, (results, which), measured
    for (label, res, ours), here in zip(columns, present):
        if ours:
            heads += [f"{label} first", f"{label} final"]
            cells += [(res, "first_cost"), (res, "cost")]
            shown += [True, True]
        else:
            heads.append(label)
            cells.append((res, "cost"))
            shown.append(here)
    domains = list(OrderedDict.fromkeys(d for d, _ in problems))
    lines = ["### Plan quality (IPC score: sum of C*/C)", "",
             "C* is the cheapest valid plan any column found (first or final plan); an "
             "unsolved problem scores 0. *first*: our first plan; *final*: the last plan of "
             "anytime search (the first with `--first-plan`).", "",
             "| domain | n | " + " | ".join(heads) + " |", "|---|---:|" + "---:|" * len(heads)]
    for title, keys in [(d, [k for k in problems if k[0] == d]) for d in domains] + [
            ("**total**", problems)]:
        values = [quality(res, keys, best, which) for res, which in cells]
        lines.append(f"| {title} | {len(keys)} | "
                     + " | ".join(bold_present(values, shown, lambda v: f"{v:.2f}")) + " |")
    lines += ["", "On the problems both a configuration and LAMA-first solve:", "",
              "| configuration | both solve | ours first | ours final | LAMA-first "
              "| final ≥ LAMA-first |", "|---|---:|---:|---:|---:|---|"]
    for label, res, ours in columns:
        if not ours:
            continue
        both = [k for k in problems if res.get(k, {}).get("solved")
                and lama.get(k, {}).get("solved")]
        first, final = quality(res, both, best, "first_cost"), quality(res, both, best, "cost")
        theirs = quality(lama, both, best, "cost")
        lines.append(f"| {label} | {len(both)} | {first:.2f} | {final:.2f} | {theirs:.2f} "
                     f"| {'yes' if final >= theirs - 1e-9 else 'no'} |")
    return lines + [""]


def paper_table(path):
    """The paper's Table 1 (tab:overview-coverage): {domain: {column: coverage}},
    HBF domains as hbf/<name>; {} when the file or table is missing."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return {}
    end = text.find(r"\label{tab:overview-coverage}")
    start = text.rfind(r"\begin{tabular}", 0, end)
    if end < 0 or start < 0:
        return {}
    names = ["LAMA", "WL-GOOSE", "PWL", "S3-FF", "S3-AOAG", "S3-AEG", "PS2-FF", "PS2-AOAG",
             "PS2-AEG"]
    table, prefix = {}, ""
    for line in text[start:end].splitlines():
        if "HBF" in line:
            prefix = "hbf/"
        line = re.sub(r"\\cellcolor\{[^}]*\}", "", line)
        line = re.sub(r"\\textbf\{([^}]*)\}", r"\1", line).replace("\\\\", "")
        cells = [c.strip() for c in line.split("&")]
        if len(cells) == len(names) + 2 and re.fullmatch(r"[a-z-]+", cells[1]) and all(
                c.isdigit() for c in cells[2:]):
            table[prefix + cells[1]] = dict(zip(names, (int(c) for c in cells[2:])))
    return table


def paper_section(sample, problems, columns, paper):
    """Coverage per domain beside the paper's 30-minute figures (of 90 problems)."""
    domains = list(OrderedDict.fromkeys(d for d, _ in problems))

    def paper_name(domain):
        set_name, _, name = domain.rpartition("/")
        name = "blocksworld-large" if domain == "hbf/blocksworld" else name
        return ("hbf/" if set_name == "hbf" else "") + name

    if not any(paper_name(d) in paper for d in domains):
        return []
    labels = [c[0] for c in columns]
    lines = ["### Beside the paper's 30-minute coverage (Table 1)", "",
             f"Ours and the anchors: solved of the {sample} sample's problems of the domain; "
             "the paper: solved of the domain's 90 testing problems (30 easy, 30 medium, 30 "
             "hard) at 30 minutes.", "",
             "| domain | n | " + " | ".join(labels) + " | "
             + " | ".join(f"paper {h} (of 90)" for _, h in PAPER_COLUMNS) + " |",
             "|---|---:|" + "---:|" * (len(labels) + len(PAPER_COLUMNS))]
    for d in domains:
        keys = [k for k in problems if k[0] == d]
        ours = [str(sum(1 for k in keys if res.get(k, {}).get("solved")))
                if mine or measured(res, problems) else NOT_MEASURED for _, res, mine in columns]
        row = paper.get(paper_name(d), {})
        theirs = [str(row[c]) if c in row else "-" for c, _ in PAPER_COLUMNS]
        lines.append(f"| {d} | {len(keys)} | " + " | ".join(ours + theirs) + " |")
    return lines + [""]


def targets_section(args, names, per_sample):
    """The target numbers for each configuration (full samples only)."""
    def target(sample):
        return TARGETS_300S.get(sample, TARGETS[sample]) if args.time_limit >= 300 \
            else TARGETS[sample]

    lines = ["## Targets", "",
             "Done when, for the default configuration at 60 s with 2 parallel runs: "
             f"medium ≥ {TARGETS['medium']}/40, easy ≥ {TARGETS['easy']}/120, hard ≥ "
             f"{TARGETS['hard']}/20 (≥ {TARGETS_300S['hard']} at 300 s), HBF blocksworld "
             f"8/8 on the easy sample, median plan length / LAMA-first ≤ {QUALITY_FACTOR} "
             "(here over the problems both solve in the samples shown), no invalid plan.", ""]
    head = ["configuration"]
    for sample in args.samples:
        head.append(f"{sample} ≥ {target(sample)}")
    if "easy" in args.samples:
        head.append("hbf/blocksworld 8/8")
    head += [f"plan length / LAMA ≤ {QUALITY_FACTOR}", "invalid plans"]
    lines += ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for name in names:
        cells = [name]
        for sample in args.samples:
            s = per_sample[sample]["stats"][name]
            ok = s["solved"] >= target(sample)
            cells.append(f"{s['solved']} {'yes' if ok else 'no'}")
        if "easy" in args.samples:
            res = per_sample["easy"]["results"][name]
            keys = [k for k in per_sample["easy"]["problems"] if k[0] == "hbf/blocksworld"]
            n = sum(1 for k in keys if res.get(k, {}).get("solved"))
            cells.append(f"{n}/{len(keys)} {'yes' if n == len(keys) == 8 else 'no'}")
        ratios = []
        for sample in args.samples:
            res = per_sample[sample]["results"][name]
            lama = per_sample[sample]["lama"]
            for k in per_sample[sample]["problems"]:
                mine, theirs = res.get(k, {}), lama.get(k, {})
                if (mine.get("solved") and theirs.get("solved") and mine.get("plan_length")
                        and theirs.get("plan_length")):
                    ratios.append(mine["plan_length"] / theirs["plan_length"])
        r = median(ratios)
        cells.append("-" if r is None else
                     f"{r:.3f} ({len(ratios)}) {'yes' if r <= QUALITY_FACTOR else 'no'}")
        invalid = sum(per_sample[s]["stats"][name]["invalid"] for s in args.samples)
        cells.append(f"{invalid} {'yes' if invalid == 0 else 'no'}")
        lines.append("| " + " | ".join(cells) + " |")
    return lines + [""]


def git(*cmd):
    try:
        out = subprocess.run(["git", "-C", REPO, *cmd], capture_output=True, text=True, timeout=10)
        return out.stdout.strip() if out.returncode == 0 else ""
    except (OSError, subprocess.TimeoutExpired):
        return ""


def machine():
    cpu, mem = "unknown CPU", "unknown memory"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB memory"
                    break
    except (OSError, ValueError, IndexError):
        pass
    try:
        nproc = len(os.sched_getaffinity(0))
    except AttributeError:
        nproc = os.cpu_count()
    return f"{cpu}, nproc {nproc}, {mem}"


def relative(path):
    rel = os.path.relpath(path, REPO)
    return path if rel.startswith("..") else rel


def report(args, problems_by_sample, command_line, started):
    anchors = read_anchors(args.anchors)
    names = list(args.configs)
    commit = git("rev-parse", "HEAD") or "unknown"
    if git("status", "--porcelain", "--untracked-files=no"):
        commit += " (with uncommitted changes)"
    anchor_conditions = args.time_limit == 60 and args.jobs == 2
    lines = ["# Search configurations against LAMA-first and Powerlifted", ""]
    if args.note:
        lines += [f"> {args.note}", ""]
    lines += [
        "Made by `benchmarks/compare_configs.py` with this command:",
        "", "```", command_line, "```", "",
        f"- date: {started} (report written {time.strftime('%Y-%m-%d %H:%M:%S')})",
        f"- machine: {machine()}",
        f"- planner: `{relative(args.planner)}` ({planner_version(args.planner)}), "
        f"git commit {commit}",
        f"- ours: {args.time_limit:g} s and {args.memory_limit:g} MB per problem (the planner's "
        f"--time-limit, whole run; killed at {args.time_limit + 10:g} s wall clock), "
        f"**{args.jobs} run(s) in parallel**; every plan checked by `lazylifted validate`; rows in "
        f"`{relative(args.out_dir)}/<configuration>-<sample>.csv`",
        "- anchors: LAMA-first (Fast Downward `--alias lama-first`) and Powerlifted (`-s gbfs -e ff "
        "-g yannakakis`) from `" + args.anchors + "`, **measured at 60 s with 2 parallel runs** "
        "(8 GiB, 2-core 24 GiB machine; plans checked with VAL)"
        + ("" if anchor_conditions else
           f"; **our runs used {args.time_limit:g} s and {args.jobs} parallel run(s): not the "
           "anchors' conditions, compare with care**"),
        "- solved = a plan that the validator accepted; times are wall-clock seconds of the whole "
        "run; medians are over the problems that column solved; plan length / LAMA-first is the "
        "median of (plan length / LAMA-first's plan length) over the problems solved by both, "
        "with their number",
    ]
    if args.domains:
        lines.append(f"- **restricted to the domains {args.domains}** (not the full samples)")
    lines += ["", "| configuration | planner arguments |", "|---|---|"]
    for name, planner_args in args.configs.items():
        lines.append(f"| {name} | `{planner_args}` |" if planner_args else
                     f"| {name} | (none: the planner's defaults) |")
    lines.append("")

    per_sample = {}
    for sample in args.samples:
        problems = problems_by_sample[sample]
        results = {n: our_results(read_rows(os.path.join(args.out_dir, f"{n}-{sample}.csv")))
                   for n in names}
        lama = anchors.get(LAMA, {})
        columns = [(n, results[n], True) for n in names]
        columns += [(label, anchors.get(key, {}), False) for key, label in ANCHORS]
        section, stats = sample_section(sample, problems, columns, lama)
        lines += section
        if sample not in ("easy", "medium"):
            lines += paper_section(sample, problems, columns, paper_table(args.paper))
        per_sample[sample] = {"problems": problems, "results": results, "lama": lama,
                              "stats": {n: stats[n] for n in names}}
    if not args.domains and all(s in TARGETS for s in args.samples):
        lines += targets_section(args, names, per_sample)
    missing = sum(per_sample[s]["stats"][n]["missing"] for s in args.samples for n in names)
    if missing:
        lines += [f"**{missing} run(s) missing** (counted as not solved, `not run` in the totals)."
                  "", ""]
    return "\n".join(lines).rstrip() + "\n"


def main(argv):
    args = parse_args(argv)
    command_line = shlex.join(["python3", os.path.relpath(os.path.abspath(sys.argv[0]))] + argv)
    if os.path.abspath(os.getcwd()) != REPO:
        command_line = f"cd {shlex.quote(os.getcwd())} && {command_line}"
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    if not args.report_only and not os.access(args.planner, os.X_OK):
        sys.exit(f"error: planner {args.planner} is not executable (build the native preset)")
    problems_by_sample = {s: read_list(args.sample_lists[s]) for s in args.samples}
    problems_by_sample = select_domains(problems_by_sample, args.domains)
    for sample in list(args.samples):
        if not problems_by_sample[sample]:
            print(f"note: no problem of --domains in the {sample} sample; skipped",
                  file=sys.stderr)
            args.samples.remove(sample)
    os.makedirs(args.out_dir, exist_ok=True)
    if not args.report_only:
        run(args, problems_by_sample)
    text = report(args, problems_by_sample, command_line, started)
    os.makedirs(os.path.dirname(args.report), exist_ok=True)
    with open(args.report, "w") as f:
        f.write(text)
    print(text)
    print(f"report: {args.report}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit("interrupted: finished rows are in the CSVs; rerun with --resume")
