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
    # A stale package list is the usual reason an install fails: refresh and retry once.
    apt-get install -y -q --no-install-recommends $missing >/dev/null 2>&1 ||
        { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q --no-install-recommends $missing >/dev/null; } ||
        { echo "deps: apt-get could not install$missing" >&2; exit 1; }
    exit 0
fi
echo "deps: missing Debian packages:$missing" >&2
echo "deps: run: sudo apt-get install -y$missing" >&2
exit 1
