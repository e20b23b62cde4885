/** Home's static parts: the important-notice bar, the bonus banner (live tiers) and the two shortcut cards. */
import { useEffect, type ComponentType, type SVGProps } from 'react';
import { Link } from 'react-router';
import type { BonusTier } from '../../../shared/api/bonuses.js';
import { BONUS_TIERS, QUOTE_CURRENCY } from '../../../shared/constants.js';
import { BoltIcon, ChevronRightIcon, DepositIcon, ExchangeIcon, GiftIcon, MegaphoneIcon } from '../../components/icons';
import { useI18n, useT } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { readItem, removeItem, STORAGE_KEYS, writeItem } from '../../lib/storage';
import { useBonusTiers } from './api/bonus-tiers';
import { groupThousands, offersBonuses } from './bonus-offer';

export function NoticeBar() {
  const t = useT();
  return (
    <Link
      to={PATHS.importantNotice}
      className="flex min-h-touch items-center gap-2.5 rounded-xl bg-surface px-3 text-[13px] shadow-card hover:bg-surface-2"
    >
      <MegaphoneIcon size={18} className="shrink-0 text-primary" />
      {/* The title, then a preview of the notice the bar opens: cut to the bar by design (tests/e2e/language-fit.test.ts). */}
      <span data-preview className="min-w-0 flex-1 truncate">
        <span className="font-semibold">{t('home.importantNotice')}</span>
        <span className="text-muted">
          {' · '}
          {t('home.noticeSummary')}
        </span>
      </span>
      <ChevronRightIcon size={16} className="shrink-0 text-muted" />
    </Link>
  );
}

const lastBonus = (tiers: BonusTier[]) => tiers.at(-1)?.bonus;

interface Offer {
  newUser: string | undefined;
  vip: string | undefined;
  currency: string;
}

/**
 * What the banner's box holds while the tiers load, its texts hidden: the box is drawn at once at
 * about its final size, so the tiles, shortcuts and gainers below do not move down when the offer
 * arrives (they did, a layout shift of 0.15 on Home: docs/performance.md "Home's banner"); the default
 * schedule's amounts fill it. Where the last read offered nothing (bonuses off), no box is kept, so
 * nothing moves up either.
 */
const LOADING_OFFER: Offer = {
  newUser: BONUS_TIERS.newUser.at(-1)?.[1],
  vip: BONUS_TIERS.top.at(-1)?.[1],
  currency: QUOTE_CURRENCY,
};

/** The banner promises what the live tiers offer (docs/decisions/0030): nothing, and no banner, while bonuses are off. */
export function BonusBanner({ onOpenSchedule }: { onOpenSchedule: () => void }) {
  const tiers = useBonusTiers();
  const offered = tiers.data === undefined ? undefined : offersBonuses(tiers.data);
  useEffect(() => {
    if (offered === true) removeItem(STORAGE_KEYS.homeBonusBanner);
    if (offered === false) writeItem(STORAGE_KEYS.homeBonusBanner, 'off');
  }, [offered]);
  if (tiers.isPending)
    return readItem(STORAGE_KEYS.homeBonusBanner) === 'off' ? null : (
      <BannerBox offer={LOADING_OFFER} onOpenSchedule={onOpenSchedule} loading />
    );
  if (!offersBonuses(tiers.data)) return null;
  const offer = {
    newUser: lastBonus(tiers.data.new_user),
    vip: lastBonus([...tiers.data.vip, ...tiers.data.top]),
    currency: tiers.data.currency,
  };
  return <BannerBox offer={offer} onOpenSchedule={onOpenSchedule} />;
}

