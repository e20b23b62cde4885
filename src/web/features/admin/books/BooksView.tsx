/**
 * The Books view (docs/decisions/0018-house-books.md; docs/architecture.md section 4): per currency what the
 * platform owes its customers, the fee revenue, the house's trading P/L, the insurance fund and the
 * money in transit (deposits, withdrawals, margin), and their total, which double entry keeps at 0.
 * Every house account the server reports is shown, so the lines on screen add up to the total.
 */
import type { BooksReport } from '../../../../shared/api/admin';
import { dec } from '../../../../shared/money';
import { Button } from '../../../components/Button';
import { cx } from '../../../components/cx';
import { Notice } from '../../../components/Notice';
import { errorMessage } from '../../../lib/api';
import { useBooks } from '../api/books';
import { ReservesPanel } from '../reserves/ReservesPanel';
import { EmptyList, LoadError, Spinner } from '../ListState';
import type { TextKey } from '../../../lib/i18n';
import { useStaffI18n } from '../use-staff-i18n';

/** Our texts (docs/product.md gives none for this view), English in src/web/locales/en/admin.json. */
export const BOOKS_MSG = {
  fetchFailed: 'admin.books.fetchFailed',
  empty: 'admin.books.empty',
  balanced: 'admin.books.balancedNotice',
  notBalanced: 'admin.books.notBalancedNotice',
} as const satisfies Record<string, TextKey>;

type Currency = BooksReport['currencies'][number];

/** What each house account means here, in the order the view shows them. */
const HOUSE_LINES = [
  { name: 'fees', label: 'admin.books.lines.fees', hint: 'admin.books.lines.feesHint', signed: false },
  { name: 'trading', label: 'admin.books.lines.trading', hint: 'admin.books.lines.tradingHint', signed: true },
  { name: 'insurance', label: 'admin.books.lines.insurance', hint: 'admin.books.lines.insuranceHint', signed: false },
  // Bonuses paid (docs/decisions/0030): negative, what the house gave away.
  {
    name: 'promotions',
    label: 'admin.books.lines.promotions',
    hint: 'admin.books.lines.promotionsHint',
    signed: true,
  },
] as const satisfies ReadonlyArray<{ name: string; label: TextKey; hint: TextKey; signed: boolean }>;
const TRANSIT_LINES = [
  { name: 'deposits', label: 'admin.books.lines.deposits', hint: 'admin.books.lines.depositsHint' },
  { name: 'withdrawals', label: 'admin.books.lines.withdrawals', hint: 'admin.books.lines.withdrawalsHint' },
  { name: 'margin', label: 'admin.books.lines.margin', hint: 'admin.books.lines.marginHint' },
  { name: 'spot', label: 'admin.books.lines.spot', hint: 'admin.books.lines.spotHint' },
  { name: 'spot_holds', label: 'admin.books.lines.spotHolds', hint: 'admin.books.lines.spotHoldsHint' },
] as const satisfies ReadonlyArray<{ name: string; label: TextKey; hint: TextKey }>;
const NAMED: ReadonlySet<string> = new Set([...HOUSE_LINES, ...TRANSIT_LINES].map((line) => line.name));

