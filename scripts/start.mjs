// `npm start`: build the web app if it is missing, then run the server (embedded PostgreSQL unless
// DATABASE_URL is set). Signals are passed on so the database shuts down cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/web/index.html')) {
  console.log('Building the web app (first start)...');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// A bare `npm start` is the demonstration on the simulated market: allowed, with start's warning and
// on-chain withdrawals off (README "Production checklist"). An operator who sets NODE_ENV or
// MARKET_SOURCE decides for themselves, and production on the simulator is then refused.
const demo = process.env.NODE_ENV === undefined && process.env.MARKET_SOURCE === undefined;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  // The dev chain (EVM_DEV_CHAIN=1) is refused in production: it runs as a development server.
  env: {
    NODE_ENV: process.env.EVM_DEV_CHAIN === '1' ? 'development' : 'production',
    ...(demo ? { ALLOW_SIMULATED_MARKET: '1' } : {}),
    ...process.env,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
