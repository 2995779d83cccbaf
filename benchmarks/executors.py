#!/usr/bin/env python3
"""Where the runs of an experiment happen: here, or as Slurm array jobs.

The one executor seam of benchmarks/run_benchmark.py, benchmarks/report.py and
models/train_models.py. A caller describes its work as a list of `Run`s (a
name a person reads, a file-name-safe id, a JSON payload) and one task
function (payload -> JSON-serialisable result), then iterates over
`executor.run(runs, function)`, which yields one `Outcome` per run:

  LocalExecutor   calls the function in a pool of --jobs threads (the old
                  behaviour of the three scripts);
  SlurmExecutor   writes the runs to a batch file in a shared folder, submits
                  ONE array job (one task per run, `--array=0-N%max_parallel`;
                  several chained ones only past the cluster's MaxArraySize)
                  with `sbatch --parsable`, polls `squeue` while showing the
                  progress, and reads the per-run result files the tasks write
                  (`python3 executors.py run-task BATCH` on the node). A run whose
                  task ended without a result (cancelled, timed out, out of
                  memory, failed) comes back as a failure naming the run and the
                  Slurm state. A result file is deleted once the caller has
                  stored the result (CSV row, manifest entry); one left by a
                  caller that was interrupted is taken as it is by the rerun,
                  which submits only the runs without a result, and runs still
                  queued by an earlier submission are awaited, not submitted
                  twice.

Standard library only. docs/cluster.md describes the options.
"""

import argparse
import collections
import dataclasses
import importlib.util
import inspect
import json
import math
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time

DEFAULT_MAX_PARALLEL = 100
DEFAULT_POLL_INTERVAL_S = 10.0
DEFAULT_MAX_ARRAY_SIZE = 1001  # Slurm's default MaxArraySize
# A task that Slurm reports as completed may show its result file late on a
# network file system: wait this long before calling it a failure.
RESULT_GRACE_S = 30.0
# squeue failing (controller busy or restarting) this many polls in a row is fatal.
MAX_SQUEUE_FAILURES = 60
SLURM_COMMAND_TIMEOUT_S = 120


@dataclasses.dataclass
class Run:
    """One unit of work: one configuration on one problem, or one model to train."""
    id: str          # unique and file-name safe ('/' allowed): names the result file
    name: str        # what a person reads in progress lines and failure reports
    payload: dict    # the task function's only argument (JSON-serialisable)
    context: object = None  # the caller's own data; never leaves this process


@dataclasses.dataclass
class Outcome:
    run: Run
    result: dict = None   # the task function's return value, or None on failure
    failure: str = None   # why the run has no result (Slurm state, log file)


class ExecutorError(Exception):
    """The executor cannot go on (sbatch refused the job, Slurm unreachable, ...)."""


# ---------------------------------------------------------------- options

def add_arguments(parser, time_help, memory_help=None):
    """The executor options (--executor, --partition, ...); time_help and
    memory_help say how the script's per-run limits become the Slurm ones."""
    group = parser.add_argument_group(
        "executor", "where the runs happen; docs/cluster.md. The per-run Slurm limits "
        f"(--time, --mem) follow the script's limits: {time_help}"
        + (f"; {memory_help}" if memory_help else ""))
    group.add_argument("--executor", choices=["local", "slurm"], default="local",
                       help="local: on this machine (default); slurm: one array job, one "
                            "task per run")
    group.add_argument("--partition", help="Slurm partition (default: the cluster's default)")
    group.add_argument("--max-parallel", type=int, metavar="N",
                       help=f"Slurm: at most N runs at a time (--array=0-M%%N; default "
                            f"{DEFAULT_MAX_PARALLEL})")
    group.add_argument("--sbatch-option", action="append", metavar="OPTION",
                       help="Slurm: one more sbatch option, repeatable; write it with '=', "
                            "e.g. --sbatch-option=--account=planning")
    group.add_argument("--poll-interval", type=float, metavar="S",
                       help=f"Slurm: seconds between squeue polls (default "
                            f"{DEFAULT_POLL_INTERVAL_S:g})")
    group.add_argument("--slurm-dir", metavar="DIR",
                       help="Slurm: folder shared with the compute nodes for the job "
                            "scripts, logs and per-run result files (default: "
                            "<output folder>/tmp/slurm)")


