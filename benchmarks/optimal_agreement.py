#!/usr/bin/env python3
"""Checks that the optimal configurations agree with each other.

For every task of the chosen sets it runs, with each configuration of
CONFIGS (the default and the optimal aliases),

    lazylifted plan DOMAIN PROBLEM --config ALIAS --stats-json F \\
        --plan-file P --time-limit T --memory-limit M
    lazylifted validate DOMAIN PROBLEM P          (when a plan was found)

and checks, per task:

- every plan is valid (the planner validates it; `lazylifted validate`
  checks it again) and the validator's cost is the planner's;
- ucs, astar-blind, astar-hmax and astar-lmcut find the same cost whenever
  two of them solve, and no configuration solves a task that another
  proved unsolvable;
- bfs's plan is no longer than any other plan found;
- the optimality claim ("Optimal: yes (<reason>)" in the summary, `optimal`
  and `optimality` in --stats-json) is made exactly by the optimal
  configurations (bfs only on unit-cost tasks) and only on a solved run,
  and a claimed plan costs the agreed optimum;
- the default configuration's plan costs at least the optimum;
- A* with LM-cut expands no more nodes than A* with h^max (reported for
  every task; a disagreement only on the web examples);
- with --expected FILE, the web examples' optimal costs and lengths are
  the ones recorded there (the values the wasm test checks against).

It prints a Markdown table (per task and configuration: cost/length,
expansions, time, claim) and the disagreements, and exits 1 when there is
any. Runs that end out of time or memory are reported and skipped (a task
too large for the limit); a run that crashes or is refused is a
disagreement.

Task sets (--sets, comma-separated):
  tests     every problem of tests/data/tasks and tests/data/optimal
  examples  the web page's examples (web/examples/index.json)
  adl       the ADL and action-cost ports of benchmarks/adl (the first
            --adl-problems (2) per domain)
  ipc       the --ipc-problems (5) smallest training problems (by file size)
            of every domain of <shared>/ipc23lt and the --hbf-problems (2) of
            <shared>/hbf

Usage (Python 3 standard library only; from anywhere):

    nice python3 benchmarks/optimal_agreement.py --jobs 2 --time-limit 20 \\
        --markdown /tmp/agreement.md

--write-expected FILE records the examples' agreed optimal costs and
shortest lengths (tests/data/optimal/web-examples.json).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

CONFIGS = ["default", "bfs", "ucs", "astar-blind", "astar-hmax", "astar-lmcut"]
# The configurations that find a cheapest plan.
COST_OPTIMAL = ["ucs", "astar-blind", "astar-hmax", "astar-lmcut"]
OPTIMAL = ["bfs"] + COST_OPTIMAL

# Exit codes of "lazylifted plan --help": outcomes that are not an error.
SOLVED, UNSOLVABLE = 0, 11
LIMITS = {12: "expansion limit", 22: "out of memory", 23: "out of time"}

CLAIM = re.compile(r"^Optimal: yes \((.*)\)$", re.MULTILINE)
PLAN_COST = re.compile(r"^;\s*cost\s*=\s*(-?\d+)\s*\(([^)]*)\)", re.MULTILINE)
VALIDATOR_COST = re.compile(r"^Plan cost:\s*(-?\d+)", re.MULTILINE)


class Task:
    def __init__(self, group, name, domain, problem):
        self.group, self.name = group, name
        self.domain, self.problem = Path(domain), Path(problem)

    def label(self):
        return "%s/%s" % (self.group, self.name)


def rel(path):
    try:
        return str(Path(path).resolve().relative_to(REPO))
    except ValueError:
        return str(path)


# ---- task sets ----

def test_tasks():
    data = REPO / "tests" / "data"
    folders = [p for root in (data / "tasks", data / "optimal") for p in root.iterdir()
               if (p / "domain.pddl").exists()]
    tasks = []
    for folder in sorted(folders, key=lambda p: p.name):
        for problem in sorted(folder.glob("p*.pddl")):
            tasks.append(Task("tests", folder.name + "/" + problem.stem, folder / "domain.pddl",
                              problem))
    return tasks


def example_tasks():
    root = REPO / "web" / "examples"
    index = json.loads((root / "index.json").read_text())
    return [Task("examples", e["id"], root / e["domainFile"], root / e["problemFile"])
            for e in index["examples"]]


def smallest(folder, count):
    """The `count` smallest problems of a folder (by file size), by name."""
    problems = sorted(folder.glob("*.pddl"), key=lambda p: (p.stat().st_size, p.name))
    return sorted(problems[:count], key=lambda p: p.name)


def adl_tasks(count):
    root = REPO / "benchmarks" / "adl"
    tasks = []
    for folder in sorted(p for p in root.iterdir() if (p / "domain.pddl").exists()):
        problems = sorted(p for p in folder.glob("*.pddl") if p.name != "domain.pddl")
        for problem in problems[:count]:
            tasks.append(Task("adl", folder.name + "/" + problem.stem, folder / "domain.pddl",
                              problem))
    return tasks


def ipc_tasks(shared, ipc_count, hbf_count):
    tasks = []
    for suite, count in (("ipc23lt", ipc_count), ("hbf", hbf_count)):
        root = Path(shared) / suite
        if not root.is_dir() or count <= 0:
            continue
        for folder in sorted(p for p in root.iterdir() if (p / "domain.pddl").exists()):
            for problem in smallest(folder / "training", count):
                tasks.append(Task(suite, folder.name + "/" + problem.stem,
                                  folder / "domain.pddl", problem))
    return tasks


# ---- running ----

def run_one(args, task, config, workdir):
    """Plans (and validates) one task with one configuration."""
    tag = "%s-%s-%s" % (task.group, task.name.replace("/", "-"), config)
    plan, stats = workdir / (tag + ".plan"), workdir / (tag + ".json")
    for f in (plan, stats):
        if f.exists():
            f.unlink()
    cmd = [args.planner, "plan", str(task.domain), str(task.problem), "--config", config,
           "--stats-json", str(stats), "--plan-file", str(plan),
           "--time-limit", str(args.time_limit), "--memory-limit", str(args.memory_limit)]
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO,
                              timeout=args.time_limit + 30, preexec_fn=lambda: os.nice(args.nice))
        code, stdout, stderr = proc.returncode, proc.stdout, proc.stderr
    except subprocess.TimeoutExpired:
        code, stdout, stderr = None, "", "killed after the time limit + 30 s"
    run = {"config": config, "code": code, "wall": time.monotonic() - start,
           "claims": CLAIM.findall(stdout), "stats": None, "error": ""}
    try:
        run["stats"] = json.loads(stats.read_text())
    except (OSError, ValueError):
        run["error"] = "no --stats-json"
    if code not in (SOLVED, UNSOLVABLE) and code not in LIMITS:
        lines = [l for l in stderr.splitlines() if l.strip() and not l.startswith("[t=")]
        run["error"] = lines[-1] if lines else "exit %s" % code
    if code == SOLVED:
        run.update(check_plan(args, task, plan))
    return run


def check_plan(args, task, plan):
    """The plan file's cost and length, and `lazylifted validate`'s verdict."""
    try:
        text = plan.read_text()
    except OSError:
        return {"valid": False, "validate": "no plan file"}
    steps = [l for l in text.splitlines() if l.strip() and not l.strip().startswith(";")]
    m = PLAN_COST.search(text)
    proc = subprocess.run([args.planner, "validate", str(task.domain), str(task.problem),
                           str(plan)], capture_output=True, text=True, cwd=REPO)
    v = VALIDATOR_COST.search(proc.stdout)
    return {"valid": proc.returncode == 0, "validate": proc.stdout.strip().splitlines()[:1],
            "file_length": len(steps), "file_cost": int(m.group(1)) if m else None,
            "unit_cost": bool(m) and m.group(2).strip() == "unit cost",
            "validator_cost": int(v.group(1)) if v else None}


# ---- checks ----

def solved(run):
    return run["code"] == SOLVED and run["stats"] is not None


def cost(run):
    return run["stats"]["plan_cost"]


def length(run):
    return run["stats"]["plan_length"]


def check_run(run, unit_cost):
    """Problems with one run on its own (validity, claim, exit code)."""
    c, problems = run["config"], []
    if run["code"] is None or (run["code"] not in (SOLVED, UNSOLVABLE) and
                               run["code"] not in LIMITS):
        return ["%s: exit %s (%s)" % (c, run["code"], run["error"])]
    if run["stats"] is None:
        return ["%s: no statistics written" % c]
    if solved(run):
        if not run.get("valid"):
            problems.append("%s: plan rejected by validate (%s)" % (c, run.get("validate")))
        if run.get("validator_cost") != cost(run) or run.get("file_cost") != cost(run):
            problems.append("%s: costs differ: stats %s, plan file %s, validate %s" %
                            (c, cost(run), run.get("file_cost"), run.get("validator_cost")))
        if run.get("file_length") != length(run):
            problems.append("%s: plan length %s, plan file %s" %
                            (c, length(run), run.get("file_length")))
    expected = solved(run) and c in OPTIMAL and (c != "bfs" or unit_cost)
    printed = run["claims"]
    if bool(run["stats"].get("optimal")) != expected:
        problems.append("%s: --stats-json optimal=%s, expected %s" %
                        (c, run["stats"].get("optimal"), expected))
    if bool(printed) != expected or len(printed) > 1:
        problems.append("%s: printed claim %r, expected %s" % (c, printed, expected))
    elif printed and printed[0] != run["stats"].get("optimality"):
        problems.append("%s: printed reason %r, --stats-json %r" %
                        (c, printed[0], run["stats"].get("optimality")))
    return problems


def unit_cost_of(runs):
    """Whether the task has unit costs, from any plan file's cost line."""
    for run in runs.values():
        if solved(run) and run.get("file_cost") is not None:
            return run["unit_cost"]
    return None


