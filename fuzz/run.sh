#!/bin/sh
# Runs the fuzz targets one after the other, each until 10 M executions or 30 minutes
# (RUNS, SECONDS_PER_TARGET), on one core at the lowest priority, and prints one line
# per target: its exit status and libFuzzer's "Done N runs in S second(s)".
#
#   fuzz/run.sh                      # every target
#   fuzz/run.sh board_parse mover_walk
#
# Needs a nightly toolchain and cargo-fuzz (cargo install cargo-fuzz). Logs go to
# fuzz/logs/, crashes to fuzz/artifacts/<target>/.
set -u
cd "$(dirname "$0")/.." || exit 2
runs=${RUNS:-10000000}
seconds=${SECONDS_PER_TARGET:-1800}
targets=${*:-$(cargo +nightly fuzz list)}
mkdir -p fuzz/logs
cargo +nightly fuzz build -s none -a || exit 2
failed=0
for target in $targets; do
    # -jobs=1 runs the fuzzer in a child whose output goes to fuzz-0.log.
    nice -n 19 cargo +nightly fuzz run -s none -a "$target" -- \
        -jobs=1 -workers=1 -runs="$runs" -max_total_time="$seconds" -max_len=4096 \
        > "fuzz/logs/$target.log" 2>&1
    status=$?
    mv fuzz-0.log "fuzz/logs/$target.job.log" 2>/dev/null
    done_line=$(grep -h '^Done' "fuzz/logs/$target.job.log" "fuzz/logs/$target.log" 2>/dev/null | tail -n 1)
    echo "$target: exit $status: ${done_line:-no Done line (see fuzz/logs/$target.job.log)}"
    [ "$status" -eq 0 ] || failed=1
done
exit "$failed"
