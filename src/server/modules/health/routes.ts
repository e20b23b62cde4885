/** Operations: liveness and readiness (docs/architecture.md section 3). */
import { sql } from 'drizzle-orm';
import type { AppModule } from '../../context.js';
import { unavailableReason } from '../../db/errors.js';

export const healthModule: AppModule = (app, ctx) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const checks: Record<string, string> = {};
    // Why not ready, in words, for an operator (docs/operations.md).
    const reasons: string[] = [];
    try {
      await ctx.db.execute(sql`select 1`);
      checks.database = 'ok';
    } catch (error) {
      checks.database = 'unreachable';
      reasons.push(ctx.databaseStatus() ?? `the database cannot be reached (${unavailableReason(error)})`);
    }
    const btc = await ctx.market.markPrice('BTC').catch(() => null);
    checks.market = btc && !btc.stale ? 'ok' : 'stale';
    if (checks.market !== 'ok') reasons.push('the market price feed is stale');
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not ready', checks, ...(ready ? {} : { reasons }) });
  });
};