def check_task(task, runs, expected):
    """Returns (problems, notes, summary) for one task's runs."""
    unit = unit_cost_of(runs)
    problems = []
    for run in runs.values():
        problems += check_run(run, bool(unit))
    done = {c: r for c, r in runs.items() if solved(r)}
    proven = [c for c, r in runs.items() if r["code"] == UNSOLVABLE]
    if done and proven:
        problems.append("solved by %s but proven unsolvable by %s" %
                        (", ".join(done), ", ".join(proven)))
    costs = {c: cost(done[c]) for c in COST_OPTIMAL if c in done}
    optimum = min(costs.values()) if costs else None
    if len(set(costs.values())) > 1:
        problems.append("optimal costs differ: %s" %
                        ", ".join("%s %s" % kv for kv in costs.items()))
    for c, r in done.items():
        if r["stats"].get("optimal") and optimum is not None and cost(r) != optimum:
            problems.append("%s claims optimality at cost %s, optimum %s" % (c, cost(r), optimum))
    if "default" in done and optimum is not None and cost(done["default"]) < optimum:
        problems.append("default cost %s below the optimum %s" % (cost(done["default"]), optimum))
    shortest = length(done["bfs"]) if "bfs" in done else None
    if shortest is not None:
        for c, r in done.items():
            if length(r) < shortest:
                problems.append("%s plan of length %s shorter than bfs's %s" %
                                (c, length(r), shortest))
    notes, dominance = [], lmcut_dominance(runs)
    if dominance is False:
        message = "astar-lmcut expanded %s nodes, astar-hmax %s" % (
            runs["astar-lmcut"]["stats"]["expansions"], runs["astar-hmax"]["stats"]["expansions"])
        (problems if task.group == "examples" else notes).append(message)
    if expected is not None and task.group == "examples":
        problems += check_expected(task, expected, optimum, shortest, runs)
    summary = {"optimum": optimum, "shortest": shortest, "unit_cost": unit,
               "lmcut_le_hmax": dominance,
               "expansions": {c: done[c]["stats"]["expansions"] for c in OPTIMAL if c in done}}
    return problems, notes, summary


