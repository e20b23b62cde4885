/**
 * Custody's outgoing half (docs/architecture.md "Custody", docs/decisions/0065): approved withdrawals
 * paid by the hot wallet, deposit addresses swept to it, and the gas of both booked as the house's.
 *
 * Exactly once, across restarts and instances: a pass runs under a session advisory lock (one actor,
 * as the deposit watcher); a withdrawal is signed in a database transaction that locks its row, locks
 * the sending address's nonce row and moves it on, and stores the signed bytes with their hash
 * (custody_sends, unique per withdrawal and per (address, nonce)); only after that commit are the
 * bytes broadcast. A crash after the commit re-broadcasts the same bytes (the same hash: the chain
 * takes it at most once); a crash before it leaves nothing signed and the nonce unused. The nonce is
 * the larger of the row's and the node's pending count, so a transaction sent from the hot wallet by
 * other means does not make ours collide, and a reserved nonce always has its bytes stored, so no gap
 * can block the queue. Balances are checked before signing: a hot wallet short of the token or of gas
 * leaves the withdrawal queued with the reason for staff, and the next pass tries again.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  keccak256,
  parseUnits,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from 'viem';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { dec } from '../../../shared/money.js';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { transactions } from '../../db/schema.js';
import { custodyAddresses, custodyNonces, custodySends } from './schema.js';
import { house, post } from '../ledger/index.js';
import type { EvmChain } from './evm.js';
import { CUSTODY_SEND_REF } from './ledger-rule.js';
import { createLoop, underAdvisoryLock, type Loop } from './locked-loop.js';

const ETH = 'ETH';
const ETH_DECIMALS = 18;

/** One app-wide key for the advisory lock: "the acting payer", across instances. */
const CUSTODY_PAYOUT_LOCK_KEY = 0x636f696e_6370; // 'coin' 'cp'

/**
 * Sweep thresholds (docs/decisions/0065): a deposit address is swept once it holds at least this much,
 * so the gas of a sweep stays a small part of what it moves.
 */
const SWEEP_MINIMUM: Readonly<Record<string, string>> = { USDT: '10', ETH: '0.01' };

/** Why a withdrawal waits (transactions.chain_error): codes the staff console translates. */
type ChainError =
  | 'hot_wallet_short_token'
  | 'hot_wallet_short_gas'
  | 'node_unreachable'
  | 'node_refused'
  | 'reverted'
  | 'nonce_taken'
  | 'onchain_withdrawals_off';

type PayoutContext = Pick<AppContext, 'db' | 'config' | 'clock' | 'log'>;

/** An approval of this withdrawal queues it for the hot wallet (review.ts), else staff pay it by hand. */
export function paidOnChain(
  config: Pick<Config, 'custody' | 'onchainWithdrawals'>,
  row: { type: string; network: string | null; currency: string },
): boolean {
  return (
    config.custody !== undefined &&
    config.onchainWithdrawals &&
    row.type === 'withdrawal' &&
    row.network === 'ERC20' &&
    (row.currency === QUOTE_CURRENCY || row.currency === ETH)
  );
}

interface PayoutReport {
  /** false: another instance held the lock; nothing was done. */
  ran: boolean;
  /** Sends the node accepted this pass (first broadcasts and re-broadcasts). */
  broadcast: number;
  /** Sends that became final (confirmed or failed) this pass, their gas booked. */
  settled: number;
  /** Withdrawals still queued after the pass. */
  waiting: number;
  /** Sweeps and gas top-ups signed this pass. */
  sweeps: number;
}

interface Outgoing {
  kind: 'withdrawal' | 'sweep' | 'gas';
  transactionId?: number;
  from: PrivateKeyAccount;
  to: Address;
  currency: string;
  /** A decimal string in the currency's units, already cut to the token's decimals. */
  amount: string;
}

const errorName = (error: unknown) => (error as Error | undefined)?.name ?? '';
const errorText = (error: unknown) =>
  `${(error as Error | undefined)?.message ?? ''} ${(error as { details?: string } | undefined)?.details ?? ''}`;

