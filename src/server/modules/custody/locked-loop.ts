/**
 * The loop custody's jobs share (docs/architecture.md "Custody", docs/decisions/0067-custody-alerts.md):
 * a pass under a session advisory lock, so one instance acts at a time (the deposit watcher, the payer),
 * and a timer that runs passes until stop(), logging a failure once and the recovery once.
 */
import type { AppContext } from '../../context.js';

type LoopContext = Pick<AppContext, 'db' | 'log'>;

/**
 * Runs `work` while holding the advisory lock `key` on one pooled connection; undefined when another
 * instance holds it (nothing was done). A failed unlock closes the connection, which releases the lock.
 */
export async function underAdvisoryLock<T>(
  ctx: LoopContext,
  key: number,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const conn = await ctx.db.$client.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await conn.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
    if (rows[0]?.locked !== true) return undefined;
    try {
      return await work();
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [key]).catch((error: Error) => {
        broken = error; // closing the connection below releases the lock
      });
    }
  } finally {
    conn.release(broken);
  }
}

export interface Loop {
  /** Passes every `intervalMs` (or what `pass` answers), until stop(). */
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

interface LoopOptions {
  /** One pass; answers the wait before the next in ms, or undefined for the interval. */
  pass: () => Promise<number | undefined>;
  /** Logged as an error at the first failed pass (with the error), and ... */
  failed: string;
  /** ... as info at the first pass that works after failures. */
  recovered: string;
}

/** A timer loop of passes: each starts after the previous ended; stop() waits for the running one. */
export function createLoop(ctx: Pick<AppContext, 'log'>, options: LoopOptions): Loop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let failing = false;
  return {
    start(intervalMs) {
      const tick = () => {
        running = options
          .pass()
          .then(
            (wait) => {
              if (failing) ctx.log.info(options.recovered);
              failing = false;
              return wait ?? intervalMs;
            },
            (error: unknown) => {
              if (!failing) ctx.log.error({ err: error }, options.failed);
              failing = true;
              return intervalMs;
            },
          )
          .then((wait) => {
            if (stopped) return;
            timer = setTimeout(tick, wait);
            timer.unref();
          });
      };
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
