#!/usr/bin/env bash
# Reproduces the benchmark report with one command: installs what
# is missing (plus Debian's python3-matplotlib for the plots), builds the
# native preset, makes sure all 45 models of models/manifest.json exist
# (training the missing ones), runs the seven configurations on
# benchmarks/lists/report-sample.txt and writes docs/benchmark-report.md.
# At most 2 jobs run in parallel. Runs already in benchmarks/results/report/
# are kept (an interrupted run resumes); --fresh discards them first.
#
#   bash benchmarks/reproduce.sh [--fresh] [--retrain] [--time-limit 30]
#     --fresh     rerun every configuration (under 2 hours on 2 cores)
#     --retrain   retrain all 45 models first (about 10 minutes)
# Needs the benchmark sets in ../shared/benchmarks (or LL_SHARED=DIR).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

fresh=0
retrain=()
report_args=()
while (($#)); do
    case "$1" in
        --fresh) fresh=1 ;;
        --retrain) retrain=(--force) ;;
        *) report_args+=("$1") ;;
    esac
    shift
done
shared="${LL_SHARED:-$(cd .. && pwd)/shared/benchmarks}"
if [[ ! -d "$shared/ipc23lt" || ! -d "$shared/hbf" ]]; then
    echo "reproduce: no benchmark sets in $shared (set LL_SHARED)" >&2
    exit 2
fi

source scripts/install-deps.sh
ll_install_deps
if ! /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
    apt-get install -y --no-install-recommends python3-matplotlib
fi

jobs="$(nproc 2>/dev/null || echo 2)"
cmake --preset native
cmake --build --preset native --target lazylifted lltrain -j "$jobs"

python3 models/train_models.py --lltrain build/native/cli/lltrain --shared "$shared" \
    --jobs 2 "${retrain[@]}"

if ((fresh)); then
    rm -rf benchmarks/results/report
fi
/usr/bin/python3 benchmarks/report.py --planner build/native/cli/lazylifted --shared "$shared" \
    --jobs 2 "${report_args[@]}"
