#!/usr/bin/env bash
# Plans every problem of tests/data/derived in both search spaces and checks
# each plan with the planner's validator and with check_plan.py (independent
# of the C++ code). Prints one line per run; exits 1 if any plan is missing
# or rejected by either validator.
#
#   bash benchmarks/derived/run.sh [BUILD_DIR]      (default: build/native)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PLANNER="${1:-$ROOT/build/native}/cli/lazylifted"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
failed=0
for dir in "$ROOT"/tests/data/derived/*/; do
  for problem in "$dir"p*.pddl; do
    for space in state partial; do
      label="$(basename "$dir")/$(basename "$problem" .pddl) $space"
      rm -f "$WORK/plan"
      if ! "$PLANNER" plan "$dir/domain.pddl" "$problem" --space "$space" --time-limit 60 \
          --plan-file "$WORK/plan" --quiet >/dev/null 2>"$WORK/err"; then
        echo "$label: no plan ($(tail -1 "$WORK/err"))"; failed=1; continue
      fi
      builtin="$("$PLANNER" validate "$dir/domain.pddl" "$problem" "$WORK/plan" 2>&1 | head -1)" || failed=1
      independent="$(python3 "$ROOT/benchmarks/derived/check_plan.py" "$dir/domain.pddl" "$problem" "$WORK/plan")" || failed=1
      echo "$label: $(grep -vc '^;' "$WORK/plan") steps; built-in: $builtin; independent: $independent"
    done
  done
done
exit "$failed"
