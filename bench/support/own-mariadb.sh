# A MariaDB of the bench script's own, with a row-based binlog (the service's binlog mode reads it;
# the shared server is never reconfigured), as yardsticks/under-change.sh starts one. Sourced after
# yardsticks/lib.sh (whose cleanup stops it); expects $logs.
# own_mariadb PORT SERVER_ID DATABASE...: starts it on 127.0.0.1:PORT, root without a password, and
# makes the databases named. YARDSTICK_DB_POOL (e.g. 2G) sets InnoDB's buffer pool; MariaDB's default
# is 128 MB, which holds little of a million-event site (3.3 GB): every side then waits on the disk.
own_mariadb() {
  local port=$1 server_id=$2; shift 2
  mkdir -p "$logs/db/data"; chown -R mysql:mysql "$logs/db"
  own_db_pid_file="$logs/db/pid"
  mariadb-install-db --user=mysql --datadir="$logs/db/data" >"$logs/db/install.log" 2>&1
  (exec setsid /usr/sbin/mariadbd --no-defaults --user=mysql --datadir="$logs/db/data" --port="$port" --bind-address=127.0.0.1 \
    --socket="$logs/db/sock" --pid-file="$own_db_pid_file" --log-bin="$logs/db/data/bin" --binlog-format=ROW --server-id="$server_id" \
    ${YARDSTICK_DB_POOL:+--innodb-buffer-pool-size="$YARDSTICK_DB_POOL"} >"$logs/db/server.log" 2>&1) &
  for _ in $(seq 60); do mariadb -S "$logs/db/sock" -uroot -e "select 1" >/dev/null 2>&1 && break; sleep 1; done
  local create="" name
  for name in "$@"; do create="$create CREATE DATABASE $name CHARACTER SET utf8mb4;"; done
  mariadb -S "$logs/db/sock" -uroot -e "ALTER USER root@localhost IDENTIFIED VIA mysql_native_password USING PASSWORD(''); CREATE USER IF NOT EXISTS root@'127.0.0.1' IDENTIFIED BY ''; GRANT ALL ON *.* TO root@'127.0.0.1' WITH GRANT OPTION; FLUSH PRIVILEGES;$create"
}
