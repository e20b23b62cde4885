/** Operations: liveness and readiness (docs/architecture.md section 3). */
import { sql } from 'drizzle-orm';
import type { AppModule } from '../../context.js';

export const healthModule: AppModule = (app, ctx) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const checks: Record<string, string> = {};
    try {
      await ctx.db.execute(sql`select 1`);
      checks.database = 'ok';
    } catch {
      checks.database = 'unreachable';
    }
    const btc = await ctx.market.markPrice('BTC').catch(() => null);
    checks.market = btc && !btc.stale ? 'ok' : 'stale';
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
};