SLURM_ONLY_OPTIONS = ["partition", "max_parallel", "sbatch_option", "poll_interval", "slurm_dir"]


def check_arguments(parser, args):
    """parser.error for Slurm options given to the local executor or bad values."""
    if args.executor == "local":
        for name in SLURM_ONLY_OPTIONS:
            if getattr(args, name) is not None:
                parser.error(f"--{name.replace('_', '-')} needs --executor slurm")
        return
    if args.max_parallel is not None and args.max_parallel < 1:
        parser.error("--max-parallel must be at least 1")
    if args.poll_interval is not None and args.poll_interval <= 0:
        parser.error("--poll-interval must be positive")


def make_executor(args, jobs, task_time_s, task_memory_mb, default_work_dir, job_name,
                  keep_files=False):
    """The executor chosen by add_arguments' options. jobs: local parallelism;
    task_time_s, task_memory_mb: the Slurm limits of one task."""
    if args.executor == "local":
        return LocalExecutor(jobs)
    settings = SlurmSettings(
        partition=args.partition,
        task_time_s=task_time_s,
        task_memory_mb=task_memory_mb,
        max_parallel=args.max_parallel or DEFAULT_MAX_PARALLEL,
        sbatch_options=list(args.sbatch_option or []),
        poll_interval_s=args.poll_interval or DEFAULT_POLL_INTERVAL_S,
        work_dir=os.path.abspath(args.slurm_dir or default_work_dir),
        job_name=job_name,
        keep_files=keep_files,
    )
    return SlurmExecutor(settings)


# ---------------------------------------------------------------- local

class LocalExecutor:
    """Runs the task function in `jobs` threads of this process."""

    def __init__(self, jobs):
        self.jobs = jobs
        self.description = f"{jobs} job(s) in parallel"

    def discard_results(self, runs):
        """Nothing is stored between two local invocations."""

    def run(self, runs, function):
        import concurrent.futures
        pool = concurrent.futures.ThreadPoolExecutor(max_workers=self.jobs)
        finished = False
        try:
            futures = {pool.submit(function, run.payload): run for run in runs}
            for future in concurrent.futures.as_completed(futures):
                yield Outcome(futures[future], result=future.result())
            finished = True
        finally:
            # Interrupted (Ctrl-C) or abandoned: start nothing more.
            pool.shutdown(wait=finished, cancel_futures=not finished)

    def interrupted_note(self):
        """Nothing goes on after an interruption."""
        return ""

    def finish(self, succeeded):
        """Nothing to clean up."""


# ---------------------------------------------------------------- Slurm

@dataclasses.dataclass
class SlurmSettings:
    partition: str
    task_time_s: float
    task_memory_mb: float
    max_parallel: int
    sbatch_options: list
    poll_interval_s: float
    work_dir: str      # shared with the compute nodes
    job_name: str
    keep_files: bool   # keep scripts, logs and results after a fully successful run


@dataclasses.dataclass
class QueuedRun:
    run: Run
    job_id: str
    task_index: int
    missing_since: float = None  # when Slurm first showed the task done without a result


def slurm_time(seconds):
    """sbatch --time in whole minutes, rounded up (Slurm checks about once a minute)."""
    return str(max(1, math.ceil(seconds / 60.0)))


def slurm_memory(megabytes):
    return f"{max(1, math.ceil(megabytes))}M"


def call(command):
    """(exit code, stdout, stderr) of a Slurm command; exit 127 when it is missing."""
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=SLURM_COMMAND_TIMEOUT_S)
        return done.returncode, done.stdout, done.stderr
    except FileNotFoundError:
        return 127, "", f"{command[0]}: command not found"
    except subprocess.TimeoutExpired:
        return 124, "", f"{command[0]}: no answer within {SLURM_COMMAND_TIMEOUT_S} s"


