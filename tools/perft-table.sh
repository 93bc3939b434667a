#!/bin/sh
# perft-table.sh TABLE [MAX]: runs ./tsume perft on every row of TABLE (sfen, depth,
# count, ...) whose count is a number no larger than MAX, and compares.  Ends with
# "N passed, N failed"; exit 1 on any mismatch or when no row was compared (an empty
# table, or a file of another kind, is no pass), 2 on bad usage.
set -u
usage="usage: tools/perft-table.sh TABLE [MAX]"
case "${1:-}" in
'') echo "$usage" >&2; exit 2 ;;
-h|--help) echo "$usage"; exit 0 ;;
esac
table=$1
max=${2:-1000000000}
case "$max" in *[!0-9]*|'') echo "perft-table: MAX must be a whole number, not '$max'" >&2; exit 2 ;; esac
[ -r "$table" ] || { echo "perft-table: cannot read $table" >&2; exit 2; }
pass=0 fail=0
tab=$(printf '\t')
while IFS="$tab" read -r sfen depth want rest; do
    case "$sfen" in ''|'#'*) continue ;; esac
    case "$want" in *[!0-9]*|'') continue ;; esac
    [ "$want" -le "$max" ] || continue
    out=$(./tsume perft "$depth" "$sfen" 2>/dev/null)
    got=$(echo "$out" | awk '{print $4}')
    if [ "$got" = "$want" ]; then
        pass=$((pass + 1))
        echo "ok   depth $depth $want $(echo "$out" | awk '{print $6 " ms"}')  $sfen"
    else
        fail=$((fail + 1))
        echo "FAIL depth $depth want $want got ${got:-error}  $sfen"
    fi
done < "$table"
echo "perft: $pass passed, $fail failed"
[ "$pass" -gt 0 ] || echo "perft-table: no row of $table compared" >&2
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
