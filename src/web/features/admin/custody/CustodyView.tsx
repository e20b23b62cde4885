/**
 * The staff Custody view (docs/decisions/0065; docs/architecture.md "Custody"): per currency on the
 * chain, the hot wallet and the unswept deposit addresses against the ledger's customer balances, the
 * hot wallet's gas, and the withdrawals on their way to the chain with why one waits. With
 * EVM_DEV_CHAIN=1 the dev faucet sends test coins to any address (hidden otherwise).
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { custodyReport, devFaucetSent, type CustodyReport } from '../../../../shared/api/custody';
import { dec } from '../../../../shared/money';
import { Button } from '../../../components/Button';
import { cx } from '../../../components/cx';
import { Notice } from '../../../components/Notice';
import { TextField } from '../../../components/TextField';
import { api, errorMessage } from '../../../lib/api';
import { EmptyList, LoadError, Spinner } from '../ListState';
import { useStaffI18n } from '../use-staff-i18n';

const custodyQuery = () =>
  queryOptions({
    queryKey: ['admin', 'custody'] as const,
    queryFn: ({ signal }) => api.get('/api-v3/admin/custody/', { schema: custodyReport, signal }),
    refetchInterval: 15_000,
  });

const selectClass = 'h-12 rounded-xl border border-line bg-surface px-3 text-[15px]';
const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-8)}`;

function Line({ label, hint, value, tone }: { label: string; hint?: string; value: string; tone?: 'down' | 'up' }) {
  const { number } = useStaffI18n();
  return (
    <div className="flex items-start justify-between gap-3 py-1.5">
      <dt className="min-w-0">
        <span>{label}</span>
        {hint && <span className="block break-all text-[11px] leading-4 text-muted">{hint}</span>}
      </dt>
      <dd
        className={cx(
          'shrink-0 text-right font-medium tabular-nums',
          tone === 'down' && 'text-down',
          tone === 'up' && 'text-up',
        )}
      >
        {number(value)}
      </dd>
    </div>
  );
}

function CurrencyCard({ row }: { row: CustodyReport['currencies'][number] }) {
  const { t } = useStaffI18n();
  const id = `custody-${row.currency}-${row.network}`;
  const shortfall = dec(row.difference).isNegative();
  return (
    <section aria-labelledby={id} className="flex flex-col rounded-2xl bg-surface p-4 shadow-card">
      <div className="mb-1 flex items-center justify-between gap-2">
        <h2 id={id} className="text-[17px] font-semibold">
          {row.currency} · {row.network}
        </h2>
        <span className="text-xs text-muted">{t('custody.staff.lastBlock', { block: String(row.last_block) })}</span>
      </div>
      <dl className="text-sm">
        <Line label={t('custody.staff.hotWallet')} hint={row.hot_wallet.address} value={row.hot_wallet.balance} />
        <Line label={t('custody.staff.unswept')} value={row.deposit_addresses_unswept} />
        <Line label={t('custody.staff.onchainTotal')} value={row.onchain_total} />
        <Line
          label={t('custody.staff.liabilities')}
          hint={t('custody.staff.liabilitiesHint')}
          value={row.customer_liabilities}
        />
        <div className="border-t border-line" />
        <Line label={t('custody.staff.difference')} value={row.difference} tone={shortfall ? 'down' : 'up'} />
      </dl>
    </section>
  );
}

function Queue({ queue }: { queue: CustodyReport['queue'] }) {
  const { t, number, dateTime } = useStaffI18n();
  return (
    <section aria-labelledby="custody-queue" className="rounded-2xl bg-surface p-4 shadow-card">
      <h2 id="custody-queue" className="mb-2 text-[17px] font-semibold">
        {t('custody.staff.queue')}
      </h2>
      {queue.length === 0 ? (
        <EmptyList message={t('custody.staff.queueEmpty')} />
      ) : (
        <ul className="flex flex-col text-sm">
          {queue.map((item) => (
            <li key={item.transaction_id} className="border-t border-line py-2 first:border-t-0">
              <div className="flex justify-between gap-3">
                <span className="font-medium">
                  #{item.transaction_id} · {number(item.arrival_amount ?? '0')} {item.currency}
                </span>
                <span
                  className={cx(
                    'rounded-full px-2 py-0.5 text-xs font-semibold',
                    item.chain_status === 'confirmed' && 'bg-up/10 text-up',
                    item.chain_status === 'failed' && 'bg-down/10 text-down',
                    (item.chain_status === 'queued' || item.chain_status === 'broadcast') && 'bg-line text-ink',
                  )}
                >
                  {t(`custody.staff.chainStatus.${item.chain_status}`)}
                </span>
              </div>
              <p className="mt-0.5 break-all text-[13px] text-muted">{item.address}</p>
              <div className="mt-0.5 flex flex-wrap justify-between gap-x-3 text-[13px] text-muted">
                <span className="break-all">{item.tx_hash ? short(item.tx_hash) : t('custody.staff.notSent')}</span>
                {item.decided_at && <span>{dateTime(item.decided_at)}</span>}
              </div>
              {item.chain_error && (
                <p className="mt-0.5 text-[13px] text-down">{t(`custody.staff.chainError.${item.chain_error}`)}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The dev chain's faucet (EVM_DEV_CHAIN=1 only): test USDT or ETH to any address. */
