#!/usr/bin/env bash
# CPU per request for list windows never asked before, over records the service already keeps: the
# service with its default caches (warmed by WARM distinct windows first), every measured request a
# new start_date/end_date window (wrk + new-windows.lua), side by side with the floor on the same
# windows, in one run. This is what a busy site's long tail looks like: many distinct list queries over
# the same few thousand events. Prints one line per target and round and the ratio service/floor
# (lower is better). usage: new-windows.sh [PROJECT_DIR=.] [ROUNDS=2] [SECS=8] [WARM=300]
# Copy of ../shared/bench/new-windows.sh (see README.md here): the dev site from this project's
# fixtures/reference/, YARDSTICK_DB and YARDSTICK_PORT (and + 1) move the scratch database and the ports.
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "${1:-.}" && pwd); rounds=${2:-2} secs=${3:-8} warm=${4:-300}
logs=${TMPDIR:-/tmp}/bench-new-windows; mkdir -p "$logs"
. "$here/lib.sh"
reference=$(cd "$here/../../fixtures/reference" && pwd)
db=${YARDSTICK_DB:-bench_windows} sport=${YARDSTICK_PORT:-18634}; lport=$((sport + 1))
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)"; exit 1; }
[ -d "$src/node_modules" ] || (cd "$src" && npm ci --no-audit --no-fund >/dev/null 2>&1)
mariadb -h127.0.0.1 -uroot -e "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db CHARACTER SET utf8mb4"
mariadb -h127.0.0.1 -uroot $db < "$reference/db.sql"
(cd "$src" && DATABASE_URL="mysql://root@127.0.0.1:3306/$db" HOST=127.0.0.1 PORT=$sport exec setsid npm start >"$logs/service.log" 2>&1) & pids+=($!)
floor_start list $db 3306 $lport
wait_http "http://127.0.0.1:$sport/wp-json/calendar/events/v1" || { echo "service did not start (log: $logs/service.log)"; exit 1; }
wait_http "http://127.0.0.1:$lport/?per_page=12" 30 || { echo "floor did not start"; exit 1; }
# Windows: day offsets from 2026-01-01; wrk thread t of 2 and round r take disjoint ranges, so no
# window repeats within or across rounds (and none repeats the warm-up's, which use offset 0).
lua="$logs/new-windows.lua"
cat > "$lua" <<'LUA'
local counter, base = 0, os.time({ year = 2026, month = 1, day = 1, hour = 12 })
local prefix, round = "", 1
local threads = {}
function setup(thread) thread:set("thread_no", #threads); table.insert(threads, thread) end
function init(args) prefix = args[1]; round = tonumber(args[2]) end
function request()
  counter = counter + 1
  local n = counter + 100000 * (2 * round + (thread_no or 0))
  local s = n % 500 + 1
  local len = math.floor(n / 500) % 700 + 1
  local from = os.date("!%Y-%m-%d", base + s * 86400)
  local to = os.date("!%Y-%m-%d", base + (s + len) * 86400)
  return wrk.format("GET", prefix .. "start_date=" .. from .. "&end_date=" .. to .. "&per_page=12")
end
LUA
svc="http://127.0.0.1:$sport/wp-json/calendar/events/v1/events?"; flo="http://127.0.0.1:$lport/?"
# Warm-up: WARM distinct windows with offset 0 (records rendered and kept), not measured.
for i in $(seq "$warm"); do
  d=$(date -u -d "2026-01-01 + $((i % 500 + 1)) days" +%F); e=$(date -u -d "$d + $((i % 300 + 1)) days" +%F)
  curl -s -o /dev/null "${svc}start_date=$d&end_date=$e&per_page=12"
done
dbpid=$(listening_pid 3306); tick=$(getconf CLK_TCK)
declare -A best
for r in $(seq "$rounds"); do
  for k in service floor; do
    if [ $k = service ]; then p=$(listening_pid "$sport"); u=$svc; else p=$(listening_pid "$lport"); u=$flo; fi
    s0=$(cpu_ticks "$p"); m0=$(cpu_ticks "$dbpid")
    out=$(wrk -t2 -c8 -d"${secs}s" -s "$lua" "$u" -- "$u" "$r" 2>&1)
    s1=$(cpu_ticks "$p"); m1=$(cpu_ticks "$dbpid")
    n=$(echo "$out" | awk '/requests in/ {print $1}'); rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    non2xx=$(echo "$out" | awk '/Non-2xx/ {print $NF}')
    read -r sv mv tot <<<"$(awk -v n="${n:-0}" -v s=$((s1 - s0)) -v m=$((m1 - m0)) -v t="$tick" 'BEGIN { if (n == 0) { print "0 0 0"; exit }
      printf "%.3f %.3f %.3f", s / t * 1000 / n, m / t * 1000 / n, (s + m) / t * 1000 / n }')"
    echo "round $r  $k  $rps req/s${non2xx:+ ($non2xx non-2xx)}  process $sv ms  mariadb $mv ms  total $tot ms CPU per request"
    b=${best[$k]:-}; { [ -z "$b" ] || awk -v a="$tot" -v b="$b" 'BEGIN { exit !(a < b) }'; } && best[$k]=$tot
  done
done

awk -v a="${best[service]:-0}" -v b="${best[floor]:-0}" 'BEGIN { if (b > 0) printf "new windows: service %.3f ms, floor %.3f ms CPU per request = %.2fx the floor\n", a, b, a / b }'
