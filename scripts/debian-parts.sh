# Sourced (not run) by .ci/run and scripts/real-parts.sh: Debian's own packages for the tests that
# prove the app on real parts (docs/decisions/0038-operations.md), and Debian's PostgreSQL in a
# throwaway folder. Installs with apt-get only what is missing, and only as root (as scripts/test.mjs
# installs chromium); otherwise it stops with the command to run.

# ensure_debian_packages PKG...: postgresql, redis-server, haproxy (each checked by its binary).
ensure_debian_packages() {
  local missing=() pkg
  for pkg in "$@"; do
    case "$pkg" in
      postgresql) ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=("$pkg") ;;
      redis-server) [ -x /usr/bin/redis-server ] || missing+=("$pkg") ;;
      haproxy) [ -x /usr/sbin/haproxy ] || missing+=("$pkg") ;;
      *) command -v "$pkg" >/dev/null 2>&1 || missing+=("$pkg") ;;
    esac
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then
    echo "Missing Debian packages: ${missing[*]}. Run: sudo apt-get install -y ${missing[*]}" >&2
    return 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# start_debian_postgres PORT: initdb and start the newest installed PostgreSQL on 127.0.0.1:PORT in a
# temp folder owned by the postgres user (tuned for tests: no fsync, room for many pools). Sets
# PG_BIN, PG_DIR, PG_CTL (a pg_ctl command line taking start/stop/restart, for the fault tests) and
# DEBIAN_PG_URL (the superuser's URL, database postgres). The caller traps stop_debian_postgres.
start_debian_postgres() {
  local port=$1
  ensure_debian_packages postgresql
  PG_BIN=$(dirname "$(ls -d /usr/lib/postgresql/*/bin/postgres | sort -V | tail -n 1)")
  PG_DIR=$(mktemp -d /tmp/coinfront-debian-pg.XXXXXX)
  chmod 711 "$PG_DIR"
  chown postgres "$PG_DIR"
  runuser -u postgres -- "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
  PG_CTL="runuser -u postgres -- $PG_BIN/pg_ctl -D $PG_DIR/data -l $PG_DIR/log -w -o '-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$PG_DIR -c max_connections=300 -c fsync=off'"
  sh -c "$PG_CTL start" >/dev/null
  DEBIAN_PG_URL="postgres://postgres@127.0.0.1:$port/postgres"
  "$PG_BIN/postgres" --version
}

stop_debian_postgres() {
  [ -n "${PG_DIR:-}" ] || return 0
  runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
  PG_DIR=
}
