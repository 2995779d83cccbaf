#!/usr/bin/env python3
"""Per-domain report of the learned models against S3+hFF.

Reads the CSVs that compare_configs.py wrote (<config>-<sample>.csv in
--results) for the learned configurations and the S3+hFF baseline, and
writes a Markdown report: per domain and sample, the coverage of each
configuration, the best learned one, and the median evaluations over the
problems every configuration solved; then a coverage bar chart per domain
(a plain SVG). The model columns come from
models/manifest.json (non-zero weights, validation problems solved).

  python3 benchmarks/compare_configs.py --sample medium --out-dir benchmarks/results/models \\
      --report /tmp/ignored.md --configs s3-ff="--config paper" ...
  python3 benchmarks/model_report.py --results benchmarks/results/models

Standard library only.
"""

import argparse
import csv
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
BASELINE = "s3-ff"
LEARNED = [("ps2-aoag", "aoag"), ("ps2-aeg", "aeg"), ("s3-ilg", "ilg"), ("s3-ilg-nov-sym", "ilg")]
# The planner arguments of each configuration, as the report names them.
CONFIGS = {
    "s3-ff": "--config paper --space state --heuristic ff --model none (S3, eager GBFS, hFF; "
             "without --model none the planner would pick a pretrained model by itself)",
    "ps2-aoag": "--config paper --space partial with the AOAG model",
    "ps2-aeg": "--config paper --space partial with the AEG model",
    "s3-ilg": "--config paper --space state with the ILG model (WL-GOOSE)",
    "s3-ilg-nov-sym": "--config paper,symmetry=on,novelty=on --space state with the ILG model: "
                      "eager GBFS alternating the WL queue with a width-1 novelty queue (novelty "
                      "relative to the WL value), symmetric actions pruned; no hFF anywhere. It uses search techniques that "
                      "the s3-ff baseline (the paper's S3+hFF, the issue's yardstick) does not; "
                      "hFF with lazy search, preferred operators and the same pruning is the "
                      "default's second phase (docs/search.md)",
}
SAMPLES = [("medium", "IPC23 LT testing/medium p01, p08, p15, p22"),
           ("easy", "HBF testing/easy p01, p05, ..., p29")]


def read(path):
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as f:
        return {(r["domain"], r["problem"]): r for r in csv.DictReader(f)}


def solved(row):
    return row is not None and row.get("status") == "solved" and row.get("valid") == "yes"


def manifest_entries(models_dir):
    with open(os.path.join(models_dir, "manifest.json")) as f:
        return {(f"{e['set']}/{e['domain']}", e["graph"]): e for e in json.load(f)["models"]}


def domain_rows(runs, sample):
    """domain -> config -> list of rows (the problems of the baseline's CSV)."""
    out = {}
    for (domain, problem), _ in sorted(runs[BASELINE].items()):
        if sample == "easy" and not domain.startswith("hbf/"):
            continue
        for name in runs:
            out.setdefault(domain, {}).setdefault(name, []).append(runs[name].get((domain, problem)))
    return out


def median_common_evaluations(rows_by_config):
    names = list(rows_by_config)
    n = len(rows_by_config[names[0]])
    common = [i for i in range(n) if all(solved(rows_by_config[c][i]) for c in names)]
    out = {}
    for c in names:
        values = [float(rows_by_config[c][i]["evaluations"]) for i in common]
        out[c] = statistics.median(values) if values else None
    return out, len(common)


def section(sample, title, runs, manifest):
    lines = [f"## {title}", ""]
    names = [BASELINE] + [n for n, _ in LEARNED if n in runs]
    header = "| domain | " + " | ".join(names) + " | best learned | ≥ S3+hFF | models (non-zero weights; validation solved) |"
    lines += [header, "|" + "---|" * (len(names) + 4)]
    totals = {n: 0 for n in names}
    best_total = 0
    all_ok = True
    per_domain = {}
    for domain, rows in domain_rows(runs, sample).items():
        cov = {n: sum(solved(r) for r in rows.get(n, [])) for n in names}
        size = len(rows[BASELINE])
        best_name = max((n for n, _ in LEARNED if n in cov), key=lambda n: cov[n], default=None)
        best = cov[best_name] if best_name else 0
        ok = best >= cov[BASELINE]
        all_ok &= ok
        for n in names:
            totals[n] += cov[n]
        best_total += best
        per_domain[domain] = cov
        models = "; ".join(
            f"{g} {manifest[(domain, g)]['non_zero_weights']}"
            + (f" ({manifest[(domain, g)].get('validation_solved')}/"
               f"{manifest[(domain, g)].get('validation_searched')})"
               if manifest.get((domain, g), {}).get("validation_solved") is not None else "")
            for g in dict.fromkeys(g for _, g in LEARNED) if (domain, g) in manifest)
        lines.append(f"| {domain} | " + " | ".join(f"{cov[n]}/{size}" for n in names)
                     + f" | {best_name} {best} | {'yes' if ok else '**no**'} | {models} |")
    lines.append("| **total** | " + " | ".join(str(totals[n]) for n in names)
                 + f" | {best_total} | {'every domain' if all_ok else 'not every domain'} | |")
    lines.append("")
    lines.append("Median evaluations over the problems every configuration solved, per domain:")
    lines.append("")
    lines += ["| domain | common | " + " | ".join(names) + " |", "|" + "---|" * (len(names) + 2)]
    for domain, rows in domain_rows(runs, sample).items():
        med, common = median_common_evaluations({n: rows[n] for n in names})
        lines.append(f"| {domain} | {common} | " + " | ".join(
            "–" if med[n] is None else f"{med[n]:.0f}" for n in names) + " |")
    lines.append("")
    return lines, per_domain, names


