#!/usr/bin/env bash
# Prints hFF/hadd/hmax/goal-count at the initial state of the instances whose
# reference values are listed in lazylifted-brief.md §11 (docs/design.md).
# Usage: benchmarks/reference_values.sh PATH/TO/lazylifted [SHARED_BENCHMARKS]
set -euo pipefail
planner=$1
shared=${2:-/work/shared/benchmarks}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-40s %6s %6s %6s %6s\n' instance ff hadd hmax gc
while read -r domain problem; do
    row=$(printf '%-40s' "$domain/$problem")
    for h in ff hadd hmax goal-count; do
        "$planner" plan "$shared/ipc23lt/$domain/domain.pddl" "$shared/ipc23lt/$domain/$problem" \
            --heuristic "$h" --max-expansions 1 --quiet --plan-file "$tmp/plan" \
            --stats-json "$tmp/stats.json" > /dev/null 2>&1 || true
        v=$(python3 -c "import json,sys; print(int(json.load(open(sys.argv[1]))['initial_h']))" "$tmp/stats.json")
        row+=$(printf ' %6s' "$v")
    done
    echo "$row"
done <<'LIST'
blocksworld training/p13.pddl
childsnack training/p06.pddl
childsnack testing/easy/p10.pddl
ferry training/p10.pddl
spanner testing/easy/p01.pddl
spanner testing/easy/p10.pddl
satellite training/p10.pddl
LIST
