#!/usr/bin/env python3
"""Plans and validates every hand-written ADL / action-cost port.

For every folder of benchmarks/adl/ that holds a domain.pddl, and for every
other .pddl file in it (the problems, in name order), this script runs

    lazylifted plan DOMAIN PROBLEM --plan-file F --time-limit T [extra args]
    lazylifted validate DOMAIN PROBLEM F

and prints a Markdown table with, per problem: the domain's declared
:requirements, the planner's exit code and status (solved, refused with the
planner's message, out of time, ...), the plan length, the plan cost written
by the planner (the "; cost = N (...)" line of the plan file), the cost
reported by the validator ("Plan cost: N (...)"), whether the validator
accepts the plan, and the wall-clock time of the plan command. Planner
warnings (e.g. a problem without a metric, planned with unit costs) are
listed under the table.

The exit status is 0 when every problem is solved with a valid plan whose two
costs agree, and 1 otherwise (anything refused, invalid, mismatched, failed or
unsolved within the limits); the failures are listed after the table.

Usage (from anywhere; Python 3 standard library only):

    python3 benchmarks/adl/run_ports.py
    python3 benchmarks/adl/run_ports.py --space partial
    python3 benchmarks/adl/run_ports.py --planner build/native/cli/lazylifted \\
        --time-limit 60 --domains transport,elevators -- --config lama

Options of this script: --planner PATH (default build/native/cli/lazylifted,
relative to the repository root), --time-limit SECONDS (default 60, passed as
the planner's own --time-limit), --domains A,B (only these folders). Every
other argument, or everything after "--", is passed to "lazylifted plan"
unchanged (e.g. --space partial, --config lama).
"""

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]

# Exit codes of the lazylifted CLI ("lazylifted plan --help").
STATUS = {
    0: "solved",
    1: "invalid plan",
    11: "proven unsolvable",
    12: "expansion limit",
    22: "out of memory",
    23: "out of time",
    31: "input error",
    32: "internal error",
    33: "model error",
    34: "refused",
    36: "usage error",
}

PLAN_COST = re.compile(r"^;\s*cost\s*=\s*(-?\d+)\s*\(([^)]*)\)", re.MULTILINE)
VALIDATOR_COST = re.compile(r"^Plan cost:\s*(-?\d+)\s*(?:\(([^)]*)\))?", re.MULTILINE)
PROGRESS = re.compile(r"^\[t=")


def strip_comments(text):
    return "\n".join(line.split(";", 1)[0] for line in text.splitlines())


def declared_requirements(domain):
    text = strip_comments(domain.read_text())
    m = re.search(r"\(\s*:requirements\b([^)]*)\)", text, re.IGNORECASE)
    if not m:
        return "(none)"
    return " ".join(m.group(1).split())


def first_message(stderr):
    """The planner's error or refusal message (progress lines left out)."""
    lines = [l.strip() for l in stderr.splitlines() if l.strip() and not PROGRESS.match(l.strip())]
    for line in lines:
        if "error" in line.lower() or "unsupported" in line.lower():
            return line
    return lines[-1] if lines else ""


def warnings_of(stderr):
    return [l.strip() for l in stderr.splitlines() if "warning:" in l]


def plan_length(plan_text):
    return sum(1 for l in plan_text.splitlines() if l.strip() and not l.strip().startswith(";"))


def short_kind(kind):
    return kind.replace(" cost", "") if kind else ""


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def run_problem(planner, domain, problem, time_limit, extra, workdir):
    plan_file = workdir / (domain.parent.name + "-" + problem.stem + ".plan")
    if plan_file.exists():
        plan_file.unlink()
    domain_arg, problem_arg = str(domain.relative_to(REPO)), str(problem.relative_to(REPO))
    cmd = [str(planner), "plan", domain_arg, problem_arg, "--plan-file", str(plan_file),
           "--time-limit", str(time_limit), "--quiet"] + extra
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=time_limit + 30,
                              cwd=REPO)
        code, stderr = proc.returncode, proc.stderr
    except subprocess.TimeoutExpired:
        code, stderr = None, "killed by run_ports.py after the time limit + 30 s"
    elapsed = time.monotonic() - start
    row = {
        "domain": domain.parent.name,
        "problem": problem.stem,
        "requirements": declared_requirements(domain),
        "code": code,
        "status": STATUS.get(code, "killed" if code is None else "exit %s" % code),
        "message": "",
        "warnings": warnings_of(stderr),
        "length": "",
        "planner_cost": "",
        "validator_cost": "",
        "valid": "",
        "time": elapsed,
        "ok": False,
        "problem_note": "",
    }
    if code != 0:
        row["message"] = first_message(stderr)
        row["problem_note"] = "%s: %s" % (row["status"], row["message"])
        return row
    if not plan_file.exists():
        row["problem_note"] = "solved but no plan file was written"
        return row
    plan_text = plan_file.read_text()
    row["length"] = plan_length(plan_text)
    m = PLAN_COST.search(plan_text)
    planner_cost = int(m.group(1)) if m else None
    if m:
        row["planner_cost"] = "%d (%s)" % (planner_cost, short_kind(m.group(2)))
    else:
        row["planner_cost"] = "missing"
    val = subprocess.run([str(planner), "validate", domain_arg, problem_arg, str(plan_file)],
                         capture_output=True, text=True, timeout=300, cwd=REPO)
    row["valid"] = "yes" if val.returncode == 0 else "no"
    v = VALIDATOR_COST.search(val.stdout)
    validator_cost = int(v.group(1)) if v else None
    if v:
        row["validator_cost"] = "%d (%s)" % (validator_cost, short_kind(v.group(2)))
    else:
        row["validator_cost"] = "missing"
    if val.returncode != 0:
        lines = [l for l in (val.stdout + val.stderr).splitlines() if l.strip()]
        row["problem_note"] = "invalid plan: " + (" / ".join(lines[:3]))
    elif planner_cost is None or validator_cost is None:
        row["problem_note"] = "a cost is missing (planner %s, validator %s)" % (planner_cost, validator_cost)
    elif planner_cost != validator_cost:
        row["problem_note"] = "cost mismatch: planner %d, validator %d" % (planner_cost, validator_cost)
    else:
        row["ok"] = True
    return row


