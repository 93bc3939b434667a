#!/bin/sh
# coverage.sh DIR SHARED: runs the whole test suite on the coverage build in DIR (tsume and
# tsume-tests built with clang's -fprofile-instr-generate -fcoverage-mapping, `make
# coverage`), then writes what it ran:
#   DIR/report.txt     lines, regions and functions run, per source file (tests excluded)
#   DIR/never-run.txt  the functions the suite never enters, one "file function" a line
#   DIR/uncovered.txt  every source line that never ran, as "file:line: text"
# and prints the totals and the functions never entered.  Every test forks and runs the
# binary, so each process writes a profile of its own (DIR/prof/PID-N.profraw).
# The exit status is the test suite's (the report is written either way), 2 when the
# tools are missing.
set -u
case "${1:-}" in -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;; esac
dir=${1:?usage: tools/coverage.sh DIR SHARED}
shared=${2:-../shared}
for t in llvm-profdata llvm-cov; do
    command -v $t >/dev/null 2>&1 || { echo "coverage: $t not found (Debian package llvm)" >&2; exit 2; }
done
[ -x "$dir/tsume" ] && [ -x "$dir/tsume-tests" ] || { echo "coverage: no coverage build in $dir (make coverage)" >&2; exit 2; }
# Absolute: tests run the binary from scratch directories of their own, and a relative
# profile path would put (or lose) their profiles there.
dir=$(cd "$dir" && pwd) || exit 2

rm -rf "$dir/prof" && mkdir -p "$dir/prof" || exit 2
LLVM_PROFILE_FILE="$dir/prof/%p-%m.profraw" TSUME_BIN="$dir/tsume" TSUME_SHARED="$shared" "$dir/tsume-tests"
status=$?
echo "coverage: merging $(ls "$dir/prof" | wc -l) profiles"
llvm-profdata merge -sparse "$dir"/prof/*.profraw -o "$dir/all.profdata" || exit 2

sources=$(ls movegen/*.c solver/*.c front/*.c)
objects="$dir/tsume -object $dir/tsume-tests"
# shellcheck disable=SC2086 # the object list is words on purpose
llvm-cov report $objects -instr-profile="$dir/all.profdata" -ignore-filename-regex='tests/|build/' \
    >"$dir/report.txt" 2>/dev/null || exit 2
# A function whose regions are all missed was never entered (columns: name, regions, missed).
# shellcheck disable=SC2086
for f in $sources; do
    llvm-cov report $objects -instr-profile="$dir/all.profdata" -show-functions "$f" 2>/dev/null |
        awk -v f="$f" 'NF > 5 && $2 ~ /^[0-9]+$/ && $2 > 0 && $2 == $3 { sub(/^.*:/, "", $1); print f, $1 }'
done >"$dir/never-run.txt"
# shellcheck disable=SC2086
llvm-cov show $objects -instr-profile="$dir/all.profdata" -ignore-filename-regex='tests/|build/' 2>/dev/null |
    awk '/^\/.*:$/ { file = substr($0, 1, length($0) - 1); sub(/^.*\/(movegen|solver|front)\//, "&", file); next }
         /^ *[0-9]+\| *0\|/ { split($0, a, "|"); line = a[1] + 0; text = substr($0, index($0, a[3]));
                              n = split(file, parts, "/"); print parts[n - 1] "/" parts[n] ":" line ": " text }' \
    >"$dir/uncovered.txt"

grep '^TOTAL' "$dir/report.txt" | awk '{ printf "coverage: lines %s of %s run (%s), functions %s, regions %s\n",
    $8 - $9, $8, $10, $7, $4 }'
echo "coverage: $(wc -l <"$dir/uncovered.txt") lines never run ($dir/uncovered.txt); functions never entered:"
sed 's/^/  /' "$dir/never-run.txt"
echo "coverage: per-file table in $dir/report.txt"
exit $status