def lmcut_dominance(runs):
    """True/False when both A* with LM-cut and with h^max ended (solved or
    proved unsolvable), None otherwise."""
    a, b = runs.get("astar-lmcut"), runs.get("astar-hmax")
    if not a or not b or a["stats"] is None or b["stats"] is None:
        return None
    if a["code"] not in (SOLVED, UNSOLVABLE) or b["code"] not in (SOLVED, UNSOLVABLE):
        return None
    return a["stats"]["expansions"] <= b["stats"]["expansions"]


def check_expected(task, expected, optimum, shortest, runs):
    """The example's recorded optimum, shortest length and expansions."""
    want = expected.get(task.name)
    if want is None:
        return [] if optimum is None else ["no recorded optimum for the example %s" % task.name]
    got = {"cost": optimum, "length": shortest}
    problems = ["recorded %s %s, found %s" % (k, want[k], got[k])
                for k in ("cost", "length") if got[k] is not None and want.get(k) != got[k]]
    for c, n in want.get("expansions", {}).items():
        run = runs.get(c)
        if run and solved(run) and run["stats"]["expansions"] != n:
            problems.append("%s: recorded %s expansions, found %s" %
                            (c, n, run["stats"]["expansions"]))
    return problems


# ---- output ----

def status_word(run):
    if run["code"] in LIMITS:
        return LIMITS[run["code"]]
    if run["code"] == UNSOLVABLE:
        return "unsolvable"
    return "exit %s" % run["code"]


