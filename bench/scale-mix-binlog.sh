#!/usr/bin/env bash
# The shared 16-client round on a big generated site (yardsticks/scale-mix.sh: 70% single events by a
# Zipf law, 30% lists over 50 windows, categories, venues, pages; the floor side by side on the same
# sequence), with the site in a MariaDB of this run's own that keeps a row-based binlog, so the
# service runs in binlog mode as a production site with a binlog does: its kept records and the
# kept event dates that count a new window's total (docs/performance.md) are used. On the shared
# server (no binlog) the service falls back to probe mode, where the other clients' writes drop
# everything kept. The site gets the opt-in indexes (`npm run indexes -- add`), as in the issue's
# figures. Needs root (mariadbd runs as the mysql user) and about a minute a 100,000 events to
# generate.
# usage: bench/scale-mix-binlog.sh [EVENTS=100000] [SECS=30] [C=16]
# YARDSTICK_DB_PORT (3413) moves the MariaDB, YARDSTICK_PORT (18660, and + 1, + 2) the service and floors,
# YARDSTICK_DB_POOL (MariaDB's default, 128 MB) sizes its buffer pool (bench/support/own-mariadb.sh).
set -u
src=$(cd "$(dirname "$0")/.." && pwd); here="$src/bench/yardsticks"
events=${1:-100000} secs=${2:-30} c=${3:-16}
logs=${TMPDIR:-/tmp}/bench-scale-mix-binlog; rm -rf "$logs"; mkdir -p "$logs"
. "$here/lib.sh"
. "$src/bench/support/own-mariadb.sh"
bport=${YARDSTICK_DB_PORT:-3413} db=gen_site_${events}_s1
own_mariadb "$bport" 13
url="mysql://root@127.0.0.1:$bport/$db"
echo "generating $events events into $url (log: $logs/generate.log)"
(cd "$src" && npx tsx bench/generate.ts --events "$events" --database-url "$url") >"$logs/generate.log" 2>&1 || { tail -5 "$logs/generate.log"; exit 1; }
(cd "$src" && node scripts/ensure-build.mjs && DATABASE_URL="$url" node dist/main.js indexes add) || exit 1
CHANGE_FEED=binlog YARDSTICK_DB_PORT=$bport YARDSTICK_PORT=${YARDSTICK_PORT:-18660} TMPDIR="$logs" \
  "$here/scale-mix.sh" "$src" "$db" "$secs" "$c"
grep -m1 -i "change feed\|binlog" "$logs/bench-scale-mix/service.log" | sed 's/^/service log: /'
