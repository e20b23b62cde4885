/**
 * The benchmark's baseline (`npm run bench`, docs/performance.md): a route with no
 * work of its own, in the same process and behind the same plugins and hooks as every other
 * route, so a hot path's requests/s divided by this one's is what that path's own work costs.
 * Mounted only when BENCH_BASELINE=1; never in a normal start.
 */
import type { AppModule } from '../../context.js';

export const benchBaselineModule: AppModule = (app) => {
  app.get('/bench/baseline', { schema: { hide: true } }, async () => ({ hello: 'world' }));
};
