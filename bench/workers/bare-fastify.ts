/**
 * The HTTP section's outside baseline (issue 37): a bare Fastify process, one worker, one route
 * with no plugins, hooks or schema, answering what /bench/baseline answers. Its req/s is what the
 * framework alone gives on this machine in this run, so a path's ratio to it counts everything the
 * app adds (security headers, hooks, authentication, the path's work), unlike the in-app baseline.
 * Started by bench/sections/http.ts; tells its port over IPC, stops on SIGTERM.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.send!({ port: Number(new URL(address).port) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