def cell(run):
    if run["stats"] is None or run["code"] not in (SOLVED, UNSOLVABLE):
        return status_word(run)
    s = run["stats"]
    head = "%s/%s" % (s["plan_cost"], s["plan_length"]) if run["code"] == SOLVED else "unsolvable"
    claim = " ✓" if run["claims"] else ""
    return "%s · %s · %.2f s%s" % (head, s["expansions"], s["total_time_s"], claim)


def table(tasks, results):
    lines = ["| task | " + " | ".join(CONFIGS) + " | lmcut ≤ hmax |",
             "|---|" + "---|" * (len(CONFIGS) + 1)]
    for task in tasks:
        runs, (_, _, summary) = results[task.label()]
        dom = summary["lmcut_le_hmax"]
        word = "–" if dom is None else ("yes" if dom else "**no**")
        lines.append("| %s | %s | %s |" %
                     (task.label(), " | ".join(cell(runs[c]) for c in CONFIGS), word))
    return "\n".join(lines)


def summary_text(tasks, results, elapsed):
    ended = lambda r: r["code"] in (SOLVED, UNSOLVABLE)
    counts = ", ".join("%s %d" % (c, sum(ended(results[t.label()][0][c]) for t in tasks))
                       for c in CONFIGS)
    agreed = [t for t in tasks if any(ended(results[t.label()][0][c]) for c in COST_OPTIMAL)]
    skipped = [t.label() for t in tasks if t not in agreed]
    dom = [results[t.label()][1][2]["lmcut_le_hmax"] for t in tasks]
    lines = [
        "Tasks: %d; solved or proven unsolvable per configuration: %s." % (len(tasks), counts),
        "Checked for agreement (some cost-optimal configuration ended): %d; out of the limits "
        "for every cost-optimal configuration: %d%s." %
        (len(agreed), len(skipped), (" (" + ", ".join(skipped) + ")") if skipped else ""),
        "A* with LM-cut expanded no more nodes than with h^max on %d of the %d tasks both "
        "ended." % (dom.count(True), dom.count(True) + dom.count(False)),
        "Wall-clock time of the whole check: %.0f s." % elapsed,
    ]
    return "\n".join(lines)


def report(tasks, results, elapsed, args):
    out = ["Cells: cost/length · expansions · total time (✓: \"Optimal: yes\" printed); "
           "time limit %s s, memory limit %s MB per run." % (args.time_limit, args.memory_limit),
           "", table(tasks, results), "", summary_text(tasks, results, elapsed), ""]
    problems = [(t.label(), p) for t in tasks for p in results[t.label()][1][0]]
    notes = [(t.label(), n) for t in tasks for n in results[t.label()][1][1]]
    if notes:
        out.append("Notes (not disagreements):")
        out += ["- %s: %s" % n for n in notes]
        out.append("")
    if problems:
        out.append("Disagreements: %d" % len(problems))
        out += ["- %s: %s" % p for p in problems]
    else:
        out.append("Disagreements: none.")
    return "\n".join(out) + "\n", bool(problems)


