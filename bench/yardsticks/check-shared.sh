#!/usr/bin/env bash
# Are the copies here still those of ../shared/bench? shared.sha256 holds the SHA-256 of the shared
# files as they were when copied (README.md here says what was changed in the copies). Exits 0 when
# the shared files are unchanged, or when there is no ../shared/bench (CI, a fresh clone: the copies
# here are what runs); 1 when a shared file changed, was removed or was added: refresh the copies.
# usage: check-shared.sh [SHARED_BENCH_DIR=<project>/../shared/bench]
set -u
here=$(cd "$(dirname "$0")" && pwd)
shared=${1:-$here/../../../shared/bench}
[ -d "$shared" ] || { echo "yardsticks: no $shared here, nothing to compare (bench/yardsticks/ runs as copied)"; exit 0; }
cd "$shared" || exit 1
changed=$(sha256sum -c "$here/shared.sha256" 2>/dev/null | grep -v ': OK$')
added=$(find . -type f | sed 's|^\./||' | sort | comm -23 - <(awk '{print $2}' "$here/shared.sha256" | sort))
if [ -z "$changed" ] && [ -z "$added" ]; then
  echo "yardsticks: bench/yardsticks/ matches $(pwd) as copied"
  exit 0
fi
echo "yardsticks: $(pwd) changed since bench/yardsticks/ was copied from it; refresh the copies (bench/yardsticks/README.md):"
[ -n "$changed" ] && echo "$changed"
[ -n "$added" ] && echo "$added" | sed 's/$/: added/'
exit 1
