/**
 * The real app (API + built web app) on a fresh database, listening on a random local port.
 * The web app must be built first (`npx vite build`; `npm test` does it).
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createTestApp, type TestAppOptions } from '../../helpers/app.js';

export type WebApp = Awaited<ReturnType<typeof startWebApp>>;

export async function startWebApp(options: Omit<TestAppOptions, 'web'> = {}) {
  if (!existsSync(path.resolve('dist/web/index.html'))) {
    throw new Error('The browser tests need the built web app: run `npx vite build` first (npm test does).');
  }
  const t = await createTestApp({ ...options, web: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { ...t, baseUrl: `http://127.0.0.1:${port}` };
}
