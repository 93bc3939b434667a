#!/bin/sh
# bench.sh [perft|solve|batch|all]: speed figures for README (perft and solve on one thread).
#   perft: start position depth 6 and the matsuri position depth 4 (last ply counted in bulk).
#   solve: Shogi Zuko and Shogi Muso with a fixed table (--hash 256) and fixed node limits
#          per problem, so the node total is repeatable: it is the behaviour signature,
#          printed as "Bench: N" for commit messages.  BENCH_NODES (default 50000000) is the
#          limit of a whole solve, enough for every answer (the hardest, Muso 第6番, a no-mate,
#          takes 34 M); BENCH_SHORTEN_NODES (default 3000000) is the share of it for proving
#          a mate's length shortest.  "proven shortest" counts the lengths proven (and the
#          no-mates); "by phase" splits the nodes and time into the proof, the shortening
#          and the line's walk (`phase_nodes`, `phase_ms`); "pieces left" counts the
#          certified lines and those whose count of pieces left is not certain
#          (`leftover_sure` false: the walk's look among lines as long was cut short).
#          Each set's per-problem JSON
#          goes to build/bench-SET.jsonl, the run before to build/bench-SET.prev.jsonl
#          (tools/bench-compare.sh compares two).
#   batch: throughput of `tsume solve -f` with --jobs 1 and --jobs 2 (the same --hash 256 in
#          total) and the speedup; the answers of the two must be identical.  First the 69
#          small problems of ../shared/problems/antma_tsumeshogi_check.sfen (best wall time of
#          BENCH_REPEAT runs, default 7: per-problem costs), then the 43 problems of
#          shtsume_tests.sfen at BENCH_BATCH_NODES nodes each (default 100000, one run: search).
set -eu
what=${1:-all}
case "$what" in
perft|solve|batch|all) ;;
-h|--help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
*) echo "usage: tools/bench.sh [perft|solve|batch|all]" >&2; exit 2 ;;
esac
nodes=${BENCH_NODES:-50000000}
shorten=${BENCH_SHORTEN_NODES:-3000000}
MATSURI='l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1'

if [ "$what" = perft ] || [ "$what" = all ]; then
    echo "perft startpos depth 6:  $(./tsume perft 6)"
    echo "perft matsuri depth 4:   $(./tsume perft 4 "$MATSURI")"
fi

if [ "$what" = solve ] || [ "$what" = all ]; then
    out=$(mktemp)
    trap 'rm -f "$out"' EXIT
    for set in zuko muso; do
        ./tsume solve --jobs 1 --hash 256 --nodes "$nodes" --shorten-nodes "$shorten" --format json \
            -f "problems/$set.sfen" > "$out" || true
        # Per-problem results, for a closer look; the run before is kept beside them, so that
        # tools/bench-compare.sh build/bench-$set.prev.jsonl build/bench-$set.jsonl shows
        # what a change did, problem by problem.
        mkdir -p build
        [ ! -f "build/bench-$set.jsonl" ] || mv "build/bench-$set.jsonl" "build/bench-$set.prev.jsonl"
        cp "$out" "build/bench-$set.jsonl"
        # Expected lengths: second column of the problem file, in the order of the output.
        grep -v '^#' "problems/$set.sfen" | grep -v '^[[:space:]]*$' | cut -f2 |
            paste - "$out" | awk -F'\t' -v set="$set" '
            function num(key,   s) { if (match($2, "\"" key "\": [0-9]+")) { s = substr($2, RSTART, RLENGTH); sub(/.*: /, "", s); return s + 0 } return -1 }
            function str(key,   s) { if (match($2, "\"" key "\": \"[a-z]+\"")) { s = substr($2, RSTART, RLENGTH); sub(/.*: "/, "", s); sub(/"$/, "", s); return s } return "" }
            function phases(key, into,   s, k, parts, i) { if (match($2, "\"" key "\": \\[[0-9, ]+\\]")) { s = substr($2, RSTART, RLENGTH); sub(/.*\[/, "", s); sub(/\]/, "", s); k = split(s, parts, ", "); for (i = 1; i <= k; i++) into[i] += parts[i] } }
            { n++; st = str("status"); t = num("time_ms"); nd = num("nodes"); total_t += t; total_n += nd
              phases("phase_nodes", pn); phases("phase_ms", pt)
              if (st == "mate" || st == "nomate") solved++
              if (st == "mate" && num("plies") == $1 + 0) agree++
              if (st == "nomate" || $2 ~ /"shortest": true/) proven++
              if ($2 ~ /"exact": true/) { certified++; if ($2 ~ /"leftover_sure": false/) unsure++ }
              if (t > worst) { worst = t; worst_id = n } }
            END { printf "%s: %d problems, solved %d, proven shortest %d, length as expected %d, total %.1f s, mean %.0f ms, worst %d ms (#%d), nodes %d, %.0f nodes/s\n",
                         set, n, solved, proven, agree, total_t / 1000, n ? total_t / n : 0, worst, worst_id, total_n, total_t ? total_n / (total_t / 1000) : 0
                  printf "%s by phase: proof %d nodes %.1f s, shortening %d nodes %.1f s, line %d nodes %.1f s\n",
                         set, pn[1], pt[1] / 1000, pn[2], pt[2] / 1000, pn[3], pt[3] / 1000
                  printf "%s pieces left: %d certified lines, the count not certain on %d (leftover_sure)\n",
                         set, certified, unsure
                  print total_n > "/dev/stderr" }' 2>> "$out.nodes"
    done
    echo "Bench: $(awk '{s += $1} END {print s}' "$out.nodes")"
    rm -f "$out.nodes"
