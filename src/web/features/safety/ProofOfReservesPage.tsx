/**
 * /safety/proof-of-reserves (docs/proof-of-reserves.md): the published totals of what customers are
 * owed with the reserve addresses beside them, and the user's own leaf, checked here in the browser
 * against the published root with the shared verifier: "verified", or what failed.
 */
import { useMemo } from 'react';
import type { MyProofOfReserves, ProofOfReserves } from '../../../shared/api/reserves';
import { RESERVES_MSG } from '../../../shared/api/reserves';
import { verifyProof, type ProofCheck } from '../../../shared/proof-of-reserves';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useMyReservesProof, usePublishedReserves } from './api/proof-of-reserves';

const card = 'mt-3 rounded-2xl bg-surface p-4 shadow-card';

function Totals({ published }: { published: ProofOfReserves }) {
  const { t, number, dateTime } = useI18n();
  return (
    <section className={card} aria-labelledby="reserves-totals">
      <h2 id="reserves-totals" className="text-[15px] font-semibold">
        {t('reserves.totals')}
      </h2>
      <p className="mt-1 text-[13px] text-muted">
        {t('reserves.snapshot', {
          id: published.snapshot_id,
          date: dateTime(published.created_at),
          count: published.leaf_count,
        })}
      </p>
      <dl className="mt-3 divide-y divide-line">
        {published.currencies.map((c) => (
          <div key={c.currency} className="flex items-baseline justify-between py-2">
            <dt className="text-[14px] font-medium">{c.currency}</dt>
            <dd className="font-mono text-[14px] tabular-nums">{number(c.total_liabilities)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-[13px] text-muted">{t('reserves.root')}</p>
      <p className="mt-1 break-all font-mono text-[12px]" data-testid="reserves-root">
        {published.root}
      </p>
      <h3 className="mt-4 text-[13px] font-semibold">{t('reserves.addresses')}</h3>
      {published.reserve_addresses.length === 0 ? (
        <p className="mt-1 text-[13px] text-muted">{t('reserves.noAddresses')}</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-2">
          {published.reserve_addresses.map((a) => (
            <li key={`${a.currency}-${a.network}-${a.address}`} className="text-[13px]">
              <span className="font-medium">
                {a.currency} · {a.network}
              </span>
              <span className="block break-all font-mono text-[12px] text-muted">{a.address}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Verdict({ check }: { check: ProofCheck }) {
  const { t } = useI18n();
  if (check.ok) return <Notice tone="success">{t('reserves.verified')}</Notice>;
  return <Notice tone="error">{t(`reserves.failed.${check.reason}`)}</Notice>;
}

function MyProof({ proof, published }: { proof: MyProofOfReserves; published: ProofOfReserves }) {
  const { t, number } = useI18n();
  const check = useMemo(
    () =>
      verifyProof({
        nonce: proof.nonce,
        balances: proof.balances,
        path: proof.path,
        root: published.root,
        totals: Object.fromEntries(published.currencies.map((c) => [c.currency, c.total_liabilities])),
      }),
    [proof, published],
  );
  const stale = proof.snapshot_id !== published.snapshot_id;
  return (
    <section className={card} aria-labelledby="reserves-mine">
      <h2 id="reserves-mine" className="text-[15px] font-semibold">
        {t('reserves.mine')}
      </h2>
      <div className="mt-3" data-testid="reserves-verdict">
        {stale ? <Notice tone="info">{t('reserves.newSnapshot')}</Notice> : <Verdict check={check} />}
      </div>
      <dl className="mt-3 divide-y divide-line">
        {Object.keys(proof.balances)
          .sort()
          .map((currency) => (
            <div key={currency} className="flex items-baseline justify-between py-2">
              <dt className="text-[14px] font-medium">{currency}</dt>
              <dd className="font-mono text-[14px] tabular-nums">{number(proof.balances[currency]!)}</dd>
            </div>
          ))}
      </dl>
      <p className="mt-3 text-[13px] text-muted">{t('reserves.leaf')}</p>
      <p className="mt-1 break-all font-mono text-[12px]">{proof.leaf_hash}</p>
      <p className="mt-3 text-[13px] text-muted">{t('reserves.nonce')}</p>
      <p className="mt-1 break-all font-mono text-[12px]">{proof.nonce}</p>
      <p className="mt-3 text-[13px] text-muted">{t('reserves.pathSteps', { count: proof.path.length })}</p>
      <p className="mt-3 text-[13px] text-muted">{t('reserves.howTo')}</p>
    </section>
  );
}

export function ProofOfReservesPage() {
  const { t } = useI18n();
  const published = usePublishedReserves();
  const mine = useMyReservesProof();
  return (
    <>
      <PageHeader title={t('reserves.title')} fallback={PATHS.safetyCenter} />
      <Screen>
        <p className="mt-2 text-[13px] text-muted">{t('reserves.intro')}</p>
        {published.isPending && <Spinner />}
        {published.isError && (
          <Notice tone="error" className="mt-3">
            {errorMessage(published.error, RESERVES_MSG.noSnapshot)}
          </Notice>
        )}
        {published.data && <Totals published={published.data} />}
        {published.data && mine.isError && (
          <Notice tone="info" className="mt-3">
            {errorMessage(mine.error, RESERVES_MSG.noLeaf)}
          </Notice>
        )}
        {published.data && mine.data && <MyProof proof={mine.data} published={published.data} />}
      </Screen>
    </>
  );
}
