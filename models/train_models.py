#!/usr/bin/env python3
"""Trains the pretrained models with lltrain and writes models/manifest.json.

For each domain of the benchmark sets (ipc23lt/<domain>, hbf/<domain>) it
trains an AOAG and an AEG partial-space model and an ILG state-space model
(the WL-GOOSE baseline), as the paper's experiments do (warehouse uses the
paper's warehouse importances). Models already listed in the manifest are
kept unless --force is given, so an interrupted run resumes. Standard library
only; at most --jobs trainings in parallel, or one Slurm array task per model
with --executor slurm (benchmarks/executors.py, docs/cluster.md).

  python3 models/train_models.py --lltrain build/native/cli/lltrain \
      --shared /work/shared/benchmarks [--domains ipc23lt/blocksworld,hbf/warehouse]

--wl-variant iwl passes lltrain's --wl-variant through (individualised WL,
docs/learning.md "WL variants"); those models are named ...-iwl.json so they
never replace plain ones, and their manifest entries say "wl_variant": "iwl".
Give them their own --models folder: the planner's --model auto takes any
model of a manifest. Without it lltrain's default (wl) is used.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "benchmarks"))
import executors  # noqa: E402  (the executor seam shared with the benchmark scripts)

CONFIGS = [  # (graph, space)
    ("aoag", "partial"),
    ("aeg", "partial"),
    ("ilg", "state"),
]
# Slurm limits of one training task (lltrain itself has none).
DEFAULT_SLURM_TIME_S = 3600
DEFAULT_SLURM_MEMORY_MB = 8000
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


def model_file_name(domain_path, graph, space, wl_variant):
    suffix = f"-{wl_variant}" if wl_variant and wl_variant != "wl" else ""
    return f"{domain_path.replace('/', '-')}-{graph}-{space}{suffix}.json"


def train_one(args, domain_path, graph, space):
    benchmark_set, domain = domain_path.split("/")
    folder = os.path.join(args.shared, domain_path)
    wl_variant = getattr(args, "wl_variant", None)
    file_name = model_file_name(domain_path, graph, space, wl_variant)
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
        if wl_variant:
            command += ["--wl-variant", wl_variant]
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
        "features": summary["features"], "model_colours": summary["model_colours"],
        "non_zero_weights": summary["non_zero_weights"],
        "dead_ends": "relaxed" if summary["relaxed_dead_ends"] else "none",
        "C": summary["C"], "selection": summary["selection"],
        "validation_solved": summary.get("validation_solved"),
        "validation_searched": summary.get("validation_searched"),
        "validation_evaluations": summary.get("validation_evaluations"),
        "training_time_s": round(summary["training_time_s"], 2), "bytes": summary["bytes"],
        "fingerprint": model_fingerprint(os.path.join(args.models, file_name)),
    }
    if wl_variant and wl_variant != "wl":
        entry["wl_variant"] = wl_variant
    return entry, None


def training_payload(args, domain_path, graph, space):
    """One training as JSON (absolute paths: a Slurm task runs it on another machine)."""
    return {"lltrain": os.path.abspath(args.lltrain), "shared": os.path.abspath(args.shared),
            "models": os.path.abspath(args.models), "domain_path": domain_path,
            "graph": graph, "space": space, "wl_variant": args.wl_variant}


def train_task(payload):
    """train_one for the executor: {"entry": manifest entry, "error": text}, one is None."""
    args = argparse.Namespace(lltrain=payload["lltrain"], shared=payload["shared"],
                              models=payload["models"], wl_variant=payload.get("wl_variant"))
    entry, error = train_one(args, payload["domain_path"], payload["graph"], payload["space"])
    return {"entry": entry, "error": error}


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
    parser.add_argument("--wl-variant", choices=["wl", "iwl"],
                        help="passed to lltrain --wl-variant (default: not passed, i.e. wl); "
                             "iwl models are named ...-iwl.json")
    parser.add_argument("--time-limit", type=float, metavar="S",
                        help=f"Slurm only: time limit of one training task in seconds "
                             f"(default {DEFAULT_SLURM_TIME_S})")
    parser.add_argument("--memory-limit", type=float, metavar="MB",
                        help=f"Slurm only: memory limit of one training task in MB "
                             f"(default {DEFAULT_SLURM_MEMORY_MB})")
    executors.add_arguments(parser, "--time-limit and --memory-limit below (lltrain has "
                            "no limits of its own; --jobs is for local runs only)")
    args = parser.parse_args()
    executors.check_arguments(parser, args)
    if args.executor == "local" and (args.time_limit or args.memory_limit):
        parser.error("--time-limit and --memory-limit are Slurm limits: they need "
                     "--executor slurm")

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
            file_name = model_file_name(domain_path, graph, space, args.wl_variant)
            if file_name in done and not args.force:
                continue
            jobs.append((domain_path, graph, space))

    executor = executors.make_executor(
        args, jobs=args.jobs, task_time_s=args.time_limit or DEFAULT_SLURM_TIME_S,
        task_memory_mb=args.memory_limit or DEFAULT_SLURM_MEMORY_MB,
        default_work_dir=os.path.join(args.models, "tmp", "slurm"), job_name="ll-train-models")
    variant_id = f"-{args.wl_variant}" if args.wl_variant and args.wl_variant != "wl" else ""
    runs = [executors.Run(id=f"{d.replace('/', '-')}-{g}-{s}{variant_id}",
                          name=f"{d} {g}-{s}{variant_id}",
                          payload=training_payload(args, d, g, s)) for d, g, s in jobs]
    if args.force:
        executor.discard_results(runs)
    failures = 0
    try:
        for outcome in executor.run(runs, train_task):
            if outcome.failure:
                print(f"FAILED {outcome.run.name}: {outcome.failure}", file=sys.stderr)
                failures += 1
                continue
            entry, error = outcome.result["entry"], outcome.result["error"]
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
    except executors.ExecutorError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: trained models are in the manifest; rerun to train the others"
              + executor.interrupted_note(), file=sys.stderr)
        return 130
    executor.finish(succeeded=failures == 0)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