fi

if [ "$what" = batch ] || [ "$what" = all ]; then
    shared=${TSUME_SHARED:-../shared}/problems
    tmp=$(mktemp -d)
    # batch NAME FILE REPEAT [OPTIONS...]: best wall time of REPEAT runs at --jobs 1 and 2.
    batch() {
        name=$1 file=$2 repeat=$3
        shift 3
        n=$(grep -cv -e '^#' -e '^[[:space:]]*$' "$file")
        for jobs in 1 2; do
            best=
            for i in $(seq "$repeat"); do
                t0=$(date +%s%N)
                ./tsume solve --jobs "$jobs" --hash 256 --format json "$@" -f "$file" > "$tmp/out" 2>/dev/null || true
                t=$(( $(date +%s%N) - t0 ))
                [ -z "$best" ] || [ "$t" -lt "$best" ] && best=$t
            done
            sed 's/"nodes": [0-9]*, "time_ms": [0-9]*\(, "phase_[a-z]*": \[[0-9, ]*\]\)*//' "$tmp/out" > "$tmp/answers.$jobs"
            eval "best$jobs=$best"
            awk -v name="$name" -v n="$n" -v j="$jobs" -v t="$best" -v r="$repeat" 'BEGIN {
                printf "batch %s, %d problems, --jobs %d: %.1f ms (best of %d), %.1f problems/s\n", name, n, j, t / 1e6, r, n / (t / 1e9) }'
        done
        same=$(cmp -s "$tmp/answers.1" "$tmp/answers.2" && echo "identical answers" || echo "ANSWERS DIFFER")
        # Other work on the machine skews the figure: the load average is printed with it.
        awk -v name="$name" -v a="$best1" -v b="$best2" -v s="$same" -v l="$(cut -d' ' -f1 /proc/loadavg)" \
            -v c="$(getconf _NPROCESSORS_ONLN)" 'BEGIN {
            printf "batch %s speedup --jobs 2 / --jobs 1: %.2fx, %s (load average %s on %d cores)\n", name, a / b, s, l, c }'
    }
    batch antma "$shared/antma_tsumeshogi_check.sfen" "${BENCH_REPEAT:-7}"
    batch shtsume "$shared/shtsume_tests.sfen" 1 --nodes "${BENCH_BATCH_NODES:-100000}"
    rm -rf "$tmp"
fi
