/**
 * The saved addresses of this currency (the address book, docs/security.md "## Withdrawal protection
 * and anti-phishing") as chips above the address field: picking one fills the address. With the
 * whitelist on, only these are accepted; the link leads to the book to add one.
 */
import { Link } from 'react-router';
import { cx } from '../../components/cx';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useSavedAddresses } from './api/saved-addresses';

export function SavedAddressPicker({
  currency,
  selected,
  onPick,
}: {
  currency: string;
  selected: string;
  onPick: (address: string) => void;
}) {
  const { t } = useI18n();
  const saved = (useSavedAddresses().data ?? []).filter((a) => a.currency === currency);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between">
        <span className="text-[13px] font-medium text-muted" id="saved-addresses-label">
          {t('wallet.saved.title')}
        </span>
        <Link to={PATHS.withdrawalAddresses} className="text-[13px] font-semibold text-primary">
          {t('wallet.saved.book')}
        </Link>
      </div>
      {saved.length === 0 ? (
        <p className="text-xs text-muted">{t('wallet.saved.none', { currency })}</p>
      ) : (
        <ul aria-labelledby="saved-addresses-label" className="flex flex-wrap gap-2">
          {saved.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                aria-pressed={selected === a.address}
                onClick={() => onPick(a.address)}
                title={a.address}
                className={cx(
                  'min-h-touch rounded-full border px-3 text-left text-[13px]',
                  selected === a.address ? 'border-primary bg-primary/10 text-primary' : 'border-line bg-surface-2',
                )}
              >
                <span className="font-semibold">{a.label}</span>{' '}
                <span className="font-mono text-muted">
                  {a.address.length > 14 ? `${a.address.slice(0, 6)}…${a.address.slice(-4)}` : a.address}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
