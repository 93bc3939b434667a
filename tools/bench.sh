#!/bin/sh
# bench.sh [perft|solve|all]: single-thread speed figures for README.
#   perft: start position depth 6 and the matsuri position depth 4 (last ply counted in bulk).
#   solve: Shogi Zuko and Shogi Muso with a fixed table (--hash 256) and a fixed node limit
#          per problem (BENCH_NODES, default 3000000), so the node total is repeatable: it is
#          the behaviour signature, printed as "Bench: N" for commit messages.
set -eu
what=${1:-all}
nodes=${BENCH_NODES:-3000000}
MATSURI='l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1'

if [ "$what" = perft ] || [ "$what" = all ]; then
    echo "perft startpos depth 6:  $(./tsume perft 6)"
    echo "perft matsuri depth 4:   $(./tsume perft 4 "$MATSURI")"
fi

if [ "$what" = solve ] || [ "$what" = all ]; then
    out=$(mktemp)
    trap 'rm -f "$out"' EXIT
    for set in zuko muso; do
        ./tsume solve --hash 256 --nodes "$nodes" --format json -f "problems/$set.sfen" > "$out" || true
        # Expected lengths: second column of the problem file, in the order of the output.
        grep -v '^#' "problems/$set.sfen" | grep -v '^[[:space:]]*$' | cut -f2 |
            paste - "$out" | awk -F'\t' -v set="$set" '
            function num(key,   s) { if (match($2, "\"" key "\": [0-9]+")) { s = substr($2, RSTART, RLENGTH); sub(/.*: /, "", s); return s + 0 } return -1 }
            function str(key,   s) { if (match($2, "\"" key "\": \"[a-z]+\"")) { s = substr($2, RSTART, RLENGTH); sub(/.*: "/, "", s); sub(/"$/, "", s); return s } return "" }
            { n++; st = str("status"); t = num("time_ms"); nd = num("nodes"); total_t += t; total_n += nd
              if (st == "mate" || st == "nomate") solved++
              if (st == "mate" && num("plies") == $1 + 0) agree++
              if (t > worst) { worst = t; worst_id = n } }
            END { printf "%s: %d problems, solved %d, length as expected %d, total %.1f s, mean %.0f ms, worst %d ms (#%d), nodes %d, %.0f nodes/s\n",
                         set, n, solved, agree, total_t / 1000, n ? total_t / n : 0, worst, worst_id, total_n, total_t ? total_n / (total_t / 1000) : 0
                  print total_n > "/dev/stderr" }' 2>> "$out.nodes"
    done
    echo "Bench: $(awk '{s += $1} END {print s}' "$out.nodes")"
    rm -f "$out.nodes"
fi
