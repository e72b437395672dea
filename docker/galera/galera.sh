#!/usr/bin/env bash
# A three-node MariaDB Galera cluster on loopback, for the Galera test suite and for local trials
# (docs/scaling.md). Needs Debian's mariadb-server, galera-4 and rsync; runs the servers as root.
#
#   docker/galera/galera.sh [-d DIR] start | stop | status | kill N | rejoin N
#
# Node N (1-3) listens for clients on 127.0.0.1:$((GALERA_PORT_BASE + N)) (3311-3313), for Galera
# 10 above (3321-3323), IST 20 above (3331-3333) and rsync SST 30 above (3341-3343): all below the
# ephemeral range (32768 on), where Galera's usual 4567/4568/4444 lie and an outgoing connection of
# a busy test may hold the port a node is about to bind. It keeps its data, socket, pid file and
# logs in DIR/nodeN (DIR: -d, else $GALERA_DIR, else $TMPDIR/portico-galera). root@127.0.0.1 has no
# password and a `test` database exists: DATABASE_URL=mysql://root@127.0.0.1:3311,127.0.0.1:3312,127.0.0.1:3313/test
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BASE=${GALERA_DIR:-${TMPDIR:-/tmp}/portico-galera}
PORT_BASE=${GALERA_PORT_BASE:-3310}
TIMEOUT=${GALERA_TIMEOUT:-90}
NODES=(1 2 3)
PROVIDER=/usr/lib/galera/libgalera_smm.so

usage() {
  echo "usage: $0 [-d DIR] start | stop | status | kill N | rejoin N" >&2
  exit 2
}

log() { printf '[galera %s] %s\n' "$(date +%T)" "$*" >&2; }
die() {
  log "$*"
  exit 1
}

dir_of() { echo "$BASE/node$1"; }
port_of() { echo $((PORT_BASE + $1)); }
gcomm_port_of() { echo $((PORT_BASE + 10 + $1)); }
pid_of() { cat "$(dir_of "$1")/mariadbd.pid" 2>/dev/null || true; }

running() {
  local pid
  pid=$(pid_of "$1")
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}

# Over the node's own socket as the OS root user (unix_socket), so it works before any grant.
sql() {
  local n=$1
  shift
  mariadb --no-defaults --socket="$(dir_of "$n")/mysqld.sock" -uroot -N -B --connect-timeout=2 "$@"
}

status_var() {
  sql "$1" -e "SHOW GLOBAL STATUS LIKE '$2'" 2>/dev/null | cut -f2
}

configure() {
  local n=$1 dir peers
  dir=$(dir_of "$n")
  peers=$(for p in "${NODES[@]}"; do printf '127.0.0.1:%s,' "$(gcomm_port_of "$p")"; done)
  mkdir -p "$dir/tmp"
  sed -e "s|@DIR@|$dir|g" -e "s|@N@|$n|g" -e "s|@PORT@|$(port_of "$n")|g" \
    -e "s|@GPORT@|$(gcomm_port_of "$n")|g" -e "s|@IPORT@|$((PORT_BASE + 20 + n))|g" \
    -e "s|@SPORT@|$((PORT_BASE + 30 + n))|g" \
    -e "s|@PEERS@|${peers%,}|g" "$HERE/node.cnf.in" >"$dir/my.cnf"
  if [ ! -d "$dir/data/mysql" ]; then
    TMPDIR="$dir/tmp" mariadb-install-db --no-defaults --user=root --datadir="$dir/data" \
      --auth-root-authentication-method=socket --skip-test-db >"$dir/install.log" 2>&1 ||
      die "mariadb-install-db failed for node $n: see $dir/install.log"
  fi
}

# setsid gives each server a process group of its own, so `kill` takes its SST helpers with it.
launch() {
  local n=$1 dir
  shift
  dir=$(dir_of "$n")
  # A joiner's state arrives through an rsync daemon, which rsync runs as `nobody` when started
  # by root (mariadbd puts /usr/bin first on the SST script's PATH, so no wrapper can say
  # otherwise): that user must reach and write the data directory.
  chmod o+x "$BASE" "$dir"
  chown -R nobody: "$dir/data"
  setsid mariadbd --defaults-file="$dir/my.cnf" --user=root "$@" >>"$dir/console.log" 2>&1 </dev/null &
  echo $! >"$dir/mariadbd.pid"
}

# A node that cannot bind its Galera port yet (a socket of its previous life still holds it), or a
# joiner that found no peer to talk to yet (gcomm's "Failed to open backend connection", seen on a
# busy machine right after the first node synced), is started again until the timeout. A node that
# exits for another reason while starting (a joiner whose state transfer failed aborts) is started
# again twice, its log's errors printed each time, before the start gives up.
wait_synced() {
  local n=$1 deadline=$((SECONDS + TIMEOUT)) state log retries=2
  log="$(dir_of "$n")/error.log"
  shift
  while [ $SECONDS -lt $deadline ]; do
    if ! running "$n"; then
      if tail -n 20 "$log" 2>/dev/null |
        grep -qE 'Address already in use|Failed to open backend connection'; then
        sleep 2
        launch "$n" "$@"
        continue
      fi
      if [ "$retries" -gt 0 ]; then
        retries=$((retries - 1))
        log "node $n exited while starting, starting it again; its errors: $(errors_of "$log")"
        sleep 2
        launch "$n" "$@"
        continue
      fi
      die "node $n exited while starting: $(errors_of "$log") $(tail -n 5 "$log" 2>/dev/null)"
    fi
    state=$(status_var "$n" wsrep_local_state_comment || true)
    if [ "$state" = Synced ]; then
      log "node $n synced (port $(port_of "$n"), cluster size $(status_var "$n" wsrep_cluster_size))"
      return 0
    fi
    sleep 0.5
  done
  die "node $n not synced within ${TIMEOUT}s (state: ${state:-down}); see $log"
}

