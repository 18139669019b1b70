#!/bin/sh
# kit/example/regress.sh - a regression of the kit's template (or of your own
# design's testbench built the same way): one job a seed, its program made by
# `warpref gen` and run through the testbench, one directory a job.  It is the
# regression command docs/integrate.md ("Qualifying your design") gives
# scripts/qualify; it is also a start for a regression of your own.
#
#   kit/example/regress.sh [--warpref PATH] TB OUT A-B
#
# Seeds A..B in order (A <= B); job S in OUT/seed-S/:
#   prog.s, prog.words   warpref gen --seed S --exceptions 25 --wide-links
#                        (a quarter of the programs end in a planted exception,
#                        the illegal word in place in prog.words)
#   log.txt              TB +program=prog.s +words=prog.words +seed=S
#                        +test=seed-S +result=OUT/seed-S/result.json
#                        +dump=OUT/seed-S/dump, and its output
#   result.json          the checker's result file (status pass, mismatch,
#                        hang or error; the first failure's field and rule)
# --warpref PATH: the model's CLI (default: warpref on PATH).
# Prints `seed-S STATUS` a job and `N passed, N failed`.  Exit status: 0 when
# every job passed, 1 otherwise, 2 on bad arguments.
set -u
warpref=warpref
if [ "${1:-}" = "--warpref" ] && [ $# -ge 2 ]; then
    warpref=$2
    shift 2
fi
if [ $# -ne 3 ]; then
    echo "regress.sh: usage: regress.sh [--warpref PATH] TB OUT A-B" >&2
    exit 2
fi
tb=$1 out=$2 seeds=$3
first=${seeds%-*} last=${seeds#*-}
case "$first$last" in
    ''|*[!0-9]*) echo "regress.sh: seeds '$seeds': expected A-B (decimal, A <= B)" >&2; exit 2 ;;
esac
if [ "$first" -gt "$last" ]; then
    echo "regress.sh: seeds '$seeds': expected A-B (decimal, A <= B)" >&2
    exit 2
fi
passed=0 failed=0
s=$first
while [ "$s" -le "$last" ]; do
    d=$out/seed-$s
    mkdir -p "$d" || exit 2
    rm -f "$d/result.json"
    if ! "$warpref" gen --seed "$s" --exceptions 25 --wide-links -o "$d/prog.s" --words "$d/prog.words" \
            >"$d/log.txt" 2>&1; then
        echo "regress.sh: warpref gen --seed $s failed: $(head -n 1 "$d/log.txt")" >&2
        exit 2
    fi
    "$tb" "+program=$d/prog.s" "+words=$d/prog.words" "+seed=$s" "+test=seed-$s" \
        "+result=$d/result.json" "+dump=$d/dump" >>"$d/log.txt" 2>&1
    rc=$?
    st=$(sed -n 's/^{"status":"\([a-z]*\)".*/\1/p' "$d/result.json" 2>/dev/null)
    if [ "$rc" -eq 0 ] && [ "$st" = pass ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
    echo "seed-$s ${st:-error (exit $rc, no result)}"
    s=$((s + 1))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
