#!/bin/sh
# bench-compare.sh BASE.jsonl NEW.jsonl: two runs of `tsume solve --format json` on the same
# problem file (as `make bench` leaves in build/bench-zuko.jsonl and build/bench-muso.jsonl),
# compared problem by problem: totals, lengths proven shortest and which problems gained or
# lost that, nodes on the problems both prove, and every answer that differs.
#
# Why a tool: a change to the search moves the problems at the edge of the bench's node
# share both ways, so the totals alone mislead; the figures on the problems both runs prove
# are the ones BENCH-LOG.md compares.  Two runs that contradict each other (a mate against
# a no-mate, two different lengths both proven shortest, or a mate proven within fewer
# plies than the other run's proven shortest length) mean one of them is wrong: the tool
# says so and exits 3.  Exit 0 otherwise, 2 on bad usage, unreadable input, or runs of
# two files (an id whose position differs).
set -eu
usage="usage: tools/bench-compare.sh BASE.jsonl NEW.jsonl"
if [ $# -eq 1 ] && { [ "$1" = --help ] || [ "$1" = -h ]; }; then
    echo "$usage"
    exit 0
fi
if [ $# -ne 2 ]; then
    echo "$usage" >&2
    exit 2
fi
for f in "$1" "$2"; do
    [ -r "$f" ] || { echo "bench-compare: cannot read $f" >&2; exit 2; }
done
awk -v base="$1" -v new="$2" '
function num(line, key,   s) {
    if (match(line, "\"" key "\": -?[0-9]+")) { s = substr(line, RSTART, RLENGTH); sub(/.*: /, "", s); return s + 0 }
    return -1
}
function str(line, key,   s) {
    if (match(line, "\"" key "\": \"[a-z]+\"")) { s = substr(line, RSTART, RLENGTH); sub(/.*: "/, "", s); sub(/"$/, "", s); return s }
    return ""
}
# One run: answer, length, bound, certificate, nodes and time by problem id.
function load(file, k,   line, id, n) {
    n = 0
    while ((getline line < file) > 0) {
        if (line !~ /^\{/) continue
        id = num(line, "id")
        if (id < 0) { printf "bench-compare: %s: a line without \"id\"\n", file > "/dev/stderr"; exit 2 }
        if ((k, id) in st) { printf "bench-compare: %s: id %d twice\n", file, id > "/dev/stderr"; exit 2 }
        st[k, id] = str(line, "status"); pl[k, id] = num(line, "plies"); wi[k, id] = num(line, "within")
        ex[k, id] = line ~ /"shortest": true/ || st[k, id] == "nomate"
        nd[k, id] = num(line, "nodes"); tm[k, id] = num(line, "time_ms")
        sf[k, id] = match(line, /"sfen": "[^"]*"/) ? substr(line, RSTART, RLENGTH) : ""
        ids[id] = 1; n++
    }
    close(file)
    return n
}
function answer(k, id) {
    if (!((k, id) in st)) return "absent"
    if (st[k, id] != "mate") return st[k, id]
    if (ex[k, id]) return "mate " pl[k, id] " (proven shortest)"
    return "mate " pl[k, id] (wi[k, id] >= 0 && wi[k, id] != pl[k, id] ? " within " wi[k, id] : "") " (not proven shortest)"
}
function pct(a, b) { return a ? sprintf("%+.2f%%", (b - a) * 100 / a) : "n/a" }
BEGIN {
    nb = load(base, "b"); nn = load(new, "n")
    if (nb == 0 || nn == 0) { printf "bench-compare: %s has no results\n", nb == 0 ? base : new > "/dev/stderr"; exit 2 }
    # The ids in numeric order, for stable listings.
    m = 0
    for (id in ids) order[++m] = id + 0
    for (i = 2; i <= m; i++) { v = order[i]; for (j = i - 1; j >= 1 && order[j] > v; j--) order[j + 1] = order[j]; order[j + 1] = v }
    both = 0; bad = 0
    for (i = 1; i <= m; i++) {
        id = order[i]
        if (!(("b", id) in st) || !(("n", id) in st)) continue
        if (sf["b", id] != "" && sf["n", id] != "" && sf["b", id] != sf["n", id]) {
            # runs of other files: their differences say nothing of the solver
            printf "bench-compare: id %d is another position in each run: not runs of the same file\n", id > "/dev/stderr"
            exit 2
        }
        both++
        tb += nd["b", id]; tn += nd["n", id]; mb += tm["b", id]; mn += tm["n", id]
        pb += ex["b", id]; pn += ex["n", id]
        if (ex["b", id] && ex["n", id]) {
            common++; cb += nd["b", id]; cn += nd["n", id]
            if (nd["n", id] * 10 < nd["b", id] * 9) fewer++
            if (nd["n", id] * 10 > nd["b", id] * 11) more++
        }
        if (ex["b", id] && !ex["n", id]) lost = lost " " id
        if (!ex["b", id] && ex["n", id]) gained = gained " " id
    }
    printf "problems: %d in %s, %d in %s, %d in both\n", nb, base, nn, new, both
    printf "nodes: %d against %d (%s); time %.1f s against %.1f s\n", tb, tn, pct(tb, tn), mb / 1000, mn / 1000
    printf "proven shortest (or no mate): %d against %d; gained:%s; lost:%s\n", pb, pn,
           gained == "" ? " none" : gained, lost == "" ? " none" : lost
    printf "on the %d both prove: %d nodes against %d (%s); >10%% fewer on %d, >10%% more on %d\n",
           common, cb, cn, pct(cb, cn), fewer, more
    for (i = 1; i <= m; i++) {
        id = order[i]; a = answer("b", id); b = answer("n", id)
        if (a == b) continue
        # a mate, or a length, that one run proves and the other contradicts; a mate proven
        # within W plies contradicts a proven shortest length above W
        clash = (st["b", id] == "mate" && st["n", id] == "nomate") || (st["b", id] == "nomate" && st["n", id] == "mate") ||
                (ex["b", id] && ex["n", id] && pl["b", id] != pl["n", id]) ||
                (st["b", id] == "mate" && st["n", id] == "mate" &&
                 ((ex["b", id] && wi["n", id] >= 0 && wi["n", id] < pl["b", id]) ||
                  (ex["n", id] && wi["b", id] >= 0 && wi["b", id] < pl["n", id])))
        printf "id %d: %s | %s%s\n", id, a, b, clash ? "  CONTRADICTION" : ""
        bad += clash
    }
    if (bad) { printf "%d contradictions: one of the two runs is wrong\n", bad; exit 3 }
}'
