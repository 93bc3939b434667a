#!/bin/sh
# bench-verify.sh [SET...]: `tsume verify` over whole collections (default: problems/zuko.sfen
# and problems/muso.sfen), for the soundness table and the cost figures in README.
#   VERIFY_NODES  node limit per problem, solve and verification together (default 20000000)
#   VERIFY_JOBS   problems at once (default 2); VERIFY_HASH: MiB in total (default 1024)
#   VERIFY_REUSE  set: summarise build/verify-SET.jsonl of an earlier run instead of running
# Per set: the verdicts, the time and nodes of verification against those of the solve
# alone (the solve_nodes/solve_time_ms of each report), and every problem that is not
# sound with its major findings (problems named 第N番 from the notes column).  The JSON
# lines go to build/verify-SET.jsonl.  Exit 0, or 2 on bad usage or when tsume verify
# fails (an error of its own, exit 2 or a crash: its verdicts' statuses 1 and 5 are answers).
set -eu
case "${1:-}" in -h|--help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;; esac
nodes=${VERIFY_NODES:-20000000}
jobs=${VERIFY_JOBS:-2}
hash=${VERIFY_HASH:-1024}
[ $# -gt 0 ] || set -- zuko muso
mkdir -p build
for set in "$@"; do
    file=problems/$set.sfen
    [ -f "$file" ] || file=$set
    [ -r "$file" ] || { echo "bench-verify: cannot read $file (a set of problems/ or a file)" >&2; exit 2; }
    name=$(basename "$file" .sfen)
    out=build/verify-$name.jsonl
    if [ -z "${VERIFY_REUSE:-}" ] || [ ! -s "$out" ]; then
        status=0
        ./tsume verify --jobs "$jobs" --hash "$hash" --nodes "$nodes" --format json -f "$file" > "$out" 2>"$out.err" ||
            status=$?
        case $status in
        0|1|5) rm -f "$out.err" ;;
        *) echo "bench-verify: tsume verify failed on $file (exit $status): $(head -1 "$out.err")" >&2; exit 2 ;;
        esac
    fi
    node - "$name" "$out" "$file" <<'JS'
const fs = require("fs");
const [name, path, problems] = process.argv.slice(2);
const notes = fs.readFileSync(problems, "utf8").split("\n"); // line id -> problem name (第N番)
const label = (id) => { const m = (notes[id - 1] || "").match(/第[0-9]+番/); return m ? m[0] : `line ${id}`; };
const rows = fs.readFileSync(path, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
const by = {};
for (const r of rows) by[r.verdict] = (by[r.verdict] || 0) + 1;
const sum = (k) => rows.reduce((s, r) => s + (r[k] || 0), 0);
const t = sum("time_ms") / 1000, ts = sum("solve_time_ms") / 1000, n = sum("nodes"), ns = sum("solve_nodes");
console.log(`${name}: ${rows.length} problems: ` + Object.keys(by).sort().map((k) => `${k} ${by[k]}`).join(", "));
console.log(`${name}: time ${t.toFixed(1)} s (solve alone ${ts.toFixed(1)} s, x${(ts ? t / ts : 0).toFixed(1)}); ` +
            `nodes ${n} (solve alone ${ns}, x${(ns ? n / ns : 0).toFixed(1)})`);
const major = new Set(["short", "long", "leftover", "cook", "longer"]);
for (const r of rows) {
    if (r.verdict === "sound") continue;
    const f = (r.findings || []).filter((x) => major.has(x.kind));
    const one = (x) => x.kind === "leftover"
        ? `ply ${x.ply} ${x.kind} ${x.label}: ${r.leftover} left${r.leftover_sure === false ? " (not certain)" : ""}`
        : `ply ${x.ply} ${x.kind} ${x.label} ${x.plies}: ${x.moves.slice(0, 3).join(" ")}${x.moves.length > 3 ? " ..." : ""}`;
    let desc = f.slice(0, 4).map(one).join("; ");
    if (f.length > 4) desc += `; +${f.length - 4} more`;
    const unk = (r.findings || []).filter((x) => x.kind === "unknown").length;
    console.log(`  ${label(r.id)} (line ${r.id}): ${r.verdict} (${r.plies ?? "-"} plies, stated ${r.stated ?? "-"})` +
                `${unk ? `, ${unk} undecided` : ""}${desc ? ": " + desc : ""}`);
}
JS
done