def main():
    parser = argparse.ArgumentParser(
        description="Plan and validate the ADL / action-cost ports of benchmarks/adl/.",
        epilog="Unknown arguments (or everything after --) go to 'lazylifted plan'.",
        allow_abbrev=False)
    parser.add_argument("--planner", default="build/native/cli/lazylifted",
                        help="lazylifted binary, relative to the repository root unless absolute "
                             "(default: %(default)s)")
    parser.add_argument("--time-limit", type=float, default=60,
                        help="per-problem time limit in seconds, passed as the planner's "
                             "--time-limit (default: %(default)s)")
    parser.add_argument("--domains", default="",
                        help="comma-separated folder names to run (default: all)")
    args, extra = parser.parse_known_args()
    if extra and extra[0] == "--":
        extra = extra[1:]
    extra = [a for a in extra if a != "--"]

    planner = Path(args.planner)
    if not planner.is_absolute():
        planner = REPO / planner
    if not planner.exists():
        sys.exit("run_ports.py: planner not found: %s" % planner)
    time_limit = int(args.time_limit) if args.time_limit == int(args.time_limit) else args.time_limit
    wanted = {d for d in args.domains.split(",") if d}

    folders = sorted(p for p in HERE.iterdir() if (p / "domain.pddl").is_file())
    if wanted:
        unknown = wanted - {p.name for p in folders}
        if unknown:
            sys.exit("run_ports.py: no such port: %s" % ", ".join(sorted(unknown)))
        folders = [p for p in folders if p.name in wanted]

    rows = []
    with tempfile.TemporaryDirectory(prefix="ll-ports-") as tmp:
        for folder in folders:
            domain = folder / "domain.pddl"
            for problem in sorted(folder.glob("*.pddl")):
                if problem.name == "domain.pddl":
                    continue
                rows.append(run_problem(planner, domain, problem, time_limit, extra, Path(tmp)))

    print("Command: `lazylifted plan DOMAIN PROBLEM --plan-file F --time-limit %s --quiet%s`, "
          "then `lazylifted validate DOMAIN PROBLEM F`." %
          (time_limit, "".join(" " + a for a in extra)))
    print()
    print("| domain | problem | declared requirements | planner exit / status | plan length "
          "| plan cost (planner) | plan cost (validator) | valid | time |")
    print("|---|---|---|---|---|---|---|---|---|")
    notes = []
    for r in rows:
        status = "%s %s" % (r["code"], r["status"])
        if r["message"]:
            status += ": " + r["message"]
        for w in r["warnings"]:
            notes.append("%s %s: %s" % (r["domain"], r["problem"], w))
            status += " (warning %d)" % len(notes)
        print("| %s |" % " | ".join(cell(x) for x in (
            r["domain"], r["problem"], "`%s`" % r["requirements"], status, r["length"],
            r["planner_cost"], r["validator_cost"], r["valid"], "%.3f s" % r["time"])))
    solved = sum(1 for r in rows if r["ok"])
    refused = sum(1 for r in rows if r["code"] == 34)
    print()
    print("%d problems, %d solved with a valid plan and matching costs, %d refused." %
          (len(rows), solved, refused))
    if notes:
        print()
        print("Warnings:")
        for i, n in enumerate(notes, 1):
            print("%d. %s" % (i, n))
    failures = [r for r in rows if not r["ok"]]
    if failures:
        print()
        print("Failures:")
        for r in failures:
            print("- %s %s: %s" % (r["domain"], r["problem"], r["problem_note"]))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