/** An exact amount: every decimal the ledger holds, at least 2. */
function formatBookAmount(value: string): string {
  const d = dec(value);
  const text = d.toFixed(Math.max(2, d.decimalPlaces()));
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

function Line({
  label,
  hint,
  value,
  strong,
  signed,
}: {
  label: string;
  hint?: string;
  value: string;
  strong?: boolean;
  /** A result (the house's P/L): red when negative. Other accounts are negative by construction (deposits). */
  signed?: boolean;
}) {
  const { number } = useStaffI18n();
  return (
    <div className={cx('flex items-start justify-between gap-3 py-1.5', strong && 'border-t border-line pt-2.5')}>
      <dt className="min-w-0">
        <span className={strong ? 'font-semibold' : undefined}>{label}</span>
        {hint && <span className="block text-[11px] leading-4 text-muted">{hint}</span>}
      </dt>
      <dd
        className={cx(
          'shrink-0 text-right tabular-nums',
          strong ? 'font-semibold' : 'font-medium',
          signed && dec(value).isNegative() && 'text-down',
          strong && !dec(value).isZero() && 'text-down',
        )}
      >
        {number(formatBookAmount(value))}
      </dd>
    </div>
  );
}

function CurrencyBooks({ books }: { books: Currency }) {
  const balanceOf = (name: string) => books.house_accounts.find((a) => a.name === name)?.balance ?? '0';
  const others = books.house_accounts.filter((a) => !NAMED.has(a.name));
  const balanced = dec(books.total).isZero();
  const headingId = `books-${books.currency}`;
  const { t } = useStaffI18n();
  return (
    <section aria-labelledby={headingId} className="flex flex-col rounded-2xl bg-surface p-4 shadow-card">
      <div className="mb-1 flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-[17px] font-semibold">
          {books.currency}
        </h2>
        <span
          className={cx(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold',
            balanced ? 'bg-up/10 text-up' : 'bg-down/10 text-down',
          )}
        >
          {balanced ? t('admin.books.balanced') : t('admin.books.notBalanced')}
        </span>
      </div>
      {/* A label between the lines may not sit inside a <dl> (axe definition-list): two lists, one group. */}
      <div role="group" className="text-sm" aria-label={t('admin.books.group', { currency: books.currency })}>
        <dl>
          <Line
            label={t('admin.books.customers')}
            hint={t('admin.books.customersHint')}
            value={books.customer_balances}
          />
          {/* Bonuses still locked until their turnover is traded (docs/decisions/0047), owed apart. */}
          <Line
            label={t('admin.books.lockedBonuses')}
            hint={t('admin.books.lockedBonusesHint')}
            value={books.locked_bonuses}
          />
          {HOUSE_LINES.map((line) => (
            <Line
              key={line.name}
              label={t(line.label)}
              hint={t(line.hint)}
              value={balanceOf(line.name)}
              signed={line.signed}
            />
          ))}
        </dl>
        <h3 id={`${headingId}-transit`} className="mt-2 text-[11px] font-semibold uppercase tracking-wide text-muted">
          {t('admin.books.inTransit')}
        </h3>
        <dl aria-labelledby={`${headingId}-transit`}>
          {TRANSIT_LINES.map((line) => (
            <Line key={line.name} label={t(line.label)} hint={t(line.hint)} value={balanceOf(line.name)} />
          ))}
          {others.map((account) => (
            <Line key={account.name} label={account.name} value={account.balance} />
          ))}
          <Line label={t('admin.books.total')} hint={t('admin.books.totalHint')} value={books.total} strong />
        </dl>
      </div>
    </section>
  );
}

export function BooksView() {
  const books = useBooks();
  const { t, dateTime } = useStaffI18n();
  if (books.isPending) return <Spinner label={t('admin.books.loading')} />;
  if (books.isError)
    return (
      <LoadError message={errorMessage(books.error, t(BOOKS_MSG.fetchFailed))} onRetry={() => void books.refetch()} />
    );
  const { balanced, currencies } = books.data;
  const off = currencies.filter((c) => !dec(c.total).isZero()).map((c) => c.currency);
  return (
    <>
      {balanced && off.length === 0 ? (
        <Notice tone="success">{t(BOOKS_MSG.balanced)}</Notice>
      ) : (
        <Notice tone="error">
          {t(BOOKS_MSG.notBalanced, {
            currencies: off.length > 0 ? off.join(', ') : t('admin.books.aCurrency'),
          })}
        </Notice>
      )}
      {currencies.length === 0 ? (
        <EmptyList message={t(BOOKS_MSG.empty)} />
      ) : (
        currencies.map((c) => <CurrencyBooks key={c.currency} books={c} />)
      )}
      {/* The proof of reserves: what customers are owed, published (docs/proof-of-reserves.md). */}
      <ReservesPanel />
      <div className="flex items-center justify-between gap-3 text-xs text-muted">
        <span>{t('admin.books.asOf', { time: dateTime(new Date(books.dataUpdatedAt).toISOString()) })}</span>
        <Button variant="secondary" block={false} busy={books.isFetching} onClick={() => void books.refetch()}>
          {t('admin.books.refresh')}
        </Button>
      </div>
    </>
  );
}
