/**
 * Custody's HTTP and start-up (docs/architecture.md "Custody"): with EVM_RPC_URL the node's chain id
 * is checked before the app serves (a wrong chain refuses to start) and the deposit watcher runs in
 * every instance (one acts: watcher.ts); without it nothing here runs and the list is empty.
 */
import { and, desc, eq } from 'drizzle-orm';
import { errorBody } from '../../../shared/api/common.js';
import {
  chainDeposits,
  CUSTODY_MSG,
  custodyReport,
  devFaucetBody,
  devFaucetSent,
  type ChainDeposit,
} from '../../../shared/api/custody.js';
import type { AppModule } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { custodyCursors, custodyDeposits } from './schema.js';
import { unavailable } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import type { ChainFamily } from './chain.js';
import { createPayouts } from './payouts.js';
import { createLoop } from './locked-loop.js';
import { createReconciler, readCustodyReport } from './report.js';
import { custodyChainOf } from './runtime.js';
import { createDepositWatcher } from './watcher.js';
import { msg } from '../../../shared/message.js';

/** How often the reconciliation job compares the chain with the books (docs/decisions/0065). */
const RECONCILE_EVERY_MS = 60_000;

/** The newest 50 transfers to the user's deposit addresses, pending first by recency. */
async function listChainDeposits(db: Queryable, chain: ChainFamily, userId: number): Promise<ChainDeposit[]> {
  const key = await chain.chainKey();
  const [cursor] = await db
    .select({ blockNumber: custodyCursors.blockNumber })
    .from(custodyCursors)
    .where(eq(custodyCursors.chain, key));
  const rows = await db
    .select()
    .from(custodyDeposits)
    .where(and(eq(custodyDeposits.userId, userId), eq(custodyDeposits.chain, key)))
    .orderBy(desc(custodyDeposits.id))
    .limit(50);
  return rows.map((row) => ({
    tx_hash: row.txHash,
    log_index: row.logIndex,
    network: chain.network,
    currency: row.currency,
    amount: row.amount,
    address: row.address,
    confirmations: row.creditedAt
      ? chain.confirmations
      : Math.max(0, Math.min(chain.confirmations, (cursor?.blockNumber ?? 0) - row.blockNumber + 1)),
    confirmations_required: chain.confirmations,
    status: row.creditedAt ? 'credited' : 'pending',
    transaction_id: row.transactionId,
    created_at: row.createdAt.toISOString(),
  }));
}

export const custodyModule: AppModule = (app, ctx) => {
  const chain = custodyChainOf(ctx.config);
  app.get('/api-v1/chain-deposits/', {
    onRequest: ctx.guard.requireUser,
    schema: { tags: ['wallets'], response: { 200: chainDeposits, 401: errorBody } },
    handler: async (req) => (chain ? listChainDeposits(ctx.db, chain, currentUser(req).id) : []),
  });
  // Reconciliation (docs/decisions/0065): the chain against the books, the hot wallet's gas and the withdrawal queue.
  app.get('/api-v3/admin/custody/', {
    onRequest: ctx.guard.requireAdmin,
    schema: { tags: ['admin'], response: { 200: custodyReport, 401: errorBody, 403: errorBody, 503: errorBody } },
    handler: async () => {
      try {
        return await readCustodyReport(ctx, chain);
      } catch (error) {
        ctx.log.warn({ err: error }, 'custody: the node did not answer the report');
        throw unavailable(msg(CUSTODY_MSG, 'nodeUnavailable'));
      }
    },
  });
  if (!chain) return;
  // The dev chain's faucet (EVM_DEV_CHAIN=1 only, staff only): test USDT or ETH to any address.
  if (ctx.config.env.EVM_DEV_CHAIN === '1') {
    const custody = ctx.config.custody!;
    app.post('/api-v3/admin/dev-faucet/', {
      onRequest: ctx.guard.requireAdmin,
      schema: {
        tags: ['admin'],
        body: devFaucetBody,
        response: { 200: devFaucetSent, 400: errorBody, 401: errorBody, 403: errorBody, 503: errorBody },
      },
      handler: async (req) => {
        const { sendFromFaucet } = await import('../../dev-chain/faucet.js');
        const { address, currency, amount } = req.body;
        try {
          const hash = await sendFromFaucet(
            custody.rpcUrl,
            custody.usdtContract,
            address as `0x${string}`,
            currency,
            amount,
          );
          return { tx_hash: hash };
        } catch (error) {
          ctx.log.warn({ err: error }, 'dev faucet: transfer refused');
          throw unavailable(msg(CUSTODY_MSG, 'faucetFailed'));
        }
      },
    });
  }
  const watcher = createDepositWatcher(ctx, chain);
  const payouts = createPayouts(ctx, chain);
  const reconcile = createReconciler(ctx, chain);
  // Every instance reads the chain for its own gauge; custody_alerts makes the staff alert one (docs/decisions/0067).
  const reconciling = createLoop(ctx, {
    pass: async () => {
      await reconcile();
      return undefined;
    },
    failed: 'custody: reconciliation failed',
    recovered: 'custody: reconciliation works again',
  });
  app.addHook('onReady', async () => {
    await chain.checkChain(); // a node on the wrong chain: the app does not start
    for (const warning of ctx.config.custody?.warnings ?? []) ctx.log.warn(`custody: ${warning}`);
    if (ctx.config.custodyPollIntervalMs > 0) {
      watcher.start(ctx.config.custodyPollIntervalMs);
      payouts.start(ctx.config.custodyPollIntervalMs);
      reconciling.start(RECONCILE_EVERY_MS);
    }
  });
  app.addHook('onClose', async () => {
    await Promise.all([watcher.stop(), payouts.stop(), reconciling.stop()]);
  });
};
