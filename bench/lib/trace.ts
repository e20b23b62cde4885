/**
 * `npm run bench -- --trace`: one line a second of where the time goes while a section runs, to tell
 * a busy server from one that waits:
 * - the CPU of the server, of PostgreSQL's processes and of the rest of the machine (the load
 *   generators, the bench, the kernel), in % of one core (/proc);
 * - from the server's /metrics: its answers that second and those that took over 0.5 s by its own
 *   clock, its pool (connections, idle, waiting) and its event-loop delay;
 * - what PostgreSQL's client backends are doing (pg_stat_activity by state and wait event).
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/database.js';
import { HttpConnection } from './http-client.js';

export const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const CORES = os.cpus().length;

/**
 * utime + stime of a process, in clock ticks (0 once it is gone); with `reaped`, also the CPU of its
 * children that have exited and been waited for (cutime + cstime).
 */
export function processTicks(pid: number, { reaped = false } = {}): number {
  try {
    // The command name may hold spaces: the fields start after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0);
  } catch {
    return 0;
  }
}

/**
 * CPU clock ticks of a process and every process below it: with WEB_CONCURRENCY > 1 the server is a
 * cluster primary and its workers (docs/architecture.md section 15).
 */
export function treeTicks(pid: number): number {
  let total = processTicks(pid);
  let children: string[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      children = children.concat(readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean));
  } catch {
    // gone meanwhile
  }
  for (const child of children) total += treeTicks(Number(child));
  return total;
}

/**
 * CPU ticks of PostgreSQL's processes. A backend that exits (a pool closing a connection) takes its
 * ticks with it; the postmaster's reaped children's ticks bring them back, so a window's difference
 * is not negative.
 */
export function postgresTicks(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        total += processTicks(Number(entry), { reaped: true });
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Busy and total clock ticks of the whole machine. */
function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  const idle = cpu[3]! + cpu[4]!;
  return { busy: total - idle, total };
}

/** Requests answered (all routes) and those that took longer than 0.5 s, by the server's own clock. */
function answered(text: string): { all: number; slow: number } {
  let all = 0;
  let fast = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('coinfront_http_request_duration_seconds_bucket{')) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (line.includes('le="+Inf"')) all += value;
    else if (line.includes('le="0.5"')) fast += value;
  }
  return { all, slow: all - fast };
}

function metric(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

/** Starts sampling; the returned function stops it. */
export function startTrace(options: { db: Db; host: string; port: number; pid: number; log: (line: string) => void }) {
  const { db, pid, log } = options;
  const metrics = new HttpConnection(options.host, options.port, 2_000);
  let last = { at: Date.now(), server: processTicks(pid), postgres: postgresTicks(), machine: machineTicks() };
  let answers = { all: 0, slow: 0 };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      try {
        const now = {
          at: Date.now(),
          server: processTicks(pid),
          postgres: postgresTicks(),
          machine: machineTicks(),
        };
        const seconds = (now.at - last.at) / 1000;
        // CPU shares in % of one core; the machine's busy share of all its cores becomes the same unit,
        // and what neither the server nor PostgreSQL used is the load generators, the bench and the kernel.
        const machine =
          ((now.machine.busy - last.machine.busy) / (now.machine.total - last.machine.total)) * CORES * 100;
        const server = ((now.server - last.server) / TICKS_PER_SECOND / seconds) * 100;
        const postgres = ((now.postgres - last.postgres) / TICKS_PER_SECOND / seconds) * 100;
        const pct = (n: number) => `${n.toFixed(0)}%`;
        const cpu = `server ${pct(server)}, postgres ${pct(postgres)}, rest ${pct(Math.max(0, machine - server - postgres))} of ${CORES * 100}%`;
        last = now;
        const [activity, scrape] = await Promise.all([
          db.execute<{ what: string; n: number }>(sql`
            select coalesce(state, '?') || coalesce(':' || wait_event, '') as what, count(*)::int as n
            from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()
            group by 1 order by 2 desc`),
          metrics.request('GET', '/metrics', { keepBody: true }).then((r) => r.body.toString()),
        ]);
        const backends = activity.rows.map((r) => `${r.what} ${r.n}`).join(', ');
        const lag = (metric(scrape, 'nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000;
        const pool = `pool ${metric(scrape, 'coinfront_db_pool_connections')}/${metric(scrape, 'coinfront_db_pool_idle_connections')} idle, ${metric(scrape, 'coinfront_db_pool_waiting')} waiting`;
        const total = answered(scrape);
        const served = `served ${total.all - answers.all} (${total.slow - answers.slow} over 0.5 s)`;
        answers = total;
        log(`  trace: cpu ${cpu}; ${served}; loop p99 ${lag.toFixed(0)} ms; ${pool}; backends ${backends}`);
      } catch (error) {
        log(`  trace: ${String(error)}`);
      } finally {
        running = false;
      }
    })();
  }, 1_000);
  return () => {
    clearInterval(timer);
    metrics.close();
  };
}
