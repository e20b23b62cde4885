/**
 * 3. Money throughput through the HTTP API, with full ledger entries: transfers/s and trade
 * open+close/s, beside the raw rate of single-row UPDATE transactions on the same database in
 * the same run, at the same concurrency. Afterwards the ledger check must find nothing wrong.
 */
import pg from 'pg';
import { checkLedger } from '../../src/server/modules/ledger-rules.js';
import { HttpConnection } from '../lib/http-client.js';
import { figure, type Figure } from '../lib/report.js';
import { createUsers, grant } from '../lib/seed.js';
import type { BenchContext } from '../lib/context.js';

/** Concurrent clients, each its own user (so row locks measure work, not one user's queue). */
const CLIENTS = 32;

interface Rate {
  done: number;
  failed: number;
  perSecond: number;
  firstFailure?: string;
}

/** Runs `step` in `clients` loops for `seconds`; counts what succeeded. */
async function loop(
  clients: number,
  seconds: number,
  step: (client: number, iteration: number) => Promise<string | null>,
): Promise<Rate> {
  let done = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; performance.now() < until; i++) {
        const problem = await step(client, i).catch((error: unknown) => String(error));
        if (problem === null) done++;
        else {
          failed++;
          firstFailure ??= problem;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { done, failed, perSecond: done / elapsed, ...(firstFailure ? { firstFailure } : {}) };
}

export async function runMoney(ctx: BenchContext): Promise<Figure[]> {
  const seconds = ctx.quick ? 4 : 10;
  const { host, port } = ctx.server;
  const users = await createUsers(ctx.stack.db, ctx.stack.tokens, CLIENTS, 'money');
  const ids = users.map((u) => u.id);
  await grant(ctx.stack.db, ids, 'funding', 'USDT', '1000000000');
  await grant(ctx.stack.db, ids, 'lever', 'USDT', '1000000000');

  // Raw: one UPDATE of one row per transaction (autocommit), each client its own row.
  const raw = new pg.Pool({ connectionString: ctx.stack.databaseUrl, max: CLIENTS });
  await raw.query('create table if not exists bench_raw (id int primary key, n bigint not null)');
  await raw.query('insert into bench_raw select g, 0 from generate_series(0, $1::int - 1) g on conflict do nothing', [
    CLIENTS,
  ]);
  await Promise.all(Array.from({ length: CLIENTS }, () => raw.query('select 1')));
  const rawRate = await loop(CLIENTS, seconds, async (client) => {
    await raw.query({
      name: 'bench_raw_update',
      text: 'update bench_raw set n = n + 1 where id = $1',
      values: [client],
    });
    return null;
  });
  await raw.end();
  ctx.log(`  raw single-row UPDATE transactions: ${rawRate.perSecond.toFixed(0)}/s`);

  const connections = users.map(() => new HttpConnection(host, port));
  const auth = (client: number) => ({ authorization: `Bearer ${users[client]!.token}` });
  const post = async (client: number, path: string, body: unknown, expect: number) => {
    const res = await connections[client]!.request('POST', path, {
      headers: auth(client),
      body: JSON.stringify(body),
      keepBody: true,
    });
    if (res.status !== expect) throw new Error(`${path} ${res.status} ${res.body.toString().slice(0, 200)}`);
    return res.body;
  };

  const transferRate = await loop(CLIENTS, seconds, async (client, i) => {
    const [from, to] = i % 2 === 0 ? ['funding', 'lever'] : ['lever', 'funding'];
    await post(
      client,
      '/api-v1/transfer-to-wallet/',
      { transfer_from: from, transfer_to: to, currency: 'USDT', amount: '1.5' },
      201,
    );
    return null;
  });
  ctx.log(
    `  transfers: ${transferRate.perSecond.toFixed(0)}/s (${transferRate.failed} failed${transferRate.firstFailure ? `: ${transferRate.firstFailure}` : ''})`,
  );

  // The client quotes the price it last saw (within 1 % of the mark), refreshed every half second.
  let price = await ctx.lastPrice('BTCUSDT');
  const refresh = setInterval(() => {
    ctx.lastPrice('BTCUSDT').then(
      (p) => (price = p),
      () => {},
    );
  }, 500);
  const tradeRate = await loop(CLIENTS, seconds, async (client, i) => {
    const opened = JSON.parse(
      (
        await post(
          client,
          '/api-v1/trade-creation/',
          { trade_type: i % 2 ? 'sell' : 'buy', starting_price: price, coin: 'BTC', hands: '0.01', leverage: 100 },
          201,
        )
      ).toString(),
    ) as { trade: { trade_id: number } };
    await post(
      client,
      '/api-v1/trade-updation/',
      { trade_id: opened.trade.trade_id, current_price: price, is_closed: true },
      200,
    );
    return null;
  });
  clearInterval(refresh);
  connections.forEach((c) => c.close());
  ctx.log(
    `  trade open+close: ${tradeRate.perSecond.toFixed(0)}/s (${tradeRate.failed} failed${tradeRate.firstFailure ? `: ${tradeRate.firstFailure}` : ''})`,
  );

  const report = await checkLedger(ctx.stack.db);
  ctx.log(
    `  ledger check: ${report.accounts} accounts, ${report.entries} entries, ${report.mismatches.length} mismatches`,
  );
  ctx.details.money = {
    clients: CLIENTS,
    seconds,
    raw: rawRate,
    transfers: transferRate,
    trades: tradeRate,
    ledger: { ...report, mismatches: report.mismatches.slice(0, 20) },
  };

  const baseline = { name: 'raw UPDATE', value: rawRate.perSecond };
  const failures = (r: Rate) => (r.failed > 0 ? { note: `${r.failed} failed: ${r.firstFailure}` } : {});
  return [
    figure({
      section: 'money',
      name: `raw single-row UPDATE tx/s (${CLIENTS} clients)`,
      value: rawRate.perSecond,
      unit: '/s',
    }),
    figure({
      section: 'money',
      name: 'transfers/s',
      value: transferRate.perSecond,
      unit: '/s',
      baseline,
      target: { kind: 'min', value: 0.4, onRatio: true },
      ...failures(transferRate),
    }),
    figure({
      section: 'money',
      name: 'trade open+close/s',
      value: tradeRate.perSecond,
      unit: '/s',
      baseline,
      ...failures(tradeRate),
    }),
    figure({
      section: 'money',
      name: 'ledger mismatches',
      value: report.mismatches.length,
      unit: '',
      target: { kind: 'atMost', value: 0 },
    }),
  ];
}
