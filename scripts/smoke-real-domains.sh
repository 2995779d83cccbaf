#!/usr/bin/env bash
# Smoke test over real domains: solves the first testing/easy
# problem of every domain in ../shared/benchmarks/{ipc23lt,hbf}/* with the
# default configuration (no flag but a 20 s time limit), validates each plan
# with `lazylifted validate`, and prints a table and "N passed, M failed".
# A domain passes when its problem is solved and the plan is valid. Skipped,
# saying so, with exit 0 when ../shared/benchmarks is absent. Unit tests never
# use these files; this is the only place the test command touches them.
#
# usage: scripts/smoke-real-domains.sh [LAZYLIFTED]   (default: build/native/cli/lazylifted)
#   LL_BENCHMARKS=DIR   another benchmark root (default: ../shared/benchmarks)
#   LL_SMOKE_TIME=S     the time limit per problem (default: 20; every first plan
#                       takes under a second, and anytime search uses the rest:
#                       at 60 s, hbf/blocksworld p00 alone held the test 60 s)
#   LL_SMOKE_JOBS=J     problems solved at once (default: the number of cores)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

cli="${1:-build/native/cli/lazylifted}"
root="${LL_BENCHMARKS:-../shared/benchmarks}"
time_limit="${LL_SMOKE_TIME:-20}"
jobs="${LL_SMOKE_JOBS:-$(nproc 2>/dev/null || echo 2)}"

if [[ ! -d "$root" ]]; then
    echo "smoke: skipped: $root is absent (the benchmark sets are not part of the repository)"
    echo "smoke: 0 passed, 0 failed"
    exit 0
fi
[[ -x "$cli" ]] || { echo "smoke: $cli is missing: build the native preset first" >&2; exit 1; }
root="$(cd "$root" && pwd)"
cli="$(cd "$(dirname "$cli")" && pwd)/$(basename "$cli")"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One line per domain: set/domain, domain file, first testing/easy problem.
list="$work/list"
: >"$list"
for set in ipc23lt hbf; do
    for dir in "$root/$set"/*; do
        [[ -f "$dir/domain.pddl" && -d "$dir/testing/easy" ]] || continue
        problem="$(find "$dir/testing/easy" -maxdepth 1 -name '*.pddl' | sort -V | head -n 1)"
        [[ -n "$problem" ]] || continue
        printf '%s\t%s\t%s\n' "$set/$(basename "$dir")" "$dir/domain.pddl" "$problem" >>"$list"
    done
done

# solve NAME DOMAIN PROBLEM: one row "name<TAB>problem<TAB>status<TAB>time<TAB>length<TAB>valid".
solve() {
    local name="$1" domain="$2" problem="$3" dir code=0 start took length="-" valid="-" status
    dir="$work/${name//\//_}"
    mkdir -p "$dir"
    start="$(date +%s.%N)"
    (cd "$dir" && "$cli" plan "$domain" "$problem" --time-limit "$time_limit" \
        >stdout.txt 2>stderr.txt) || code=$?
    took="$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')"
    case "$code" in
    0) status=solved ;;
    11) status=unsolvable ;;
    22) status=out-of-memory ;;
    23) status=out-of-time ;;
    *) status="exit-$code" ;;
    esac
    if ((code == 0)); then
        length="$(grep -cvE '^\s*(;|$)' "$dir/sas_plan" || true)"
        if "$cli" validate "$domain" "$problem" "$dir/sas_plan" >"$dir/validate.txt" 2>&1; then
            valid=yes
        else
            valid=NO
        fi
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$(basename "$problem" .pddl)" "$status" "$took" \
        "$length" "$valid" >"$dir/row"
}
export -f solve
export cli work time_limit

echo "smoke: $(wc -l <"$list") domains of $root, first testing/easy problem each," \
    "default configuration, --time-limit $time_limit, $jobs at a time"
tr '\n' '\0' <"$list" | xargs -0 -P "$jobs" -I{} bash -c 'IFS=$'"'"'\t'"'"' read -r n d p <<<"$1"; solve "$n" "$d" "$p"' _ {}

passed=0 failed=0
printf '%-28s %-8s %-14s %8s %7s %6s\n' domain problem status time length valid
while IFS=$'\t' read -r name _ _; do
    row="$work/${name//\//_}/row"
    if [[ ! -f "$row" ]]; then
        printf '%-28s %s\n' "$name" "(no result)"
        failed=$((failed + 1))
        continue
    fi
    IFS=$'\t' read -r n problem status took length valid <"$row"
    printf '%-28s %-8s %-14s %7ss %7s %6s\n' "$n" "$problem" "$status" "$took" "$length" "$valid"
    if [[ "$status" == solved && "$valid" == yes ]]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        [[ "$status" == solved ]] || sed 's/^/    /' "$work/${name//\//_}/stderr.txt" | grep -E 'error|stopped' | head -n 3 || true
    fi
done <"$list"
echo "smoke: $passed passed, $failed failed"
((failed == 0))
