/**
 * /assets (docs/product.md 2 "Assets"): one tab per wallet, the wallet's total in USD behind an eye toggle,
 * and its currencies with balance and USD value; a row opens /asset/{walletType}/{currency}.
 * The tab is kept in the address (?wallet=lever) so coming back from a detail page stays put.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { WALLET_KINDS, type WalletKind } from '../../../shared/constants';
import { formatAmount, formatPrice } from '../../../shared/format';
import { cx } from '../../components/cx';
import { HideBalancesButton } from '../../components/HideBalancesButton';
import { ClockIcon, ExchangeIcon } from '../../components/icons';
import { Screen } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useUsdtPrices } from './api/prices';
import { useWalletList } from '../../lib/wallet-lists';
import { groupDigits } from './display';
import { localGrouped } from './localized';
import { NoRecord } from './NoRecord';
import { valueAssets, type ValuedAsset } from './valuation';
import { isWalletKind } from './wallet-kinds';

const HIDDEN = '******';

function WalletTabs({ selected, onSelect }: { selected: WalletKind; onSelect: (kind: WalletKind) => void }) {
  const { t } = useI18n();
  return (
    <div role="tablist" aria-label={t('assets.wallets')} className="-mx-4 flex gap-1 overflow-x-auto px-4">
      {WALLET_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          role="tab"
          id={`wallet-tab-${kind}`}
          aria-selected={kind === selected}
          aria-controls="wallet-panel"
          onClick={() => onSelect(kind)}
          className={cx(
            'h-touch shrink-0 whitespace-nowrap rounded-full px-3 text-[13px] font-medium',
            kind === selected ? 'bg-primary text-white' : 'text-muted hover:bg-surface-2 hover:text-ink',
          )}
        >
          {t(`assets.tab.${kind}`)}
        </button>
      ))}
    </div>
  );
}

function AssetRow({ kind, asset, hidden }: { kind: WalletKind; asset: ValuedAsset; hidden: boolean }) {
  const { number, language } = useI18n();
  // The coin name keeps its width; a long balance wraps instead (docs/decisions/0066-number-display.md).
  return (
    <li>
      <Link
        to={PATHS.assetDetail(kind, asset.currency)}
        className="grid min-h-[60px] grid-cols-[auto_minmax(0,1fr)_6.5rem] items-center gap-3 px-4 py-2 hover:bg-surface-2"
      >
        <span className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-[10px] font-bold tracking-tight text-primary"
          >
            {asset.currency.slice(0, 4)}
          </span>
          <span className="whitespace-nowrap text-[15px] font-semibold">{asset.currency}</span>
        </span>
        <span className="text-right text-[15px] tabular-nums [overflow-wrap:anywhere]">
          {hidden ? HIDDEN : number(formatAmount(asset.balance))}
        </span>
        <span className="text-right text-[13px] tabular-nums text-muted [overflow-wrap:anywhere]">
          {hidden
            ? HIDDEN
            : asset.usd === null
              ? '--'
              : `$${localGrouped(language, groupDigits(formatPrice(asset.usd)))}`}
        </span>
      </Link>
    </li>
  );
}

export function AssetsPage() {
  const { t, language } = useI18n();
  const [params, setParams] = useSearchParams();
  const requested = params.get('wallet');
  const kind: WalletKind = isWalletKind(requested) ? requested : 'funding';
  const [hidden, setHidden] = useState(false);
  // Every wallet's list, for the total across the four (docs/decisions/0062-money-screens.md); the tab's own below.
  const lists = {
    funding: useWalletList('funding'),
    lever: useWalletList('lever'),
    legal: useWalletList('legal'),
    second: useWalletList('second'),
  };
  const list = lists[kind];
  const prices = useUsdtPrices(WALLET_KINDS.flatMap((k) => (lists[k].data ?? []).map((row) => row.currency)));
  const { assets, total, incomplete } = valueAssets(list.data ?? [], prices);
  const everyWallet = valueAssets(
    WALLET_KINDS.flatMap((k) => lists[k].data ?? []),
    prices,
  );
  const allLoaded = WALLET_KINDS.every((k) => lists[k].data !== undefined);
  const loading = list.data === undefined && list.isPending;

  return (
    <>
      <header className="flex h-14 items-center justify-between pl-4 pr-2">
        <h1 className="text-xl font-bold">{t('assets.title')}</h1>
        <span className="flex-1" />
        <Link
          to={PATHS.convert}
          className="flex h-touch items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-primary hover:bg-primary/10"
        >
          <ExchangeIcon size={18} />
          {t('convert.title')}
        </Link>
        <Link
          to={PATHS.entrustmentHistory}
          className="flex h-touch items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-muted hover:bg-surface-2 hover:text-ink"
        >
          <ClockIcon size={18} />
          {t('assets.history')}
        </Link>
      </header>
      <Screen className="gap-4">
        <WalletTabs
          selected={kind}
          onSelect={(next) => setParams(next === 'funding' ? {} : { wallet: next }, { replace: true })}
        />
        <div id="wallet-panel" role="tabpanel" aria-labelledby={`wallet-tab-${kind}`} className="flex flex-col gap-4">
          <section className="rounded-2xl bg-primary p-5 text-white shadow-card">
            <div className="flex items-center justify-between">
              <h2 className="text-sm font-medium text-white/85">{t(`assets.account.${kind}`)}</h2>
              <HideBalancesButton hidden={hidden} onToggle={() => setHidden((h) => !h)} />
            </div>
            <p className="text-[13px] text-white/80">{t('assets.totalUsd')}</p>
            <p className="mt-1 text-3xl font-bold tabular-nums [overflow-wrap:anywhere]" data-testid="wallet-total">
              {hidden ? HIDDEN : loading ? '--' : `$${localGrouped(language, groupDigits(formatPrice(total)))}`}
            </p>
            {incomplete && !hidden && <p className="mt-2 text-xs text-white/80">{t('assets.partialTotal')}</p>}
            <p className="mt-3 border-t border-white/20 pt-2 text-[13px] text-white/90" data-testid="all-wallets-total">
              {t('money.assets.allWallets', {
                total: hidden
                  ? HIDDEN
                  : allLoaded
                    ? `$${localGrouped(language, groupDigits(formatPrice(everyWallet.total)))}`
                    : '--',
              })}
            </p>
          </section>

          <section aria-label={t('assets.currencies')}>
            <div className="grid grid-cols-[auto_minmax(0,1fr)_6.5rem] gap-3 px-4 pb-2 text-xs text-muted">
              <span>{t('assets.currency')}</span>
              <span className="text-right">{t('assets.balance')}</span>
              <span className="text-right">{t('assets.usdValue')}</span>
            </div>
            {loading ? (
              <Spinner label={t('assets.loading')} />
            ) : assets.length === 0 ? (
              <div className="rounded-2xl bg-surface shadow-card">
                <NoRecord text={t('assets.noAssets')} />
              </div>
            ) : (
              <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
                {assets.map((asset) => (
                  <AssetRow key={asset.currency} kind={kind} asset={asset} hidden={hidden} />
                ))}
              </ul>
            )}
          </section>
        </div>
      </Screen>
    </>
  );
}
