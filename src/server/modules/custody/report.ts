/**
 * Reconciliation (docs/architecture.md "Custody", docs/decisions/0065): per currency on the chain, what
 * the hot wallet and the unswept deposit addresses hold, against the ledger's customer balances. The
 * staff Custody page reads it; a job reads it on a timer, sets the /metrics gauge, and when the reserves
 * fall below the liabilities (and again when they recover) logs it and notifies every staff member once
 * per transition, across instances and restarts (docs/decisions/0067-custody-alerts.md).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { erc20Abi, formatUnits, type Address } from 'viem';
import type { CustodyReport } from '../../../shared/api/custody.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { add, canonical, dec, sub } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { NOTIFICATION_TEXT } from '../../../shared/api/notifications.js';
import { transactions, users } from '../../db/schema.js';
import { custodyAddresses, custodyAlerts } from './schema.js';
import { readBooks } from '../ledger/index.js';
import { mailNotifications, notify } from '../notifications/index.js';
import type { EvmChain } from './evm.js';

const ETH = 'ETH';

type ReportContext = Pick<AppContext, 'db' | 'config'>;

const queueColumns = {
  id: transactions.id,
  userId: transactions.userId,
  currency: transactions.currency,
  arrivalAmount: transactions.arrivalAmount,
  address: transactions.address,
  chainStatus: transactions.chainStatus,
  chainError: transactions.chainError,
  txHash: transactions.txHash,
  decidedAt: transactions.decidedAt,
};

async function withdrawalQueue(ctx: ReportContext): Promise<CustodyReport['queue']> {
  const open = await ctx.db
    .select(queueColumns)
    .from(transactions)
    .where(inArray(transactions.chainStatus, ['queued', 'broadcast']))
    .orderBy(asc(transactions.id));
  const done = await ctx.db
    .select(queueColumns)
    .from(transactions)
    .where(inArray(transactions.chainStatus, ['confirmed', 'failed']))
    .orderBy(desc(transactions.id))
    .limit(20);
  return [...open, ...done].map((row) => ({
    transaction_id: row.id,
    user_id: row.userId,
    currency: row.currency,
    arrival_amount: row.arrivalAmount,
    address: row.address,
    chain_status: row.chainStatus!,
    chain_error: (row.chainError as CustodyReport['queue'][number]['chain_error']) ?? null,
    tx_hash: row.txHash,
    decided_at: row.decidedAt?.toISOString() ?? null,
  }));
}

export async function readCustodyReport(ctx: ReportContext, chain: EvmChain | undefined): Promise<CustodyReport> {
  const base = {
    onchain_withdrawals: chain !== undefined && ctx.config.onchainWithdrawals,
    dev_faucet: chain !== undefined && ctx.config.env.EVM_DEV_CHAIN === '1',
    confirmations: chain?.confirmations ?? 0,
  };
  if (!chain) return { enabled: false, ...base, gas_balance: '0', currencies: [], queue: [] };
  const client = chain.client;
  const head = (await chain.head()).number; // not getBlockNumber: viem caches it for seconds
  const blockNumber = BigInt(head);
  const places = await chain.tokenDecimals();
  const balance = async (currency: string, address: Address) =>
    currency === ETH
      ? formatUnits(await client.getBalance({ address, blockNumber }), 18)
      : formatUnits(
          await client.readContract({
            address: chain.token,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address],
            blockNumber,
          }),
          places,
        );
  const addresses = await ctx.db
    .select({ address: custodyAddresses.address })
    .from(custodyAddresses)
    .where(eq(custodyAddresses.family, chain.family));
  const books = await readBooks(ctx.db);
  const currencies = [];
  let gas = '0';
  for (const currency of [QUOTE_CURRENCY, ETH]) {
    const hot = await balance(currency, chain.hotWallet.address);
    if (currency === ETH) gas = hot;
    let unswept = dec(0);
    for (const { address } of addresses) unswept = unswept.plus(await balance(currency, address as Address));
    const total = add(hot, unswept);
    const liabilities = books.currencies.find((c) => c.currency === currency)?.customer_balances ?? '0';
    currencies.push({
      currency,
      network: chain.network,
      hot_wallet: { address: chain.hotWallet.address, balance: canonical(hot) },
      deposit_addresses_unswept: canonical(unswept),
      onchain_total: canonical(total),
      customer_liabilities: canonical(liabilities),
      difference: canonical(sub(total, liabilities)),
      last_block: head,
    });
  }
  return { enabled: true, ...base, gas_balance: canonical(gas), currencies, queue: await withdrawalQueue(ctx) };
}

type ReconcileContext = ReportContext & Pick<AppContext, 'log' | 'metrics' | 'mailer'>;
type ReportRow = CustodyReport['currencies'][number];

/**
 * Records whether `row` is short in custody_alerts and, when that flips it, notifies every staff member
 * in the same transaction (docs/decisions/0067): the conditional UPDATE matches for one instance only,
 * as a concurrent one waits on the row and then finds it flipped already. A pair first seen covered
 * starts covered, without a notification. Answers the staff notified, or null when nothing flipped.
 */
async function recordReserves(ctx: ReconcileContext, row: ReportRow): Promise<number[] | null> {
  const short = dec(row.difference).isNegative();
  const pair = and(eq(custodyAlerts.currency, row.currency), eq(custodyAlerts.network, row.network));
  return ctx.db.transaction(async (tx) => {
    await tx
      .insert(custodyAlerts)
      .values({ currency: row.currency, network: row.network, short: false })
      .onConflictDoNothing();
    const flipped = await tx
      .update(custodyAlerts)
      .set({ short, changedAt: sql`now()` })
      .where(and(pair, eq(custodyAlerts.short, !short)))
      .returning({ short: custodyAlerts.short });
    if (flipped.length === 0) return null;
    const staff = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.isDemo, false)))
      .orderBy(asc(users.id));
    const note = NOTIFICATION_TEXT.reserves({
      short,
      currency: row.currency,
      network: row.network,
      reserves: row.onchain_total,
      liabilities: row.customer_liabilities,
      shortfall: canonical(dec(row.difference).negated()),
    });
    for (const { id } of staff)
      await notify(tx, { userId: id, kind: short ? 'reserves_short' : 'reserves_covered', ...note });
    return staff.map((s) => s.id);
  });
}

/** The reconciliation job: compares the chain with the books, sets the gauge, alerts staff on a shortfall. */
export function createReconciler(ctx: ReconcileContext, chain: EvmChain) {
  return async function reconcileOnce(): Promise<CustodyReport['currencies']> {
    const report = await readCustodyReport(ctx, chain);
    for (const row of report.currencies) {
      ctx.metrics.reservesMinusLiabilities.labels(row.currency, row.network).set(Number(row.difference));
      const notified = await recordReserves(ctx, row);
      if (notified === null) continue;
      if (dec(row.difference).isNegative())
        ctx.log.error(
          { custody: { ...row } },
          `custody: ${row.currency} reserves on ${row.network} are below the customers' balances by ${canonical(dec(row.difference).negated())}`,
        );
      else ctx.log.info({ custody: { ...row } }, `custody: ${row.currency} reserves cover the customers again`);
      for (const userId of notified) await mailNotifications(ctx, userId);
    }
    return report.currencies;
  };
}