def few_weights_section(manifest, per_sample):
    """A model with fewer than 5 non-zero weights is kept only if
    the report shows it solves as much as hFF: each such model, with the
    coverage of every configuration that uses it beside S3+hFF's."""
    lines = ["## Models with fewer than 5 non-zero weights", "",
             "| model | non-zero weights | sample | configurations with it (solved) | s3-ff | "
             "as much as hFF |", "|---|---:|---|---|---:|---|"]
    for (domain, graph), entry in sorted(manifest.items()):
        if entry["non_zero_weights"] >= 5:
            continue
        for sample, per_domain in per_sample.items():
            if domain not in per_domain:
                continue
            cov = per_domain[domain]
            configs = [n for n, g in LEARNED if g == graph and n in cov]
            if not configs:
                continue
            ok = max(cov[n] for n in configs) >= cov[BASELINE]
            lines.append(f"| {domain} {graph} | {entry['non_zero_weights']} | {sample} | "
                         + ", ".join(f"{n} {cov[n]}" for n in configs)
                         + f" | {cov[BASELINE]} | {'yes' if ok else '**no**'} |")
    return lines + [""]


COLOURS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2"]


def plot(per_sample, names, path):
    """A grouped bar chart of coverage per domain as a plain SVG (no plotting library)."""
    domains = [(s, d) for s, per_domain in per_sample.items() for d in per_domain]
    top = max([per_sample[s][d][n] for s, d in domains for n in names] + [1])
    bar, gap, left, bottom, height = 9, 14, 40, 90, 160
    group = bar * len(names) + gap
    width = left + group * len(domains) + 90  # room for the last rotated label
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + bottom + 30}" '
           f'font-family="sans-serif" font-size="10">',
           f'<text x="{left}" y="14" font-size="12">Problems solved per domain (60 s)</text>']
    y0 = 20 + height
    for k in range(top + 1):
        y = y0 - k * height / top
        out.append(f'<line x1="{left - 3}" x2="{width - 20}" y1="{y:.1f}" y2="{y:.1f}" '
                   f'stroke="#ddd"/><text x="{left - 6}" y="{y + 3:.1f}" text-anchor="end">{k}</text>')
    for i, (sample, domain) in enumerate(domains):
        x0 = left + i * group + gap / 2
        for k, n in enumerate(names):
            v = per_sample[sample][domain][n]
            h = v * height / top
            out.append(f'<rect x="{x0 + k * bar:.1f}" y="{y0 - h:.1f}" width="{bar - 1}" '
                       f'height="{h:.1f}" fill="{COLOURS[k % len(COLOURS)]}"><title>{domain} '
                       f'{n}: {v}</title></rect>')
        label = domain.split("/")[1] + (" (hbf)" if domain.startswith("hbf/") else "")
        cx = x0 + bar * len(names) / 2
        out.append(f'<text transform="translate({cx:.1f},{y0 + 8}) rotate(45)">{label}</text>')
    for k, n in enumerate(names):
        x = left + k * 90
        out.append(f'<rect x="{x}" y="{y0 + bottom - 10}" width="10" height="10" '
                   f'fill="{COLOURS[k % len(COLOURS)]}"/><text x="{x + 14}" y="{y0 + bottom - 1}">{n}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    return None


def main(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--results", default=os.path.join(REPO, "benchmarks/results/models"))
    p.add_argument("--models", default=os.path.join(REPO, "models"))
    p.add_argument("--doc", default=os.path.join(REPO, "docs/model-report.md"))
    p.add_argument("--plot", default=os.path.join(REPO, "docs/report/model-coverage.svg"))
    p.add_argument("--command", default="", help="the command lines that made the CSVs")
    args = p.parse_args(argv)
    manifest = manifest_entries(args.models)
    out = ["# Learned models against S3+hFF, per domain", ""]
    if args.command:
        out += ["Made with:", "", "```", args.command, "```", ""]
    out += ["Configurations:", ""]
    out += [f"- `{name}`: {text}" for name, text in CONFIGS.items()]
    out += ["", "60 s and 8 GB per problem, 2 runs in parallel on a 2-core machine; every plan "
            "validated.", ""]
    per_sample = {}
    names = []
    for sample, title in SAMPLES:
        runs = {n: read(os.path.join(args.results, f"{n}-{sample}.csv"))
                for n in [BASELINE] + [n for n, _ in LEARNED]}
        runs = {n: r for n, r in runs.items() if r}
        if BASELINE not in runs:
            continue
        lines, per_domain, names = section(sample, title, runs, manifest)
        out += lines
        per_sample[sample] = per_domain
    if not per_sample:
        sys.exit(f"error: no {BASELINE}-<sample>.csv in {args.results}")
    os.makedirs(os.path.dirname(args.plot), exist_ok=True)
    skipped = plot(per_sample, names, args.plot)
    out += [skipped or f"![coverage per domain]({os.path.relpath(args.plot, os.path.dirname(args.doc))})", ""]
    out += few_weights_section(manifest, per_sample)
    with open(args.doc, "w") as f:
        f.write("\n".join(out))
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1:])
