#!/bin/sh
# deps.sh PKG... : make sure each Debian package is installed.  As root it runs apt-get;
# otherwise it stops with the exact command to run.  The build calls it before it needs
# a library, so a fresh Debian 12 with only gcc and make can build and test.
set -u
missing=""
for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "deps: installing$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    log=$(mktemp) || exit 1
    # A stale package list is the usual reason an install fails: refresh and retry once.
    # shellcheck disable=SC2086 # the package list is words on purpose
    if apt-get install -y -q --no-install-recommends $missing >"$log" 2>&1 ||
        { apt-get update -q >>"$log" 2>&1 && apt-get install -y -q --no-install-recommends $missing >>"$log" 2>&1; }; then
        rm -f "$log"
        exit 0
    fi
    # apt-get's own reason (no network, a lock held, an unknown package), then the command.
    echo "deps: apt-get could not install$missing; its last words:" >&2
    grep -v '^[[:space:]]*$' "$log" | tail -n 5 | sed 's/^/deps:   /' >&2
    echo "deps: to retry by hand: apt-get update && apt-get install -y$missing" >&2
    rm -f "$log"
    exit 1
fi
echo "deps: missing Debian packages:$missing" >&2
echo "deps: run: sudo apt-get install -y$missing" >&2
exit 1
