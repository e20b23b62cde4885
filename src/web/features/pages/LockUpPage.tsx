/**
 * /lock-up (docs/product.md sections 2, 3): tabs 'Mining order' (empty: 'There is no more data') and
 * 'Mining machine' (default) with the three products. docs/product.md does not show what 'Lock up' does;
 * subscriptions are not open, so it says so and moves no money. The tab is kept in the address.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LOCK_UP_PRODUCTS, QUOTE_CURRENCY } from '../../../shared/constants';
import { formatAmount } from '../../../shared/format';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { InboxIcon, LockIcon } from '../../components/icons';
import { BottomSheet } from '../../components/Overlay';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { useI18n, useT } from '../../lib/i18n';
import { ContactSupportLink } from './ContactSupportLink';
import { groupedWhole } from './grouped';

type Product = (typeof LOCK_UP_PRODUCTS)[number];

const TABS = { machine: 'pages.lockUp.machine', order: 'pages.lockUp.order' } as const;
type Tab = keyof typeof TABS;
const TAB_ORDER: Tab[] = ['order', 'machine'];

export function LockUpPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'order' ? 'order' : 'machine';
  const [chosen, setChosen] = useState<Product | null>(null);
  const t = useT();

  return (
    <>
      <PageHeader title={t('pages.lockUp.title')} fallback="/home" />
      <div
        role="tablist"
        aria-label={t('pages.lockUp.title')}
        className="sticky top-14 z-10 grid grid-cols-2 border-b border-line bg-bg px-4"
      >
        {TAB_ORDER.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`lockup-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="lockup-panel"
            onClick={() => setParams(key === 'machine' ? {} : { tab: key }, { replace: true })}
            className={cx(
              '-mb-px h-12 border-b-2 text-[15px] font-semibold',
              tab === key ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-ink',
            )}
          >
            {t(TABS[key])}
          </button>
        ))}
      </div>
      <Screen>
        <div id="lockup-panel" role="tabpanel" aria-labelledby={`lockup-tab-${tab}`} className="pt-4">
          {tab === 'machine' ? (
            <ul className="flex flex-col gap-3">
              {LOCK_UP_PRODUCTS.map((product) => (
                <ProductCard key={product.name} product={product} onLockUp={() => setChosen(product)} />
              ))}
            </ul>
          ) : (
            <div className="flex flex-col items-center gap-3 py-16 text-center text-muted">
              <InboxIcon size={40} />
              <p className="text-sm">{t('pages.lockUp.noMoreData')}</p>
            </div>
          )}
        </div>
      </Screen>

      <BottomSheet
        open={chosen !== null}
        onClose={() => setChosen(null)}
        title={t('pages.lockUp.lockUpProduct', { name: chosen?.name ?? '' })}
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm leading-relaxed text-muted">{t('pages.lockUp.sheetBody')}</p>
          <ContactSupportLink>{t('pages.contactSupport')}</ContactSupportLink>
        </div>
      </BottomSheet>
    </>
  );
}

function ProductCard({ product, onLockUp }: { product: Product; onLockUp: () => void }) {
  const { t, plural, number, language } = useI18n();
  const grouped = (value: string) => groupedWhole(formatAmount(value), language);
  return (
    <li className="rounded-2xl bg-surface p-4 shadow-card">
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <LockIcon size={20} />
        </span>
        <h2 className="flex-1 text-[17px] font-semibold">{product.name}</h2>
        <span className="rounded-full bg-up/10 px-2.5 py-1 text-[13px] font-semibold text-up">
          {number(product.yieldPercent)}%
        </span>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        <div>
          <dt className="text-xs text-muted">{t('pages.lockUp.lockAmount')}</dt>
          <dd className="mt-1 text-[13px] font-semibold">
            {grouped(product.min)}-{grouped(product.max)}
          </dd>
          <dd className="text-xs text-muted">{QUOTE_CURRENCY}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('pages.lockUp.yield')}</dt>
          <dd className="mt-1 text-[13px] font-semibold">{number(product.yieldPercent)}%</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('pages.lockUp.period')}</dt>
          <dd className="mt-1 text-[13px] font-semibold">{plural('pages.lockUp.days', product.days)}</dd>
        </div>
      </dl>
      <Button className="mt-4" onClick={onLockUp} aria-label={t('pages.lockUp.lockUpProduct', { name: product.name })}>
        {t('pages.lockUp.lockUp')}
      </Button>
    </li>
  );
}
