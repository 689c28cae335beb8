#!/usr/bin/env bash
# TEC's iCal subscription feeds served by the service, side by side with the naive floor, in one
# run: the dev site (fixtures/reference/db.sql) in a MariaDB of its own (a row-based binlog, port
# 3412); the service twice from the project checkout, cold (CACHE_MAX_MB=0: every poll reads the
# database and writes the calendar) and kept (its defaults: the response cache keeps the
# answer against what it read); the list floor of yardsticks/floor/ beside them, asked for the same
# 30 events as raw rows. Two feeds: the dateless `/events/?ical=1` (the `<link rel="alternate">`
# feed calendar apps subscribe to: the 30 events still to end) and a month's (`/events/month/2027-03/?ical=1`).
# For each target wrk -t2 -c8 runs SECS seconds per round (ROUNDS rounds), and the CPU of the serving
# process and of mariadbd is read from /proc: milliseconds of CPU per answered request (lower is
# better), as yardsticks/cpu-per-request.sh measures it. Prints one line per target and round,
# then per feed the best round's totals and the ratios to the floor.
# usage: bench/ical-feeds.sh [PROJECT_DIR=.] [ROUNDS=2] [SECS=8]
# Needs root (mariadbd runs as the mysql user). YARDSTICK_DB, YARDSTICK_DB_PORT and YARDSTICK_PORT
# (the cold service; kept + 1, floor + 2) move the database and the ports.
set -u
here=$(cd "$(dirname "$0")/yardsticks" && pwd)
src=$(cd "${1:-.}" && pwd); rounds=${2:-2} secs=${3:-8}
logs=${TMPDIR:-/tmp}/bench-ical; rm -rf "$logs"
. "$here/lib.sh"
. "$here/../support/own-mariadb.sh"
reference=$(cd "$here/../../fixtures/reference" && pwd)
db=${YARDSTICK_DB:-bench_ical} bport=${YARDSTICK_DB_PORT:-3412} cport=${YARDSTICK_PORT:-18640}; kport=$((cport + 1)) fport=$((cport + 2))
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)"; exit 1; }
# A MariaDB of its own with a row-based binlog, as under-change.sh starts it: the kept service
# learns of changes from the binlog (in probe mode, InnoDB's log sequence number on a server other
# clients write moves all the time, and nothing stays kept), and mariadbd's CPU is this run's alone.
own_mariadb "$bport" 12 "$db"
mariadb -h127.0.0.1 -P$bport -uroot $db < "$reference/db.sql"
start_service() { # NAME PORT CACHE_MAX_MB (empty: the default)
  (cd "$src" && exec env ${3:+CACHE_MAX_MB=$3} CHANGE_FEED=binlog DATABASE_URL="mysql://root@127.0.0.1:$bport/$db" HOST=127.0.0.1 PORT=$2 setsid npm start >"$logs/service-$1.log" 2>&1) & pids+=($!)
  wait_http "http://127.0.0.1:$2/wp-json/calendar/events/v1" || { echo "service $1 did not start (log: $logs/service-$1.log)"; exit 1; }
}
# One after the other: npm start first brings dist/ up to date.
start_service cold "$cport" 0
start_service kept "$kport" ""
floor_start list $db $bport $fport
wait_http "http://127.0.0.1:$fport/?per_page=30" 30 || { echo "floor did not start"; exit 1; }
today=$(date -u +%F)
declare -A url=(
  [cold-feed]="http://127.0.0.1:$cport/events/?ical=1"
  [kept-feed]="http://127.0.0.1:$kport/events/?ical=1"
  [floor-feed]="http://127.0.0.1:$fport/?per_page=30&start_date=$today&end_date=2027-12-31"
  [cold-month]="http://127.0.0.1:$cport/events/month/2027-03/?ical=1"
  [kept-month]="http://127.0.0.1:$kport/events/month/2027-03/?ical=1"
  [floor-month]="http://127.0.0.1:$fport/?per_page=30&start_date=2027-03-01&end_date=2027-03-31"
)
declare -A port=([cold-feed]=$cport [cold-month]=$cport [kept-feed]=$kport [kept-month]=$kport [floor-feed]=$fport [floor-month]=$fport)
# Every service answer must be a calendar (a 404 or an HTML page would measure something else).
for k in cold-feed kept-feed cold-month kept-month; do
  type=$(curl -s -o /dev/null -w '%{http_code} %{content_type}' "${url[$k]}")
  [ "$type" = "200 text/calendar; charset=UTF-8" ] || { echo "$k answered $type, not a calendar"; exit 1; }
done
dbpid=$(listening_pid "$bport"); tick=$(getconf CLK_TCK)
declare -A best
for r in $(seq "$rounds"); do
  for k in cold-feed kept-feed floor-feed cold-month kept-month floor-month; do
    p=$(listening_pid "${port[$k]}")
    curl -s -o /dev/null "${url[$k]}"
    s0=$(cpu_ticks "$p"); m0=$(cpu_ticks "$dbpid")
    out=$(wrk -t2 -c8 -d"${secs}s" "${url[$k]}" 2>&1)
    s1=$(cpu_ticks "$p"); m1=$(cpu_ticks "$dbpid")
    n=$(echo "$out" | awk '/requests in/ {print $1}'); rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    bad=$(echo "$out" | awk '/Non-2xx/ {print $NF}')
    [ -z "$bad" ] || { echo "$k: $bad answers not 2xx"; exit 1; }
    line=$(awk -v n="${n:-0}" -v s=$((s1 - s0)) -v m=$((m1 - m0)) -v t="$tick" 'BEGIN { if (n == 0) { print "0 0 0"; exit }
      printf "%.3f %.3f %.3f", s / t * 1000 / n, m / t * 1000 / n, (s + m) / t * 1000 / n }')
    read -r sv mv tot <<<"$line"
    echo "round $r  $k  $rps req/s  process $sv ms  mariadb $mv ms  total $tot ms CPU per request"
    b=${best[$k]:-}; { [ -z "$b" ] || awk -v a="$tot" -v b="$b" 'BEGIN { exit !(a < b) }'; } && best[$k]=$tot
  done
done
for k in feed month; do
  awk -v c="${best[cold-$k]:-0}" -v w="${best[kept-$k]:-0}" -v f="${best[floor-$k]:-0}" -v k="$k" 'BEGIN { if (f > 0) printf "%s: cold %.3f ms, kept %.3f ms, floor %.3f ms CPU per request = %.2fx and %.2fx the floor\n", k, c, w, f, c / f, w / f }'
done
