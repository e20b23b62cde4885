/**
 * Reconciliation (docs/architecture.md "Custody", docs/decisions/0065): per currency on the chain, what
 * the hot wallet and the unswept deposit addresses hold, against the ledger's customer balances. The
 * staff Custody page reads it; a job reads it on a timer, sets the /metrics gauge and logs an error
 * (the alert) when the reserves fall below the liabilities, and again when they recover.
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { erc20Abi, formatUnits, type Address } from 'viem';
import type { CustodyReport } from '../../../shared/api/custody.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { add, canonical, dec, sub } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { transactions } from '../../db/schema.js';
import { custodyAddresses } from './schema.js';
import { readBooks } from '../ledger/index.js';
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

type ReconcileContext = ReportContext & Pick<AppContext, 'log' | 'metrics'>;

/** The reconciliation job: compares the chain with the books, sets the gauge, alerts on a shortfall. */
export function createReconciler(ctx: ReconcileContext, chain: EvmChain) {
  const short = new Set<string>();
  return async function reconcileOnce(): Promise<CustodyReport['currencies']> {
    const report = await readCustodyReport(ctx, chain);
    for (const row of report.currencies) {
      ctx.metrics.reservesMinusLiabilities.labels(row.currency, row.network).set(Number(row.difference));
      const key = `${row.currency}|${row.network}`;
      if (dec(row.difference).isNegative()) {
        if (!short.has(key))
          ctx.log.error(
            { custody: { ...row } },
            `custody: ${row.currency} reserves on ${row.network} are below the customers' balances by ${canonical(dec(row.difference).negated())}`,
          );
        short.add(key);
      } else if (short.delete(key))
        ctx.log.info({ custody: { ...row } }, `custody: ${row.currency} reserves cover the customers again`);
    }
    return report.currencies;
  };
}
