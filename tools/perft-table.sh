#!/bin/sh
# perft-table.sh TABLE [MAX]: runs ./tsume perft on every row of TABLE (sfen, depth,
# count, ...) whose count is a number no larger than MAX, and compares.  Ends with
# "N passed, N failed"; exit 1 on any mismatch.
set -u
table=${1:?usage: perft-table.sh TABLE [MAX]}
max=${2:-1000000000}
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
[ "$fail" -eq 0 ]
