#!/usr/bin/env python3
"""Trains the pretrained models with lltrain and writes models/manifest.json.

For each domain of the benchmark sets (ipc23lt/<domain>, hbf/<domain>) it
trains an AOAG and an AEG partial-space model and an ILG state-space model
(the WL-GOOSE baseline), as the paper's experiments do (warehouse uses the
paper's warehouse importances). Models already listed in the manifest are
kept unless --force is given, so an interrupted run resumes. Standard library
only; at most --jobs trainings in parallel.

  python3 models/train_models.py --lltrain build/native/cli/lltrain \
      --shared /work/shared/benchmarks [--domains ipc23lt/blocksworld,hbf/warehouse]
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

CONFIGS = [  # (graph, space)
    ("aoag", "partial"),
    ("aeg", "partial"),
    ("ilg", "state"),
]
MANIFEST_KEYS = ["domain", "set", "graph", "space", "file", "wl_iterations", "importances",
                 "training_problems", "tuples", "features", "C", "training_time_s", "bytes"]


def all_domains(shared):
    out = []
    for benchmark_set in ("ipc23lt", "hbf"):
        root = os.path.join(shared, benchmark_set)
        for name in sorted(os.listdir(root)):
            if os.path.isfile(os.path.join(root, name, "domain.pddl")):
                out.append(f"{benchmark_set}/{name}")
    return out


def train_one(args, domain_path, graph, space):
    benchmark_set, domain = domain_path.split("/")
    folder = os.path.join(args.shared, domain_path)
    file_name = f"{benchmark_set}-{domain}-{graph}-{space}.json"
    out = os.path.join(args.models, file_name)
    with tempfile.TemporaryDirectory() as tmp:
        summary_path = os.path.join(tmp, "summary.json")
        command = [args.lltrain, "--domain", os.path.join(folder, "domain.pddl"),
                   "--problems", os.path.join(folder, "training"),
                   "--plans", os.path.join(folder, "training_plans"),
                   "--graph", graph, "--space", space, "--out", out,
                   "--summary-json", summary_path, "--quiet"]
        if domain == "warehouse" and space == "partial":
            command += ["--importances", "warehouse"]
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            return None, f"{file_name}: lltrain exit {run.returncode}: {run.stderr.strip()[-2000:]}"
        with open(summary_path) as f:
            summary = json.load(f)
    entry = {
        "domain": domain, "set": benchmark_set, "graph": graph, "space": space,
        "file": file_name, "wl_iterations": summary["wl_iterations"],
        "importances": summary["importances"] if space == "partial" else None,
        "training_problems": summary["problems_used"], "tuples": summary["tuples_total"],
        "features": summary["features"], "non_zero_weights": summary["non_zero_weights"],
        "dead_ends": "relaxed" if summary["relaxed_dead_ends"] else "none",
        "C": summary["C"],
        "training_time_s": round(summary["training_time_s"], 2), "bytes": summary["bytes"],
        "fingerprint": model_fingerprint(os.path.join(args.models, file_name)),
    }
    return entry, None


def model_fingerprint(path):
    """The domain fingerprint a model was trained for (the planner's --model
    auto and the page pick models by it)."""
    with open(path) as f:
        return json.load(f)["domain"]["fingerprint"]


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lltrain", required=True)
    parser.add_argument("--shared", default="/work/shared/benchmarks")
    parser.add_argument("--models", default=os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--domains", help="comma-separated SET/DOMAIN list (default: all)")
    parser.add_argument("--graphs", default="aoag,aeg,ilg")
    parser.add_argument("--jobs", type=int, default=1, choices=[1, 2])
    parser.add_argument("--force", action="store_true", help="retrain models already listed")
    args = parser.parse_args()

    manifest_path = os.path.join(args.models, "manifest.json")
    manifest = {"models": []}
    if os.path.exists(manifest_path):
        with open(manifest_path) as f:
            manifest = json.load(f)
    for m in manifest["models"]:  # manifests written before the field existed
        path = os.path.join(args.models, m["file"])
        if "fingerprint" not in m and os.path.exists(path):
            m["fingerprint"] = model_fingerprint(path)
    done = {m["file"] for m in manifest["models"]
            if os.path.exists(os.path.join(args.models, m["file"]))}

    domains = args.domains.split(",") if args.domains else all_domains(args.shared)
    graphs = set(args.graphs.split(","))
    jobs = []
    for domain_path in domains:
        for graph, space in CONFIGS:
            if graph not in graphs:
                continue
            file_name = f"{domain_path.replace('/', '-')}-{graph}-{space}.json"
            if file_name in done and not args.force:
                continue
            jobs.append((domain_path, graph, space))

    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(train_one, args, *job): job for job in jobs}
        for future in concurrent.futures.as_completed(futures):
            entry, error = future.result()
            if error:
                print("FAILED", error, file=sys.stderr)
                failures += 1
                continue
            manifest["models"] = [m for m in manifest["models"] if m["file"] != entry["file"]]
            manifest["models"].append(entry)
            manifest["models"].sort(key=lambda m: (m["set"], m["domain"], m["graph"]))
            with open(manifest_path, "w") as f:  # after every model: resumable
                json.dump(manifest, f, indent=2)
                f.write("\n")
            print(f"{entry['file']}: {entry['training_problems']} problems, {entry['tuples']} "
                  f"tuples, {entry['features']} features, C={entry['C']:.3g}, "
                  f"{entry['training_time_s']} s, {entry['bytes']} bytes", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
