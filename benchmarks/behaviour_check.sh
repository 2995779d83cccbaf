#!/usr/bin/env bash
# Records what a build of the planner and trainer does on a fixed list, so
# that a refactoring can be shown to change nothing: run it with the build
# before and the build after, then diff the two TSVs.
#
#   bash benchmarks/behaviour_check.sh run BUILD_DIR OUT.tsv
#   bash benchmarks/behaviour_check.sh diff BEFORE.tsv AFTER.tsv
#
# BUILD_DIR holds cli/lazylifted and cli/lltrain. One row per run: the
# searches (tests/data tasks and ipc23lt medium p01 + easy p05 of every
# domain, under configurations default, lama, paper, two without a model
# and, on ipc23lt, paper with the domain's AOAG and AEG models) with exit code, status, expansions, evaluations, generated, h values,
# plan cost and the plan's md5; the help texts, validate and explain outputs;
# and the md5 of models lltrain writes on a small training set. Times and
# memory are left out. Every search stops after --max-expansions 5000, so
# each run is short and ends the same way every time.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
IPC="${LL_IPC23LT:-/work/shared/benchmarks/ipc23lt}"
EXPANSIONS=5000

usage() {
  sed -n '6,8p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# The searches: label, domain, problem.
tasks() {
  local dir p
  for dir in "$ROOT"/tests/data/tasks/*/; do
    # wide12 has 2 x 30^12 actions a state: only a time limit ends it.
    [[ "$(basename "$dir")" == wide12 ]] && continue
    for p in "$dir"p*.pddl; do
      printf '%s\t%s\t%s\n' "tests/$(basename "$dir")/$(basename "$p" .pddl)" "$dir/domain.pddl" "$p"
    done
  done
  for dir in "$IPC"/*/; do
    local d
    d="$(basename "$dir")"
    for p in medium/p01 easy/p05; do
      [[ -f "$dir/testing/$p.pddl" ]] &&
        printf '%s\t%s\t%s\n' "ipc23lt/$d/$p" "$dir/domain.pddl" "$dir/testing/$p.pddl"
    done
  done
}

CONFIGS=(
  "default|--config default"
  "lama|--config lama"
  "paper|--config paper"
  "default-nomodel|--config default --model none"
  "lama-nomodel-partial|--config lama --model none --space partial"
  # ipc23lt only: the domain's AOAG and AEG models of models/ (PS²).
  "paper-aoag|--config paper --model @models/ipc23lt-DOMAIN-aoag-partial.json --space partial"
  "paper-aeg|--config paper --model @models/ipc23lt-DOMAIN-aeg-partial.json --space partial"
)

STATS_FIELDS='[.exit_code, .status, .expansions, .evaluations, .generated,
  .generated_transitions, .dead_ends, .symmetric_pruned, .initial_h, .best_h,
  .plan_length, .plan_cost, .heuristic, .space, .model, .config,
  .wl_colours_seen, .wl_colours_unseen] | map(tostring) | join("\t")'

md5() { if [[ -f "$1" ]]; then md5sum "$1" | cut -d' ' -f1; else echo none; fi; }