/** The node is unreachable (transport) rather than refusing what it was sent. */
const isUnreachable = (error: unknown) =>
  /HttpRequestError|TimeoutError|WebSocketRequestError|SocketClosedError/.test(errorName(error)) ||
  /fetch failed|ECONNREFUSED|ECONNRESET|socket hang up/i.test(errorText(error));

export interface Payouts extends Loop {
  pollOnce(): Promise<PayoutReport>;
}

export function createPayouts(ctx: PayoutContext, chain: EvmChain): Payouts {
  const { db, clock } = ctx;
  const client = chain.client;
  const hot = chain.hotWallet;

  const unitsOf = async (currency: string, amount: string) =>
    currency === ETH ? parseUnits(amount, ETH_DECIMALS) : parseUnits(amount, await chain.tokenDecimals());
  const decimalsOf = async (currency: string) => (currency === ETH ? ETH_DECIMALS : await chain.tokenDecimals());
  const balanceOf = (currency: string, address: Address) =>
    currency === ETH
      ? client.getBalance({ address, blockTag: 'pending' })
      : client.readContract({
          address: chain.token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
          blockTag: 'pending',
        });

  /** What the node is asked to run for a send: a token transfer's call or an ETH value. */
  async function callOf(out: Pick<Outgoing, 'currency' | 'to' | 'amount'>) {
    const units = await unitsOf(out.currency, out.amount);
    if (out.currency === ETH) return { to: out.to, value: units, data: undefined };
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [out.to, units] });
    return { to: chain.token, value: 0n, data };
  }

  /** Gas limit and fee caps of a send, and the most it can cost in wei. */
  async function gasOf(from: Address, call: Awaited<ReturnType<typeof callOf>>) {
    const fees = await client.estimateFeesPerGas();
    const gas = call.data ? await client.estimateGas({ account: from, ...call }) : 21_000n;
    return { gas, ...fees, cost: gas * fees.maxFeePerGas };
  }

  /** The next nonce of `address`: the locked row's or the node's pending count, whichever is larger. */
  async function reserveNonce(tx: Tx, key: string, address: Address, nodeNonce: number) {
    await tx.insert(custodyNonces).values({ chain: key, address, nextNonce: nodeNonce }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(custodyNonces)
      .where(and(eq(custodyNonces.chain, key), eq(custodyNonces.address, address)))
      .for('update');
    const nonce = Math.max(row!.nextNonce, nodeNonce);
    await tx
      .update(custodyNonces)
      .set({ nextNonce: nonce + 1 })
      .where(and(eq(custodyNonces.chain, key), eq(custodyNonces.address, address)));
    return nonce;
  }

  /**
   * Signs `out` with a reserved nonce and stores it, in `tx` (the caller's, which may lock more); the
   * bytes leave only after the commit (broadcast()).
   */
  async function signAndStore(tx: Tx, key: string, chainId: number, out: Outgoing) {
    const call = await callOf(out);
    const gas = await gasOf(out.from.address, call);
    const nodeNonce = await client.getTransactionCount({ address: out.from.address, blockTag: 'pending' });
    const nonce = await reserveNonce(tx, key, out.from.address, nodeNonce);
    const raw = await out.from.signTransaction({
      type: 'eip1559',
      chainId,
      nonce,
      to: call.to,
      value: call.value,
      data: call.data,
      gas: gas.gas,
      maxFeePerGas: gas.maxFeePerGas,
      maxPriorityFeePerGas: gas.maxPriorityFeePerGas,
    });
    const [send] = await tx
      .insert(custodySends)
      .values({
        chain: key,
        kind: out.kind,
        transactionId: out.transactionId ?? null,
        fromAddress: out.from.address,
        toAddress: out.to,
        currency: out.currency,
        amount: out.amount,
        nonce,
        rawTx: raw,
        txHash: keccak256(raw),
        status: 'signed',
      })
      .returning();
    return send!;
  }

  type Send = typeof custodySends.$inferSelect;

  /** Sends the stored bytes (again): 'sent' when the node holds them now, 'nonce_low' when its nonce is used. */
  async function broadcast(send: Send): Promise<'sent' | 'refused' | 'nonce_low'> {
    let error: ChainError | null = null;
    try {
      await client.sendRawTransaction({ serializedTransaction: send.rawTx as Hex });
    } catch (failure) {
      const text = errorText(failure);
      if (/already known|already imported|known transaction/i.test(text)) error = null;
      else if (/nonce too low|nonce has already been used/i.test(text)) return 'nonce_low';
      else error = isUnreachable(failure) ? 'node_unreachable' : 'node_refused';
      if (error) ctx.log.warn({ err: failure, send: send.id }, 'custody: broadcast refused');
    }
    await db.transaction(async (tx) => {
      await tx
        .update(custodySends)
        .set({ status: error ? send.status : 'broadcast', error, updatedAt: clock.now() })
        .where(and(eq(custodySends.id, send.id), inArray(custodySends.status, ['signed', 'broadcast'])));
      if (send.transactionId !== null)
        await tx
          .update(transactions)
          .set(error ? { chainError: error } : { chainStatus: 'broadcast', chainError: null, txHash: send.txHash })
          .where(
            and(eq(transactions.id, send.transactionId), inArray(transactions.chainStatus, ['queued', 'broadcast'])),
          );
    });
    return error === null ? 'sent' : 'refused';
  }

  /**
   * A send whose receipt has `confirmations` blocks is final: confirmed (or failed: reverted), its gas
   * booked once (the row's lock and its status) on the house: fees pays the network (docs/decisions/0065).
   */
  async function settle(send: Send, head: number): Promise<'open' | 'settled' | 'missing'> {
    let receipt;
    try {
      receipt = await client.getTransactionReceipt({ hash: send.txHash as Hex });
    } catch (error) {
      if (errorName(error) === 'TransactionReceiptNotFoundError') return 'missing';
      throw error;
    }
    if (head - Number(receipt.blockNumber) + 1 < chain.confirmations) return 'open';
    const fee = formatUnits(receipt.gasUsed * receipt.effectiveGasPrice, ETH_DECIMALS);
    const ok = receipt.status === 'success';
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(custodySends).where(eq(custodySends.id, send.id)).for('update');
      if (!row || (row.status !== 'signed' && row.status !== 'broadcast')) return;
      await tx
        .update(custodySends)
        .set({
          status: ok ? 'confirmed' : 'failed',
          error: ok ? null : 'reverted',
          networkFee: fee,
          blockNumber: Number(receipt.blockNumber),
          updatedAt: clock.now(),
        })
        .where(eq(custodySends.id, send.id));
      if (dec(fee).gt(0))
        await post(
          tx,
          [
            { account: house('fees', ETH), amount: `-${fee}` },
            { account: house('deposits', ETH), amount: fee },
          ],
          { reason: 'network_fee', refType: CUSTODY_SEND_REF, refId: send.id },
        );
      if (row.transactionId !== null)
        await tx
          .update(transactions)
          .set({ chainStatus: ok ? 'confirmed' : 'failed', chainError: ok ? null : 'reverted', txHash: row.txHash })
          .where(eq(transactions.id, row.transactionId));
    });
    if (!ok) ctx.log.error({ send: send.id, hash: send.txHash }, 'custody: a send reverted on chain; staff decide');
    return 'settled';
  }

  /** Every signed or broadcast send: final ones settled, missing ones (never sent, dropped, reorged) sent again. */
  async function followOpenSends(head: number) {
    let broadcasted = 0;
    let settled = 0;
    const open = await db
      .select()
      .from(custodySends)
      .where(inArray(custodySends.status, ['signed', 'broadcast']))
      .orderBy(asc(custodySends.id));
    for (const send of open) {
      const state = await settle(send, head);
      if (state === 'settled') settled++;
      if (state !== 'missing') continue;
      const sent = await broadcast(send);
      if (sent === 'sent') broadcasted++;
      // Its nonce is used and it is not on the chain (mined meanwhile shows a receipt next pass): a
      // transaction sent from the key by other means took it, so ours can never be mined.
      if (sent === 'nonce_low' && (await settle(send, head)) === 'missing') await markNonceTaken(send);
    }
    return { broadcasted, settled };
  }

  async function markNonceTaken(send: Send) {
    ctx.log.error({ send: send.id, nonce: send.nonce }, 'custody: another transaction used the nonce of a send');
    await db.transaction(async (tx) => {
      await tx
        .update(custodySends)
        .set({ status: 'failed', error: 'nonce_taken', updatedAt: clock.now() })
        .where(and(eq(custodySends.id, send.id), inArray(custodySends.status, ['signed', 'broadcast'])));
      if (send.transactionId !== null)
        await tx
          .update(transactions)
          .set({ chainStatus: 'failed', chainError: 'nonce_taken' })
          .where(eq(transactions.id, send.transactionId));
    });
  }

  const setWaiting = (id: number, reason: ChainError) =>
    db
      .update(transactions)
      .set({ chainError: reason })
      .where(and(eq(transactions.id, id), eq(transactions.chainStatus, 'queued')));

  /** Queued withdrawals without a send, oldest first: signed and broadcast when the hot wallet can pay. */
  async function payQueued(key: string, chainId: number) {
    let broadcasted = 0;
    const queue = await db
      .select({ id: transactions.id })
      .from(transactions)
      .leftJoin(custodySends, eq(custodySends.transactionId, transactions.id))
      .where(and(eq(transactions.chainStatus, 'queued'), isNull(custodySends.id)))
      .orderBy(asc(transactions.id))
      .limit(50);
    for (const { id } of queue) {
      if (!ctx.config.onchainWithdrawals) {
        await setWaiting(id, 'onchain_withdrawals_off');
        continue;
      }
      const send = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
        if (!row || row.chainStatus !== 'queued' || row.type !== 'withdrawal' || row.status !== 'successful')
          return null;
        const [existing] = await tx.select().from(custodySends).where(eq(custodySends.transactionId, id));
        if (existing) return null;
        const places = await decimalsOf(row.currency);
        const amount = dec(row.arrivalAmount ?? '0').toFixed(places); // rounded down (money.ts): never more than booked
        if (!dec(amount).gt(0)) return null;
        const out: Outgoing = {
          kind: 'withdrawal',
          transactionId: id,
          from: hot,
          to: row.address as Address,
          currency: row.currency,
          amount,
        };
        // What the hot wallet holds (counting what the node already has pending) against what this costs.
        const call = await callOf(out);
        if (
          row.currency !== ETH &&
          (await balanceOf(row.currency, hot.address)) < (await unitsOf(row.currency, amount))
        )
          return 'hot_wallet_short_token' as const;
        const gas = await gasOf(hot.address, call).catch((error: unknown) => {
          if (isUnreachable(error)) throw error;
          return null; // the call itself fails: the token is short
        });
        if (!gas) return 'hot_wallet_short_token' as const;
        const eth = await balanceOf(ETH, hot.address);
        if (eth < gas.cost + call.value)
          return row.currency === ETH ? 'hot_wallet_short_token' : 'hot_wallet_short_gas';
        return signAndStore(tx, key, chainId, out);
      });
      if (send === null) continue;
      if (typeof send === 'string') {
        await setWaiting(id, send);
        continue;
      }
      if ((await broadcast(send)) === 'sent') broadcasted++;
    }
    return broadcasted;
  }

  /** Deposit addresses holding at least the sweep minimum: gas first for a token sweep, then the sweep. */
  async function sweep(key: string, chainId: number) {
    let signed = 0;
    const open = await db
      .select({ from: custodySends.fromAddress, to: custodySends.toAddress })
      .from(custodySends)
      .where(inArray(custodySends.status, ['signed', 'broadcast']));
    const busy = new Set(open.flatMap((s) => [s.from.toLowerCase(), s.to.toLowerCase()]));
    const addresses = await db
      .select()
      .from(custodyAddresses)
      .where(eq(custodyAddresses.family, chain.family))
      .orderBy(asc(custodyAddresses.derivationIndex));
    for (const row of addresses) {
      if (busy.has(row.address.toLowerCase())) continue;
      const address = row.address as Address;
      const usdt = await balanceOf(QUOTE_CURRENCY, address);
      const eth = await balanceOf(ETH, address);
      const places = await chain.tokenDecimals();
      let out: Outgoing | null = null;
      if (usdt >= parseUnits(SWEEP_MINIMUM[QUOTE_CURRENCY]!, places)) {
        const amount = formatUnits(usdt, places);
        const call = await callOf({ currency: QUOTE_CURRENCY, to: hot.address, amount });
        const gas = await gasOf(address, call);
        if (eth < gas.cost) {
          // Gas for the sweep from the hot wallet, if it has it (the sweep follows once it is confirmed).
          const topUp = gas.cost - eth;
          if ((await balanceOf(ETH, hot.address)) < topUp + 21_000n * gas.maxFeePerGas) continue;
          out = { kind: 'gas', from: hot, to: address, currency: ETH, amount: formatUnits(topUp, ETH_DECIMALS) };
        } else {
          out = {
            kind: 'sweep',
            from: chain.signerAt(row.derivationIndex),
            to: hot.address,
            currency: QUOTE_CURRENCY,
            amount,
          };
        }
      } else if (eth >= parseUnits(SWEEP_MINIMUM[ETH]!, ETH_DECIMALS)) {
        const fees = await client.estimateFeesPerGas();
        const value = eth - 21_000n * fees.maxFeePerGas;
        if (value <= 0n) continue;
        out = {
          kind: 'sweep',
          from: chain.signerAt(row.derivationIndex),
          to: hot.address,
          currency: ETH,
          amount: formatUnits(value, ETH_DECIMALS),
        };
      }
      if (!out) continue;
      const outgoing = out;
      const send = await db.transaction((tx) => signAndStore(tx, key, chainId, outgoing));
      signed++;
      await broadcast(send);
    }
    return signed;
  }

  async function pass(): Promise<Omit<PayoutReport, 'ran'>> {
    const key = await chain.chainKey();
    const chainId = await chain.checkChain();
    const head = (await chain.head()).number; // not getBlockNumber: viem caches it for seconds
    const followed = await followOpenSends(head);
    const broadcasted = followed.broadcasted + (await payQueued(key, chainId));
    const sweeps = await sweep(key, chainId);
    const [waiting] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(eq(transactions.chainStatus, 'queued'));
    return { broadcast: broadcasted, settled: followed.settled, waiting: waiting?.n ?? 0, sweeps };
  }

  async function pollOnce(): Promise<PayoutReport> {
    const report = await underAdvisoryLock(ctx, CUSTODY_PAYOUT_LOCK_KEY, async () => {
      try {
        return await pass();
      } catch (error) {
        // The node went away: every waiting withdrawal says so until it is back.
        if (isUnreachable(error))
          await db
            .update(transactions)
            .set({ chainError: 'node_unreachable' })
            .where(eq(transactions.chainStatus, 'queued'))
            .catch(() => undefined);
        throw error;
      }
    });
    if (!report) return { ran: false, broadcast: 0, settled: 0, waiting: 0, sweeps: 0 };
    return { ran: true, ...report };
  }

  const loop = createLoop(ctx, {
    pass: async () => {
      const report = await pollOnce();
      if (report.broadcast || report.settled || report.sweeps) ctx.log.info({ custody: report }, 'custody payouts');
      return undefined;
    },
    failed: 'custody: payout pass failed (node down?)',
    recovered: 'custody: payouts work again',
  });
  return { pollOnce, start: loop.start, stop: loop.stop };
}
