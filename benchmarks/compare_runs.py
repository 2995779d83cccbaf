#!/usr/bin/env python3
"""Compares two benchmark runs (CSV files of run_benchmark.py) problem by problem.

Prints a Markdown table: per problem the status, evaluations, expansions and
average branching factor of both runs, then the medians over the problems
both runs solved (evaluations, expansions) and over all problems with a
branching factor in both runs (its reduction), and the coverage of each.

  python3 benchmarks/compare_runs.py A.csv B.csv --names "S³+hFF" "PS²+rFF" [--out FILE.md]
"""
import argparse
import csv
import statistics
import sys


def load(path):
    with open(path) as f:
        return {(r["domain"], r["problem"]): r for r in csv.DictReader(f)}


def number(row, key):
    try:
        return float(row[key])
    except (KeyError, ValueError):
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--names", nargs=2, default=["A", "B"])
    parser.add_argument("--out")
    args = parser.parse_args()
    a, b = load(args.a), load(args.b)
    keys = [k for k in a if k in b]
    na, nb = args.names
    lines = [
        f"| problem | {na} status | {na} evals | {na} branching | {nb} status | {nb} evals "
        f"| {nb} branching | branching change |",
        "|---|---|---:|---:|---|---:|---:|---:|",
    ]
    both_solved, bf_change = [], []
    for k in keys:
        x, y = a[k], b[k]
        bx, by = number(x, "average_branching_factor"), number(y, "average_branching_factor")
        change = ""
        if bx and by:
            bf_change.append(by / bx - 1)
            change = f"{100 * (by / bx - 1):+.0f}%"
        lines.append(f"| {k[0]} {k[1]} | {x['status']} | {x['evaluations']} | {x['average_branching_factor']} "
                     f"| {y['status']} | {y['evaluations']} | {y['average_branching_factor']} | {change} |")
        if x["status"] == "solved" and y["status"] == "solved":
            both_solved.append((number(x, "evaluations"), number(y, "evaluations"),
                                number(x, "expansions"), number(y, "expansions")))
    solved_a = sum(1 for k in keys if a[k]["status"] == "solved")
    solved_b = sum(1 for k in keys if b[k]["status"] == "solved")
    lines.append("")
    lines.append(f"- coverage: {na} {solved_a}/{len(keys)}, {nb} {solved_b}/{len(keys)}")
    if both_solved:
        ea = statistics.median(r[0] for r in both_solved)
        eb = statistics.median(r[1] for r in both_solved)
        ratio = statistics.median(r[1] / r[0] for r in both_solved if r[0])
        lines.append(f"- solved by both: {len(both_solved)}; median evaluations {na} {ea:g}, "
                     f"{nb} {eb:g}; median per-problem ratio {nb}/{na} = {ratio:.2f} "
                     f"({100 * (ratio - 1):+.0f}%)")
    else:
        lines.append("- no problem solved by both")
    if bf_change:
        lines.append(f"- median change of the average branching factor ({nb} vs {na}, "
                     f"{len(bf_change)} problems): {100 * statistics.median(bf_change):+.1f}%")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