run_searches() {
  local planner="$1" work="$2" label domain problem entry name flags rc
  while IFS=$'\t' read -r label domain problem; do
    for entry in "${CONFIGS[@]}"; do
      name="${entry%%|*}"
      flags="${entry#*|}"
      if [[ "$flags" == *@models/* ]]; then
        [[ "$label" == ipc23lt/* ]] || continue
        local d="${label#ipc23lt/}"
        flags="${flags//@models/$ROOT/models}"
        flags="${flags//DOMAIN/${d%%/*}}"
      fi
      rm -f "$work/plan" "$work/stats.json"
      rc=0
      # shellcheck disable=SC2086
      timeout 120 "$planner" plan "$domain" "$problem" $flags --max-expansions "$EXPANSIONS" \
        --plan-file "$work/plan" --stats-json "$work/stats.json" --quiet \
        >/dev/null 2>"$work/stderr" || rc=$?
      local stats="no-stats"
      [[ -s "$work/stats.json" ]] && stats="$(jq -r "$STATS_FIELDS" "$work/stats.json" | sed "s|$ROOT|.|g")"
      printf 'plan\t%s\t%s\t%s\t%s\t%s\n' "$label" "$name" "$rc" "$(md5 "$work/plan")" "$stats"
    done
  done < <(tasks)
}

# Texts the CLI prints: help, validate and explain on a few tasks.
run_texts() {
  local planner="$1" trainer="$2" work="$3" bw="$ROOT/tests/data/tasks/blocksworld"
  local -a cmds=(
    "$planner --help"
    "$planner plan --help"
    "$planner validate --help"
    "$planner explain --help"
    "$trainer --help"
    "$planner"
    "$planner plan"
    "$planner plan $bw/domain.pddl $bw/p01.pddl --config nonsense"
    "$planner plan $bw/domain.pddl $bw/p01.pddl --time-limit 5x"
    "$planner plan $bw/domain.pddl $bw/p01.pddl --memory-limit 1T"
    "$planner validate $bw/domain.pddl $bw/p03.pddl $bw/p03.plan"
    "$planner validate $bw/domain.pddl $bw/p02.pddl $bw/p03.plan"
    "$planner explain $bw/domain.pddl $bw/p03.pddl --plan $bw/p03.plan --model none"
    "$planner explain $bw/domain.pddl $bw/p03.pddl --plan $bw/p03.plan --model none --json"
    "$planner explain $bw/domain.pddl $bw/p02.pddl --space partial --children root --model none"
    "$trainer --domain $bw/domain.pddl"
  )
  local c rc
  for c in "${cmds[@]}"; do
    rc=0
    # shellcheck disable=SC2086
    (cd "$work" && timeout 120 $c >"$work/out" 2>&1) || rc=$?
    local label="${c//$planner/lazylifted}"
    label="${label//$trainer/lltrain}"
    printf 'text\t%s\t%s\t%s\n' "${label//$ROOT/.}" "$rc" \
      "$(sed "s|$planner|lazylifted|g; s|$trainer|lltrain|g; s|$ROOT|.|g" "$work/out" | md5sum | cut -d' ' -f1)"
  done
}

# Models trained on the ten smallest blocksworld, ferry and spanner training problems.
run_training() {
  local trainer="$1" work="$2" d entry name flags rc
  local -a variants=(
    "aoag-notune|--no-tune"
    "ilg-state-loss|--graph ilg --space state --selection loss --tune-iterations 2"
    "aeg-search|--graph aeg --iterations 1-2"
  )
  for d in blocksworld ferry spanner; do
    for entry in "${variants[@]}"; do
      name="${entry%%|*}"
      flags="${entry#*|}"
      rm -f "$work/model.json"
      rc=0
      # shellcheck disable=SC2086
      timeout 600 "$trainer" --domain "$IPC/$d/domain.pddl" --problems "$IPC/$d/training" \
        --plans "$IPC/$d/training_plans" --max-problems 10 --out "$work/model.json" $flags \
        >/dev/null 2>&1 || rc=$?
      printf 'train\t%s\t%s\t%s\t%s\n' "$d" "$name" "$rc" "$(md5 "$work/model.json")"
    done
  done
}

case "${1:-}" in
  run)
    [[ $# -eq 3 ]] || usage
    build="$(cd "$2" && pwd)"
    out="$3"
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    {
      run_searches "$build/cli/lazylifted" "$work"
      run_texts "$build/cli/lazylifted" "$build/cli/lltrain" "$work"
      run_training "$build/cli/lltrain" "$work"
    } >"$out"
    echo "behaviour_check: $(wc -l <"$out") rows in $out" >&2
    ;;
  diff)
    [[ $# -eq 3 ]] || usage
    if diff "$2" "$3"; then
      echo "behaviour_check: identical ($(wc -l <"$2") rows)"
    else
      echo "behaviour_check: DIFFERENT" >&2
      exit 1
    fi
    ;;
  *) usage ;;
esac