def function_reference(function):
    """How a task on a node finds the function: its module file and its name."""
    return {"file": os.path.abspath(inspect.getfile(function)), "name": function.__name__}


def load_function(reference):
    module_name = "ll_task_" + re.sub(r"\W", "_", os.path.splitext(
        os.path.basename(reference["file"]))[0])
    spec = importlib.util.spec_from_file_location(module_name, reference["file"])
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return getattr(module, reference["name"])


def write_json_atomically(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = f"{path}.{socket.gethostname()}.{os.getpid()}.tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def as_json(value):
    """value as it reads back from a JSON file (tuples become lists, ...)."""
    return json.loads(json.dumps(value))


def log(message):
    print(f"slurm: {message}", file=sys.stderr, flush=True)


class SlurmExecutor:
    """Runs every run as one task of a Slurm array job; see the module comment."""

    def __init__(self, settings):
        self.settings = settings
        self.jobs_dir = os.path.join(settings.work_dir, "jobs")
        self.logs_dir = os.path.join(settings.work_dir, "logs")
        self.results_dir = os.path.join(settings.work_dir, "results")
        self.submitted_jobs = []
        s = settings
        self.description = (
            f"Slurm array jobs (partition {s.partition or 'default'}, at most "
            f"{s.max_parallel} runs at a time, --time={slurm_time(s.task_time_s)} min, "
            f"--mem={slurm_memory(s.task_memory_mb)} per run"
            + (f", sbatch {shlex.join(s.sbatch_options)}" if s.sbatch_options else "") + ")")

    # ---- result files

    def result_path(self, run):
        return os.path.join(self.results_dir, run.id + ".json")

    def discard_results(self, runs):
        """Forgets the results of these runs: stored by the caller, or of an earlier
        invocation that a fresh (not resumed) one must not reuse."""
        for run in runs:
            try:
                os.remove(self.result_path(run))
            except FileNotFoundError:
                pass

    def stored_result_ids(self):
        """Ids of the runs that have a result file (one walk of the folder, rather
        than a look-up per run on a network file system)."""
        ids = set()
        for folder, _, files in os.walk(self.results_dir):
            relative = os.path.relpath(folder, self.results_dir)
            ids.update(os.path.normpath(os.path.join(relative, name[:-len(".json")]))
                       for name in files if name.endswith(".json"))
        return ids

    def read_result(self, run):
        """The stored result of run, or None; a result of other settings is deleted."""
        path = self.result_path(run)
        try:
            with open(path) as f:
                record = json.load(f)
        except FileNotFoundError:
            return None
        except (OSError, ValueError):
            record = None
        if record is None or record.get("payload") != as_json(run.payload):
            os.remove(path)  # corrupt, or written for other settings: run again
            return None
        return record["result"]

    # ---- the executor interface

    def run(self, runs, function):
        if shutil.which("sbatch") is None:
            raise ExecutorError("sbatch is not on PATH: --executor slurm needs the Slurm "
                                "client commands (sbatch, squeue, scontrol)")
        for folder in (self.jobs_dir, self.logs_dir, self.results_dir):
            os.makedirs(folder, exist_ok=True)
        shared_ids = [i for i, n in collections.Counter(run.id for run in runs).items() if n > 1]
        if shared_ids:
            raise ExecutorError("two runs share one id: " + ", ".join(sorted(shared_ids)))
        in_flight = self.runs_of_active_jobs()
        stored = self.stored_result_ids()
        queued, to_submit = {}, []
        for run in runs:
            result = self.read_result(run) if run.id in stored else None
            if result is not None:
                yield Outcome(run, result=result)
                self.discard_results([run])  # the caller has stored it
            elif run.id in in_flight:
                queued[run.id] = self.adopt(run, in_flight[run.id])
            else:
                to_submit.append(run)
        if queued:
            jobs = sorted({q.job_id for q in queued.values()})
            log(f"{len(queued)} run(s) still queued by earlier job(s) {', '.join(jobs)}: "
                "waiting for them")
        queued.update(self.submit(to_submit, function_reference(function)))
        yield from self.wait(queued, total=len(runs))

    def interrupted_note(self):
        """What an interruption leaves behind: the submitted jobs run on."""
        if not self.submitted_jobs:
            return ""
        jobs = " ".join(self.submitted_jobs)
        return (f"\nSlurm job(s) {jobs} go on running: the rerun collects their results "
                f"instead of submitting them again (or cancel them: scancel {jobs})")

    def finish(self, succeeded):
        """After a run with no failure, delete the scripts, logs and result files."""
        if succeeded and not self.settings.keep_files:
            shutil.rmtree(self.settings.work_dir, ignore_errors=True)
        elif not succeeded:
            log(f"job scripts, logs and results kept in {self.settings.work_dir}")

    # ---- earlier submissions

    def batches(self):
        """(batch file, job id) of every submission recorded in the work folder."""
        out = []
        for name in sorted(os.listdir(self.jobs_dir)):
            if name.endswith(".jobid"):
                batch = os.path.join(self.jobs_dir, name[:-len(".jobid")] + ".json")
                with open(os.path.join(self.jobs_dir, name)) as f:
                    out.append((batch, f.read().strip()))
        return out

    def runs_of_active_jobs(self):
        """run id -> (payload, job id, task index) for runs of earlier jobs still queued."""
        out = {}
        for batch_path, job_id in self.batches():
            tasks = self.queued_tasks(job_id)
            if tasks is None:
                raise ExecutorError(f"squeue cannot tell whether earlier job {job_id} still runs")
            if not tasks:
                continue
            with open(batch_path) as f:
                batch = json.load(f)
            for index, entry in enumerate(batch["runs"]):
                if index in tasks:
                    out[entry["id"]] = (entry["payload"], job_id, index)
        return out

    def adopt(self, run, in_flight):
        payload, job_id, index = in_flight
        if payload != as_json(run.payload):
            raise ExecutorError(
                f"{run.name} is still queued in Slurm job {job_id} with other settings: wait "
                f"for it to end or cancel it (scancel {job_id})")
        return QueuedRun(run, job_id, index)

    # ---- submission

    def max_array_size(self):
        code, out, _ = call(["scontrol", "show", "config"])
        match = re.search(r"^MaxArraySize\s*=\s*(\d+)", out, re.M) if code == 0 else None
        return int(match.group(1)) if match else DEFAULT_MAX_ARRAY_SIZE

    def submit(self, runs, function):
        """Submits runs as array jobs (chained when more than MaxArraySize); returns
        run id -> QueuedRun."""
        if not runs:
            return {}
        size = self.max_array_size()
        chunks = [runs[i:i + size] for i in range(0, len(runs), size)]
        stamp = time.strftime("%Y%m%d-%H%M%S") + f"-{os.getpid()}"
        queued, previous_job = {}, None
        for number, chunk in enumerate(chunks):
            batch_path = os.path.join(self.jobs_dir, f"batch-{stamp}-{number}.json")
            write_json_atomically(batch_path, {
                "function": function,
                "runs": [{"id": r.id, "name": r.name, "payload": r.payload,
                          "result": self.result_path(r)} for r in chunk]})
            script_path = batch_path[:-len(".json")] + ".sh"
            with open(script_path, "w") as f:
                f.write(self.job_script(batch_path, len(chunk)))
            try:
                job_id = self.sbatch(script_path, previous_job)
            except ExecutorError:
                os.remove(batch_path)  # never submitted: nothing to wait for
                os.remove(script_path)
                raise
            with open(batch_path[:-len(".json")] + ".jobid", "w") as f:
                f.write(job_id + "\n")
            self.submitted_jobs.append(job_id)
            log(f"submitted array job {job_id}: {len(chunk)} run(s), at most "
                f"{self.settings.max_parallel} at a time"
                + (f", after job {previous_job}" if previous_job else "") + f" ({script_path})")
            queued.update({r.id: QueuedRun(r, job_id, i) for i, r in enumerate(chunk)})
            previous_job = job_id
        return queued

    def job_script(self, batch_path, count):
        s = self.settings
        directives = [
            f"--job-name={s.job_name}",
            f"--array=0-{count - 1}%{s.max_parallel}",
            "--ntasks=1",
            "--cpus-per-task=1",
            f"--time={slurm_time(s.task_time_s)}",
            f"--mem={slurm_memory(s.task_memory_mb)}",
            f"--output={self.logs_dir}/%A_%a.out",
            f"--error={self.logs_dir}/%A_%a.err",
            f"--chdir={s.work_dir}",
        ]
        if s.partition:
            directives.append(f"--partition={s.partition}")
        worker = [sys.executable, os.path.abspath(__file__), "run-task", batch_path]
        lines = ["#!/bin/bash",
                 f"# Written by {os.path.basename(__file__)}: task i runs run i of",
                 f"# {batch_path} and writes its result file.",
                 "# Extra sbatch options (on the command line): "
                 + (shlex.join(s.sbatch_options) or "none")]
        lines += [f"#SBATCH {d}" for d in directives]
        lines += ["exec " + shlex.join(worker), ""]
        return "\n".join(lines)

    def sbatch(self, script_path, after_job):
        command = ["sbatch", "--parsable"]
        if after_job:
            command.append(f"--dependency=afterany:{after_job}")
        command += self.settings.sbatch_options + [script_path]
        code, out, err = call(command)
        if code != 0:
            raise ExecutorError(f"{shlex.join(command)} failed (exit {code}): {err.strip()}")
        return out.strip().split(";")[0]  # "JOBID" or "JOBID;CLUSTER"

    # ---- waiting

    def queued_tasks(self, job_id):
        """task index -> state (PENDING, RUNNING, ...) of job_id's tasks still in the
        queue; {} when the job has left it; None when squeue failed."""
        code, out, err = call(["squeue", "-h", "-r", "-j", job_id, "-o", "%K|%T"])
        if code != 0:
            return {} if "Invalid job id" in err else None
        tasks = {}
        for line in out.split():
            index, _, state = line.partition("|")
            if index.isdigit():
                tasks[int(index)] = state
        return tasks

    def wait(self, queued, total):
        """Yields the outcome of every queued run as its task ends."""
        last_progress, squeue_failures = None, 0
        jobs = ", ".join(sorted({q.job_id for q in queued.values()}, key=int))
        while queued:
            yield from self.collect(queued)
            states = {job: self.queued_tasks(job) for job in {q.job_id for q in queued.values()}}
            if any(tasks is None for tasks in states.values()):
                squeue_failures += 1
                if squeue_failures >= MAX_SQUEUE_FAILURES:
                    raise ExecutorError("squeue failed repeatedly; is slurmctld reachable?")
            else:
                squeue_failures = 0
                yield from self.collect(queued)  # results written since the last look
                yield from self.report_ended_tasks(queued, states)
                progress = self.progress(queued, states, total, jobs)
                if progress != last_progress:
                    log(progress)
                    last_progress = progress
            if queued:
                time.sleep(self.settings.poll_interval_s)

    def collect(self, queued):
        """Outcomes of the queued runs whose result file has appeared."""
        stored = self.stored_result_ids()
        for run_id in [i for i in queued if i in stored]:
            result = self.read_result(queued[run_id].run)
            if result is not None:
                run = queued.pop(run_id).run
                yield Outcome(run, result=result)
                self.discard_results([run])  # the caller has stored it

    def report_ended_tasks(self, queued, states):
        """Failures for runs whose task left the queue without a result file."""
        ended = [q for q in queued.values() if q.task_index not in states[q.job_id]]
        task_states = {}
        for q in ended:
            if q.job_id not in task_states:
                task_states[q.job_id] = self.final_states(q.job_id)
            state, exit_code = task_states[q.job_id].get(q.task_index, ("unknown", ""))
            if state.startswith("COMPLETED"):
                # Finished well: its result may still be on its way (network file system).
                q.missing_since = q.missing_since or time.monotonic()
                if time.monotonic() - q.missing_since < RESULT_GRACE_S:
                    continue
                state = "COMPLETED without writing a result file"
            del queued[q.run.id]
            yield Outcome(q.run, failure=self.failure_text(q, state, exit_code))

    def final_states(self, job_id):
        """task index -> (state, exit code) from sacct, or from scontrol on clusters
        without accounting storage."""
        code, out, _ = call(["sacct", "-n", "-P", "-X", "-j", job_id,
                             "-o", "JobID,State,ExitCode"])
        states = {}
        if code == 0:
            for line in out.splitlines():
                fields = line.split("|")
                if len(fields) == 3 and re.fullmatch(rf"{job_id}_\d+", fields[0]):
                    states[int(fields[0].split("_")[1])] = (fields[1], fields[2])
        if states:
            return states
        code, out, _ = call(["scontrol", "-o", "show", "job", job_id])
        for line in out.splitlines() if code == 0 else []:
            fields = dict(f.split("=", 1) for f in line.split() if "=" in f)
            if fields.get("ArrayTaskId", "").isdigit():
                states[int(fields["ArrayTaskId"])] = (fields.get("JobState", "unknown"),
                                                      fields.get("ExitCode", ""))
        return states

    def failure_text(self, queued_run, state, exit_code):
        job_task = f"{queued_run.job_id}_{queued_run.task_index}"
        error_log = os.path.join(self.logs_dir, f"{job_task}.err")
        text = state + (f", exit {exit_code}" if exit_code not in ("", "0:0") else "")
        text += f" (Slurm task {job_task}; log {error_log})"
        last = last_line(error_log)
        return text + (f": {last}" if last else "")

    def progress(self, queued, states, total, jobs):
        running = sum(1 for q in queued.values()
                      if states[q.job_id].get(q.task_index) in ("RUNNING", "COMPLETING"))
        waiting = sum(1 for q in queued.values() if q.task_index in states[q.job_id])
        return (f"{total - len(queued)}/{total} runs finished, {running} running, "
                f"{waiting - running} waiting (job {jobs})")


def last_line(path):
    try:
        with open(path, errors="replace") as f:
            lines = [line.strip() for line in f if line.strip()]
        return lines[-1][:300] if lines else ""
    except OSError:
        return ""


# ---------------------------------------------------------------- on the node

def run_task(batch_path):
    """Entry point of one array task: runs run $SLURM_ARRAY_TASK_ID of the batch
    and writes its result file."""
    index = int(os.environ["SLURM_ARRAY_TASK_ID"])
    with open(batch_path) as f:
        batch = json.load(f)
    entry = batch["runs"][index]
    print(f"{entry['name']} on {socket.gethostname()}", flush=True)
    function = load_function(batch["function"])
    result = function(entry["payload"])
    job = os.environ.get("SLURM_ARRAY_JOB_ID", "?")
    write_json_atomically(entry["result"], {
        "id": entry["id"], "name": entry["name"], "payload": entry["payload"],
        "result": result, "host": socket.gethostname(), "slurm_task": f"{job}_{index}"})
    return 0


def main(argv):
    parser = argparse.ArgumentParser(description="Runs one task of a Slurm array job "
                                     "written by this module (called by the job script).")
    sub = parser.add_subparsers(dest="command", required=True)
    task = sub.add_parser("run-task", help="run task $SLURM_ARRAY_TASK_ID of BATCH")
    task.add_argument("batch", help="the batch file of the job")
    args = parser.parse_args(argv)
    return run_task(args.batch)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