function DevFaucet() {
  const { t } = useStaffI18n();
  const [address, setAddress] = useState('');
  const [currency, setCurrency] = useState<'USDT' | 'ETH'>('USDT');
  const [amount, setAmount] = useState('1000');
  const send = useMutation({
    mutationFn: () => api.post('/api-v3/admin/dev-faucet/', { address, currency, amount }, { schema: devFaucetSent }),
  });
  return (
    <section aria-labelledby="custody-faucet" className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-card">
      <div>
        <h2 id="custody-faucet" className="text-[17px] font-semibold">
          {t('custody.staff.faucet')}
        </h2>
        <p className="text-[13px] text-muted">{t('custody.staff.faucetHint')}</p>
      </div>
      <TextField
        label={t('custody.staff.faucetAddress')}
        spellCheck={false}
        autoComplete="off"
        value={address}
        onChange={(e) => setAddress(e.target.value)}
      />
      <div className="flex gap-2">
        <select
          aria-label={t('custody.staff.faucetCurrency')}
          className={selectClass}
          value={currency}
          onChange={(e) => setCurrency(e.target.value as 'USDT' | 'ETH')}
        >
          <option>USDT</option>
          <option>ETH</option>
        </select>
        <TextField
          label={t('custody.staff.faucetAmount')}
          inputMode="decimal"
          className="flex-1"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      {send.isError && <Notice tone="error">{errorMessage(send.error, t('custody.staff.faucetFailed'))}</Notice>}
      {send.isSuccess && <Notice tone="success">{t('custody.staff.faucetSent', { hash: send.data.tx_hash })}</Notice>}
      <Button busy={send.isPending} onClick={() => send.mutate()}>
        {t('custody.staff.faucetSend')}
      </Button>
    </section>
  );
}

export function CustodyView() {
  const report = useQuery(custodyQuery());
  const { t, number } = useStaffI18n();
  if (report.isPending) return <Spinner label={t('custody.staff.loading')} />;
  if (report.isError)
    return (
      <LoadError
        message={errorMessage(report.error, t('custody.staff.fetchFailed'))}
        onRetry={() => void report.refetch()}
      />
    );
  const data = report.data;
  if (!data.enabled) return <Notice tone="info">{t('custody.staff.off')}</Notice>;
  const shortfalls = data.currencies.filter((c) => dec(c.difference).isNegative());
  return (
    <>
      {shortfalls.length > 0 ? (
        shortfalls.map((c) => (
          <Notice key={`${c.currency}-${c.network}`} tone="error">
            {t('custody.staff.short', {
              currency: c.currency,
              network: c.network,
              amount: number(dec(c.difference).negated().toFixed()),
            })}
          </Notice>
        ))
      ) : (
        <Notice tone="success">{t('custody.staff.covered')}</Notice>
      )}
      {!data.onchain_withdrawals && <Notice tone="info">{t('custody.staff.withdrawalsOff')}</Notice>}
      {data.currencies.map((row) => (
        <CurrencyCard key={`${row.currency}-${row.network}`} row={row} />
      ))}
      <section className="rounded-2xl bg-surface p-4 text-sm shadow-card">
        <dl>
          <Line label={t('custody.staff.gas')} hint={t('custody.staff.gasHint')} value={data.gas_balance} />
        </dl>
      </section>
      <Queue queue={data.queue} />
      {data.dev_faucet && <DevFaucet />}
      <div className="flex justify-end">
        <Button variant="secondary" block={false} busy={report.isFetching} onClick={() => void report.refetch()}>
          {t('custody.staff.refresh')}
        </Button>
      </div>
    </>
  );
}