function BannerBox({
  offer: { newUser, vip, currency },
  onOpenSchedule,
  loading = false,
}: {
  offer: Offer;
  onOpenSchedule: () => void;
  loading?: boolean;
}) {
  const { t, language } = useI18n();
  return (
    <section
      aria-label={t('home.rechargeBonus')}
      aria-hidden={loading || undefined}
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-[#1E6FFF] via-[#3B5BFF] to-[#7B3FE4] px-5 py-5 text-white shadow-card"
    >
      <span aria-hidden="true" className="absolute -right-10 -top-12 h-40 w-40 rounded-full bg-white/10" />
      <span aria-hidden="true" className="absolute -bottom-16 right-10 h-32 w-32 rounded-full bg-white/10" />
      <GiftIcon
        aria-hidden="true"
        size={64}
        strokeWidth={1.2}
        className="absolute right-4 top-1/2 -translate-y-1/2 text-white/80"
      />
      <div className={`relative max-w-[72%] ${loading ? 'invisible' : ''}`}>
        {newUser && (
          <>
            <p className="text-[12px] font-semibold uppercase tracking-wide text-white/80">{t('home.newUserBonus')}</p>
            <p className="mt-1 text-[20px] font-bold leading-tight">
              {t('home.bonusUpTo', { amount: groupThousands(newUser, language), currency })}
            </p>
          </>
        )}
        {vip && (
          <p className="mt-1 text-[13px] text-white/80">
            {t('home.vipUpTo', { amount: groupThousands(vip, language), currency })}
          </p>
        )}
        <button
          type="button"
          onClick={onOpenSchedule}
          className="mt-3 inline-flex h-9 items-center rounded-full bg-white px-4 text-[13px] font-semibold text-[#1E4FE0] hover:bg-white/90"
        >
          {t('home.viewBonusSchedule')}
        </button>
      </div>
    </section>
  );
}

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

function ShortcutCard({
  to,
  title,
  detail,
  Icon,
  tone,
}: {
  to: string;
  title: string;
  detail: string;
  Icon: Icon;
  tone: string;
}) {
  return (
    <Link to={to} className="flex flex-col gap-2.5 rounded-2xl bg-surface p-3.5 shadow-card hover:bg-surface-2">
      <span className={`flex h-9 w-9 items-center justify-center rounded-xl ${tone}`}>
        <Icon size={20} />
      </span>
      <span>
        <span className="block text-[15px] font-semibold leading-tight">{title}</span>
        <span className="mt-0.5 block text-[12px] text-muted">{detail}</span>
      </span>
    </Link>
  );
}

export function ShortcutCards() {
  const t = useT();
  return (
    <nav aria-label={t('home.shortcuts')} className="grid grid-cols-2 gap-2">
      {/* SPEC's card stays, saying what it opens: the Lever screen. No seconds-contract product exists; the
          Second (Contract Account) wallet keeps its transfers (docs/decisions/0054-fiat-orders.md). */}
      <ShortcutCard
        to={PATHS.lever}
        title={t('home.secondContract')}
        detail={t('home.secondContractOpens')}
        Icon={BoltIcon}
        tone="bg-warn/15 text-warn"
      />
      <ShortcutCard
        to={PATHS.deposit}
        title={t('home.quickRecharge')}
        detail={t('home.depositCurrency', { currency: QUOTE_CURRENCY })}
        Icon={DepositIcon}
        tone="bg-primary/10 text-primary"
      />
    </nav>
  );
}

/** Convert, one tap from Home (docs/decisions/0053-convert.md). */
export function ConvertLink() {
  const t = useT();
  return (
    <Link
      to={PATHS.convert}
      className="flex min-h-touch items-center gap-3 rounded-2xl bg-surface px-3.5 py-3 shadow-card hover:bg-surface-2"
    >
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-up/15 text-up">
        <ExchangeIcon size={20} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[15px] font-semibold leading-tight">{t('convert.title')}</span>
        <span className="mt-0.5 block text-[12px] text-muted">{t('convert.linkDetail')}</span>
      </span>
      <ChevronRightIcon size={16} className="shrink-0 text-muted" />
    </Link>
  );
}
