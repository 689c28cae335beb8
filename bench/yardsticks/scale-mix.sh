#!/usr/bin/env bash
# A big site under concurrent mixed traffic, side by side with the floor in one run: the service
# (default settings) and the floor servers against the same generated site DB (e.g. the project's
# `bench/scale.ts` makes gen_site_<N>_s1 on 127.0.0.1:3306), each driven by scale-mix.mjs with the
# same sequence (70% single events by a Zipf law, 30% lists over 50 windows, categories, venues,
# pages). Prints each target's req/s, statuses and per-route p50/p90/p99, then the ratios.
# usage: scale-mix.sh PROJECT_DIR DB [SECS=30] [C=16]
# Copy of ../shared/bench/scale-mix.sh (see README.md here): YARDSTICK_DB_PORT moves the MariaDB
# (the site's server, for the service, the floors and the driver alike) and YARDSTICK_PORT (and + 1,
# + 2) the service and the floors, so bench/scale-mix-binlog.sh can run it on a server of its own.
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "${1:?project dir}" && pwd); db=${2:?database}; secs=${3:-30} c=${4:-16}
logs=${TMPDIR:-/tmp}/bench-scale-mix; mkdir -p "$logs"
. "$here/lib.sh"
dbport=${YARDSTICK_DB_PORT:-3306} sport=${YARDSTICK_PORT:-18640}; lport=$((sport + 1)) fport=$((sport + 2))
(cd "$src" && DATABASE_URL="mysql://root@127.0.0.1:$dbport/$db" HOST=127.0.0.1 PORT=$sport exec setsid npm start >"$logs/service.log" 2>&1) & pids+=($!)
floor_start list "$db" "$dbport" $lport
floor_start single "$db" "$dbport" $fport
wait_http "http://127.0.0.1:$sport/wp-json/calendar/events/v1" || { echo "service did not start (log: $logs/service.log)"; exit 1; }
wait_http "http://127.0.0.1:$lport/?per_page=1" 60 || { echo "floor did not start"; exit 1; }
cp "$here/scale-mix.mjs" "$floor_dir/"
run() { (cd "$floor_dir" && MYSQL_PORT=$dbport node scale-mix.mjs --db "$db" --secs "$secs" --c "$c" "$@"); }
fo=$(run --target floor --base "http://127.0.0.1:$lport" --single-base "http://127.0.0.1:$fport"); echo "$fo"
so=$(run --target service --base "http://127.0.0.1:$sport/wp-json/calendar/events/v1"); echo "$so"
f=$(echo "$fo" | sed -n '1s/^floor: \([0-9.]*\) req.*/\1/p'); s=$(echo "$so" | sed -n '1s/^service: \([0-9.]*\) req.*/\1/p')
non200=$(echo "$so" | sed -n '1s/.*statuses \(.*\)/\1/p' | node -e 'let t="";process.stdin.on("data",d=>t+=d).on("end",()=>{const o=JSON.parse(t||"{}");let n=0;for(const[k,v]of Object.entries(o))if(k!=="200"&&k!=="404")n+=v;console.log(n)})')
awk -v s="${s:-0}" -v f="${f:-0}" -v e="$non200" 'BEGIN { if (f > 0) printf "scale mix: service %.1f req/s, floor %.1f req/s = %.2fx the floor; service answers other than 200/404: %d\n", s, f, s / f, e }'
