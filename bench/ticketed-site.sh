#!/usr/bin/env bash
# The plain dev site (fixtures/reference/) beside the same site running Event Tickets
# (fixtures/reference-tickets/), in one run: both in one MariaDB of the run's own (a row-based
# binlog, port 3413), each served by the service from the project checkout in binlog mode with its
# defaults (the ticketed one also serving tribe/tickets/v1), each beside the list floor of
# yardsticks/floor/ on its own database.
# 1. warm: the same events list (per_page 12, one window) asked again and again, wrk -t2 -c16 for
#    SECS seconds, against the floor's list of 12 on the same site: req/s and their ratio;
# 2. tribe/tickets/v1's ticket list (anonymous, per_page 20) and one ticket, kept (the defaults)
#    against cold (CACHE_MAX_MB=0), wrk -t2 -c16: req/s and the ratio;
# 3. reads under RATE event title updates a second: yardsticks/under-change.sh on each site in turn
#    (each with a MariaDB of its own), its stale-answer check included.
# usage: bench/ticketed-site.sh [PROJECT_DIR=.] [SECS=8] [RATE=10] [UNDER_SECS=10]
# Needs root (mariadbd runs as the mysql user). YARDSTICK_DB_PORT and YARDSTICK_PORT (and the next
# six ports) move the database and the servers.
set -u -o pipefail
here=$(cd "$(dirname "$0")/yardsticks" && pwd)
src=$(cd "${1:-.}" && pwd); secs=${2:-8} rate=${3:-10} under_secs=${4:-10}
logs=${TMPDIR:-/tmp}/bench-ticketed; rm -rf "$logs"
. "$here/lib.sh"
. "$here/../support/own-mariadb.sh"
fixtures=$(cd "$here/../../fixtures" && pwd)
bport=${YARDSTICK_DB_PORT:-3413} base=${YARDSTICK_PORT:-18660}
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)"; exit 1; }
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
own_mariadb "$bport" 13 bench_reference bench_reference_tickets
for site in reference reference-tickets; do mariadb -h127.0.0.1 -P$bport -uroot "bench_${site//-/_}" < "$fixtures/$site/db.sql"; done

declare -A port=([reference]=$base [reference-tickets]=$((base + 1)) [tickets-cold]=$((base + 2)) [floor-reference]=$((base + 3)) [floor-reference-tickets]=$((base + 4)))
start_service() { # NAME DATABASE CACHE_MAX_MB (empty: the default)
  (cd "$src" && exec env ${3:+CACHE_MAX_MB=$3} NAMESPACES=calendar/events/v1,tribe/tickets/v1 CHANGE_FEED=binlog \
    DATABASE_URL="mysql://root@127.0.0.1:$bport/$2" HOST=127.0.0.1 PORT=${port[$1]} setsid npm start >"$logs/service-$1.log" 2>&1) & pids+=($!)
  wait_http "http://127.0.0.1:${port[$1]}/wp-json/calendar/events/v1" || { echo "service $1 did not start (log: $logs/service-$1.log)"; exit 1; }
}
# One after the other: npm start first brings dist/ up to date.
start_service reference bench_reference ""
start_service reference-tickets bench_reference_tickets ""
start_service tickets-cold bench_reference_tickets 0
floor_start list bench_reference $bport ${port[floor-reference]}
sleep 1; mv "$logs/floor-list.log" "$logs/floor-list-reference.log" 2>/dev/null
floor_start list bench_reference_tickets $bport ${port[floor-reference-tickets]}
for f in floor-reference floor-reference-tickets; do wait_http "http://127.0.0.1:${port[$f]}/?per_page=12" 30 || { echo "$f did not start"; exit 1; }; done

# From event 37 on: events 37, 61, 74, 102 and 129 sell tickets on the ticketed site.
WINDOW="start_date=2027-02-27&end_date=2027-05-31&per_page=12"
LIST="/wp-json/calendar/events/v1/events?$WINDOW"
run() { # NAME URL: wrk -t2 -c16 for SECS after one priming request; prints req/s, fails on a non-2xx answer
  local type out bad
  type=$(curl -s -o "$logs/$1.body" -w '%{http_code}' "$2")
  [ "$type" = 200 ] || { echo "$1 answered $type" >&2; exit 1; }
  out=$(wrk -t2 -c16 -d"${secs}s" "$2" 2>&1); echo "$out" > "$logs/$1.out"
  bad=$(echo "$out" | awk '/Non-2xx/ {print $NF}')
  [ -z "$bad" ] || { echo "$1: $bad answers not 2xx" >&2; exit 1; }
  echo "$out" | awk '/Requests\/sec/ {print $2}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print 0 }'; }
# The ticketed list shows what Event Tickets adds (`ticketed` events among the 12): it measures what it should.
run check-tickets "http://127.0.0.1:${port[reference-tickets]}$LIST" >/dev/null
ticketed=$(grep -o '"ticketed":\["' "$logs/check-tickets.body" | wc -l)
[ "$ticketed" -gt 0 ] || { echo "the ticketed site's list shows no ticketed event"; exit 1; }
echo "the list: $LIST ($ticketed of its 12 events ticketed on the ticketed site)"

for site in reference reference-tickets; do
  svc=$(run "warm-$site" "http://127.0.0.1:${port[$site]}$LIST") || exit 1
  floor=$(run "floor-$site" "http://127.0.0.1:${port[floor-$site]}/?$WINDOW") || exit 1
  echo "warm list [$site]: service $svc req/s, floor $floor req/s = $(ratio "$svc" "$floor")x the floor"
done
for route in "tickets?per_page=20" "tickets/2002"; do
  name=${route%%\?*}; name=${name//\//-}
  kept=$(run "kept-$name" "http://127.0.0.1:${port[reference-tickets]}/wp-json/tribe/tickets/v1/$route") || exit 1
  cold=$(run "cold-$name" "http://127.0.0.1:${port[tickets-cold]}/wp-json/tribe/tickets/v1/$route") || exit 1
  echo "tribe/tickets/v1/$route: kept $kept req/s, cold $cold req/s = $(ratio "$kept" "$cold")x cold"
done
echo "load average after the warm runs: $(cut -d' ' -f1-3 /proc/loadavg)"
cleanup; pids=(); own_db_pid_file=""; floor_dir=""

for site in reference reference-tickets; do
  # mariadbd (the mysql user) writes its temporary files under TMPDIR; its socket's path must stay
  # under 108 bytes.
  under="$logs/u-${site#reference}"; mkdir -p "$under"; chmod 1777 "$under"
  TMPDIR="$under" YARDSTICK_SITE=$site YARDSTICK_DB=bench_under_${site//-/_} YARDSTICK_DB_PORT=$((bport + 1)) YARDSTICK_PORT=$((base + 10)) \
    bash "$here/under-change.sh" "$src" "$rate" "$under_secs" | sed "s/^/[$site] /" || exit 1
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