# The last error lines of a node's log, on one line each.
errors_of() {
  grep -E '\[ERROR\]' "$1" 2>/dev/null | tail -n 8
}

wait_size() {
  local want=$1 deadline=$((SECONDS + TIMEOUT)) n
  while [ $SECONDS -lt $deadline ]; do
    for n in "${NODES[@]}"; do
      if running "$n" && [ "$(status_var "$n" wsrep_cluster_size || true)" = "$want" ]; then
        return 0
      fi
    done
    sleep 0.5
  done
  die "cluster size did not reach $want within ${TIMEOUT}s"
}

start() {
  [ -e "$PROVIDER" ] || die "no Galera provider at $PROVIDER (apt-get install galera-4)"
  command -v rsync >/dev/null || die 'rsync SST needs rsync (apt-get install rsync)'
  local n
  for n in "${NODES[@]}"; do configure "$n"; done
  if ! running 1; then
    # The first node founds the cluster. After a full stop it is the last one down, and a trial
    # cluster is always refounded from it.
    local grastate
    grastate="$(dir_of 1)/data/grastate.dat"
    [ -f "$grastate" ] && sed -i 's/^safe_to_bootstrap: 0/safe_to_bootstrap: 1/' "$grastate"
    launch 1 --wsrep-new-cluster
  fi
  wait_synced 1 --wsrep-new-cluster
  sql 1 <<'SQL'
CREATE USER IF NOT EXISTS 'root'@'127.0.0.1';
GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;
CREATE DATABASE IF NOT EXISTS test CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
SQL
  # One joiner at a time: a donor serves one state transfer at once.
  for n in "${NODES[@]:1}"; do
    running "$n" || launch "$n"
    wait_synced "$n"
  done
  wait_size "${#NODES[@]}"
  log "cluster up: mysql://root@$(printf '127.0.0.1:%s,' "$(port_of 1)" "$(port_of 2)" "$(port_of 3)" | sed 's/,$//')/test"
}

# SIGTERM first (a clean leave keeps the others' view tidy), SIGKILL after 30 s.
stop_node() {
  local n=$1 pid deadline
  pid=$(pid_of "$n")
  if running "$n"; then
    kill -TERM "$pid" 2>/dev/null || true
    deadline=$((SECONDS + 30))
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    kill -KILL -- "-$pid" 2>/dev/null || true
    log "node $n stopped"
  fi
  rm -f "$(dir_of "$n")/mariadbd.pid"
}

stop() {
  local n
  for n in 3 2 1; do stop_node "$n"; done
}

status() {
  local n
  for n in "${NODES[@]}"; do
    if running "$n"; then
      printf 'node %s  port %s  %s  cluster size %s\n' "$n" "$(port_of "$n")" \
        "$(status_var "$n" wsrep_local_state_comment || echo '?')" \
        "$(status_var "$n" wsrep_cluster_size || echo '?')"
    else
      printf 'node %s  port %s  down\n' "$n" "$(port_of "$n")"
    fi
  done
}

kill_node() {
  local n=$1 pid
  running "$n" || die "node $n is not running"
  pid=$(pid_of "$n")
  kill -KILL -- "-$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  rm -f "$(dir_of "$n")/mariadbd.pid"
  log "node $n killed (SIGKILL)"
}

# A node killed mid-write knows its last position only after InnoDB recovery: found first, it lets
# the node catch up from the others' write-set cache (IST) instead of copying everything (SST).
rejoin() {
  local n=$1 dir position
  dir=$(dir_of "$n")
  running "$n" && die "node $n is running"
  [ -f "$dir/my.cnf" ] || die "node $n was never started (run start first)"
  mariadbd --defaults-file="$dir/my.cnf" --user=root --wsrep-recover \
    --log-error="$dir/recover.log" >/dev/null 2>&1 || true
  position=$(sed -n 's/.*WSREP: Recovered position: *//p' "$dir/recover.log" 2>/dev/null | tail -n 1)
  if [ -n "$position" ]; then
    launch "$n" --wsrep-start-position="$position"
    wait_synced "$n" --wsrep-start-position="$position"
  else
    launch "$n"
    wait_synced "$n"
  fi
}

node_arg() {
  case "${1:-}" in
  1 | 2 | 3) echo "$1" ;;
  *) usage ;;
  esac
}

while getopts 'd:' opt; do
  case $opt in
  d) BASE=$OPTARG ;;
  *) usage ;;
  esac
done
shift $((OPTIND - 1))
mkdir -p "$BASE"
BASE=$(cd "$BASE" && pwd)

case "${1:-}" in
start) start ;;
stop) stop ;;
status) status ;;
kill) kill_node "$(node_arg "${2:-}")" ;;
rejoin) rejoin "$(node_arg "${2:-}")" ;;
*) usage ;;
esac
