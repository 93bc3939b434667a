#!/bin/sh
# setup.sh SHARED_DIR: installs the two npm shogi-rules libraries (shogiops, tsshogi) that the
# oracle cross-check uses into build/oracle/, from SHARED_DIR/oracle/package{,-lock}.json.
# Idempotent and silent when the install is already current; on failure prints one line to
# stderr and exits non-zero.  Called by `make test` from the repo root.
set -u
case "${1:-}" in -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;; esac

die() {
    echo "tools/oracle/setup.sh: $*" >&2
    exit 1
}

shared=${1:-../shared}
root=$(cd "$(dirname "$0")/../.." && pwd) || die "cannot find the repo root"
src="$shared/oracle"
dst="$root/build/oracle"

[ -f "$src/package.json" ] && [ -f "$src/package-lock.json" ] ||
    die "no package.json/package-lock.json in $src (the shared dir: 'make test SHARED=DIR' or TSUME_SHARED=DIR; here its first argument)"
command -v node >/dev/null 2>&1 || die "node not found (install nodejs)"
command -v npm >/dev/null 2>&1 || die "npm not found (install npm)"

mkdir -p "$dst" || die "cannot create $dst"
# Copy only on change, so an unchanged lock file keeps its mtime and nothing reinstalls.
for f in package.json package-lock.json; do
    cmp -s "$src/$f" "$dst/$f" || cp "$src/$f" "$dst/$f" || die "cannot copy $src/$f to $dst"
done

# The install is current when every package the lock file pins is present at that version;
# this also catches a half-finished or hand-edited node_modules, which a timestamp would not.
current() {
    node -e '
        const fs = require("fs"), path = require("path");
        const dir = process.argv[1];
        const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8"));
        for (const [where, info] of Object.entries(lock.packages || {})) {
            if (!where.startsWith("node_modules/") || info.optional || info.dev) continue;
            const pj = path.join(dir, where, "package.json");
            if (!fs.existsSync(pj) || JSON.parse(fs.readFileSync(pj, "utf8")).version !== info.version)
                process.exit(1);
        }' "$dst" 2>/dev/null
}
current && exit 0

echo "tools/oracle/setup.sh: installing shogiops and tsshogi into build/oracle (npm ci)" >&2
log="$dst/npm-ci.log"
(cd "$dst" && npm ci --no-audit --no-fund >"$log" 2>&1) ||
    die "npm ci failed in $dst (see $log)"
current || die "npm ci finished but build/oracle/node_modules does not match package-lock.json (see $log)"
exit 0
