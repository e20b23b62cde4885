#!/usr/bin/env bash
# Proven with real parts (docs/decisions/0038-operations.md, docs/operations.md "## The real-parts test"): Debian's
# PostgreSQL, Redis (redis-server) and HAProxy in front of three app instances started the way an
# operator starts them (NODE_ENV=production; the code as its bundle, dist/server/main.mjs, as the API tests'
# servers run it: docs/decisions/0086-spawned-servers-run-a-bundle.md), then the tests of
# tests/real-parts/ through the balancer, twice: with REDIS_URL (Redis event bus) and without it
# (PostgreSQL LISTEN/NOTIFY). Everything started here is stopped and removed on exit, failed or not.
#
#   scripts/real-parts.sh                  as root on Debian: installs what is missing with apt-get
#   REAL_PARTS_VARIANTS=redis scripts/real-parts.sh    one pass only (redis or postgres)
#   REAL_PARTS_PG_URL=postgres://...       use this PostgreSQL server (a fresh database per pass) instead
#                                          of starting Debian's own (.ci/run shares its server)
#
# Exit status: 0 when every test of both passes passed.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=./debian-parts.sh
. scripts/debian-parts.sh

VARIANTS=${REAL_PARTS_VARIANTS:-redis postgres}
RUN_DIR=$(mktemp -d /tmp/coinfront-real-parts.XXXXXX)
chmod 755 "$RUN_DIR"
PIDS=()

# Stops what a pass started: SIGTERM (a stopped process is continued first), SIGKILL after 20 s.
stop_all() {
  local pid deadline=$((SECONDS + 20))
  for pid in "${PIDS[@]}"; do kill -CONT "$pid" 2>/dev/null || true; kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  PIDS=()
}

cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  PIDS=()
  stop_debian_postgres
  rm -rf "$RUN_DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

ensure_debian_packages postgresql redis-server haproxy
if [ ! -f dist/web/index.html ]; then
  echo "Building the web app (the instances serve it)..."
  node node_modules/vite/bin/vite.js build --logLevel warn
fi
# The instances and the ledger check run the bundle: built when a source changed since the last build.
node scripts/build-server.mjs --if-stale

if [ -n "${REAL_PARTS_PG_URL:-}" ]; then
  SERVER_URL=$REAL_PARTS_PG_URL
else
  start_debian_postgres "$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  SERVER_URL=$DEBIAN_PG_URL
fi

free_ports() { # N free local ports, one a line
  node -e "
    const net = require('net');
    const servers = Array.from({ length: $1 }, () => net.createServer().listen(0, '127.0.0.1'));
    Promise.all(servers.map((s) => new Promise((r) => s.on('listening', r)))).then(() => {
      console.log(servers.map((s) => s.address().port).join('\n'));
      servers.forEach((s) => s.close());
    });"
}

# wait_ready URL SECONDS [PID]: until GET URL answers 200 (the process must stay alive meanwhile).
wait_ready() {
  local deadline=$((SECONDS + $2))
  until node -e "fetch('$1').then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"; do
    if [ -n "${3:-}" ] && ! kill -0 "$3" 2>/dev/null; then
      echo "process $3 died before $1 was ready" >&2
      return 1
    fi
    if [ $SECONDS -ge $deadline ]; then
      echo "$1 not ready after $2 s" >&2
      return 1
    fi
    sleep 0.2
  done
}