def write_expected(path, tasks, results):
    """Records the examples' optimal cost, shortest length (on a unit-cost
    task the optimal cost, when bfs ran out of the limits) and the
    expansions of every optimal configuration that solved them."""
    values = {}
    for task in tasks:
        summary = results[task.label()][1][2]
        if task.group != "examples" or summary["optimum"] is None:
            continue
        shortest = summary["shortest"]
        if shortest is None and summary["unit_cost"]:
            shortest = summary["optimum"]
        values[task.name] = {"cost": summary["optimum"], "length": shortest,
                             "unit_cost": summary["unit_cost"],
                             "expansions": summary["expansions"]}
    doc = {"note": "The web examples' optimal plan costs (ucs, astar-blind, astar-hmax and "
                   "astar-lmcut agreeing), shortest plan lengths (bfs) and the expansions of "
                   "each optimal configuration that solved them natively; written by "
                   "benchmarks/optimal_agreement.py --sets examples --write-expected FILE, "
                   "read by that script and by tests/node/optimal-examples.test.mjs. "
                   "Examples no configuration solved within the script's limits are left out.",
           "examples": values}
    Path(path).write_text(json.dumps(doc, indent=2) + "\n")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--planner", default=str(REPO / "build" / "native" / "cli" / "lazylifted"))
    p.add_argument("--sets", default="tests,examples,adl,ipc")
    p.add_argument("--shared", default=str(REPO.parent / "shared" / "benchmarks")
                   if (REPO.parent / "shared").is_dir() else "/work/shared/benchmarks")
    p.add_argument("--ipc-problems", type=int, default=5)
    p.add_argument("--hbf-problems", type=int, default=2)
    p.add_argument("--adl-problems", type=int, default=2)
    p.add_argument("--time-limit", type=float, default=20)
    p.add_argument("--memory-limit", type=int, default=4000)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--nice", type=int, default=10)
    p.add_argument("--only", default="", help="only tasks whose label contains this text")
    p.add_argument("--expected", default=str(REPO / "tests" / "data" / "optimal" /
                                             "web-examples.json"))
    p.add_argument("--write-expected", default="")
    p.add_argument("--markdown", default="", help="also write the report to this file")
    args = p.parse_args()
    args.planner = str(Path(args.planner).resolve())
    sets = set(args.sets.split(","))
    tasks = []
    if "tests" in sets:
        tasks += test_tasks()
    if "examples" in sets:
        tasks += example_tasks()
    if "adl" in sets:
        tasks += adl_tasks(args.adl_problems)
    if "ipc" in sets:
        tasks += ipc_tasks(args.shared, args.ipc_problems, args.hbf_problems)
    tasks = [t for t in tasks if args.only in t.label()]
    expected = None
    if args.expected and Path(args.expected).exists() and not args.write_expected:
        expected = json.loads(Path(args.expected).read_text())["examples"]
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="ll-agreement-") as tmp, \
            ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {(t.label(), c): pool.submit(run_one, args, t, c, Path(tmp))
                   for t in tasks for c in CONFIGS}
        results = {}
        for t in tasks:
            runs = {c: futures[(t.label(), c)].result() for c in CONFIGS}
            results[t.label()] = (runs, check_task(t, runs, expected))
            print("%-45s %s" % (t.label(), "ok" if not results[t.label()][1][0] else
                                "DISAGREEMENT"), file=sys.stderr, flush=True)
    text, failed = report(tasks, results, time.monotonic() - start, args)
    sys.stdout.write(text)
    if args.markdown:
        Path(args.markdown).write_text(text)
    if args.write_expected:
        write_expected(args.write_expected, tasks, results)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
