#!/usr/bin/env bash
# A single-node Slurm cluster in a folder, for tests: Debian's
# slurm-wlm and munge, configuration, munge key, state, logs and pid files all
# in DIR, daemons started directly (no systemd) on free loopback ports, so it
# neither needs nor touches /etc/slurm, /etc/munge or a running system Slurm.
# The node is this machine as `localhost` (CPUs and memory from `slurmd -C`),
# in one partition `debug`. No cgroups (containers rarely delegate cgroup v2):
# processes are tracked by proctrack/linuxproc, memory limits (--mem) are
# enforced by jobacct_gather's polling (OverMemoryKill). Needs root.
#
#   source tests/slurm/single-node-slurm.sh
#   ll_slurm_start DIR    # then: export SLURM_CONF=DIR/slurm.conf; sbatch ...
#   ll_slurm_stop DIR
#
# Run directly: `bash tests/slurm/single-node-slurm.sh start|stop DIR`
# (start prints the SLURM_CONF to export).

LL_SLURM_IDLE_TIMEOUT_S=60

# ll_slurm_free_port: a TCP port nothing listens on at the moment.
ll_slurm_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# ll_slurm_node_line: this machine as a slurm.conf node line named localhost.
ll_slurm_node_line() {
    local line
    line="$(slurmd -C 2>/dev/null | grep -m1 '^NodeName=')" || return 1
    sed -E 's/^NodeName=[^ ]+/NodeName=localhost NodeAddr=127.0.0.1/' <<<"$line"
}

# ll_slurm_write_config DIR: slurm.conf, cgroup.conf and the munge key in DIR.
ll_slurm_write_config() {
    local dir="$1" node ctld_port slurmd_port
    node="$(ll_slurm_node_line)" || {
        echo "single-node-slurm: slurmd -C did not describe this machine" >&2
        return 1
    }
    ctld_port="$(ll_slurm_free_port)"
    slurmd_port="$(ll_slurm_free_port)"
    while [[ "$slurmd_port" == "$ctld_port" ]]; do slurmd_port="$(ll_slurm_free_port)"; done
    mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
    chmod 755 "$dir"  # munged wants every folder above its socket searchable
    chmod 700 "$dir/munge"
    dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
    chmod 400 "$dir/munge/munge.key"
    cat >"$dir/slurm.conf" <<EOF
# Written by tests/slurm/single-node-slurm.sh: a test cluster in $dir.
ClusterName=lltest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket.2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/linux
JobAcctGatherFrequency=1
JobAcctGatherParams=OverMemoryKill
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
MinJobAge=600
# Start the next array tasks as soon as others end (default: up to 3 s later).
SchedulerParameters=batch_sched_delay=0
$node State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
    # Read only by cgroup plugins, which this configuration does not load.
    printf 'CgroupAutomount=no\nConstrainCores=no\nConstrainRAMSpace=no\n' >"$dir/cgroup.conf"
}

# ll_slurm_wait_idle DIR: until sinfo shows the node idle (or the timeout).
ll_slurm_wait_idle() {
    local dir="$1" waited=0 state
    while ((waited < LL_SLURM_IDLE_TIMEOUT_S * 2)); do
        state="$(SLURM_CONF="$dir/slurm.conf" sinfo -h -N -o '%T' 2>/dev/null | head -n 1)"
        [[ "$state" == idle ]] && return 0
        sleep 0.5
        waited=$((waited + 1))
    done
    echo "single-node-slurm: the node is not idle after ${LL_SLURM_IDLE_TIMEOUT_S} s" \
        "(state: ${state:-none})" >&2
    return 1
}

# ll_slurm_start DIR: configuration, then munged, slurmctld and slurmd.
ll_slurm_start() {
    local dir="$1"
    ll_slurm_write_config "$dir" || return
    munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket.2" \
        --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
        --seed-file="$dir/munge/munged.seed" || {
        echo "single-node-slurm: munged did not start (log: $dir/munge/munged.log)" >&2
        return 1
    }
    SLURM_CONF="$dir/slurm.conf" slurmctld -f "$dir/slurm.conf" -i || {
        echo "single-node-slurm: slurmctld did not start (log: $dir/log/slurmctld.log)" >&2
        return 1
    }
    SLURM_CONF="$dir/slurm.conf" slurmd -f "$dir/slurm.conf" -N localhost || {
        echo "single-node-slurm: slurmd did not start (log: $dir/log/slurmd.log)" >&2
        return 1
    }
    ll_slurm_wait_idle "$dir"
}

# ll_slurm_stop_daemon PIDFILE: TERM, then KILL after 10 s.
ll_slurm_stop_daemon() {
    local pid i
    [[ -f "$1" ]] || return 0
    pid="$(cat "$1")"
    [[ "$pid" =~ ^[0-9]+$ ]] || return 0
    kill "$pid" 2>/dev/null || return 0
    for ((i = 0; i < 100; i++)); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
}

# ll_slurm_cancel_jobs DIR: cancels every job of the cluster and waits (10 s at
# most) until they are gone: a job's slurmstepd would outlive slurmd.
ll_slurm_cancel_jobs() {
    local dir="$1" i
    [[ -f "$dir/slurmctld.pid" ]] || return 0
    export SLURM_CONF="$dir/slurm.conf"
    scancel --user=root 2>/dev/null || return 0
    for ((i = 0; i < 100; i++)); do
        [[ -z "$(squeue -h -o %i 2>/dev/null)" ]] && return 0
        sleep 0.1
    done
}

# ll_slurm_stop DIR: cancels the jobs, stops the daemons started from DIR.
ll_slurm_stop() {
    local dir="$1"
    (ll_slurm_cancel_jobs "$dir") || true
    ll_slurm_stop_daemon "$dir/slurmd.pid"
    ll_slurm_stop_daemon "$dir/slurmctld.pid"
    ll_slurm_stop_daemon "$dir/munge/munged.pid"
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    set -euo pipefail
    case "${1:-}" in
        start) ll_slurm_start "$2" && echo "export SLURM_CONF=$2/slurm.conf" ;;
        stop) ll_slurm_stop "$2" ;;
        *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
    esac
fi