show_logs() {
  local log
  for log in "$1"/*.log; do
    echo "---- last lines of $log"
    tail -n 30 "$log"
  done
}

# One pass: a fresh database, Redis or not, three instances, HAProxy, the tests. Returns the tests' status.
run_pass() {
  local variant=$1 dir="$RUN_DIR/$1" status=0
  mkdir -p "$dir/data"
  mapfile -t ports < <(free_ports 5)
  local balancer_port=${ports[0]} redis_port=${ports[1]}
  local instance_ports=("${ports[2]}" "${ports[3]}" "${ports[4]}")
  local database="coinfront_real_parts_${variant}_$$"
  local database_url
  database_url=$(node -e "const u = new URL('$SERVER_URL'); u.pathname = '/$database'; console.log(u.toString())")
  node --input-type=module -e "
    import pg from 'pg';
    const client = new pg.Client({ connectionString: '$SERVER_URL' });
    await client.connect();
    await client.query('drop database if exists $database');
    await client.query('create database $database');
    await client.end();"

  local redis_env=()
  if [ "$variant" = redis ]; then
    redis-server --port "$redis_port" --bind 127.0.0.1 --dir "$dir" --save '' --appendonly no >"$dir/redis.log" 2>&1 &
    PIDS+=($!)
    redis_env=(REDIS_URL="redis://127.0.0.1:$redis_port")
    local deadline=$((SECONDS + 15))
    until [ "$(redis-cli -p "$redis_port" ping 2>/dev/null)" = PONG ]; do
      [ $SECONDS -lt $deadline ] || { echo "redis-server did not start" >&2; return 1; }
      sleep 0.1
    done
  fi

  # What the instances share, as README "External PostgreSQL and several instances" asks: the
  # database, the secrets, and DATA_DIR (uploads and the dev mail outbox the tests read codes from).
  local admin_email="staff.real-parts@example.com" admin_password
  admin_password=$(node -e "console.log(require('crypto').randomBytes(12).toString('hex'))")
  local common_env=(
    NODE_ENV=production HOST=127.0.0.1 LOG_LEVEL=warn
    DATABASE_URL="$database_url" DATA_DIR="$dir/data"
    JWT_SECRET="$(node -e "console.log(require('crypto').randomBytes(48).toString('base64'))")"
    MARKET_SEED="$(node -e "console.log(require('crypto').randomBytes(32).toString('base64'))")"
    ADMIN_EMAIL="$admin_email" ADMIN_PASSWORD="$admin_password"
    TRUST_PROXY=1 BONUSES=off
    # Production on the simulated market is refused unless allowed (README "Production checklist").
    ALLOW_SIMULATED_MARKET=1
    # Three single-process instances, as the issue asks (workers are tested in tests/api/workers.test.ts).
    WEB_CONCURRENCY=1
    # Every test client comes from 127.0.0.1: the per-client limits would refuse the test itself.
    AUTH_RATE_LIMIT=100000 CHAT_RATE_LIMIT=100000 UPLOAD_RATE_LIMIT=100000 TRADE_RATE_LIMIT=100000
    "${redis_env[@]}"
  )
  local instance_pids=() instance_urls=() i
  for i in 0 1 2; do
    env "${common_env[@]}" PORT="${instance_ports[$i]}" \
      node --enable-source-maps dist/server/main.mjs >"$dir/instance-$((i + 1)).log" 2>&1 &
    PIDS+=($!)
    instance_pids+=($!)
    instance_urls+=("http://127.0.0.1:${instance_ports[$i]}")
    # The first one migrates the fresh database and creates the staff account alone; then the others.
    if [ "$i" = 0 ]; then wait_ready "${instance_urls[0]}/readyz" 90 "${instance_pids[0]}" || { show_logs "$dir"; return 1; }; fi
  done
  for i in 1 2; do wait_ready "${instance_urls[$i]}/readyz" 90 "${instance_pids[$i]}" || { show_logs "$dir"; return 1; }; done

  # HAProxy: round robin per request, WebSockets (tunnel timeout), X-Forwarded-For appended (the
  # instances trust one hop), /readyz as health check, a failed connection retried on another
  # instance (never a request already sent), and which instance answered in X-Served-By.
  cat >"$dir/haproxy.cfg" <<EOF
global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  option forwardfor
  option redispatch
  retries 3

frontend web
  bind 127.0.0.1:$balancer_port
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server check inter 1s fall 2 rise 2
  http-response set-header X-Served-By %[srv_name]
  server instance-1 127.0.0.1:${instance_ports[0]}
  server instance-2 127.0.0.1:${instance_ports[1]}
  server instance-3 127.0.0.1:${instance_ports[2]}
EOF
  haproxy -c -q -f "$dir/haproxy.cfg"
  haproxy -db -f "$dir/haproxy.cfg" >"$dir/haproxy.log" 2>&1 &
  PIDS+=($!)
  local balancer_url="http://127.0.0.1:$balancer_port"
  wait_ready "$balancer_url/readyz" 30 "$!" || { show_logs "$dir"; return 1; }

  local test_env=(
    REAL_PARTS_TRANSPORT="$variant" REAL_PARTS_URL="$balancer_url"
    REAL_PARTS_INSTANCES="$(IFS=,; echo "${instance_urls[*]}")"
    REAL_PARTS_PIDS="$(IFS=,; echo "${instance_pids[*]}")"
    REAL_PARTS_DATA_DIR="$dir/data" REAL_PARTS_DATABASE_URL="$database_url"
    REAL_PARTS_ADMIN_EMAIL="$admin_email" REAL_PARTS_ADMIN_PASSWORD="$admin_password"
  )
  # The flows first, then the file that SIGKILLs an instance (it leaves two).
  env "${test_env[@]}" node_modules/.bin/vitest run --config vitest.real-parts.config.ts \
    tests/real-parts/flows.test.ts tests/real-parts/browser.test.ts || status=1
  env "${test_env[@]}" node_modules/.bin/vitest run --config vitest.real-parts.config.ts \
    tests/real-parts/kill.test.ts || status=1
  echo "ledger check of the $variant pass (scripts/ledger-check.ts):"
  env DATABASE_URL="$database_url" DATA_DIR="$dir/data" node --enable-source-maps dist/server/ledger-check.mjs || status=1
  [ $status = 0 ] || show_logs "$dir"

  stop_all
  return $status
}

overall=0
for variant in $VARIANTS; do
  echo
  echo "▶ real parts, event transport: $variant"
  run_pass "$variant" || overall=1
  stop_all
done
[ $overall = 0 ] && echo "real parts: all passes passed" || echo "real parts: FAILED (see above)"
exit $overall
